import { type CheckOutcome, DEFAULT_SCORING_WEIGHTS, type ScoringWeights } from '@dq/contracts';
import { healthScore as healthScoreOfOutcomes } from '@dq/check-engine';
import { type OutcomeCounts, healthScore } from './health-score';

const DEFAULTS: ScoringWeights = { ...DEFAULT_SCORING_WEIGHTS };

describe('healthScore', () => {
  it.each([
    [{ pass: 4 }, 100],
    [{ critical: 3 }, 0],
    [{ pass: 1, warn: 1 }, 90], // 100 x (1 - 1 / (2 x 5))
    [{ pass: 2, fail: 1 }, 80], // 100 x (1 - 3 / (3 x 5))
    [{ pass: 1, warn: 1, fail: 1, critical: 1 }, 55], // 100 x (1 - 9 / 20)
    [{ warn: 3 }, 80],
    [{ fail: 1, critical: 1 }, 20],
  ] as [OutcomeCounts, number][])('%j scores %s with the default weights', (counts, score) => {
    expect(healthScore(counts, DEFAULTS)).toBe(score);
  });

  it('leaves skip out of the count entirely', () => {
    expect(healthScore({ pass: 1, fail: 1, skip: 3 }, DEFAULTS)).toBe(
      healthScore({ pass: 1, fail: 1 }, DEFAULTS),
    );
    expect(healthScore({ fail: 1, skip: 1 }, DEFAULTS)).toBe(40);
  });

  it('weighs an error as critical: a suite with an errored check never scores 100', () => {
    expect(healthScore({ pass: 1, fail: 1, error: 1 }, DEFAULTS)).toBe(
      healthScore({ pass: 1, fail: 1, critical: 1 }, DEFAULTS),
    );
    expect(healthScore({ pass: 2, error: 5 }, DEFAULTS)).toBe(28.57); // 100 x 2 / 7
    expect(healthScore({ pass: 27, error: 1 }, DEFAULTS)).toBe(96.43);
    // Nor does rounding make 100 of an imperfect score.
    expect(healthScore({ pass: 1_000_000, error: 1 }, DEFAULTS)).toBe(99.99);
    expect(healthScore({ pass: 1_000_000, warn: 1 }, DEFAULTS)).toBe(99.99);
    // Every check errored: evidence that nothing could be vouched for, not "no evidence".
    expect(healthScore({ error: 3 }, DEFAULTS)).toBe(0);
    // Whatever the weights: the error stands at the critical weight.
    expect(healthScore({ pass: 1, error: 1 }, { warn: 0, fail: 0, critical: 1 })).toBe(50);
  });

  it('is null when no check has a scorable outcome ("no evidence" is not 100)', () => {
    expect(healthScore({}, DEFAULTS)).toBeNull();
    expect(healthScore({ pass: 0, warn: 0 }, DEFAULTS)).toBeNull();
    expect(healthScore({ skip: 1 }, DEFAULTS)).toBeNull();
  });

  it('uses the weights it is given', () => {
    expect(healthScore({ pass: 2, warn: 1 }, { warn: 0, fail: 0, critical: 1 })).toBe(100);
    expect(healthScore({ pass: 2, fail: 1 }, { warn: 0, fail: 0, critical: 1 })).toBe(100);
    expect(healthScore({ pass: 1, warn: 1 }, { warn: 1, fail: 1, critical: 1 })).toBe(50);
    expect(healthScore({ critical: 1, pass: 1 }, { warn: 0, fail: 0, critical: 0.001 })).toBe(50);
  });

  it('rounds to two decimals and never answers -0', () => {
    expect(healthScore({ pass: 2, warn: 1 }, { warn: 1, fail: 1, critical: 1 })).toBe(66.67);
    expect(healthScore({ pass: 2, fail: 1 }, { warn: 2, fail: 2, critical: 10 })).toBe(93.33);
    expect(Object.is(healthScore({ fail: 3 }, { warn: 0.1, fail: 0.3, critical: 0.3 }), 0)).toBe(true);
  });

  it('stays within 0 to 100 for huge weights and counts', () => {
    const huge = { warn: 1e308, fail: 1.5e308, critical: Number.MAX_VALUE };
    expect(healthScore({ pass: 1, critical: 1 }, huge)).toBe(50);
    expect(healthScore({ pass: 1_000_000, warn: 1_000_000 }, huge)).toBeGreaterThanOrEqual(0);
    expect(healthScore({ critical: Number.MAX_SAFE_INTEGER }, DEFAULTS)).toBe(0);
  });

  it('agrees with the check-engine score over the same outcomes', () => {
    const outcomes: CheckOutcome[] = ['pass', 'warn', 'fail', 'critical', 'error', 'skip'];
    const weightSets: ScoringWeights[] = [
      DEFAULTS,
      { warn: 0, fail: 2, critical: 2 },
      { warn: 0.5, fail: 4, critical: 7 },
    ];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let round = 0; round < 200; round += 1) {
      const counts: OutcomeCounts = {};
      const list: CheckOutcome[] = [];
      for (const outcome of outcomes) {
        const n = next() % 6;
        counts[outcome] = n;
        for (let i = 0; i < n; i += 1) list.push(outcome);
      }
      const weights = weightSets[round % weightSets.length];
      const expected = healthScoreOfOutcomes(list, weights);
      const actual = healthScore(counts, weights);
      if (expected === null) expect(actual).toBeNull();
      else expect(actual).toBeCloseTo(expected, 2);
    }
  });

  it.each([
    [{ warn: -1, fail: 3, critical: 5 }],
    [{ warn: 4, fail: 3, critical: 5 }],
    [{ warn: 1, fail: 6, critical: 5 }],
    [{ warn: 0, fail: 0, critical: 0 }],
    [{ warn: 1, fail: 3, critical: Number.NaN }],
    [{ warn: 1, fail: 3, critical: Infinity }],
  ])('refuses weights that break the rule: %j', (weights) => {
    expect(() => healthScore({ pass: 1 }, weights)).toThrow(RangeError);
  });

  it.each([[{ pass: -1 }], [{ fail: 1.5 }], [{ warn: Number.NaN }]] as [OutcomeCounts][])(
    'refuses a count that is not a non-negative integer: %j',
    (counts) => {
      expect(() => healthScore(counts, DEFAULTS)).toThrow(RangeError);
    },
  );
});
