import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '@dq/audit';
import { type WorkspaceSettingsEnvironment, deploymentPostureOf } from './privacy/zero-sample-mode';
import { DEPLOYMENT_POSTURE, WorkspaceSettingsService } from './service/workspace-settings.service';

/**
 * Workspace-level settings: health-score weights, zero-sample mode, the deployment posture. Global,
 * so the runs domain of any app (the gateway's run reads, the runner's privacy port) can read them.
 * Needs the app's `DataSource` (DbModule); pass the app's validated config.
 */
@Module({})
export class WorkspaceSettingsModule {
  static forRoot(config: WorkspaceSettingsEnvironment): DynamicModule {
    return {
      module: WorkspaceSettingsModule,
      global: true,
      imports: [AuditModule],
      providers: [
        { provide: DEPLOYMENT_POSTURE, useValue: deploymentPostureOf(config) },
        WorkspaceSettingsService,
      ],
      exports: [WorkspaceSettingsService],
    };
  }
}
