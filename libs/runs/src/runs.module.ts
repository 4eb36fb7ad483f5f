import { Module } from '@nestjs/common';
import { CheckEvaluatorRegistry } from './evaluation/check-evaluator';
import { RunDispatchService } from './dispatch/run-dispatch.service';
import { RunCompletionPublisher } from './execution/run-completion.publisher';
import { RunExecutionService } from './execution/run-execution.service';
import { RunLedger } from './execution/run-ledger';
import { RunCancelListener } from './execution/run-cancel-listener';
import { CheckMetricHistory } from './history/check-metric-history';
import { SamplePurgeService } from './retention/sample-purge.service';
import { WorkerLossService } from './execution/worker-loss.service';
import { RunQueueReconciler } from './dispatch/run-queue-reconciler.service';

const RUNS_PROVIDERS = [
  CheckEvaluatorRegistry,
  RunDispatchService,
  RunExecutionService,
  RunLedger,
  RunCancelListener,
  RunCompletionPublisher,
  CheckMetricHistory,
  SamplePurgeService,
  WorkerLossService,
  RunQueueReconciler,
] as const;

/**
 * Runs and results. Needs the global DataSource (DbModule) and the messaging providers
 * (MessagingModule) of the app that imports it.
 */
@Module({ providers: [...RUNS_PROVIDERS], exports: [...RUNS_PROVIDERS] })
export class RunsModule {}
