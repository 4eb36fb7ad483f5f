import { type JobDefinition } from '@dq/contracts';
import { Injectable } from '@nestjs/common';
import { currentTraceparent } from '@dq/platform';
import { assertValidOutgoing } from '../validation/payload-validator';
import { QueueRegistry } from './queue-registry';

/**
 * The job data field that carries the enqueuer's W3C `traceparent` beside the payload; the worker
 * takes it off before validating the payload.
 */
export const JOB_TRACEPARENT_FIELD = '_traceparent';

/** Base of the exponential retry delay between attempts: 2 s, 4 s, 8 s ... */
const RETRY_BASE_DELAY_MS = 2_000;
/** Finished jobs are kept a while (so a late duplicate enqueue is still ignored), then trimmed. */
const KEEP_COMPLETED = { age: 24 * 60 * 60, count: 10_000 };
const KEEP_FAILED = { age: 7 * 24 * 60 * 60, count: 10_000 };

@Injectable()
export class JobProducer {
  constructor(private readonly queues: QueueRegistry) {}

  /**
   * Adds one job. The job id is the idempotency key: while a job with that id exists (waiting,
   * active, or kept after it finished) enqueuing it again adds nothing.
   */
  async enqueue<T>(def: JobDefinition<T>, payload: T, { jobId }: { jobId: string }): Promise<void> {
    if (!jobId) throw new Error(`enqueue(${def.queue.name}/${def.name}) needs a jobId`);
    assertValidOutgoing(def.payload, payload);
    const traceparent = currentTraceparent();
    const data = traceparent ? { ...payload, [JOB_TRACEPARENT_FIELD]: traceparent } : payload;
    await this.queues.queue(def.queue).add(def.name, data, {
      jobId,
      attempts: def.attempts,
      backoff: { type: 'exponential', delay: RETRY_BASE_DELAY_MS },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
  }

  /**
   * Adds many jobs of one kind in one round trip (BullMQ `addBulk`), each with its id as in
   * `enqueue`: a job whose id exists is not added again.
   */
  async enqueueMany<T>(def: JobDefinition<T>, jobs: readonly { payload: T; jobId: string }[]): Promise<void> {
    if (jobs.length === 0) return;
    const traceparent = currentTraceparent();
    const bulk = jobs.map(({ payload, jobId }) => {
      if (!jobId) throw new Error(`enqueueMany(${def.queue.name}/${def.name}) needs a jobId per job`);
      assertValidOutgoing(def.payload, payload);
      return {
        name: def.name,
        data: traceparent ? { ...payload, [JOB_TRACEPARENT_FIELD]: traceparent } : payload,
        opts: {
          jobId,
          attempts: def.attempts,
          backoff: { type: 'exponential', delay: RETRY_BASE_DELAY_MS },
          removeOnComplete: KEEP_COMPLETED,
          removeOnFail: KEEP_FAILED,
        },
      };
    });
    await this.queues.queue(def.queue).addBulk(bulk);
  }

  /**
   * Removes a job that no worker holds (waiting or delayed), so a withdrawn piece of work is not
   * picked up at all. An active job stays: its worker learns of the withdrawal another way.
   */
  async withdraw<T>(def: JobDefinition<T>, jobId: string): Promise<void> {
    await this.queues.queue(def.queue).remove(jobId);
  }

  /**
   * Makes sure a job for this id will run: adds it when Redis lost it (a restart without
   * persistence), and replaces a finished or failed one (its work is still pending, as the caller's
   * record says). A waiting, delayed or active job is left alone. Says what it did.
   */
  async ensure<T>(
    def: JobDefinition<T>,
    payload: T,
    { jobId }: { jobId: string },
  ): Promise<'present' | 'added' | 'replaced'> {
    const queue = this.queues.queue(def.queue);
    const job = await queue.getJob(jobId);
    if (job) {
      const state = await job.getState();
      if (state !== 'completed' && state !== 'failed') return 'present';
      await job.remove();
    }
    await this.enqueue(def, payload, { jobId });
    return job ? 'replaced' : 'added';
  }
}
