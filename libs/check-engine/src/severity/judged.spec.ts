import { judgedByAnyCount, judgedByRange, judgedByTiers, judgedExpectation } from './judged';

describe('judged readings', () => {
  it('says which tier bound a value exceeded and which it stayed within', () => {
    expect(
      judgedByTiers({
        metric: 'unexpected_percent',
        value: 16.6,
        unit: 'percent',
        thresholds: { warn: 1, fail: 5, critical: 50 },
        band: 'fail',
      }),
    ).toEqual({
      metric: 'unexpected_percent',
      value: 16.6,
      unit: 'percent',
      thresholds: { warn: 1, fail: 5, critical: 50 },
      band: 'fail',
      reading: 'unexpected_percent 16.6 % > fail 5 %, <= critical 50 %',
    });
    expect(
      judgedByTiers({
        metric: 'hours_since',
        value: 3,
        unit: 'hours',
        thresholds: { fail: 24 },
        band: 'pass',
      }).reading,
    ).toBe('hours_since 3 h <= fail 24 h');
  });

  it('keeps only the tiers that are set', () => {
    expect(
      judgedByTiers({
        metric: 'mismatch_percent',
        value: 0,
        unit: 'percent',
        thresholds: { warn: undefined, fail: 0 },
        band: 'pass',
      }).thresholds,
    ).toEqual({ fail: 0 });
  });

  it('judges a range: below min, above max, within', () => {
    const volume = (value: number, band: 'pass' | 'warn') =>
      judgedByRange({ metric: 'row_count', value, unit: 'rows', min: 10, max: 20, severity: 'warn', band });
    expect(volume(5, 'warn')).toMatchObject({
      range: { min: 10, max: 20, severity: 'warn' },
      reading: 'row_count 5 rows < min 10: warn',
    });
    expect(volume(25, 'warn').reading).toBe('row_count 25 rows > max 20: warn');
    expect(volume(15, 'pass').reading).toBe('row_count 15 rows within [10, 20]');
  });

  it('judges a count where any is too many', () => {
    expect(
      judgedByAnyCount({
        metric: 'failing_rows',
        value: 3,
        unit: 'rows',
        severity: 'critical',
        band: 'critical',
      }),
    ).toMatchObject({ thresholds: { critical: 0 }, reading: 'failing_rows 3 rows > critical 0 rows' });
  });

  it('judges expectations by their shape', () => {
    expect(
      judgedExpectation({
        shape: 'column_map',
        band: 'warn',
        unexpectedPercent: 9.090909,
        observed: 1,
        thresholds: { warn: 5, fail: 50 },
        kwargs: { column: 'status' },
      }),
    ).toMatchObject({ metric: 'unexpected_percent', value: 9.090909, band: 'warn' });
    expect(
      judgedExpectation({
        shape: 'table',
        band: 'fail',
        unexpectedPercent: 100,
        observed: 11,
        thresholds: { fail: 0 },
        kwargs: { min_value: 20 },
      }),
    ).toMatchObject({
      metric: 'observed_value',
      value: 11,
      range: { min: 20, max: null, severity: 'fail' },
      reading: 'observed_value 11 < min 20: fail',
    });
    expect(
      judgedExpectation({
        shape: 'column_aggregate',
        band: 'critical',
        unexpectedPercent: 100,
        observed: null,
        thresholds: { critical: 0 },
        kwargs: { value_set: ['a'] },
      }).reading,
    ).toBe('observed_value does not meet the expectation: critical (the highest tier set)');
  });
});
