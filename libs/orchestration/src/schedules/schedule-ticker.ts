import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RunTrigger } from '@dq/contracts';
import { SystemRunTrigger, type SystemRunOutcome } from '@dq/runs';
import { FIRE_TIMES, type FireTimes } from './fire-times';
import { scheduleTicksFired, scheduleTicksMissed } from './schedule-metrics';

/** What "now" is to the ticker; tests and the bench drive it. */
export interface ScheduleClock {
  now(): Date;
}

export const SCHEDULE_CLOCK = Symbol('SCHEDULE_CLOCK');
export const SCHEDULE_TICKER_OPTIONS = Symbol('SCHEDULE_TICKER_OPTIONS');

export const SYSTEM_CLOCK: ScheduleClock = { now: () => new Date() };

export interface ScheduleTickerOptions {
  /** Due schedules claimed (and their runs written) per transaction. */
  batchSize: number;
  /** How late a schedule's first due tick may still fire; a later one is missed (docs/decisions/0043). */
  graceMs: number;
}

export const DEFAULT_SCHEDULE_TICKER_OPTIONS: ScheduleTickerOptions = { batchSize: 500, graceMs: 60_000 };

/** Missed ticks counted one by one per schedule at most; past it the count is a lower bound. */
export const MISSED_TICKS_COUNTED = 10_000;

/** One schedule a tick handled. */
export interface TickedSchedule {
  scheduleId: string;
  suiteId: string;
  /** The due tick fired (a run queued or joined), or why not. */
  fired: SystemRunOutcome | null;
  missed: number;
  nextFireAt: Date | null;
}

export interface TickReport {
  /** Schedules this ticker claimed, each once. */
  schedules: TickedSchedule[];
}

interface DueSchedule {
  id: string;
  suite_id: string;
  cron: string;
  timezone: string;
  next_fire_at: Date;
}

interface Decision {
  due: DueSchedule;
  fire: boolean;
  missed: number;
  /** Whether the count of missed ticks stopped at MISSED_TICKS_COUNTED. */
  saturated: boolean;
  nextFireAt: Date | null;
}

/**
 * Fires due cron schedules (docs/decisions/0043). One tick claims the due schedules in batches
 * (`FOR UPDATE SKIP LOCKED`, so any number of scheduler processes each claim a schedule at most
 * once per tick), writes their runs through the system trigger in the same transaction as the
 * schedules' new `next_fire_at`, and queues the runs' jobs after the commit. A schedule whose first
 * due tick is later than the grace window fires nothing: that tick and every later one up to now
 * are missed, counted, logged and measured, and the schedule moves on to its next tick after now.
 */
@Injectable()
export class ScheduleTicker {
  private readonly logger = new Logger(ScheduleTicker.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly system: SystemRunTrigger,
    @Inject(FIRE_TIMES) private readonly fireTimes: FireTimes,
    @Inject(SCHEDULE_TICKER_OPTIONS) private readonly options: ScheduleTickerOptions,
    @Inject(SCHEDULE_CLOCK) private readonly clock: ScheduleClock,
  ) {}

  /**
   * Claims and fires every schedule due now, batch after batch, until none is left to claim. A
   * batch's jobs are added while the next batch is claimed; the tick ends when all are added.
   */
  async tick(): Promise<TickReport> {
    const now = this.clock.now();
    const fireTimes = memoized(this.fireTimes);
    const schedules: TickedSchedule[] = [];
    const enqueued: Promise<void>[] = [];
    try {
      for (;;) {
        const batch = await this.tickBatch(now, fireTimes);
        schedules.push(...batch.schedules);
        enqueued.push(batch.enqueued);
        if (batch.schedules.length < this.options.batchSize) return { schedules };
      }
    } finally {
      await Promise.all(enqueued);
    }
  }

  private async tickBatch(
    now: Date,
    fireTimes: FireTimes,
  ): Promise<{ schedules: TickedSchedule[]; enqueued: Promise<void> }> {
    const { decisions, outcomes } = await this.dataSource.transaction(async (manager) => {
      const due = await manager.query<DueSchedule[]>(
        `SELECT "id", "suite_id", "cron", "timezone", "next_fire_at" FROM "schedules"
          WHERE "enabled" AND "next_fire_at" IS NOT NULL AND "next_fire_at" <= $1
          ORDER BY "next_fire_at", "id" LIMIT $2
          FOR UPDATE SKIP LOCKED`,
        [now, this.options.batchSize],
      );
      if (due.length === 0) return { decisions: [], outcomes: new Map<string, SystemRunOutcome>() };
      const decisions = due.map((schedule) => this.decide(schedule, now, fireTimes));
      const firing = decisions.filter((decision) => decision.fire);
      const fired = await this.system.createMany(
        firing.map(({ due: schedule }) => ({ suiteId: schedule.suite_id, trigger: RunTrigger.Schedule })),
        manager,
      );
      const outcomes = new Map(firing.map((decision, index) => [decision.due.id, fired[index]]));
      await this.advance(manager, decisions, outcomes, now);
      return { decisions, outcomes };
    });
    // After the commit: a crash before the jobs are added leaves committed runs without a job,
    // which the scheduler's run-queue sweep queues again; the schedules have moved on either way.
    // `enqueue` logs a failure instead of throwing.
    const enqueued = this.system.enqueue([...outcomes.values()]);
    return {
      schedules: decisions.map((decision) => this.report(decision, outcomes.get(decision.due.id) ?? null)),
      enqueued,
    };
  }

