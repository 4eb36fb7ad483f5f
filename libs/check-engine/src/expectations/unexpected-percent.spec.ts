import { expectationDefinition, type ExpectationDefinition } from './expectation-catalog';
import { bandExpectation, columnMapUnexpectedPercent } from './unexpected-percent';

const definition = (type: string): ExpectationDefinition => {
  const found = expectationDefinition(type);
  if (found === undefined) throw new Error(`no ${type}`);
  return found;
};

describe('columnMapUnexpectedPercent', () => {
  // A column of 10 rows with 2 nulls, as GE would see it.
  it.each([
    // not_null / null count over all rows
    ['expect_column_values_to_not_be_null', { element_count: 10, nonnull_count: 8, unexpected_count: 2 }, 20],
    ['expect_column_values_to_be_null', { element_count: 10, nonnull_count: 8, unexpected_count: 8 }, 80],
    // value tests count over the 8 non-null rows only
    ['expect_column_values_to_be_in_set', { element_count: 10, nonnull_count: 8, unexpected_count: 2 }, 25],
    ['expect_column_values_to_match_regex', { element_count: 10, nonnull_count: 8, unexpected_count: 0 }, 0],
    // GE's own example: [1, 2, 3, 3, 3] is 60 % unexpected for uniqueness
    ['expect_column_values_to_be_unique', { element_count: 5, nonnull_count: 5, unexpected_count: 3 }, 60],
    [
      'expect_compound_columns_to_be_unique',
      { element_count: 10, nonnull_count: 4, unexpected_count: 2 },
      50,
    ],
    // an all-null column is vacuously met for a value test
    ['expect_column_values_to_be_between', { element_count: 10, nonnull_count: 0, unexpected_count: 0 }, 0],
    ['expect_column_values_to_not_be_null', { element_count: 0, nonnull_count: 0, unexpected_count: 0 }, 0],
  ])('%s with %j is %s %%', (type, counts, percent) => {
    expect(columnMapUnexpectedPercent(definition(type), counts)).toBeCloseTo(percent, 10);
  });

  it('refuses counts that cannot be right, and non-map expectations', () => {
    expect(() =>
      columnMapUnexpectedPercent(definition('expect_column_values_to_be_in_set'), {
        element_count: 10,
        nonnull_count: 8,
        unexpected_count: 9,
      }),
    ).toThrow(RangeError);
    expect(() =>
      columnMapUnexpectedPercent(definition('expect_column_mean_to_be_between'), {
        element_count: 1,
        nonnull_count: 1,
        unexpected_count: 0,
      }),
    ).toThrow(TypeError);
  });
});

describe('bandExpectation', () => {
  const inSet = definition('expect_column_values_to_be_in_set');
  const counts = (unexpected: number) => ({
    shape: 'column_map' as const,
    counts: { element_count: 120, nonnull_count: 100, unexpected_count: unexpected },
  });

  it.each([
    [0, undefined, undefined, 'pass'],
    [1, undefined, undefined, 'fail'],
    [5, undefined, 0.95, 'pass'],
    [6, undefined, 0.95, 'fail'],
    [3, { warn: 2 }, 0.95, 'warn'],
    [30, { warn: 2, critical: 25 }, 0.95, 'critical'],
  ] as const)(
    '%s of 100 non-null unexpected, thresholds %j, mostly %s: %s',
    (unexpected, thresholds, mostly, outcome) => {
      const result = bandExpectation(inSet, counts(unexpected), thresholds, mostly);
      expect(result).toEqual({ outcome, unexpected_percent: unexpected });
    },
  );

  it('bands an aggregate as met (pass) or unmet (highest tier defined)', () => {
    const rowCount = definition('expect_table_row_count_to_be_between');
    expect(bandExpectation(rowCount, { shape: 'table', met: true })).toEqual({
      outcome: 'pass',
      unexpected_percent: 0,
    });
    expect(bandExpectation(rowCount, { shape: 'table', met: false })).toEqual({
      outcome: 'fail',
      unexpected_percent: 100,
    });
    expect(
      bandExpectation(rowCount, { shape: 'table', met: false }, { warn: 0, critical: 100 }).outcome,
    ).toBe('critical');
    expect(bandExpectation(rowCount, { shape: 'table', met: false }, { warn: 10 }).outcome).toBe('warn');
  });

  it('refuses an observation of the wrong shape and invalid thresholds', () => {
    expect(() => bandExpectation(inSet, { shape: 'table', met: true })).toThrow(TypeError);
    expect(() => bandExpectation(inSet, counts(1), { warn: 5, fail: 1 })).toThrow(RangeError);
  });
});
