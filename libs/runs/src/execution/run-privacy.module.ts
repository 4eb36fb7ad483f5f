import { Global, Module } from '@nestjs/common';
import { WorkspaceSettingsService } from '@dq/workspace-settings';
import { RUN_PRIVACY } from './run-privacy';

/** Binds the runs domain's privacy port to the workspace settings (zero-sample mode). */
@Global()
@Module({
  providers: [{ provide: RUN_PRIVACY, useExisting: WorkspaceSettingsService }],
  exports: [RUN_PRIVACY],
})
export class RunPrivacyFromWorkspaceSettingsModule {}
