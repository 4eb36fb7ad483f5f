import { Injectable, Logger } from '@nestjs/common';
import { Jobs } from '@dq/contracts';
import { JobProducer } from '@dq/messaging';
import { RunLifecycle } from '../lifecycle/run-lifecycle';

/** Queued runs looked at per sweep, oldest first. */
const RECONCILE_BATCH = 500;

/** What one sweep did. */
export interface RunQueueReport {
  checked: number;
  /** Runs whose job Redis had lost (a restart without persistence) or had finished: queued again. */
  requeued: string[];
}

/**
 * The run rows are the record; the BullMQ jobs only carry them to runners. A run still `queued`
 * after a while must have a job that will run it: when Redis lost it (restarted without
 * persistence, flushed) or the job ended while the run did not, the job is queued again. The job id
 * is the run id, so a job that is still there is never doubled.
 */
@Injectable()
export class RunQueueReconciler {
  private readonly logger = new Logger(RunQueueReconciler.name);

  constructor(
    private readonly lifecycle: RunLifecycle,
    private readonly jobs: JobProducer,
  ) {}

  /** Looks at runs queued for at least `olderThanMs` (younger ones are still being enqueued). */
  async requeueOrphans(olderThanMs: number): Promise<RunQueueReport> {
    const queued = await this.lifecycle.queuedSince(olderThanMs, RECONCILE_BATCH);
    const requeued: string[] = [];
    for (const id of queued) {
      const outcome = await this.jobs.ensure(Jobs.ExecuteRun, { run_id: id }, { jobId: id });
      if (outcome !== 'present') requeued.push(id);
    }
    if (requeued.length > 0) {
      this.logger.warn({ msg: 'queued runs had no live job: queued again', run_ids: requeued });
    }
    return { checked: queued.length, requeued };
  }
}
