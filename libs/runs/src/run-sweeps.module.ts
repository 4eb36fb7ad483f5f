import { Module } from '@nestjs/common';
import { RunQueueReconciler } from './dispatch/run-queue-reconciler.service';
import { WorkerLossService } from './execution/worker-loss.service';
import { RunLifecycleModule } from './lifecycle/run-lifecycle.module';
import { SamplePurgeService } from './retention/sample-purge.service';

/** What only the scheduler builds: the sweeps over runs. */
export const SWEEP_RUN_PROVIDERS = [WorkerLossService, RunQueueReconciler, SamplePurgeService] as const;

/**
 * The scheduler's sweeps: runs whose runner was lost, queued runs whose job is gone, samples past
 * their retention. Needs the global DataSource and messaging.
 */
@Module({
  imports: [RunLifecycleModule],
  providers: [...SWEEP_RUN_PROVIDERS],
  exports: [...SWEEP_RUN_PROVIDERS],
})
export class RunSweepsModule {}
