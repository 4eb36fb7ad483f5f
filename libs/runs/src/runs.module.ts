import { Module } from '@nestjs/common';
import { CheckEvaluatorRegistry } from './evaluation/check-evaluator';
import { RunExecutionService } from './execution/run-execution.service';
import { RunLedger } from './lifecycle/run-ledger';
import { RunLifecycleModule } from './lifecycle/run-lifecycle.module';
import { RunCancelListener } from './execution/run-cancel-listener';
import { CheckMetricHistory } from './history/check-metric-history';
import { SamplePurgeService } from './retention/sample-purge.service';
import { WorkerLossService } from './execution/worker-loss.service';
import { RunQueueReconciler } from './dispatch/run-queue-reconciler.service';

/** What only the runner (execution) and the scheduler (sweeps) build; never a gateway. */
export const RUNNER_SIDE_RUN_PROVIDERS = [
  CheckEvaluatorRegistry,
  RunExecutionService,
  RunLedger,
  RunCancelListener,
  CheckMetricHistory,
  SamplePurgeService,
  WorkerLossService,
  RunQueueReconciler,
] as const;

/**
 * Runs executed and swept: the runner's and the scheduler's side, with the run lifecycle. Needs
 * the global DataSource (DbModule) and the messaging providers (MessagingModule) of the app that
 * imports it.
 */
@Module({
  imports: [RunLifecycleModule],
  providers: [...RUNNER_SIDE_RUN_PROVIDERS],
  exports: [RunLifecycleModule, ...RUNNER_SIDE_RUN_PROVIDERS],
})
export class RunsModule {}
