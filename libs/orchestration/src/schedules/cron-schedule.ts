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

/**
 * The sets a parsed expression matches, as `CronTime.toJSON()` gives them (null: every value).
 * Minutes and hours ascending; months 1 to 12; weekdays 0 (Sunday) to 6.
 */
interface CronFields {
  minutes: number[];
  hours: number[];
  days: ReadonlySet<number> | null;
  months: ReadonlySet<number> | null;
  weekdays: ReadonlySet<number> | null;
}

type ParsedCron = { fields: CronFields; problem: null } | { fields: null; problem: string };

/** How far ahead a match is looked for: the cron library's own horizon (a leap day is within it). */
const SEARCH_DAYS = 8 * 366;
/** Parsed expressions by their text: a page of schedules shares a few expressions. */
const PARSED = new Map<string, ParsedCron>();
const PARSED_MAX = 1000;

function valuesOf(field: string | undefined, low: number, high: number): number[] {
  if (field === undefined || field === '*') return Array.from({ length: high - low + 1 }, (_, i) => low + i);
  return field
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
}

function setOf(field: string | undefined): ReadonlySet<number> | null {
  return field === undefined || field === '*' ? null : new Set(field.split(',').map(Number));
}

/** Whether a wall-clock day matches: day-of-month OR day-of-week when both are restricted, as cron reads them. */
function dayMatches(fields: CronFields, date: Date): boolean {
  if (fields.months !== null && !fields.months.has(date.getUTCMonth() + 1)) return false;
  const { days, weekdays } = fields;
  if (days !== null && weekdays !== null)
    return days.has(date.getUTCDate()) || weekdays.has(date.getUTCDay());
  if (days !== null) return days.has(date.getUTCDate());
  if (weekdays !== null) return weekdays.has(date.getUTCDay());
  return true;
}

/** The first matching wall-clock minute strictly after `wall` (milliseconds read as if UTC), or null. */
function nextWallAfter(fields: CronFields, wall: number): number | null {
  let day = new Date(Math.floor(wall / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
  const last = day.getTime() + SEARCH_DAYS * DAY_MS;
  while (day.getTime() <= last) {
    if (fields.months !== null && !fields.months.has(day.getUTCMonth() + 1)) {
      day = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
      continue;
    }
    if (dayMatches(fields, day)) {
      const hour = day.getUTCHours();
      const minute = day.getUTCMinutes();
      for (const h of fields.hours) {
        if (h < hour) continue;
        const m = fields.minutes.find((value) => h > hour || value >= minute);
        if (m !== undefined) return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m);
      }
    }
    day = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1));
  }
  return null;
}

/** Parses with the cron library (its grammar, ranges, steps and names); the sets it matches, or why not. */
function parseCron(cron: string): ParsedCron {
  const known = PARSED.get(cron);
  if (known !== undefined) return known;
  const parsed = parseUncached(cron);
  if (PARSED.size >= PARSED_MAX) PARSED.clear();
  PARSED.set(cron, parsed);
  return parsed;
}

function parseUncached(cron: string): ParsedCron {
  const trimmed = cron.trim();
  if (trimmed.startsWith('@')) {
    return {
      fields: null,
      problem:
        'cron must be 5 fields (minute hour day-of-month month day-of-week); @ nicknames are not accepted',
    };
  }
  const parts = trimmed === '' ? [] : trimmed.split(/\s+/);
  if (parts.length !== 5) {
    return {
      fields: null,
      problem: `cron must be 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}${
        parts.length === 6 ? ' (seconds are not supported)' : ''
      }`,
    };
  }
  const { valid, error } = CronTime.validateCronExpression(parts.join(' '));
  if (!valid)
    return { fields: null, problem: `cron is not a valid expression: ${error?.message ?? 'unreadable'}` };
  // [second, minute, hour, day of month, month, day of week]
  const json = new CronTime(parts.join(' '), 'UTC').toJSON();
  const fields: CronFields = {
    minutes: valuesOf(json[1], 0, 59),
    hours: valuesOf(json[2], 0, 23),
    days: setOf(json[3]),
    months: setOf(json[4]),
    weekdays: setOf(json[5]),
  };
  // A valid expression may still name no real date (`0 0 30 2 *`).
  if (nextWallAfter(fields, Date.now()) === null)
    return { fields: null, problem: 'cron never matches a date (for example 30 February)' };
  return { fields, problem: null };
}

/** Why `cron` is not a 5-field expression this service fires, or null when it is one. */
export function cronProblem(cron: string): string | null {
  return parseCron(cron).problem;
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
  private readonly fields: CronFields;
  private readonly zone: IANAZone;

  /** Throws the 422 naming `cron` or `timezone` when either is not accepted. */
  constructor(
    readonly cron: string,
    readonly timezone: string,
  ) {
    assertCronSchedule({ cron, timezone });
    // The expression is matched against naive wall-clock time, so matching never sees a DST shift.
    this.fields = parseCron(cron).fields as CronFields;
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
    let wall: number | null = from + this.offsetMs(from);
    for (let step = 0; fires.length < count && step < MAX_STEPS; step++) {
      wall = nextWallAfter(this.fields, wall);
      if (wall === null) break;
      const instant = this.instantOfWall(wall);
      const last = fires.at(-1);
      if (instant > from && (last === undefined || instant > last)) fires.push(instant);
    }
    return fires.map((instant) => new Date(instant));
  }

  /** An instant as ISO 8601 text with the zone's offset at that instant (`YYYY-MM-DDTHH:mm:ss±hh:mm`). */
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
