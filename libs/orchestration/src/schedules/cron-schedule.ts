import { CronTime } from 'cron';
import { DateTime, IANAZone } from 'luxon';
import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';

/** How many fire instants a schedule's answer previews. */
export const UPCOMING_FIRE_TIMES = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/**
 * Wall times examined for one answer at most: enough to pass a whole repeated hour or gap of an
 * every-minute schedule many times over.
 */
const MAX_STEPS = 5000;

/** Why `cron` is not a 5-field expression this service fires, or null when it is one. */
export function cronProblem(cron: string): string | null {
  const trimmed = cron.trim();
  if (trimmed.startsWith('@')) {
    return 'cron must be 5 fields (minute hour day-of-month month day-of-week); @ nicknames are not accepted';
  }
  const fields = trimmed === '' ? [] : trimmed.split(/\s+/);
  if (fields.length !== 5) {
    return `cron must be 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}${
      fields.length === 6 ? ' (seconds are not supported)' : ''
    }`;
  }
  const { valid, error } = CronTime.validateCronExpression(fields.join(' '));
  if (!valid) return `cron is not a valid expression: ${error?.message ?? 'unreadable'}`;
  try {
    // A valid expression may still name no real date (`0 0 30 2 *`): the library searches 8 years.
    new CronTime(fields.join(' '), 'UTC').getNextDateFrom(DateTime.utc(), 'UTC');
  } catch {
    return 'cron never matches a date (for example 30 February)';
  }
  return null;
}

/** Why `timezone` is not an IANA time zone, or null when it is one. */
export function timezoneProblem(timezone: string): string | null {
  return IANAZone.isValidZone(timezone) ? null : 'timezone must be an IANA time zone, e.g. Europe/Berlin';
}

/** Both problems at once, as the 422 `validation_failed` naming each bad field. */
export function assertCronSchedule(input: { cron?: string; timezone?: string }): void {
  const fields: FieldViolation[] = [];
  const cron = input.cron === undefined ? null : cronProblem(input.cron);
  if (cron !== null) fields.push({ field: 'cron', problems: [cron] });
  const zone = input.timezone === undefined ? null : timezoneProblem(input.timezone);
  if (zone !== null) fields.push({ field: 'timezone', problems: [zone] });
  if (fields.length > 0) {
    throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
  }
}

/** One spelling of a cron expression: fields separated by single spaces. */
export function normalizeCron(cron: string): string {
  return cron.trim().split(/\s+/).join(' ');
}

/**
 * A 5-field cron expression read in an IANA time zone (docs/decisions/0040). Fire instants are
 * found in wall-clock time and then placed in the zone:
 * - a wall time that does not exist (spring forward) fires once, at the first instant after the gap;
 * - a wall time that happens twice (fall back) fires once, at its first occurrence;
 * - wall times that land on the same instant fire once; nothing is backfilled.
 */
export class CronSchedule {
  private readonly cronTime: CronTime;
  private readonly zone: IANAZone;

  /** Throws the 422 naming `cron` or `timezone` when either is not accepted. */
  constructor(
    readonly cron: string,
    readonly timezone: string,
  ) {
    assertCronSchedule({ cron, timezone });
    // The expression is matched against naive wall-clock time, so the library never sees a DST shift.
    this.cronTime = new CronTime(normalizeCron(cron), 'UTC');
    this.zone = IANAZone.create(timezone);
  }

  /** The first fire instant strictly after `after`; null only when the expression never matches. */
  nextAfter(after: Date): Date | null {
    return this.nextFireTimes(after, 1)[0] ?? null;
  }

  /** The next `count` fire instants strictly after `after`, in order, each once. */
  nextFireTimes(after: Date, count: number): Date[] {
    const from = after.getTime();
    const fires: number[] = [];
    let wall: DateTime = DateTime.fromMillis(from + this.offsetMs(from), { zone: 'UTC' });
    for (let step = 0; fires.length < count && step < MAX_STEPS; step++) {
      try {
        wall = this.cronTime.getNextDateFrom(wall, 'UTC');
      } catch {
        break;
      }
      const instant = this.instantOfWall(wall.toMillis());
      const last = fires.at(-1);
      if (instant > from && (last === undefined || instant > last)) fires.push(instant);
    }
    return fires.map((instant) => new Date(instant));
  }

  /** An instant as ISO 8601 text with the zone's offset at that instant (`2026-03-08T03:00:00-04:00`). */
  format(instant: Date): string {
    const text = DateTime.fromJSDate(instant, { zone: this.zone }).toISO({ suppressMilliseconds: true });
    if (text === null) throw new Error('an instant outside the representable range');
    return text;
  }

  private offsetMs(instant: number): number {
    return this.zone.offset(instant) * MINUTE_MS;
  }

  /**
   * The instant a wall time (as milliseconds read as if UTC) stands for in the zone: the earlier
   * of two when it happens twice, the end of the gap when it does not happen at all.
   */
  private instantOfWall(wall: number): number {
    const offsets = new Set([this.offsetMs(wall - DAY_MS), this.offsetMs(wall + DAY_MS)]);
    const candidates = [...offsets]
      .map((offset) => wall - offset)
      .filter((instant) => instant + this.offsetMs(instant) === wall);
    if (candidates.length > 0) return Math.min(...candidates);
    // In a gap: the transition lies between the wall time read with either offset.
    const readings = [...offsets].map((offset) => wall - offset);
    let low = Math.min(...readings);
    let high = Math.max(...readings);
    const before = this.offsetMs(low);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (this.offsetMs(middle) === before) low = middle;
      else high = middle;
    }
    return high;
  }
}
