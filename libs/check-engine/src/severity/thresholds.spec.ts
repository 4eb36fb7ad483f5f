import {
  bandBinary,
  bandUnexpectedPercent,
  effectiveSeverityThresholds,
  failBoundFromMostly,
  resolveExpectationThresholds,
  type SeverityThresholds,
  validateSeverityThresholds,
} from './thresholds';

describe('bandUnexpectedPercent', () => {
  it.each([
    // default (no thresholds): pass only at exactly 0 % unexpected
    [0, undefined, 'pass'],
    [0.0001, undefined, 'fail'],
    [100, undefined, 'fail'],
    [0, {}, 'pass'],
    [3, {}, 'fail'],
  ] as const)('%s %% with %j is %s', (percent, thresholds, outcome) => {
    expect(bandUnexpectedPercent(percent, thresholds)).toBe(outcome);
  });

  const tiers: SeverityThresholds = { warn: 1, fail: 5, critical: 20 };
  it.each([
    [0, 'pass'],
    [1, 'pass'], // a bound is the most a tier still tolerates
    [1.01, 'warn'],
    [5, 'warn'],
    [5.5, 'fail'],
    [20, 'fail'],
    [20.1, 'critical'],
    [100, 'critical'],
  ] as const)('%s %% with warn 1 / fail 5 / critical 20 is %s', (percent, outcome) => {
    expect(bandUnexpectedPercent(percent, tiers)).toBe(outcome);
  });

  it('never reaches a tier that is left out', () => {
    expect(bandUnexpectedPercent(50, { warn: 0 })).toBe('warn');
    expect(bandUnexpectedPercent(50, { critical: 60 })).toBe('pass');
    expect(bandUnexpectedPercent(70, { critical: 60 })).toBe('critical');
    expect(bandUnexpectedPercent(10, { warn: 0, critical: 10 })).toBe('warn');
  });

  it('refuses a percentage outside 0..100', () => {
    expect(() => bandUnexpectedPercent(-1)).toThrow(RangeError);
    expect(() => bandUnexpectedPercent(100.5)).toThrow(RangeError);
    expect(() => bandUnexpectedPercent(Number.NaN)).toThrow(RangeError);
  });

  it('keeps only the tiers that are set', () => {
    expect(effectiveSeverityThresholds(null)).toEqual({ fail: 0 });
    expect(effectiveSeverityThresholds({ warn: 2 })).toEqual({ warn: 2 });
  });
});

describe('validateSeverityThresholds', () => {
  it.each([
    undefined,
    null,
    {},
    { fail: 0 },
    { warn: 0, fail: 0, critical: 0 },
    { warn: 1, fail: 5, critical: 100 },
  ])('accepts %j', (input) => {
    expect(validateSeverityThresholds(input)).toEqual([]);
  });

  it.each([
    [
      { warn: -1 },
      [{ field: 'thresholds.warn', problems: ['thresholds bounds are percentages between 0 and 100'] }],
    ],
    [
      { critical: 101 },
      [{ field: 'thresholds.critical', problems: ['thresholds bounds are percentages between 0 and 100'] }],
    ],
    [{ fail: '5' }, [{ field: 'thresholds.fail', problems: ['thresholds.fail must be a number'] }]],
    [
      { fail: Number.POSITIVE_INFINITY },
      [{ field: 'thresholds.fail', problems: ['thresholds.fail must be a number'] }],
    ],
    [
      { warn: 10, fail: 5 },
      [
        {
          field: 'thresholds.fail',
          problems: ['thresholds.fail must be at least thresholds.warn (warn <= fail <= critical)'],
        },
      ],
    ],
    [
      { warn: 10, critical: 5 },
      [
        {
          field: 'thresholds.critical',
          problems: ['thresholds.critical must be at least thresholds.warn (warn <= fail <= critical)'],
        },
      ],
    ],
    [{ error: 5 }, [{ field: 'thresholds.error', problems: ['thresholds.error is not a threshold tier'] }]],
    [
      [1, 2],
      [
        {
          field: 'thresholds',
          problems: ['thresholds must be an object with optional warn, fail and critical'],
        },
      ],
    ],
  ])('refuses %j', (input, fields) => {
    expect(validateSeverityThresholds(input)).toEqual(fields);
  });

  it('names the field with the caller prefix', () => {
    expect(validateSeverityThresholds({ warn: 200 }, 'checks.0.thresholds')[0]?.field).toBe(
      'checks.0.thresholds.warn',
    );
  });
});

describe('mostly', () => {
  it.each([
    [1, 0],
    [0.95, 5],
    [0.9, 10],
    [0.999, 0.1],
    [0, 100],
  ])('mostly %s is a fail bound of %s %%', (mostly, bound) => {
    expect(failBoundFromMostly(mostly)).toBe(bound);
  });

  it('matches GE: success exactly when unexpected % <= (1 - mostly) x 100', () => {
    const { thresholds } = resolveExpectationThresholds(undefined, 0.95);
    expect(thresholds).toEqual({ fail: 5 });
    expect(bandUnexpectedPercent(5, thresholds)).toBe('pass');
    expect(bandUnexpectedPercent(5.01, thresholds)).toBe('fail');
  });

  it('keeps warn and critical around the fail bound it sets', () => {
    const { thresholds, fields } = resolveExpectationThresholds({ warn: 1, critical: 50 }, 0.9);
    expect(fields).toEqual([]);
    expect(thresholds).toEqual({ warn: 1, fail: 10, critical: 50 });
  });

  it('refuses mostly together with thresholds.fail, and a mostly that breaks the order', () => {
    expect(resolveExpectationThresholds({ fail: 3 }, 0.9).fields).toEqual([
      {
        field: 'thresholds.fail',
        problems: ['give either kwargs.mostly or thresholds.fail: mostly sets the fail bound'],
      },
    ]);
    expect(resolveExpectationThresholds({ warn: 20 }, 0.9).fields[0]?.field).toBe('thresholds.fail');
  });
});

describe('bandBinary', () => {
  it('is pass or fail only', () => {
    expect(bandBinary(false)).toBe('pass');
    expect(bandBinary(true)).toBe('fail');
  });
});
