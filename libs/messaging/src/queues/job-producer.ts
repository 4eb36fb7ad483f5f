import { type JobDefinition } from '@dq/contracts';
import { Injectable } from '@nestjs/common';
import { assertValidOutgoing } from '../validation/payload-validator';
import { QueueRegistry } from './queue-registry';

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
    await this.queues.queue(def.queue).add(def.name, payload, {
      jobId,
      attempts: def.attempts,
      backoff: { type: 'exponential', delay: RETRY_BASE_DELAY_MS },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
  }

  /**
   * Removes a job that no worker holds (waiting or delayed), so a withdrawn piece of work is not
   * picked up at all. An active job stays: its worker learns of the withdrawal another way.
   */
  async withdraw<T>(def: JobDefinition<T>, jobId: string): Promise<void> {
    await this.queues.queue(def.queue).remove(jobId);
  }
}
