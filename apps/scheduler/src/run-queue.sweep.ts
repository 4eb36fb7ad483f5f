import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@dq/platform';
import { RunQueueReconciler } from '@dq/runs';
import { PeriodicSweep } from './periodic-sweep';
import { type SchedulerConfig } from './scheduler.config';

/** Queues again the queued runs whose job Redis lost, every `RUN_REQUEUE_INTERVAL_MS`. */
@Injectable()
export class RunQueueSweep extends PeriodicSweep {
  protected readonly intervalMs: number;

  constructor(
    private readonly reconciler: RunQueueReconciler,
    @Inject(CONFIG) private readonly config: SchedulerConfig,
  ) {
    super();
    this.intervalMs = config.RUN_REQUEUE_INTERVAL_MS;
  }

  protected async sweepOnce(): Promise<void> {
    await this.reconciler.requeueOrphans(this.config.RUN_REQUEUE_AFTER_MS);
  }
}
