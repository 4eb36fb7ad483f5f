import { type JobDefinition } from '@dq/contracts';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DelayedError, type Job, type Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { REQUEST_SECONDS_BUCKETS, gauge, histogram, runInTrace } from '@dq/platform';
import { RedisClient } from '../connections/redis-client';
import { describeError } from '../jetstream/nats-errors';
import { MessagingNamespace } from '../messaging-namespace';
import { checkIncoming } from '../validation/payload-validator';
import { type JobContext, type JobHandler, type WorkerHandle, type WorkerStartOptions } from './job-context';
import { JOB_TRACEPARENT_FIELD } from './job-producer';
import { QueueRegistry } from './queue-registry';

/** From a job's (last) enqueue to a worker taking it, by queue. */
const queueWaitSeconds = histogram<'queue'>({
  name: 'dq_queue_wait_seconds',
  help: 'Time a BullMQ job waited from enqueue to a worker taking it',
  labelNames: ['queue'],
  buckets: [...REQUEST_SECONDS_BUCKETS, 60, 300, 900],
});

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** The queues worked in this process, read on each scrape. */
const consumedQueues = new Map<string, Queue>();

/** Jobs of each queue this process works, by state (waiting and delayed are the consumer lag). */
gauge<'queue' | 'state'>({
  name: 'dq_queue_jobs',
  help: 'BullMQ jobs of the queues this process consumes, by state',
  labelNames: ['queue', 'state'],
  async collect() {
    this.reset();
    for (const [name, queue] of consumedQueues) {
      const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => undefined);
      if (!counts) continue;
      for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
    }
  },
});

/** The job's data without the trace field, and the trace it carried. */
function splitTrace(data: unknown): { payload: unknown; traceparent: string | undefined } {
  if (typeof data !== 'object' || data === null || !(JOB_TRACEPARENT_FIELD in data)) {
    return { payload: data, traceparent: undefined };
  }
  const { [JOB_TRACEPARENT_FIELD]: traceparent, ...payload } = data as Record<string, unknown>;
  return { payload, traceparent: typeof traceparent === 'string' ? traceparent : undefined };
}

const DEFAULT_LOCK_DURATION_MS = 30_000;
const DEFAULT_STALLED_INTERVAL_MS = 30_000;
const DEFAULT_MAX_STALLED_COUNT = 1;

/** One BullMQ worker for one job definition; owns the abort signals of its jobs in flight. */
class HostedWorker<T> implements WorkerHandle {
  private readonly logger: Logger;
  private readonly inFlight = new Set<AbortController>();
  private closing?: Promise<void>;
  readonly worker: Worker;

  constructor(
    private readonly def: JobDefinition<T>,
    private readonly handler: JobHandler<T>,
    redis: RedisClient,
    namespace: MessagingNamespace,
    options: WorkerStartOptions,
  ) {
    this.logger = new Logger(`Worker:${def.queue.name}/${def.name}`);
    this.worker = new Worker(def.queue.name, (job: Job, token?: string) => this.process(job, token), {
      connection: redis.connection,
      prefix: namespace.queuePrefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
      maxStalledCount: options.maxStalledCount ?? DEFAULT_MAX_STALLED_COUNT,
      autorun: true,
    });
    this.worker.on('error', (err: Error) => this.logger.warn(`Worker error: ${err.message}`));
    this.worker.on('failed', (job: Job | undefined, err: Error) =>
      this.logger.warn(`Job ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${err.message}`),
    );
    this.worker.on('stalled', (jobId: string) =>
      this.logger.warn(`Job ${jobId} stalled; returned to waiting`),
    );
  }

  async waitUntilReady(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Stop fetching first, then tell running handlers; close() resolves once they returned.
      const closed = this.worker.close();
      for (const controller of this.inFlight) controller.abort(new Error('worker shutting down'));
      await closed;
    })();
    return this.closing;
  }

  private async process(job: Job, token: string | undefined): Promise<void> {
    if (job.name !== this.def.name) {
      // One job name per queue is the rule; a stranger here is a wiring bug, not worth retrying.
      throw new UnrecoverableError(`Queue ${this.def.queue.name} has no handler for job name ${job.name}`);
    }
    const { payload: data, traceparent } = splitTrace(job.data);
    if (job.attemptsMade === 0 && job.processedOn !== undefined) {
      queueWaitSeconds.observe(
        { queue: this.def.queue.name },
        Math.max(0, job.processedOn - job.timestamp) / 1000,
      );
    }
    let payload: T;
    try {
      // BullMQ parsed the job's JSON already: judged as it is, not written and read back.
      payload = checkIncoming(this.def.payload, data);
    } catch (err) {
      this.logger.error(`Job ${job.id} has an invalid payload; failing it for good: ${describeError(err)}`);
      throw new UnrecoverableError(describeError(err));
    }
    const controller = new AbortController();
    this.inFlight.add(controller);
    let handedBack = false;
    const handBack = async (): Promise<never> => {
      if (!handedBack) {
        if (!token) throw new Error(`Job ${job.id} has no lock token to hand back with`);
        await job.moveToWait(token);
        handedBack = true;
      }
      throw new WaitingError();
    };
    let delayed = false;
    const retryLater = async (delayMs: number): Promise<never> => {
      if (!delayed) {
        if (!token) throw new Error(`Job ${job.id} has no lock token to delay with`);
        await job.moveToDelayed(Date.now() + Math.max(0, delayMs), token);
        delayed = true;
      }
      throw new DelayedError();
    };
    const context: JobContext = {
      jobId: job.id ?? '',
      attemptsMade: job.attemptsMade,
      signal: controller.signal,
      handBack,
      retryLater,
    };
    try {
      // A job fetched just as close() began: give it straight back.
      if (this.closing) return await handBack();
      await runInTrace(traceparent, () => this.handler(payload, context), `job ${this.def.queue.name}`);
    } catch (err) {
      // A failure caused by our own shutdown is not the job's fault: hand back without an attempt.
      if (delayed) throw new DelayedError();
      if (!handedBack && controller.signal.aborted) return await handBack();
      if (!handedBack) throw err;
    } finally {
      this.inFlight.delete(controller);
    }
    // Handed back or delayed, even if the handler swallowed the marker: the lock is gone, never
    // complete it.
    if (delayed) throw new DelayedError();
    if (handedBack) throw new WaitingError();
  }
}

/**
 * Runs BullMQ workers. Delivery is at least once (a stalled or handed-back job runs again):
 * handlers are idempotent, keyed by the job id.
 */
@Injectable()
export class WorkerHost implements OnModuleDestroy {
  private readonly running = new Set<WorkerHandle>();

  constructor(
    private readonly redis: RedisClient,
    private readonly namespace: MessagingNamespace,
    private readonly queues: QueueRegistry,
  ) {}

  async start<T>(
    def: JobDefinition<T>,
    handler: JobHandler<T>,
    options: WorkerStartOptions,
  ): Promise<WorkerHandle> {
    const hosted = new HostedWorker(def, handler, this.redis, this.namespace, options);
    await hosted.waitUntilReady();
    consumedQueues.set(def.queue.name, this.queues.queue(def.queue));
    const handle: WorkerHandle = {
      close: async () => {
        await hosted.close();
        this.running.delete(handle);
      },
    };
    this.running.add(handle);
    return handle;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.running].map((handle) => handle.close()));
  }
}
