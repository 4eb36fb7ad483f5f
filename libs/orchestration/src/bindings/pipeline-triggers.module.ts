import { Module } from '@nestjs/common';
import { SystemRunsModule } from '@dq/runs';
import { PipelineRunMatcher } from './pipeline-run-matcher';

/**
 * The scheduler's side of pipeline triggers: the matcher that records observed pipeline runs and
 * queues the bound suites. Needs the global DataSource, inbox and messaging (ServiceRuntimeModule).
 */
@Module({
  imports: [SystemRunsModule],
  providers: [PipelineRunMatcher],
  exports: [PipelineRunMatcher],
})
export class PipelineTriggersModule {}
