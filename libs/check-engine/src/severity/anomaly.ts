import { CheckOutcome, type FieldViolation } from '@dq/contracts';
import { judgedByTiers, type JudgedReading } from './judged';
import {
  type BandedOutcome,
  bandThroughBounds,
  type SeverityThresholds,
  validateOrderedBounds,
} from './thresholds';

/** z-score bounds of an anomaly monitor (docs/decisions/0022). */
export const DEFAULT_ANOMALY_Z_THRESHOLDS: Readonly<Required<SeverityThresholds>> = Object.freeze({
  warn: 2,
  fail: 3,
  critical: 4,
});

/** History needed before a verdict (docs/decisions/0022): 7 points, or 4 of the same weekday per weekday. */
export const DEFAULT_ANOMALY_MIN_POINTS = 7;
export const DEFAULT_ANOMALY_MIN_POINTS_PER_WEEKDAY = 4;

/** A sample standard deviation needs two points; more than a year of daily points is not a baseline. */
export const MIN_POINTS_RANGE = { min: 2, max: 366 } as const;

export interface AnomalyPoint {
  at: Date;
  value: number;
}

export interface AnomalyInput {
  /** Earlier observations of the same metric (row count or freshness age), any order. */
  history: readonly AnomalyPoint[];
  observed: AnomalyPoint;
  /** Bounds on |z|; absent tiers fall back to the defaults only when no tier is given. */
  thresholds?: SeverityThresholds | null;
  minPoints?: number;
  /** Compare only with the same weekday as the observation (weekly seasonality). */
  perWeekday?: boolean;
  /** IANA zone that decides which weekday a timestamp falls on (the suite's schedule zone); UTC by default. */
  timeZone?: string;
}

/**
 * A warm-up `skip` carries `warming_up` and `min_points`: its observation is still history (the
 * next runs learn from it). `judged` bands |z| through the bounds in effect.
 */
export type AnomalyVerdict =
  | {
      outcome: Extract<CheckOutcome, 'skip'>;
      points: number;
      min_points: number;
      warming_up: true;
      judged: JudgedReading;
    }
  | {
      outcome: BandedOutcome;
      points: number;
      min_points: number;
      mean: number;
      stddev: number;
      z: number;
      judged: JudgedReading;
    };

/** Field problems of z-score thresholds: each > 0, warn <= fail <= critical. */
export function validateAnomalyThresholds(input: unknown, field = 'thresholds'): FieldViolation[] {
  return validateOrderedBounds(input, field, (value) =>
    value <= 0 ? `${field} bounds are z-scores greater than 0` : null,
  );
}

export function validateMinPoints(input: unknown, field = 'min_points'): FieldViolation[] {
  if (input === undefined || input === null) return [];
  if (
    typeof input !== 'number' ||
    !Number.isInteger(input) ||
    input < MIN_POINTS_RANGE.min ||
    input > MIN_POINTS_RANGE.max
  ) {
    return [
      {
        field,
        problems: [`${field} must be an integer from ${MIN_POINTS_RANGE.min} to ${MIN_POINTS_RANGE.max}`],
      },
    ];
  }
  return [];
}

function weekdayOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(at);
}

/**
 * Bands the observation's z-score against the rolling mean and sample standard deviation of its
 * history. Both directions count (a drop in row count is as suspicious as a spike). Fewer than
 * `min_points` is `skip`, never a pass. A flat history (stddev 0) makes any change infinitely
 * unusual, so it bands critical when critical is set; an unchanged value is z = 0.
 */
export function evaluateAnomaly(input: AnomalyInput): AnomalyVerdict {
  const perWeekday = input.perWeekday === true;
  const minPoints =
    input.minPoints ?? (perWeekday ? DEFAULT_ANOMALY_MIN_POINTS_PER_WEEKDAY : DEFAULT_ANOMALY_MIN_POINTS);
  const timeZone = input.timeZone ?? 'UTC';
  const weekday = perWeekday ? weekdayOf(input.observed.at, timeZone) : null;
  const values = input.history
    .filter((point) => Number.isFinite(point.value))
    .filter((point) => weekday === null || weekdayOf(point.at, timeZone) === weekday)
    .map((point) => point.value);
  const points = values.length;
  const bounds =
    input.thresholds && Object.values(input.thresholds).some((v) => v !== undefined && v !== null)
      ? input.thresholds
      : DEFAULT_ANOMALY_Z_THRESHOLDS;
  if (points < minPoints || points < MIN_POINTS_RANGE.min) {
    return {
      outcome: CheckOutcome.Skip,
      points,
      min_points: minPoints,
      warming_up: true,
      judged: judgedByTiers({
        metric: 'abs_z',
        value: null,
        unit: 'z',
        thresholds: bounds,
        band: CheckOutcome.Skip,
        reading: `warming up: ${points} of ${minPoints} points of history, no verdict yet`,
      }),
    };
  }
  const mean = values.reduce((sum, value) => sum + value, 0) / points;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (points - 1);
  const stddev = Math.sqrt(variance);
  const deviation = input.observed.value - mean;
  const z = stddev === 0 ? (deviation === 0 ? 0 : Math.sign(deviation) * Infinity) : deviation / stddev;
  const outcome = bandThroughBounds(Math.abs(z), bounds);
  const judged = judgedByTiers({
    metric: 'abs_z',
    value: Number.isFinite(z) ? Math.abs(z) : null,
    unit: 'z',
    thresholds: bounds,
    band: outcome,
  });
  // JSON holds no Infinity: a flat history's infinite |z| is said in words.
  if (!Number.isFinite(z))
    judged.reading = `abs_z Infinity (flat history of ${mean}, observed ${input.observed.value}): ${outcome}`;
  return { outcome, points, min_points: minPoints, mean, stddev, z, judged };
}
