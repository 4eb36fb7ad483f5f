import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { RunEntity, RunResultEntity } from '../entities';
import { type RunsTestContext, openRunsTestContext } from '../../test/runs-test-context';
import { SamplePurgeService } from './sample-purge.service';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-24T12:00:00Z');

describe('SamplePurgeService', () => {
  let runs: RunsTestContext;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let purge: SamplePurgeService;

  beforeAll(async () => {
    runs = await openRunsTestContext('sample-purge', ServiceName.Scheduler);
    ({ context, dataSource } = runs);
    purge = context.get(SamplePurgeService);
  });

  afterAll(async () => {
    await runs?.close();
  });

  async function resultFinished(daysAgo: number): Promise<RunResultEntity> {
    const run = await dataSource.getRepository(RunEntity).save({
      suiteId: randomUUID(),
      trigger: RunTrigger.Manual,
      status: RunStatus.Succeeded,
    });
    const results = dataSource.getRepository(RunResultEntity);
    return results.save(
      results.create({
        runId: run.id,
        checkId: randomUUID(),
        outcome: 'fail',
        metricValue: 12.5,
        detail: { unexpected_count: 3, unexpected_percent: 12.5, samples: [{ email: '[redacted]', id: 1 }] },
        finishedAt: new Date(NOW.getTime() - daysAgo * DAY),
      }),
    );
  }

  it('removes samples past the retention window and keeps the metric, counts and newer samples', async () => {
    const old = await resultFinished(31);
    const older = await resultFinished(400);
    const recent = await resultFinished(29);

    const report = await purge.purgeDue(30, NOW);
    expect(report.swept).toBe(true);
    expect(report.purged).toBeGreaterThanOrEqual(2);

    const results = dataSource.getRepository(RunResultEntity);
    for (const purged of [old, older]) {
      const row = await results.findOneByOrFail({ id: purged.id });
      expect(row.detail).toEqual({ unexpected_count: 3, unexpected_percent: 12.5 });
      expect(row.metricValue).toBe(12.5);
      expect(row.outcome).toBe('fail');
      expect(row.samplesPurgedAt?.toISOString()).toBe(NOW.toISOString());
    }
    const kept = await results.findOneByOrFail({ id: recent.id });
    expect(kept.detail['samples']).toEqual([{ email: '[redacted]', id: 1 }]);
    expect(kept.samplesPurgedAt).toBeNull();

    // A second sweep finds nothing more to do.
    expect(await purge.purgeDue(30, NOW)).toEqual({ swept: true, purged: 0 });
  });

  it('purges in batches beyond one batch', async () => {
    const run = await dataSource.getRepository(RunEntity).save({
      suiteId: randomUUID(),
      trigger: RunTrigger.Manual,
      status: RunStatus.Succeeded,
    });
    await dataSource.query(
      `INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, finished_at)
       SELECT $1, gen_random_uuid(), 'fail', 1, '{"samples":[{"a":1}]}'::jsonb, $2
         FROM generate_series(1, 2500)`,
      [run.id, new Date(NOW.getTime() - 60 * DAY)],
    );
    expect((await purge.purgeDue(30, NOW)).purged).toBe(2500);
    const [{ left }] = await dataSource.query<{ left: number }[]>(
      `SELECT count(*)::int AS "left" FROM run_results WHERE run_id = $1 AND detail ? 'samples'`,
      [run.id],
    );
    expect(left).toBe(0);
  });

  it('lets only one instance sweep at a time', async () => {
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtextextended('dq:sample-purge', 0))`);
      expect(await purge.purgeDue(30, NOW)).toEqual({ swept: false, purged: 0 });
      await holder.query(`SELECT pg_advisory_unlock(hashtextextended('dq:sample-purge', 0))`);
    } finally {
      await holder.release();
    }
  });
});
