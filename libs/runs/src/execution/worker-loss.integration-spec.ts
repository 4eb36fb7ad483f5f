import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Events, Queues, RunFailureReason, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { RunEntity, RunResultEntity } from '../entities';
import {
  type IsolatedEnvironment,
  type PrivateService,
  lastStreamMessage,
  startPrivateNats,
} from '@dq/testing';
import { QueueRegistry } from '@dq/messaging';
import { type RunsTestContext, openRunsTestContext } from '../../test/runs-test-context';
import { WorkerLossService } from './worker-loss.service';

describe('WorkerLossService', () => {
  let runs: RunsTestContext;
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let workerLoss: WorkerLossService;

  beforeAll(async () => {
    runs = await openRunsTestContext('worker-loss', ServiceName.Scheduler);
    ({ env, context, dataSource } = runs);
    workerLoss = context.get(WorkerLossService);
  });

  afterAll(async () => {
    await runs?.close();
  });

  /** A run row as a runner leaves it; `leaseSeconds` from now (negative: lapsed). */
  async function runWithLease(status: RunStatus, leaseSeconds: number | null): Promise<RunEntity> {
    const checkId = randomUUID();
    const [row] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO runs (suite_id, trigger, status, plan, total_checks, started_at, lease_expires_at, worker_id)
       VALUES ($1, $2, $3, $4, 2, now() - interval '2 minutes',
               CASE WHEN $5::int IS NULL THEN NULL ELSE now() + ($5::int * interval '1 second') END, 'runner:gone')
       RETURNING id`,
      [
        randomUUID(),
        RunTrigger.Api,
        status,
        JSON.stringify([
          { check_id: checkId, kind: 'expectation', version: 1, definition: {} },
          { check_id: randomUUID(), kind: 'expectation', version: 1, definition: {} },
        ]),
        leaseSeconds,
      ],
    );
    await dataSource
      .getRepository(RunResultEntity)
      .insert({ runId: row.id, checkId, outcome: 'pass', metricValue: 0, detail: {} });
    return dataSource.getRepository(RunEntity).findOneByOrFail({ id: row.id });
  }
  const statusOf = async (id: string) =>
    (await dataSource.getRepository(RunEntity).findOneByOrFail({ id })).status;

  it('ends a running run whose lease lapsed `failed` worker_lost, keeps its results, publishes its completion', async () => {
    const lost = await runWithLease(RunStatus.Running, -1);
    const report = await workerLoss.failLost();
    expect(report.failed).toContain(lost.id);

    const run = await dataSource.getRepository(RunEntity).findOneByOrFail({ id: lost.id });
    expect(run).toMatchObject({ status: RunStatus.Failed, reason: RunFailureReason.WorkerLost });
    expect(run.finishedAt).not.toBeNull();
    expect(await dataSource.getRepository(RunResultEntity).countBy({ runId: lost.id })).toBe(1);

    const event = await lastStreamMessage(env, Events.RunCompleted.subject);
    expect(event).toMatchObject({ run_id: lost.id, status: 'failed' });

    // A second sweep does not touch it again.
    expect((await workerLoss.failLost()).failed).not.toContain(lost.id);
  });

  it('leaves alone a running run with a live lease, and queued or finished runs', async () => {
    const live = await runWithLease(RunStatus.Running, 30);
    const queued = await runWithLease(RunStatus.Queued, -60);
    const done = await runWithLease(RunStatus.Succeeded, -60);
    const report = await workerLoss.failLost();
    expect(report.failed).not.toEqual(expect.arrayContaining([live.id]));
    expect(await statusOf(live.id)).toBe(RunStatus.Running);
    expect(await statusOf(queued.id)).toBe(RunStatus.Queued);
    expect(await statusOf(done.id)).toBe(RunStatus.Succeeded);
  });

  it('treats a running run claimed without a lease by its start time', async () => {
    const legacy = await runWithLease(RunStatus.Running, null);
    expect((await workerLoss.failLost()).failed).toContain(legacy.id);
    expect(await statusOf(legacy.id)).toBe(RunStatus.Failed);
  });

  it('ends each lost run once when two sweeps race', async () => {
    const lost = await runWithLease(RunStatus.Running, -5);
    const [first, second] = await Promise.all([workerLoss.failLost(), workerLoss.failLost()]);
    const endedBy = [first, second].filter((report) => report.failed.includes(lost.id));
    expect(endedBy).toHaveLength(1);
  });
});

describe('WorkerLossService while NATS is away', () => {
  let nats: PrivateService;
  let runs: RunsTestContext;

  beforeAll(async () => {
    nats = await startPrivateNats();
    runs = await openRunsTestContext('worker-loss-nats', ServiceName.Scheduler, { NATS_URL: nats.url });
  });

  afterAll(async () => {
    await runs?.close();
    await nats?.destroy();
  });

  it('hands the completion to the run queue: a runner taking the job publishes it once NATS is back', async () => {
    const { dataSource, context } = runs;
    const [row] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO runs (suite_id, trigger, status, plan, total_checks, started_at, lease_expires_at, worker_id)
       VALUES ($1, 'api', 'running', '[]', 0, now() - interval '2 minutes', now() - interval '1 second', 'runner:gone')
       RETURNING id`,
      [randomUUID()],
    );
    await nats.stop();
    try {
      const report = await context.get(WorkerLossService).failLost();
      expect(report.failed).toEqual([row.id]);
      expect(report.handedToQueue).toEqual([row.id]);
    } finally {
      await nats.start();
    }
    const job = await context.get(QueueRegistry).queue(Queues.Runs).getJob(row.id);
    expect(job?.data).toEqual({ run_id: row.id });
    expect(await job?.getState()).toBe('waiting');
    expect((await dataSource.getRepository(RunEntity).findOneByOrFail({ id: row.id })).status).toBe(
      RunStatus.Failed,
    );
  }, 60_000);
});
