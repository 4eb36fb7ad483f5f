import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Jobs, RunStatus } from '@dq/contracts';
import { JobProducer } from '@dq/messaging';
import { RunEntity } from '../entities';
import { RunLifecycle } from '../lifecycle/run-lifecycle';
import { RunCompletionPublisher } from './run-completion.publisher';

/** What one sweep did. */
export interface WorkerLossReport {
  /** Runs ended `failed` with reason `worker_lost`. */
  failed: string[];
  /** Of those, runs whose completion could not be published now and was handed to the run queue. */
  handedToQueue: string[];
}

/**
 * Ends the runs whose runner died: a `running` run whose lease lapsed (no runner renewed it, and
 * no live runner resumed it from the redelivered job) becomes `failed` with reason `worker_lost`,
 * keeping the results it recorded, and its completion is published like any other run's. Safe to
 * run from several processes at once: the UPDATE decides which one ends each run, and a runner
 * that comes back later finds the run terminal and does nothing. A completion that cannot be
 * published now (NATS away) is not lost: the run's job is queued again, and the runner that takes
 * it finds the run terminal and publishes its completion, retried with the job's backoff.
 */
@Injectable()
export class WorkerLossService {
  private readonly logger = new Logger(WorkerLossService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly lifecycle: RunLifecycle,
    private readonly completion: RunCompletionPublisher,
    private readonly jobs: JobProducer,
  ) {}

  async failLost(): Promise<WorkerLossReport> {
    const failed = await this.lifecycle.failLostWorkers();
    const handedToQueue: string[] = [];
    if (failed.length === 0) return { failed, handedToQueue };
    this.logger.warn({ msg: 'runs ended: their runner was lost', run_ids: failed });
    const runs = await this.dataSource.getRepository(RunEntity).findBy({ id: In(failed) });
    for (const run of runs) {
      if (run.status !== RunStatus.Failed) continue;
      try {
        await this.completion.publish(run);
      } catch (error) {
        this.logger.warn({ run_id: run.id, msg: 'worker-loss completion not published yet', err: error });
        try {
          // The job id is the run id: a job still waiting is kept, a finished one replaced.
          await this.jobs.ensure(Jobs.ExecuteRun, { run_id: run.id }, { jobId: run.id });
          handedToQueue.push(run.id);
        } catch (queueError) {
          // Neither NATS nor Redis: the run row is the record; the next sweep will not see it again.
          this.logger.error({ run_id: run.id, msg: 'worker-loss completion lost', err: queueError });
        }
      }
    }
    return { failed, handedToQueue };
  }
}
