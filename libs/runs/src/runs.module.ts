import { Module } from '@nestjs/common';
import { CheckEvaluatorRegistry } from './evaluation/check-evaluator';
import { RunExecutionService } from './execution/run-execution.service';
import { RunLedger } from './lifecycle/run-ledger';
import { RunLifecycleModule } from './lifecycle/run-lifecycle.module';
import { RunCancelListener } from './execution/run-cancel-listener';
import { CheckMetricHistory } from './history/check-metric-history';

/** What only the runner builds: executing runs. */
export const RUNNER_RUN_PROVIDERS = [
  CheckEvaluatorRegistry,
  RunExecutionService,
  RunLedger,
  RunCancelListener,
  CheckMetricHistory,
] as const;

/**
 * Runs executed: the runner's side, with the run lifecycle. Needs the global DataSource (DbModule)
 * and the messaging providers (MessagingModule) of the app that imports it.
 */
@Module({
  imports: [RunLifecycleModule],
  providers: [...RUNNER_RUN_PROVIDERS],
  exports: [RunLifecycleModule, ...RUNNER_RUN_PROVIDERS],
})
export class RunsModule {}
