import { evaluateAnomaly, validateAnomalyThresholds, validateMinPoints } from './anomaly';

const day = (n: number): Date => new Date(Date.UTC(2026, 10, 1 + n, 6)); // 2026-11-01 is a Sunday
const series = (values: number[]) => values.map((value, index) => ({ at: day(index), value }));

// mean 100, sample stddev 10 (values 90, 100, 110 repeated: squared deviations 100, 0, 100)
const HISTORY = series([90, 100, 110, 90, 100, 110, 90, 100, 110]);
const STDDEV = Math.sqrt(600 / 8);

describe('evaluateAnomaly', () => {
  it.each([
    [100, 'pass'],
    [100 + 1.9 * STDDEV, 'pass'],
    [100 + 2.1 * STDDEV, 'warn'],
    [100 - 2.5 * STDDEV, 'warn'], // a drop counts as much as a spike
    [100 + 3.5 * STDDEV, 'fail'],
    [100 - 4.5 * STDDEV, 'critical'],
  ] as const)('observed %s bands %s with the default z bounds 2 / 3 / 4', (value, outcome) => {
    const verdict = evaluateAnomaly({ history: HISTORY, observed: { at: day(9), value } });
    expect(verdict.outcome).toBe(outcome);
    if (verdict.outcome === 'skip') throw new Error('unexpected skip');
    expect(verdict.mean).toBeCloseTo(100, 10);
    expect(verdict.stddev).toBeCloseTo(STDDEV, 10);
    expect(verdict.points).toBe(9);
  });

  it('skips (never passes) below min_points, default 7', () => {
    expect(
      evaluateAnomaly({ history: series([1, 2, 3, 4, 5, 6]), observed: { at: day(7), value: 4 } }),
    ).toEqual({
      outcome: 'skip',
      points: 6,
      min_points: 7,
      warming_up: true,
      judged: {
        metric: 'abs_z',
        value: null,
        unit: 'z',
        thresholds: { warn: 2, fail: 3, critical: 4 },
        band: 'skip',
        reading: 'warming up: 6 of 7 points of history, no verdict yet',
      },
    });
    expect(
      evaluateAnomaly({ history: HISTORY, observed: { at: day(9), value: 100 }, minPoints: 10 }).outcome,
    ).toBe('skip');
  });

  it('states the bounds it judged against and the band reached', () => {
    const verdict = evaluateAnomaly({
      history: HISTORY,
      observed: { at: day(9), value: 100 + 3.5 * STDDEV },
    });
    expect(verdict.judged).toEqual({
      metric: 'abs_z',
      value: expect.closeTo(3.5, 9),
      unit: 'z',
      thresholds: { warn: 2, fail: 3, critical: 4 },
      band: 'fail',
      reading: 'abs_z 3.5 > fail 3, <= critical 4',
    });
    const flat = evaluateAnomaly({
      history: series([50, 50, 50, 50, 50, 50, 50]),
      observed: { at: day(8), value: 60 },
    });
    expect(flat.judged).toMatchObject({ value: null, band: 'critical' });
    expect(flat.judged.reading).toContain('Infinity');
  });

  it('uses the thresholds given instead of the defaults', () => {
    const verdict = evaluateAnomaly({
      history: HISTORY,
      observed: { at: day(9), value: 100 + 1.5 * STDDEV },
      thresholds: { warn: 1, fail: 1.4 },
    });
    expect(verdict.outcome).toBe('fail');
  });

  it('treats any change against a flat history as unbounded z', () => {
    const flat = series([50, 50, 50, 50, 50, 50, 50]);
    const same = evaluateAnomaly({ history: flat, observed: { at: day(8), value: 50 } });
    expect(same.outcome).toBe('pass');
    const moved = evaluateAnomaly({ history: flat, observed: { at: day(8), value: 51 } });
    expect(moved.outcome).toBe('critical');
    if (moved.outcome !== 'skip') expect(moved.z).toBe(Number.POSITIVE_INFINITY);
  });

  it('per weekday compares only with the same weekday, 4 points by default', () => {
    // 28 days: Mondays carry 1000-ish, other days 100-ish.
    const history = Array.from({ length: 28 }, (_, index) => ({
      at: day(index),
      value: day(index).getUTCDay() === 1 ? 1000 + (index % 3) : 100 + (index % 3),
    }));
    const monday = day(29);
    expect(monday.getUTCDay()).toBe(1);
    const verdict = evaluateAnomaly({ history, observed: { at: monday, value: 1001 }, perWeekday: true });
    expect(verdict.outcome).toBe('pass');
    expect(verdict.points).toBe(4);
    expect(evaluateAnomaly({ history, observed: { at: monday, value: 1001 } }).outcome).toBe('warn'); // seasonality mistaken for an anomaly
    expect(
      evaluateAnomaly({
        history: history.slice(0, 14),
        observed: { at: monday, value: 1001 },
        perWeekday: true,
      }),
    ).toMatchObject({ outcome: 'skip', points: 2, min_points: 4, warming_up: true });
  });

  it('decides the weekday in the given time zone', () => {
    // 23:30 UTC on a Sunday is already Monday in Tokyo.
    const late = (n: number) => new Date(Date.UTC(2026, 10, 1 + 7 * n, 23, 30));
    const history = [0, 1, 2, 3].map((n) => ({ at: late(n), value: 10 + n }));
    const observed = { at: new Date(Date.UTC(2026, 10, 30, 1, 0)), value: 11 }; // Monday in UTC and Tokyo
    expect(evaluateAnomaly({ history, observed, perWeekday: true }).outcome).toBe('skip');
    expect(evaluateAnomaly({ history, observed, perWeekday: true, timeZone: 'Asia/Tokyo' }).points).toBe(4);
  });
});

describe('anomaly validation', () => {
  it('accepts positive ordered z bounds', () => {
    expect(validateAnomalyThresholds({ warn: 1.5, fail: 2.5, critical: 3 })).toEqual([]);
    expect(validateAnomalyThresholds(undefined)).toEqual([]);
  });

  it('refuses zero or unordered bounds', () => {
    expect(validateAnomalyThresholds({ warn: 0 })).toEqual([
      { field: 'thresholds.warn', problems: ['thresholds bounds are z-scores greater than 0'] },
    ]);
    expect(validateAnomalyThresholds({ fail: 4, critical: 3 })[0]?.field).toBe('thresholds.critical');
  });

  it.each([
    [7, true],
    [2, true],
    [1, false],
    [3.5, false],
    ['7', false],
    [1000, false],
  ])('min_points %j valid = %s', (value, valid) => {
    expect(validateMinPoints(value)).toHaveLength(valid ? 0 : 1);
  });
});
