import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Jobs, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { RunEntity } from '../entities';
import { QueueRegistry } from '@dq/messaging';
import { type RunsTestContext, openRunsTestContext } from '../../test/runs-test-context';
import { RunDispatchService } from './run-dispatch.service';
import { RunQueueReconciler } from './run-queue-reconciler.service';

describe('RunQueueReconciler', () => {
  let runs: RunsTestContext;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let reconciler: RunQueueReconciler;
  const queue = () => context.get(QueueRegistry).queue(Jobs.ExecuteRun.queue);

  beforeAll(async () => {
    runs = await openRunsTestContext('run-queue-reconciler', ServiceName.Scheduler);
    ({ context, dataSource } = runs);
    reconciler = context.get(RunQueueReconciler);
  });

  afterAll(async () => {
    await runs?.close();
  });

  async function queuedRun(): Promise<RunEntity> {
    const { run } = await context.get(RunDispatchService).trigger({
      suiteId: randomUUID(),
      trigger: RunTrigger.Api,
      plan: [],
    });
    await dataSource.query(`UPDATE runs SET created_at = now() - interval '5 minutes' WHERE id = $1`, [
      run.id,
    ]);
    return run;
  }

  it('queues again a queued run whose job is gone, and only that one', async () => {
    const lost = await queuedRun();
    const kept = await queuedRun();
    await queue().remove(lost.id); // as a Redis restart without persistence would
    const { run: young } = await context.get(RunDispatchService).trigger({
      suiteId: randomUUID(),
      trigger: RunTrigger.Api,
      plan: [],
    });
    await queue().remove(young.id);

    const report = await reconciler.requeueOrphans(60_000);
    expect(report.requeued).toContain(lost.id);
    expect(report.requeued).not.toContain(kept.id);
    // Too young to judge: its trigger may still be enqueuing it.
    expect(report.requeued).not.toContain(young.id);
    expect(await queue().getJobState(lost.id)).toBe('waiting');
    expect(await queue().getJobState(kept.id)).toBe('waiting');

    // A second sweep finds every job in place: nothing doubled.
    expect((await reconciler.requeueOrphans(60_000)).requeued).toEqual(
      expect.not.arrayContaining([lost.id, kept.id]),
    );
    expect(await queue().getJobCounts('waiting')).toMatchObject({ waiting: 2 });
  });

  it('leaves runs that are not queued alone', async () => {
    const run = await queuedRun();
    await dataSource.getRepository(RunEntity).update({ id: run.id }, { status: RunStatus.Cancelled });
    await queue().remove(run.id);
    expect((await reconciler.requeueOrphans(60_000)).requeued).not.toContain(run.id);
    expect(await queue().getJob(run.id)).toBeUndefined();
  });
});
