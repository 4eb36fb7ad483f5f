import {
  AppError,
  DEFAULT_SCORING_WEIGHTS,
  ErrorCode,
  type FieldViolation,
  SCORING_WEIGHTS_RULE,
  type ScoringWeights,
} from '@dq/contracts';

/** A fresh copy of the defaults (callers may mutate what they get). */
export function defaultScoringWeights(): ScoringWeights {
  return { ...DEFAULT_SCORING_WEIGHTS };
}

/**
 * What breaks the scoring rule (0 <= warn <= fail <= critical and critical > 0) in proposed
 * weights, one entry per offending field, each problem naming the rule it breaks. Empty when valid.
 */
export function scoringWeightViolations(weights: ScoringWeights): FieldViolation[] {
  const problems: Record<keyof ScoringWeights, string[]> = { warn: [], fail: [], critical: [] };
  const finite = (field: keyof ScoringWeights): boolean =>
    typeof weights[field] === 'number' && Number.isFinite(weights[field]);
  for (const field of ['warn', 'fail', 'critical'] as const) {
    if (!finite(field)) problems[field].push(`${field} must be a finite number`);
  }
  const { warn, fail, critical } = weights;
  if (finite('warn') && warn < 0) problems.warn.push('warn must be at least 0');
  if (finite('warn') && finite('fail') && fail < warn) problems.fail.push('fail must be at least warn');
  if (finite('fail') && finite('critical') && critical < fail) {
    problems.critical.push('critical must be at least fail');
  }
  if (finite('critical') && critical <= 0) problems.critical.push('critical must be greater than 0');
  return (['warn', 'fail', 'critical'] as const)
    .filter((field) => problems[field].length > 0)
    .map((field) => ({ field, problems: problems[field] }));
}

/** 422 `validation_failed` unless the weights keep the rule; `detail.rule` names it. */
export function assertValidScoringWeights(weights: ScoringWeights): void {
  const fields = scoringWeightViolations(weights);
  if (fields.length > 0) {
    throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
      fields,
      rule: SCORING_WEIGHTS_RULE,
    });
  }
}
