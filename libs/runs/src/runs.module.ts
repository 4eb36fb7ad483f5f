import { Module } from '@nestjs/common';
import { CheckEvaluatorRegistry } from './evaluation/check-evaluator';
import { RunDispatchService } from './dispatch/run-dispatch.service';
import { RunExecutionService } from './execution/run-execution.service';
import { CheckMetricHistory } from './history/check-metric-history';

/**
 * Runs and results. Needs the global DataSource (DbModule) and the messaging providers
 * (MessagingModule) of the app that imports it.
 */
@Module({
  providers: [CheckEvaluatorRegistry, RunDispatchService, RunExecutionService, CheckMetricHistory],
  exports: [CheckEvaluatorRegistry, RunDispatchService, RunExecutionService, CheckMetricHistory],
})
export class RunsModule {}
