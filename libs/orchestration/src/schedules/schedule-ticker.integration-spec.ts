import { Logger, type INestApplicationContext } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { Jobs, RunStatus, RunTrigger } from '@dq/contracts';
import { QueueRegistry } from '@dq/messaging';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import {
  ManualClock,
  finishQueuedRuns,
  insertScheduledSuites,
  openTicker,
} from '../../test/schedule-ticker-world';
import { scheduleTicksMissed } from './schedule-metrics';
import { type ScheduleTicker, type TickReport } from './schedule-ticker';

const MINUTE = 60_000;

interface ScheduleRow {
  id: string;
  next_fire_at: Date | null;
  last_fired_at: Date | null;
  last_run_id: string | null;
  missed_ticks: number;
}

describe('ScheduleTicker', () => {
  let env: IsolatedEnvironment;
  const contexts: INestApplicationContext[] = [];
  let dataSource: DataSource;
  let ticker: ScheduleTicker;
  // A minute boundary well away from the wall clock: the ticker reads only its own clock.
  const T0 = new Date('2031-05-05T12:01:00Z');
  const clock = new ManualClock(T0);
  const queue = () => contexts[0].get(QueueRegistry).queue(Jobs.ExecuteRun.queue);

  beforeAll(async () => {
    env = await createIsolatedEnvironment('schedule-ticker');
    const opened = await openTicker(env, clock);
    contexts.push(opened.context);
    ({ dataSource, ticker } = opened);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await env?.cleanup();
  });

  beforeEach(async () => {
    // Each case its own schedules: earlier ones are moved out of every tick's reach.
    await dataSource.query(`UPDATE schedules SET enabled = false`);
    await finishQueuedRuns(dataSource);
  });

  const schedulesOf = (ids: string[]) =>
    dataSource.query<ScheduleRow[]>(
      `SELECT id, next_fire_at, last_fired_at, last_run_id, missed_ticks FROM schedules WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [ids],
    );
  const runsOf = (suiteIds: string[]) =>
    dataSource.query<{ id: string; suite_id: string; trigger: string; status: string }[]>(
      `SELECT id, suite_id, trigger, status FROM runs WHERE suite_id = ANY($1::uuid[]) ORDER BY created_at`,
      [suiteIds],
    );

  it('fires a due tick once: one schedule run and its job, the schedule moved to its next tick', async () => {
    clock.current = new Date(T0.getTime() + 2_000);
    const { suiteIds, scheduleIds } = await insertScheduledSuites(dataSource, 1, { nextFireAt: T0 });

    const report = await ticker.tick();
    const again = await ticker.tick();

    const runs = await runsOf(suiteIds);
    expect(runs).toEqual([
      expect.objectContaining({ trigger: RunTrigger.Schedule, status: RunStatus.Queued }),
    ]);
    expect(await queue().getJobState(runs[0].id)).toBe('waiting');
    expect(report.schedules).toEqual([
      expect.objectContaining({
        scheduleId: scheduleIds[0],
        missed: 0,
        fired: expect.objectContaining({ runId: runs[0].id }),
      }),
    ]);
    expect(again.schedules).toEqual([]);
    const [schedule] = await schedulesOf(scheduleIds);
    expect(schedule).toMatchObject({
      next_fire_at: new Date(T0.getTime() + MINUTE),
      last_fired_at: clock.now(),
      last_run_id: runs[0].id,
      missed_ticks: 0,
    });
  });

  it('after a scheduler outage of three ticks: no catch-up run, three missed ticks, one log line', async () => {
    // Ticks 12:01, 12:02 and 12:03 fell due while no scheduler ran; it is back at 12:03:30.
    clock.current = new Date(T0.getTime() + 2 * MINUTE + 30_000);
    const { suiteIds, scheduleIds } = await insertScheduledSuites(dataSource, 1, { nextFireAt: T0 });
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const missedBefore = (await scheduleTicksMissed.get()).values[0]?.value ?? 0;

    try {
      const report = await ticker.tick();
      expect(report.schedules).toEqual([expect.objectContaining({ fired: null, missed: 3 })]);
      const lines = warn.mock.calls.filter(
        ([line]) => (line as { schedule_id?: string }).schedule_id === scheduleIds[0],
      );
      expect(lines).toHaveLength(1);
      expect(lines[0][0]).toMatchObject({ missed_ticks: 3, first_missed_at: T0.toISOString() });
    } finally {
      warn.mockRestore();
    }

    expect(await runsOf(suiteIds)).toEqual([]);
    const [schedule] = await schedulesOf(scheduleIds);
    expect(schedule).toMatchObject({ missed_ticks: 3, last_fired_at: null, last_run_id: null });
    expect(schedule.next_fire_at!.getTime()).toBe(T0.getTime() + 3 * MINUTE);
    expect(schedule.next_fire_at!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect((await scheduleTicksMissed.get()).values[0]?.value).toBe(missedBefore + 3);

    // The next tick on time fires as usual.
    clock.current = new Date(T0.getTime() + 3 * MINUTE + 1_000);
    await ticker.tick();
    expect(await runsOf(suiteIds)).toHaveLength(1);
    expect((await schedulesOf(scheduleIds))[0]).toMatchObject({ missed_ticks: 3 });
  });

  it('a first due tick within the grace window still fires; the ticks after it up to now are missed', async () => {
    clock.current = new Date(T0.getTime() + MINUTE); // 12:01 is 60 s late (the grace), 12:02 due now
    const { suiteIds, scheduleIds } = await insertScheduledSuites(dataSource, 1, { nextFireAt: T0 });

    const report = await ticker.tick();

    expect(report.schedules).toEqual([
      expect.objectContaining({ missed: 1, fired: expect.objectContaining({ status: 'triggered' }) }),
    ]);
    expect(await runsOf(suiteIds)).toHaveLength(1);
    expect((await schedulesOf(scheduleIds))[0]).toMatchObject({
      missed_ticks: 1,
      next_fire_at: new Date(T0.getTime() + 2 * MINUTE),
    });
  });

  it('a suite without enabled checks gets no run; its schedule still moves on', async () => {
    clock.current = new Date(T0.getTime() + 1_000);
    const { suiteIds, scheduleIds } = await insertScheduledSuites(dataSource, 1, {
      nextFireAt: T0,
      enabledChecks: 0,
    });

    const report = await ticker.tick();

    expect(report.schedules).toEqual([
      expect.objectContaining({
        fired: { suiteId: suiteIds[0], status: 'skipped', reason: 'no_enabled_checks' },
        missed: 0,
      }),
    ]);
    expect(await runsOf(suiteIds)).toEqual([]);
    expect((await schedulesOf(scheduleIds))[0]).toMatchObject({
      next_fire_at: new Date(T0.getTime() + MINUTE),
      last_run_id: null,
      missed_ticks: 0,
    });
  });

  it('a tick while the suite still runs its last scheduled run joins it: no second run', async () => {
    clock.current = new Date(T0.getTime() + 1_000);
    const { suiteIds, scheduleIds } = await insertScheduledSuites(dataSource, 1, { nextFireAt: T0 });
    await ticker.tick();
    clock.advance(MINUTE);

    const report = await ticker.tick();

    const runs = await runsOf(suiteIds);
    expect(runs).toHaveLength(1);
    expect(report.schedules).toEqual([
      expect.objectContaining({ fired: expect.objectContaining({ runId: runs[0].id, deduplicated: true }) }),
    ]);
    expect((await schedulesOf(scheduleIds))[0]).toMatchObject({ last_run_id: runs[0].id, missed_ticks: 0 });
  });

  it('a tick that fails before its commit leaves no run and no job; the schedule stays due and fires once later', async () => {
    clock.current = new Date(T0.getTime() + 1_000);
    const { suiteIds, scheduleIds } = await insertScheduledSuites(dataSource, 1, { nextFireAt: T0 });
    const jobsBefore = await queue().count();
    // The schedule's update fails after its run was written, as a crash before the commit would end it.
    await dataSource.query(
      `ALTER TABLE schedules ADD CONSTRAINT ticker_spec_fail CHECK (last_run_id IS NULL) NOT VALID`,
    );
    try {
      await expect(ticker.tick()).rejects.toThrow(/ticker_spec_fail/);
    } finally {
      await dataSource.query(`ALTER TABLE schedules DROP CONSTRAINT ticker_spec_fail`);
    }
    expect(await runsOf(suiteIds)).toEqual([]);
    expect(await queue().count()).toBe(jobsBefore);
    expect((await schedulesOf(scheduleIds))[0]).toMatchObject({ next_fire_at: T0, last_run_id: null });

    await ticker.tick();
    expect(await runsOf(suiteIds)).toHaveLength(1);
    expect(await queue().count()).toBe(jobsBefore + 1);
  });

  it('three tickers on one database fire each of 300 due ticks exactly once', async () => {
    const tickers: ScheduleTicker[] = [ticker];
    for (let index = 0; index < 2; index++) {
      // Small batches, so the three interleave their claims within a tick.
      const opened = await openTicker(env, clock, { batchSize: 7 });
      contexts.push(opened.context);
      tickers.push(opened.ticker);
    }
    const start = new Date(T0.getTime() + 60 * MINUTE);
    const { suiteIds, scheduleIds } = await insertScheduledSuites(dataSource, 60, { nextFireAt: start });
    const ticks = 5;

    for (let tick = 0; tick < ticks; tick++) {
      clock.current = new Date(start.getTime() + tick * MINUTE + 1_500);
      const reports: TickReport[] = await Promise.all(tickers.map((each) => each.tick()));
      const fired = reports.flatMap((report) => report.schedules);
      // Each schedule claimed by exactly one ticker, each firing a new run.
      expect(fired).toHaveLength(60);
      expect(new Set(fired.map((each) => each.scheduleId))).toEqual(new Set(scheduleIds));
      for (const each of fired)
        expect(each.fired).toMatchObject({ status: 'triggered', deduplicated: false });
      const runs = await runsOf(suiteIds);
      const queued = runs.filter((run) => run.status === RunStatus.Queued);
      expect(queued).toHaveLength(60);
      expect(new Set(queued.map((run) => run.suite_id)).size).toBe(60);
      await finishQueuedRuns(dataSource);
    }

    const runs = await runsOf(suiteIds);
    expect(runs).toHaveLength(60 * ticks);
    const perSuite = new Map<string, number>();
    for (const run of runs) perSuite.set(run.suite_id, (perSuite.get(run.suite_id) ?? 0) + 1);
    expect([...perSuite.values()].every((count) => count === ticks)).toBe(true);
    for (const schedule of await schedulesOf(scheduleIds)) {
      expect(schedule).toMatchObject({
        missed_ticks: 0,
        next_fire_at: new Date(start.getTime() + ticks * MINUTE),
      });
    }
  });
});
