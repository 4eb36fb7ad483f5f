import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode, Jobs } from '@dq/contracts';
import { JobProducer } from '@dq/messaging';
import { type CreatedRun, type NewRunCommand, RunLifecycle } from '../lifecycle/run-lifecycle';

/**
 * Creates a run and queues it for the runner pool. The BullMQ job id is the run id, so however
 * often a run is (re)queued, the pool holds at most one job for it. One run per suite at a time
 * (unless a trigger asks to overlap): a trigger while one is queued or running returns that run.
 */
@Injectable()
export class RunDispatchService {
  constructor(
    private readonly lifecycle: RunLifecycle,
    private readonly jobs: JobProducer,
  ) {}

  async trigger(command: NewRunCommand): Promise<CreatedRun> {
    const created = await this.lifecycle.create(command);
    if (created.deduplicated) return created;
    const { run } = created;
    try {
      await this.enqueue(run.id);
    } catch (error) {
      // A run that no queue holds would stay `queued` forever: end it now and say so.
      await this.lifecycle.failUnqueued(run.id);
      throw new AppError(ErrorCode.ServiceUnavailable, 'The run could not be queued; try again', {
        run_id: run.id,
        cause: error instanceof AppError ? error.code : 'queue_unavailable',
      });
    }
    return created;
  }

  /** Queues an existing run again (recovery); harmless when its job is still queued. */
  async enqueue(runId: string): Promise<void> {
    await this.jobs.enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
  }

  /** Takes a queued run's job off the queue (a cancel); a job a runner already holds stays. */
  async withdraw(runId: string): Promise<void> {
    await this.jobs.withdraw(Jobs.ExecuteRun, runId);
  }
}
