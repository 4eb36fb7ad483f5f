/**
 * Cron schedules fired by three scheduler processes at once (docs/decisions/0043): each due tick
 * fires exactly once across them (the `SKIP LOCKED` claim, not a process-local timer), and ticks
 * that fell due while no scheduler ran are missed, not run late.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@dq/db';
import {
  type AppProcess,
  type IsolatedEnvironment,
  createIsolatedEnvironment,
  pollUntil,
  startApp,
} from '@dq/testing';

const SCHEDULES = 60;
const ROUNDS = 3;
// Small claims make a tick last long enough for the other processes' ticks to contend with it.
const TICKER_ENV = { SCHEDULE_TICK_INTERVAL_MS: '1000', SCHEDULE_TICK_BATCH: '2', LOG_LEVEL: 'info' };

describe('schedule ticks across scheduler processes', () => {
  let env: IsolatedEnvironment;
  let db: DataSource;
  let schedulers: AppProcess[] = [];
  let suiteIds: string[] = [];
  let scheduleIds: string[] = [];

  beforeAll(async () => {
    env = await createIsolatedEnvironment('schedule-ticks-e2e');
    db = createDataSource({ url: env.databaseUrl, applicationName: 'schedule-ticks-e2e' });
    await db.initialize();
    suiteIds = Array.from({ length: SCHEDULES }, () => randomUUID());
    scheduleIds = Array.from({ length: SCHEDULES }, () => randomUUID());
    await db.transaction(async (manager) => {
      // Owner and connection are foreign keys no ticker reads.
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id)
         SELECT id, 'suite-' || id, $2, 'public.t', $3 FROM unnest($1::uuid[]) AS id`,
        [suiteIds, randomUUID(), randomUUID()],
      );
      await manager.query(
        `INSERT INTO checks (suite_id, name, kind, dimension, config)
         SELECT id, 'rows', 'row_count', 'completeness', '{"min": 1}' FROM unnest($1::uuid[]) AS id`,
        [suiteIds],
      );
    });
    // Not due yet: the rounds make them due.
    await db.query(
      `INSERT INTO schedules (id, suite_id, cron, timezone, enabled, next_fire_at)
       SELECT u.id, u.suite_id, '* * * * *', 'UTC', true, now() + interval '1 day'
         FROM unnest($1::uuid[], $2::uuid[]) AS u(id, suite_id)`,
      [scheduleIds, suiteIds],
    );
    schedulers = await Promise.all([0, 1, 2].map(() => startApp('scheduler', env.env, { env: TICKER_ENV })));
  });

  afterAll(async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop().catch(() => undefined)));
    await db?.destroy();
    await env?.cleanup();
  });

  const runsPerSuite = () =>
    db.query<{ suite_id: string; n: number }[]>(
      `SELECT suite_id, count(*)::int AS n FROM runs WHERE suite_id = ANY($1::uuid[]) GROUP BY suite_id`,
      [suiteIds],
    );

  /** Waits, when the minute ends within 30 s, for the next one to begin. */
  async function clearOfMinuteBoundary(): Promise<void> {
    const [{ second }] = await db.query<{ second: number }[]>(
      `SELECT extract(second FROM now())::float8 AS second`,
    );
    if (second > 30) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
  }

  async function firedCounted(scheduler: AppProcess): Promise<number> {
    const { body } = await scheduler.get('/metrics');
    const line = String(body)
      .split('\n')
      .find((each) => each.startsWith('dq_schedule_ticks_fired_total'));
    return line === undefined ? 0 : Number(line.split(' ').at(-1));
  }

  it(`fires each of ${SCHEDULES * ROUNDS} due ticks exactly once across three processes`, async () => {
    // A minute boundary inside a round would make that minute's tick due as well (and missed).
    await clearOfMinuteBoundary();
    for (let round = 1; round <= ROUNDS; round++) {
      // Every schedule falls due at this minute's tick, within the grace; its next tick is the next
      // minute's. The previous round's runs ended, as runners would end them.
      await db.query(`UPDATE runs SET status = 'cancelled', finished_at = now() WHERE status = 'queued'`);
      await db.query(
        `UPDATE schedules SET next_fire_at = date_trunc('minute', now()) WHERE id = ANY($1::uuid[])`,
        [scheduleIds],
      );
      await pollUntil(
        () =>
          db.query<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM schedules WHERE id = ANY($1::uuid[]) AND next_fire_at > now()`,
            [scheduleIds],
          ),
        ([row]) => row?.n === SCHEDULES,
        `round ${round}: every schedule fired and moved on`,
        30_000,
      );
      const counts = await runsPerSuite();
      expect(counts).toHaveLength(SCHEDULES);
      expect(counts.every((row) => row.n === round)).toBe(true);
    }

    // A double claim would count twice here even when the run itself were joined.
    const fired = await Promise.all(schedulers.map(firedCounted));
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(SCHEDULES * ROUNDS);
    expect(fired.filter((n) => n > 0).length).toBeGreaterThan(1);
    const [{ missed }] = await db.query<{ missed: number }[]>(
      `SELECT sum(missed_ticks)::int AS missed FROM schedules WHERE id = ANY($1::uuid[])`,
      [scheduleIds],
    );
    expect(missed).toBe(0);
    const [{ n: queuedByOthers }] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM runs WHERE suite_id = ANY($1::uuid[]) AND trigger <> 'schedule'`,
      [suiteIds],
    );
    expect(queuedByOthers).toBe(0);
  });

  it('after an outage of three ticks: no catch-up run, three missed ticks, one log line', async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    // Exactly three ticks fall due between now and the check.
    await clearOfMinuteBoundary();
    const [suiteId] = suiteIds;
    const [scheduleId] = scheduleIds;
    await db.query(`UPDATE runs SET status = 'cancelled', finished_at = now() WHERE status = 'queued'`);
    const runsBefore = (await runsPerSuite()).find((row) => row.suite_id === suiteId)?.n;
    // The scheduler was down for the ticks two minutes ago, one minute ago and this minute's.
    await db.query(
      `UPDATE schedules SET next_fire_at = date_trunc('minute', now()) - interval '2 minutes', missed_ticks = 0
        WHERE id = $1`,
      [scheduleId],
    );
    const scheduler = await startApp('scheduler', env.env, { env: TICKER_ENV });
    schedulers = [scheduler];

    const [schedule] = await pollUntil(
      () =>
        db.query<{ missed_ticks: number; next_fire_at: Date; now: Date }[]>(
          `SELECT missed_ticks, next_fire_at, now() AS now FROM schedules WHERE id = $1`,
          [scheduleId],
        ),
      ([row]) => row !== undefined && row.next_fire_at > row.now,
      'the schedule to move past its missed ticks',
      30_000,
    );
    expect(schedule?.missed_ticks).toBe(3);
    expect((await runsPerSuite()).find((row) => row.suite_id === suiteId)?.n).toBe(runsBefore);
    const lines = scheduler.jsonLogs().filter((line) => line['schedule_id'] === scheduleId);
    expect(lines).toEqual([expect.objectContaining({ missed_ticks: 3 })]);
  });
});
