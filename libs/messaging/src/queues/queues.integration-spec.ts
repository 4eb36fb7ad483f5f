import { type ExecuteRunJob, Jobs, ServiceName } from '@dq/contracts';
import { type INestApplicationContext } from '@nestjs/common';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { MessagingNamespace } from '../messaging-namespace';
import {
  cleanupNamespace,
  deferred,
  openMessaging,
  testNamespace,
  waitFor,
} from '../testing/messaging-test-context';
import { InvalidPayloadError } from '../validation/invalid-payload.error';
import { type JobContext } from './job-context';
import { JobProducer } from './job-producer';
import { QueueRegistry } from './queue-registry';
import { WorkerHost } from './worker-host';

jest.setTimeout(60_000);

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const FAST = { concurrency: 1, lockDurationMs: 2_000, stalledIntervalMs: 1_000 };

describe('BullMQ queues (real Redis)', () => {
  let namespace: string;
  let app: INestApplicationContext;
  const others: INestApplicationContext[] = [];

  beforeEach(async () => {
    namespace = testNamespace();
    app = await openMessaging(namespace, ServiceName.Runner, 'worker-a');
  });

  afterEach(async () => {
    await Promise.all([app, ...others.splice(0)].map((a) => a.close()));
    await cleanupNamespace(namespace);
  });

  async function secondInstance(): Promise<INestApplicationContext> {
    const other = await openMessaging(namespace, ServiceName.Runner, 'worker-b');
    others.push(other);
    return other;
  }

  async function jobState(jobId: string): Promise<string> {
    return app.get(QueueRegistry).queue(Jobs.ExecuteRun.queue).getJobState(jobId);
  }

  it('uses the namespace as the BullMQ prefix', async () => {
    const queue = app.get(QueueRegistry).queue(Jobs.ExecuteRun.queue);
    expect(queue.opts.prefix).toBe(namespace);
    expect(app.get(QueueRegistry).queue(Jobs.ExecuteRun.queue)).toBe(queue);
    expect(new MessagingNamespace(namespace).queuePrefix).toBe(namespace);
  });

  it('processes a job enqueued twice with the same job id once', async () => {
    const runId = randomUUID();
    const producer = app.get(JobProducer);
    await producer.enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
    await producer.enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });

    const seen: Array<{ payload: ExecuteRunJob; jobId: string; attemptsMade: number }> = [];
    await app
      .get(WorkerHost)
      .start(
        Jobs.ExecuteRun,
        async (payload, job) => void seen.push({ payload, jobId: job.jobId, attemptsMade: job.attemptsMade }),
        FAST,
      );
    await waitFor(async () => (await jobState(runId)) === 'completed', 'completion');
    // Enqueuing again after completion is still ignored while the finished job is kept.
    await producer.enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
    const counts = await app.get(QueueRegistry).queue(Jobs.ExecuteRun.queue).getJobCounts();

    expect(seen).toEqual([{ payload: { run_id: runId }, jobId: runId, attemptsMade: 0 }]);
    expect(counts).toMatchObject({ completed: 1, waiting: 0, active: 0, delayed: 0, failed: 0 });
  });

  it('refuses an invalid payload', async () => {
    await expect(
      app.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: 'nope' }, { jobId: randomUUID() }),
    ).rejects.toBeInstanceOf(InvalidPayloadError);
    const counts = await app.get(QueueRegistry).queue(Jobs.ExecuteRun.queue).getJobCounts();
    expect(counts).toMatchObject({ waiting: 0, delayed: 0 });
  });

  it('retries a failed attempt with attempts from the definition, counting it', async () => {
    const runId = randomUUID();
    const attempts: number[] = [];
    await app.get(WorkerHost).start(
      Jobs.ExecuteRun,
      async (_payload, job) => {
        attempts.push(job.attemptsMade);
        if (job.attemptsMade === 0) throw new Error('transient');
      },
      FAST,
    );
    await app.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });

    await waitFor(async () => (await jobState(runId)) === 'completed', 'completion after a retry');
    const job = await app.get(QueueRegistry).queue(Jobs.ExecuteRun.queue).getJob(runId);
    expect(attempts).toEqual([0, 1]);
    expect(job?.opts.attempts).toBe(Jobs.ExecuteRun.attempts);
  });

  it('handBack returns the job without consuming an attempt, and a second worker completes it', async () => {
    const runId = randomUUID();
    const handedBack = deferred();
    const workerA = await app.get(WorkerHost).start(
      Jobs.ExecuteRun,
      async (_payload, job) => {
        handedBack.resolve();
        return job.handBack();
      },
      FAST,
    );
    await app.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
    await handedBack.promise;
    await workerA.close();
    expect(await jobState(runId)).toBe('waiting');

    const completedBy: JobContext[] = [];
    const b = await secondInstance();
    await b.get(WorkerHost).start(Jobs.ExecuteRun, async (_p, job) => void completedBy.push(job), FAST);

    await waitFor(async () => (await jobState(runId)) === 'completed', 'completion by worker B');
    expect(completedBy.map((c) => [c.jobId, c.attemptsMade])).toEqual([[runId, 0]]);
  });

  it('retryLater puts the job aside for the delay without consuming an attempt, then runs it again', async () => {
    const runId = randomUUID();
    const seen: { at: number; attemptsMade: number }[] = [];
    const worker = await app.get(WorkerHost).start(
      Jobs.ExecuteRun,
      async (_payload, job) => {
        seen.push({ at: Date.now(), attemptsMade: job.attemptsMade });
        if (seen.length === 1) return job.retryLater(500);
      },
      FAST,
    );
    await app.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
    await waitFor(async () => (await jobState(runId)) === 'completed', 'completion after the delay');
    await worker.close();
    expect(seen.map((attempt) => attempt.attemptsMade)).toEqual([0, 0]);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(450);
  });

  it('withdraw removes a waiting job so no worker runs it', async () => {
    const runId = randomUUID();
    await app.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
    await app.get(JobProducer).withdraw(Jobs.ExecuteRun, runId);
    expect(await app.get(QueueRegistry).queue(Jobs.ExecuteRun.queue).getJob(runId)).toBeUndefined();
    // Withdrawing what is gone is harmless.
    await app.get(JobProducer).withdraw(Jobs.ExecuteRun, runId);
  });

  it('ensure adds a lost job, leaves a waiting one, and replaces a finished one', async () => {
    const runId = randomUUID();
    const producer = app.get(JobProducer);
    // Lost (as after a Redis restart without persistence): added.
    expect(await producer.ensure(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId })).toBe('added');
    expect(await jobState(runId)).toBe('waiting');
    // Waiting: left alone, never a second job.
    expect(await producer.ensure(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId })).toBe('present');
    const worker = await app.get(WorkerHost).start(Jobs.ExecuteRun, async () => undefined, FAST);
    await waitFor(async () => (await jobState(runId)) === 'completed', 'the job to complete');
    await worker.close();
    // Finished while its work is still pending by the caller's record: replaced, so it runs again.
    expect(await producer.ensure(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId })).toBe('replaced');
    expect(await jobState(runId)).toBe('waiting');
  });

  it('close() aborts the signal of a job in flight; the job is handed back and another worker completes it', async () => {
    const runId = randomUUID();
    const started = deferred();
    let aborted = false;
    const workerA = await app.get(WorkerHost).start(
      Jobs.ExecuteRun,
      async (_payload, job) => {
        started.resolve();
        await once(job.signal, 'abort');
        aborted = true;
        // A handler interrupted by shutdown may simply fail: that is handed back too, not counted.
        throw new Error('interrupted');
      },
      FAST,
    );
    await app.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
    await started.promise;

    await workerA.close();
    expect(aborted).toBe(true);
    expect(await jobState(runId)).toBe('waiting');

    const completedBy: Array<[string, number]> = [];
    const b = await secondInstance();
    await b
      .get(WorkerHost)
      .start(Jobs.ExecuteRun, async (_p, job) => void completedBy.push([job.jobId, job.attemptsMade]), FAST);
    await waitFor(async () => (await jobState(runId)) === 'completed', 'completion by worker B');
    expect(completedBy).toEqual([[runId, 0]]);
  });

  it('a worker process killed with SIGKILL mid-job loses the job to another worker after the lock expires', async () => {
    const runId = randomUUID();
    const child = fork(path.join(__dirname, '../testing/sigkill-worker.fixture.ts'), [namespace, '2000'], {
      cwd: REPO_ROOT,
      execArgv: ['-r', './tools/register.cjs'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const messages: Array<Record<string, unknown>> = [];
    child.on('message', (m) => messages.push(m as Record<string, unknown>));
    try {
      // A fresh Node process compiles the Nest stack first: slow on a loaded 2-core machine.
      await waitFor(() => messages.some((m) => m['ready'] || m['error']), 'the child worker', 90_000);
      expect(messages.find((m) => m['error'])).toBeUndefined();
      await app.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
      await waitFor(() => messages.some((m) => m['started'] === runId), 'the child to take the job');

      child.kill('SIGKILL');
      await once(child, 'exit');
      expect(await jobState(runId)).toBe('active');

      const completedBy: Array<[string, number]> = [];
      await app
        .get(WorkerHost)
        .start(
          Jobs.ExecuteRun,
          async (_p, job) => void completedBy.push([job.jobId, job.attemptsMade]),
          FAST,
        );
      await waitFor(
        async () => (await jobState(runId)) === 'completed',
        'completion after the stall',
        30_000,
      );
      expect(completedBy).toEqual([[runId, 0]]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