  /** Whether the first due tick fires, how many ticks are missed, and the next tick after now. */
  private decide(due: DueSchedule, now: Date, fireTimes: FireTimes): Decision {
    const first = new Date(due.next_fire_at);
    const fire = now.getTime() - first.getTime() <= this.options.graceMs;
    try {
      let missed = fire ? 0 : 1;
      let next = fireTimes.nextFireAfter(due.cron, due.timezone, first);
      while (next !== null && next <= now && missed < MISSED_TICKS_COUNTED) {
        missed += 1;
        next = fireTimes.nextFireAfter(due.cron, due.timezone, next);
      }
      const saturated = next !== null && next <= now;
      if (saturated) next = fireTimes.nextFireAfter(due.cron, due.timezone, now);
      return { due, fire, missed, saturated, nextFireAt: next };
    } catch (error) {
      // Only a row written around the API's validation gets here: it stops instead of failing every tick.
      this.logger.error({
        msg: 'schedule has no readable cron or time zone; it stops firing',
        schedule_id: due.id,
        err: error,
      });
      return { due, fire: false, missed: 0, saturated: false, nextFireAt: null };
    }
  }

  private async advance(
    manager: EntityManager,
    decisions: readonly Decision[],
    outcomes: ReadonlyMap<string, SystemRunOutcome>,
    now: Date,
  ): Promise<void> {
    const runIdOf = (decision: Decision): string | null => {
      const outcome = outcomes.get(decision.due.id);
      return outcome?.status === 'triggered' ? outcome.runId : null;
    };
    await manager.query(
      `UPDATE "schedules" s
          SET "next_fire_at" = u.next_fire_at,
              "last_fired_at" = CASE WHEN u.run_id IS NULL THEN s."last_fired_at" ELSE $5::timestamptz END,
              "last_run_id" = coalesce(u.run_id, s."last_run_id"),
              "missed_ticks" = s."missed_ticks" + u.missed
         FROM unnest($1::uuid[], $2::timestamptz[], $3::uuid[], $4::int[]) AS u(id, next_fire_at, run_id, missed)
        WHERE s."id" = u.id`,
      [
        decisions.map((decision) => decision.due.id),
        decisions.map((decision) => decision.nextFireAt?.toISOString() ?? null),
        decisions.map(runIdOf),
        decisions.map((decision) => decision.missed),
        now.toISOString(),
      ],
    );
  }

  private report(decision: Decision, fired: SystemRunOutcome | null): TickedSchedule {
    const { due, missed, nextFireAt } = decision;
    if (fired?.status === 'triggered') scheduleTicksFired.inc();
    if (missed > 0) {
      scheduleTicksMissed.inc(missed);
      this.logger.warn({
        msg: 'schedule ticks missed: they fell due while no scheduler ran and are not run late',
        schedule_id: due.id,
        suite_id: due.suite_id,
        missed_ticks: missed,
        ...(decision.saturated ? { missed_ticks_at_least: true } : {}),
        first_missed_at: new Date(due.next_fire_at).toISOString(),
        next_fire_at: nextFireAt?.toISOString() ?? null,
      });
    }
    return { scheduleId: due.id, suiteId: due.suite_id, fired, missed, nextFireAt };
  }
}

/**
 * `fireTimes` remembering its answers for one tick: the schedules due at once mostly share their
 * expression, zone and due instant, so most of a tick's questions are asked many times.
 */
function memoized(fireTimes: FireTimes): FireTimes {
  const answers = new Map<string, Date | null>();
  return {
    nextFireAfter(cron: string, timezone: string, after: Date): Date | null {
      const key = `${timezone}\u0000${cron}\u0000${after.getTime()}`;
      let answer = answers.get(key);
      if (answer === undefined) {
        answer = fireTimes.nextFireAfter(cron, timezone, after);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
