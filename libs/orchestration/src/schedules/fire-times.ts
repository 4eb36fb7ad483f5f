import { CronSchedule } from './cron-schedule';

/** Where a schedule's fire instants come from; the ticker does no cron arithmetic of its own. */
export interface FireTimes {
  /** The first fire instant of `cron` read in `timezone` strictly after `after`; null when there is none. */
  nextFireAfter(cron: string, timezone: string, after: Date): Date | null;
}

export const FIRE_TIMES = Symbol('FIRE_TIMES');

/** Parsed expressions kept at most: more distinct (cron, time zone) pairs start over. */
const MAX_CACHED = 10_000;

/**
 * Fire instants by `CronSchedule` (the DST rule of docs/decisions/0040), each expression parsed
 * once: a tick asks for thousands of schedules that mostly share a handful of expressions.
 */
export class CronFireTimes implements FireTimes {
  private readonly parsed = new Map<string, CronSchedule>();

  nextFireAfter(cron: string, timezone: string, after: Date): Date | null {
    const key = `${timezone}\u0000${cron}`;
    let schedule = this.parsed.get(key);
    if (schedule === undefined) {
      schedule = new CronSchedule(cron, timezone);
      if (this.parsed.size >= MAX_CACHED) this.parsed.clear();
      this.parsed.set(key, schedule);
    }
    return schedule.nextAfter(after);
  }
}
