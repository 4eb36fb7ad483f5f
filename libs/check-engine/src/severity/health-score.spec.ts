import { type CheckOutcome } from '@dq/contracts';
import { healthScore, validateHealthScoreWeights } from './health-score';

describe('healthScore', () => {
  it.each([
    [['pass', 'pass'], 100],
    [['critical'], 0],
    [['pass', 'warn'], 100 * (1 - 1 / (2 * 5))],
    [['pass', 'fail', 'critical', 'warn'], 100 * (1 - (3 + 5 + 1) / (4 * 5))],
    [['fail', 'skip'], 40], // skip is no evidence either way
    // An error weighs as critical: what could not be checked is never vouched for.
    [['pass', 'error', 'skip'], 50],
    [[...Array<CheckOutcome>(27).fill('pass'), 'error'], (100 * 27) / 28],
    [['error', 'error'], 0],
  ] as [CheckOutcome[], number][])('%j scores %s with the default weights', (outcomes, score) => {
    expect(healthScore(outcomes)).toBeCloseTo(score, 10);
  });

  it('is null when no check has a scorable outcome', () => {
    expect(healthScore([])).toBeNull();
    expect(healthScore(['skip', 'skip'])).toBeNull();
  });

  it('uses configured weights', () => {
    expect(healthScore(['warn', 'pass'], { warn: 0, fail: 1, critical: 1 })).toBe(100);
    expect(healthScore(['fail', 'pass'], { warn: 0, fail: 1, critical: 2 })).toBe(75);
    expect(() => healthScore(['fail'], { warn: 0, fail: 0, critical: 0 })).toThrow(RangeError);
  });
});

describe('validateHealthScoreWeights', () => {
  it.each([
    { warn: 1, fail: 3, critical: 5 },
    { warn: 0, fail: 0, critical: 1 },
    { warn: 2, fail: 2, critical: 2 },
  ])('accepts %j', (weights) => {
    expect(validateHealthScoreWeights(weights)).toEqual([]);
  });

  it.each([
    [{ warn: 0, fail: 0, critical: 0 }, ['weights.critical']],
    [{ warn: 4, fail: 3, critical: 5 }, ['weights.fail']],
    [{ warn: 1, fail: 6, critical: 5 }, ['weights.critical']],
    [{ warn: -1, fail: 3, critical: 5 }, ['weights.warn']],
    [{ warn: 1, fail: 3 }, ['weights.critical']],
    [{ warn: 1, fail: 3, critical: 5, pass: 0 }, ['weights.pass']],
    [null, ['weights']],
  ])('refuses %j on %j', (weights, fields) => {
    expect(validateHealthScoreWeights(weights).map((violation) => violation.field)).toEqual(fields);
  });
});
