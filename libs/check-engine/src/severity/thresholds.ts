import { CheckOutcome, type FieldViolation } from '@dq/contracts';

/** The outcomes a banded metric can take; `error` and `skip` are decided before banding. */
export type BandedOutcome = Extract<CheckOutcome, 'pass' | 'warn' | 'fail' | 'critical'>;

/**
 * Unexpected-percentage bounds (0..100). A tier is reached when the observed percentage EXCEEDS its
 * bound, so a bound is the most unexpected rows that tier still tolerates. A tier left out is never
 * reached; the default is `{ fail: 0 }`: pass only at 0 % unexpected, anything else fails.
 */
export interface SeverityThresholds {
  warn?: number;
  fail?: number;
  critical?: number;
}

export const DEFAULT_SEVERITY_THRESHOLDS: Readonly<SeverityThresholds> = Object.freeze({ fail: 0 });

const TIERS = ['warn', 'fail', 'critical'] as const;
type Tier = (typeof TIERS)[number];

/** Validates bounds against a numeric range and the order warn <= fail <= critical. */
function validateOrderedBounds(
  input: unknown,
  field: string,
  check: (value: number) => string | null,
): FieldViolation[] {
  if (input === undefined || input === null) return [];
  if (typeof input !== 'object' || Array.isArray(input)) {
    return [{ field, problems: [`${field} must be an object with optional warn, fail and critical`] }];
  }
  const record = input as Record<string, unknown>;
  const violations: FieldViolation[] = [];
  for (const key of Object.keys(record)) {
    if (!(TIERS as readonly string[]).includes(key)) {
      violations.push({ field: `${field}.${key}`, problems: [`${field}.${key} is not a threshold tier`] });
    }
  }
  const valid: Partial<Record<Tier, number>> = {};
  for (const tier of TIERS) {
    const value = record[tier];
    if (value === undefined || value === null) continue;
    const problem =
      typeof value !== 'number' || !Number.isFinite(value)
        ? `${field}.${tier} must be a number`
        : check(value);
    if (problem === null) valid[tier] = value as number;
    else violations.push({ field: `${field}.${tier}`, problems: [problem] });
  }
  const present = TIERS.filter((tier) => valid[tier] !== undefined);
  for (let i = 1; i < present.length; i += 1) {
    const lower = present[i - 1];
    const upper = present[i];
    if ((valid[lower] as number) > (valid[upper] as number)) {
      violations.push({
        field: `${field}.${upper}`,
        problems: [`${field}.${upper} must be at least ${field}.${lower} (warn <= fail <= critical)`],
      });
    }
  }
  return violations;
}

/** Field problems of unexpected-percentage thresholds: each 0..100, warn <= fail <= critical. */
export function validateSeverityThresholds(input: unknown, field = 'thresholds'): FieldViolation[] {
  return validateOrderedBounds(input, field, (value) =>
    value < 0 || value > 100 ? `${field} bounds are percentages between 0 and 100` : null,
  );
}

/** The thresholds that apply: the given ones, or the default when none is set. */
export function effectiveSeverityThresholds(thresholds?: SeverityThresholds | null): SeverityThresholds {
  if (thresholds === undefined || thresholds === null) return { ...DEFAULT_SEVERITY_THRESHOLDS };
  const set = TIERS.filter((tier) => thresholds[tier] !== undefined && thresholds[tier] !== null);
  if (set.length === 0) return { ...DEFAULT_SEVERITY_THRESHOLDS };
  return Object.fromEntries(set.map((tier) => [tier, thresholds[tier]]));
}

/** Bands a value through bounds: the highest tier whose bound the value exceeds, else pass. */
function band(value: number, bounds: SeverityThresholds): BandedOutcome {
  if (bounds.critical !== undefined && value > bounds.critical) return CheckOutcome.Critical;
  if (bounds.fail !== undefined && value > bounds.fail) return CheckOutcome.Fail;
  if (bounds.warn !== undefined && value > bounds.warn) return CheckOutcome.Warn;
  return CheckOutcome.Pass;
}

/** Bands an observed unexpected percentage (0..100) into pass, warn, fail or critical. */
export function bandUnexpectedPercent(
  unexpectedPercent: number,
  thresholds?: SeverityThresholds | null,
): BandedOutcome {
  if (!Number.isFinite(unexpectedPercent) || unexpectedPercent < 0 || unexpectedPercent > 100) {
    throw new RangeError('unexpected percentage must be between 0 and 100');
  }
  return band(unexpectedPercent, effectiveSeverityThresholds(thresholds));
}

/**
 * Great Expectations' `mostly` (the fraction of rows that must pass, 0..1) as our fail bound: GE
 * succeeds when unexpected % <= (1 - mostly) x 100, which is exactly "fail above that bound". The
 * result is rounded to 1e-9 so 0.95 gives 5, not 5.000000000000004.
 */
export function failBoundFromMostly(mostly: number): number {
  return Math.round((1 - mostly) * 100 * 1e9) / 1e9;
}

/**
 * Merges `mostly` into thresholds for a column-map expectation. `mostly` sets the fail bound, so it
 * may not be given together with `thresholds.fail` (two answers to one question); warn and critical
 * still apply around it.
 */
export function resolveExpectationThresholds(
  thresholds: SeverityThresholds | null | undefined,
  mostly: number | undefined,
): { thresholds: SeverityThresholds; fields: FieldViolation[] } {
  const fields = validateSeverityThresholds(thresholds);
  if (mostly === undefined) return { thresholds: effectiveSeverityThresholds(thresholds), fields };
  if (thresholds?.fail !== undefined && thresholds.fail !== null) {
    fields.push({
      field: 'thresholds.fail',
      problems: ['give either kwargs.mostly or thresholds.fail: mostly sets the fail bound'],
    });
  }
  const merged: SeverityThresholds = { ...(thresholds ?? {}), fail: failBoundFromMostly(mostly) };
  if (fields.length === 0) fields.push(...validateSeverityThresholds(merged));
  return { thresholds: effectiveSeverityThresholds(merged), fields };
}

/** Pass/fail outcome for checks the spec makes binary (custom SQL: any returned row is a failure). */
export function bandBinary(failed: boolean): BandedOutcome {
  return failed ? CheckOutcome.Fail : CheckOutcome.Pass;
}

/** Shared with z-score bands, which use the same ordered-bounds rules in other units. */
export { band as bandThroughBounds, validateOrderedBounds };
