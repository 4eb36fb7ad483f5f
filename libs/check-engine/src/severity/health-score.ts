import { type CheckOutcome, type FieldViolation } from '@dq/contracts';

/** Severity weights of the health score (admin-configurable; defaults in docs/decisions/0021). */
export interface HealthScoreWeights {
  warn: number;
  fail: number;
  critical: number;
}

export const DEFAULT_HEALTH_SCORE_WEIGHTS: Readonly<HealthScoreWeights> = Object.freeze({
  warn: 1,
  fail: 3,
  critical: 5,
});

/** The spec's scoring PUT rule: 0 <= warn <= fail <= critical and critical > 0, else 422. */
export function validateHealthScoreWeights(input: unknown, field = 'weights'): FieldViolation[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return [{ field, problems: [`${field} must be an object with warn, fail and critical`] }];
  }
  const record = input as Record<string, unknown>;
  const violations: FieldViolation[] = [];
  for (const key of Object.keys(record)) {
    if (!['warn', 'fail', 'critical'].includes(key)) {
      violations.push({ field: `${field}.${key}`, problems: [`${field}.${key} is not a severity weight`] });
    }
  }
  const numbers: Partial<HealthScoreWeights> = {};
  for (const tier of ['warn', 'fail', 'critical'] as const) {
    const value = record[tier];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      violations.push({ field: `${field}.${tier}`, problems: [`${field}.${tier} must be a number >= 0`] });
    } else numbers[tier] = value;
  }
  const { warn, fail, critical } = numbers;
  if (warn !== undefined && fail !== undefined && warn > fail) {
    violations.push({ field: `${field}.fail`, problems: [`${field}.fail must be at least ${field}.warn`] });
  }
  if (fail !== undefined && critical !== undefined && fail > critical) {
    violations.push({
      field: `${field}.critical`,
      problems: [`${field}.critical must be at least ${field}.fail`],
    });
  }
  if (critical === 0) {
    violations.push({ field: `${field}.critical`, problems: [`${field}.critical must be greater than 0`] });
  }
  return violations;
}

/**
 * Health score (docs/decisions/0021): over outcomes in {pass, warn, fail, critical},
 * 100 x (1 - sum of weight(outcome) / (count x weight(critical))), weight(pass) = 0; skip is left
 * out and an `error` weighs as `critical` (a check that could not be evaluated cannot be vouched
 * for: docs/decisions/0001). Null when no check has such an outcome, because "no
 * evidence" is not a score of 100.
 */
export function healthScore(
  outcomes: readonly CheckOutcome[],
  weights: HealthScoreWeights = DEFAULT_HEALTH_SCORE_WEIGHTS,
): number | null {
  if (!(weights.critical > 0)) throw new RangeError('the critical weight must be greater than 0');
  let count = 0;
  let penalty = 0;
  for (const outcome of outcomes) {
    if (outcome === 'skip') continue;
    count += 1;
    if (outcome === 'error') penalty += weights.critical;
    else if (outcome !== 'pass') penalty += weights[outcome];
  }
  if (count === 0) return null;
  return 100 * (1 - penalty / (count * weights.critical));
}
