import { Module } from '@nestjs/common';
import { CheckEvaluatorRegistry } from './evaluation/check-evaluator';
import { RunDispatchService } from './dispatch/run-dispatch.service';
import { RunExecutionService } from './execution/run-execution.service';

/**
 * Runs and results. Needs the global DataSource (DbModule) and the messaging providers
 * (MessagingModule) of the app that imports it.
 */
@Module({
  providers: [CheckEvaluatorRegistry, RunDispatchService, RunExecutionService],
  exports: [CheckEvaluatorRegistry, RunDispatchService, RunExecutionService],
})
export class RunsModule {}
