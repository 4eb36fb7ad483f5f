import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { CheckOutcome, RunStatus, RunTrigger } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { RunEntity } from '../entities';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { CheckMetricHistory } from './check-metric-history';

/** What an anomaly monitor learns from: its measured results, its own warm-up skips included. */
describe('CheckMetricHistory', () => {
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let history: CheckMetricHistory;

  beforeAll(async () => {
    env = await createIsolatedEnvironment('check-metric-history');
    dataSource = createDataSource({ url: env.databaseUrl, applicationName: 'check-metric-history-spec' });
    await dataSource.initialize();
    history = new CheckMetricHistory(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.cleanup();
  });

  async function result(
    checkId: string,
    minutesAgo: number,
    outcome: CheckOutcome,
    value: number | null,
    detail: Record<string, unknown>,
  ): Promise<string> {
    const at = new Date(Date.now() - minutesAgo * 60_000);
    const runs = dataSource.getRepository(RunEntity);
    const run = await runs.save(
      runs.create({
        suiteId: randomUUID(),
        trigger: RunTrigger.Manual,
        status: RunStatus.Succeeded,
        finishedAt: at,
      }),
    );
    await dataSource.query(
      `INSERT INTO "run_results" ("run_id", "check_id", "outcome", "metric_value", "detail", "finished_at")
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [run.id, checkId, outcome, value, JSON.stringify(detail), at],
    );
    return run.id;
  }

  it('counts warm-up skips that carry their metric; a snooze or an error measured nothing', async () => {
    const checkId = randomUUID();
    const warmUp = { warming_up: true, points: 0, min_points: 3 };
    await result(checkId, 60, CheckOutcome.Skip, 10, warmUp);
    await result(checkId, 50, CheckOutcome.Skip, 11, { ...warmUp, points: 1 });
    // Recorded before warm-ups were named: the same skip, without `warming_up`.
    await result(checkId, 40, CheckOutcome.Skip, 12, { points: 2, min_points: 3 });
    await result(checkId, 30, CheckOutcome.Skip, null, { reason: 'snoozed' });
    await result(checkId, 25, CheckOutcome.Skip, 99, { reason: 'something else' });
    await result(checkId, 20, CheckOutcome.Error, null, { reason: 'metric_unavailable' });
    const current = await result(checkId, 10, CheckOutcome.Pass, 13, { points: 3, min_points: 3 });
    expect((await history.points(checkId)).map((point) => point.value)).toEqual([10, 11, 12, 13]);
    expect((await history.points(checkId, { excludeRunId: current })).map((point) => point.value)).toEqual([
      10, 11, 12,
    ]);
  });
});
