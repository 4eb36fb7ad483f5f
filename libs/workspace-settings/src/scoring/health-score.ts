import { type CheckOutcome, type ScoringWeights } from '@dq/contracts';

/** How many checks ended with each outcome; an absent outcome counts 0. */
export type OutcomeCounts = Partial<Record<CheckOutcome, number>>;

/**
 * The health score (docs/decisions/0021): over checks with an outcome in {pass, warn, fail,
 * critical}, score = 100 x (1 - sum of weight(outcome) / (count x weight(critical))),
 * weight(pass) = 0; skip is left out. An `error` (a check that could not be evaluated) weighs as
 * `critical` (docs/decisions/0001): what could not be checked cannot be vouched for, so a suite
 * with an errored check never scores 100, and one whose every check errored scores 0.
 *
 * Null when no check has a scorable outcome: "no evidence" is not a score of 100. Rounded to two
 * decimals. Each weight is divided by the critical weight first, so any valid weights (however
 * large) give a score from 0 to 100. Throws `RangeError` on weights that break the scoring rule or
 * on a count that is not a non-negative integer: both are bugs of the caller, never user input.
 */
export function healthScore(outcomeCounts: OutcomeCounts, weights: ScoringWeights): number | null {
  const { warn, fail, critical } = weights;
  if (!(critical > 0 && critical < Infinity && warn >= 0 && warn <= fail && fail <= critical)) {
    throw new RangeError('health-score weights must satisfy 0 <= warn <= fail <= critical and critical > 0');
  }
  const pass = countOf(outcomeCounts, 'pass');
  const warned = countOf(outcomeCounts, 'warn');
  const failed = countOf(outcomeCounts, 'fail');
  const criticals = countOf(outcomeCounts, 'critical') + countOf(outcomeCounts, 'error');
  const count = pass + warned + failed + criticals;
  if (count === 0) return null;
  const penalty = warned * (warn / critical) + failed * (fail / critical) + criticals;
  const score = Math.min(100, Math.max(0, 100 * (1 - penalty / count)));
  // Rounding never lifts an imperfect score to 100: 100 means every scored check passed.
  const rounded =
    penalty > 0 ? Math.min(99.99, Math.round(score * 100) / 100) : Math.round(score * 100) / 100;
  return rounded === 0 ? 0 : rounded; // never -0
}

function countOf(counts: OutcomeCounts, outcome: CheckOutcome): number {
  const value = counts[outcome] ?? 0;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`the ${outcome} count must be a non-negative integer`);
  }
  return value;
}
