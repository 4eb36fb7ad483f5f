import { AppError, DEFAULT_SCORING_WEIGHTS, SCORING_WEIGHTS_RULE, type ScoringWeights } from '@dq/contracts';
import { assertValidScoringWeights, defaultScoringWeights, scoringWeightViolations } from './scoring-weights';

describe('scoringWeightViolations', () => {
  it.each([
    [{ warn: 1, fail: 3, critical: 5 }],
    [{ warn: 0, fail: 0, critical: 0.5 }],
    [{ warn: 1, fail: 1, critical: 1 }],
    [{ warn: 0, fail: 2, critical: 2 }],
    [{ warn: 2.5, fail: 1e6, critical: 1e9 }],
  ])('accepts %j', (weights) => {
    expect(scoringWeightViolations(weights)).toEqual([]);
  });

  it.each([
    [{ warn: -1, fail: 3, critical: 5 }, { warn: ['warn must be at least 0'] }],
    [{ warn: 4, fail: 3, critical: 5 }, { fail: ['fail must be at least warn'] }],
    [{ warn: 1, fail: 6, critical: 5 }, { critical: ['critical must be at least fail'] }],
    [{ warn: 0, fail: 0, critical: 0 }, { critical: ['critical must be greater than 0'] }],
    [
      { warn: 0, fail: 1, critical: -1 },
      { critical: ['critical must be at least fail', 'critical must be greater than 0'] },
    ],
    [
      { warn: -3, fail: -2, critical: -1 },
      { warn: ['warn must be at least 0'], critical: ['critical must be greater than 0'] },
    ],
    [{ warn: 1, fail: Number.NaN, critical: 5 }, { fail: ['fail must be a finite number'] }],
    [{ warn: 1, fail: 3, critical: Infinity }, { critical: ['critical must be a finite number'] }],
    [
      { warn: '1', fail: 3, critical: 5 } as unknown as ScoringWeights,
      { warn: ['warn must be a finite number'] },
    ],
  ])('refuses %j, naming each field and rule it breaks', (weights, expected) => {
    const byField = Object.fromEntries(
      scoringWeightViolations(weights).map((violation) => [violation.field, violation.problems]),
    );
    expect(byField).toEqual(expected);
  });
});

describe('assertValidScoringWeights', () => {
  it('throws 422 validation_failed with the fields and the rule', () => {
    let thrown: unknown;
    try {
      assertValidScoringWeights({ warn: 4, fail: 3, critical: 5 });
    } catch (error: unknown) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.detail).toEqual({
      fields: [{ field: 'fail', problems: ['fail must be at least warn'] }],
      rule: SCORING_WEIGHTS_RULE,
    });
  });

  it('passes valid weights', () => {
    expect(() => assertValidScoringWeights({ warn: 0, fail: 0, critical: 1 })).not.toThrow();
  });
});

describe('defaultScoringWeights', () => {
  it('is warn 1, fail 3, critical 5, as a copy the caller may change', () => {
    const weights = defaultScoringWeights();
    expect(weights).toEqual({ warn: 1, fail: 3, critical: 5 });
    weights.warn = 2;
    expect(DEFAULT_SCORING_WEIGHTS.warn).toBe(1);
    expect(defaultScoringWeights().warn).toBe(1);
  });
});
