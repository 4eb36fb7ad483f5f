import { AppError } from '@dq/contracts';
import { EXPECTATION_CATALOG, EXPECTATION_TYPES, NATIVE_EXPECTATION_TYPES } from './expectation-catalog';
import { parseExpectation, validateExpectation, validateExpectationEngine } from './validate-expectation';

// One valid configuration per catalog entry, written as a Great Expectations suite would carry it.
const VALID: Record<string, Record<string, unknown>> = {
  expect_column_values_to_not_be_null: { column: 'id' },
  expect_column_values_to_be_null: { column: 'deleted_at', mostly: 0.99 },
  expect_column_values_to_be_unique: { column: 'id' },
  expect_column_values_to_be_between: { column: 'age', min_value: 0, max_value: 130, strict_max: true },
  expect_column_values_to_be_in_set: { column: 'status', value_set: ['open', 'closed'] },
  expect_column_values_to_not_be_in_set: { column: 'status', value_set: ['deleted'] },
  expect_column_values_to_match_regex: { column: 'email', regex: '^[^@]+@[^@]+$' },
  expect_column_values_to_not_match_regex: { column: 'name', regex: '\\d' },
  expect_column_value_lengths_to_be_between: { column: 'code', min_value: 2, max_value: 3 },
  expect_column_values_to_be_of_type: { column: 'tags', type_: 'ARRAY<STRING>' },
  expect_table_row_count_to_be_between: { min_value: 1 },
  expect_table_row_count_to_equal: { value: 42 },
  expect_table_column_count_to_equal: { value: 5 },
  expect_table_column_count_to_be_between: { min_value: 3, max_value: 8 },
  expect_table_columns_to_match_set: { column_set: ['id', 'name'], exact_match: false },
  expect_table_columns_to_match_ordered_list: { column_list: ['id', 'name', 'email'] },
  expect_compound_columns_to_be_unique: {
    column_list: ['order_id', 'line'],
    ignore_row_if: 'any_value_is_missing',
  },
  expect_column_min_to_be_between: { column: 'created_at', min_value: '2020-01-01' },
  expect_column_max_to_be_between: { column: 'price', max_value: 10_000 },
  expect_column_mean_to_be_between: { column: 'price', min_value: 10, max_value: 20 },
  expect_column_median_to_be_between: { column: 'price', min_value: 10, max_value: 20, strict_min: true },
  expect_column_sum_to_be_between: { column: 'qty', min_value: 0 },
  expect_column_stdev_to_be_between: { column: 'qty', max_value: 3.5 },
  expect_column_distinct_values_to_be_in_set: { column: 'country', value_set: ['DE', 'FR'] },
  expect_column_distinct_values_to_contain_set: { column: 'country', value_set: ['DE'] },
  expect_column_distinct_values_to_equal_set: { column: 'flag', value_set: [true, false] },
  expect_column_unique_value_count_to_be_between: { column: 'country', min_value: 1, max_value: 250 },
  expect_column_proportion_of_unique_values_to_be_between: { column: 'id', min_value: 1 },
  expect_column_most_common_value_to_be_in_set: { column: 'country', value_set: ['DE'], ties_okay: true },
  null_count: { column: 'id', max_value: 0 },
  null_percent: { column: 'email', max_value: 2.5 },
  duplicate_count: { column: 'id', max_value: 0 },
  unique_count: { column: 'country', min_value: 2 },
};

describe('expectation catalog', () => {
  it('has one valid example per entry in this test, and nothing else', () => {
    expect([...EXPECTATION_TYPES].sort()).toEqual(Object.keys(VALID).sort());
  });

  it.each(Object.entries(VALID))('accepts a valid %s', (type, kwargs) => {
    expect(validateExpectation({ expectation_type: type, kwargs })).toEqual([]);
    const withFilter = { ...kwargs, row_condition: [{ column: 'region', op: 'eq', value: 'EU' }] };
    expect(validateExpectation({ expectation_type: type, kwargs: withFilter })).toEqual([]);
  });

  it.each(EXPECTATION_TYPES.filter((type) => EXPECTATION_CATALOG.get(type)?.params['column']?.required))(
    '%s requires column',
    (type) => {
      const { column: _column, ...rest } = VALID[type];
      expect(validateExpectation({ expectation_type: type, kwargs: rest })).toContainEqual({
        field: 'kwargs.column',
        problems: ['column is required'],
      });
    },
  );

  it('classifies shapes and unexpected bases as Great Expectations does', () => {
    const shape = (type: string) => [
      EXPECTATION_CATALOG.get(type)?.shape,
      EXPECTATION_CATALOG.get(type)?.unexpectedBase,
    ];
    expect(shape('expect_column_values_to_not_be_null')).toEqual(['column_map', 'all_rows']);
    expect(shape('expect_column_values_to_be_null')).toEqual(['column_map', 'all_rows']);
    expect(shape('expect_column_values_to_be_in_set')).toEqual(['column_map', 'non_null_rows']);
    expect(shape('expect_compound_columns_to_be_unique')).toEqual(['column_map', 'considered_rows']);
    expect(shape('expect_column_mean_to_be_between')).toEqual(['column_aggregate', undefined]);
    expect(shape('expect_table_row_count_to_equal')).toEqual(['table', undefined]);
    expect(NATIVE_EXPECTATION_TYPES).toEqual([
      'null_count',
      'null_percent',
      'duplicate_count',
      'unique_count',
    ]);
  });
});

describe('validateExpectation refusals', () => {
  const problemsOf = (expectation_type: string, kwargs: Record<string, unknown>) =>
    validateExpectation({ expectation_type, kwargs });

  it.each([
    [
      'expect_column_values_to_be_between',
      { column: 'a' },
      'kwargs.min_value',
      'give min_value, max_value or both',
    ],
    [
      'expect_column_values_to_be_between',
      { column: 'a', min_value: 5, max_value: 1 },
      'kwargs.max_value',
      'max_value must be at least min_value',
    ],
    [
      'expect_column_values_to_be_between',
      { column: 'a', min_value: 5, max_value: '9' },
      'kwargs.max_value',
      'min_value and max_value must be of the same type',
    ],
    [
      'expect_column_values_to_be_between',
      { column: 'a', min_value: 1, strict_min: 'yes' },
      'kwargs.strict_min',
      'strict_min must be true or false',
    ],
    [
      'expect_column_values_to_be_in_set',
      { column: 'a', value_set: [] },
      'kwargs.value_set',
      'value_set must be a list of 1 to 10000 strings, numbers or booleans',
    ],
    [
      'expect_column_values_to_be_in_set',
      { column: 'a', value_set: [{ x: 1 }] },
      'kwargs.value_set',
      'value_set must be a list of 1 to 10000 strings, numbers or booleans',
    ],
    ['expect_column_values_to_be_in_set', { column: 'a' }, 'kwargs.value_set', 'value_set is required'],
    [
      'expect_column_values_to_match_regex',
      { column: 'a', regex: '(' },
      'kwargs.regex',
      'regex is not a valid regular expression',
    ],
    [
      'expect_column_values_to_be_null',
      { column: 'a', mostly: 1.5 },
      'kwargs.mostly',
      'mostly must be a number from 0 to 1',
    ],
    [
      'expect_column_mean_to_be_between',
      { column: 'a', min_value: 1, mostly: 0.9 },
      'kwargs.mostly',
      'mostly applies only to column-map expectations; use thresholds',
    ],
    [
      'expect_column_values_to_be_unique',
      { column: 'a', result_format: 'BASIC' },
      'kwargs.result_format',
      'result_format is not a parameter of expect_column_values_to_be_unique',
    ],
    [
      'expect_column_values_to_be_unique',
      { column: '' },
      'kwargs.column',
      'column must be a non-empty column name',
    ],
    [
      'expect_column_values_to_be_of_type',
      { column: 'a', type_: 'int; drop table x' },
      'kwargs.type_',
      'type_ must be a type name such as INTEGER, VARCHAR or DECIMAL(10,2)',
    ],
    ['expect_table_row_count_to_equal', { value: -1 }, 'kwargs.value', 'value must be an integer >= 0'],
    ['expect_table_row_count_to_equal', { value: 1.5 }, 'kwargs.value', 'value must be an integer >= 0'],
    [
      'expect_table_columns_to_match_ordered_list',
      { column_list: ['a', 'a'] },
      'kwargs.column_list',
      'column_list names a column twice',
    ],
    [
      'expect_compound_columns_to_be_unique',
      { column_list: ['a'], ignore_row_if: 'sometimes' },
      'kwargs.ignore_row_if',
      'ignore_row_if must be one of: all_values_are_missing, any_value_is_missing, never',
    ],
    [
      'expect_column_proportion_of_unique_values_to_be_between',
      { column: 'a', max_value: 2 },
      'kwargs.max_value',
      'max_value must be a number from 0 to 1',
    ],
    [
      'null_percent',
      { column: 'a', max_value: 150 },
      'kwargs.max_value',
      'max_value must be a number from 0 to 100',
    ],
    ['null_count', { column: 'a' }, 'kwargs.min_value', 'give min_value, max_value or both'],
  ])('%s with %j: %s', (type, kwargs, field, problem) => {
    expect(problemsOf(type, kwargs)).toEqual([{ field, problems: [problem] }]);
  });

  it('refuses an unknown type, a missing type and stray top-level fields', () => {
    expect(validateExpectation({ expectation_type: 'expect_the_unexpected', kwargs: {} })).toEqual([
      {
        field: 'expectation_type',
        problems: ['unknown expectation type; see the catalog for the 33 supported types'],
      },
    ]);
    expect(validateExpectation({ kwargs: {} })).toEqual([
      { field: 'expectation_type', problems: ['expectation_type is required'] },
    ]);
    expect(
      validateExpectation({
        expectation_type: 'expect_table_row_count_to_equal',
        kwargs: { value: 1 },
        meta: {},
      }),
    ).toEqual([{ field: 'meta', problems: ['meta is not an expectation field'] }]);
    expect(validateExpectation('expect_table_row_count_to_equal')).toEqual([
      { field: 'expectation', problems: ['must be an object'] },
    ]);
  });

  it('reports row_condition problems per filter, and refuses GE condition strings', () => {
    expect(
      problemsOf('expect_column_values_to_not_be_null', {
        column: 'a',
        row_condition: [
          { column: 'b', op: 'like', value: 'x%' },
          { column: 'c', op: 'in', value: [] },
          { column: 'd', op: 'is_null', value: 1 },
        ],
      }),
    ).toEqual([
      {
        field: 'kwargs.row_condition.0.op',
        problems: [
          'kwargs.row_condition.0.op must be one of: eq, ne, lt, le, gt, ge, in, not_in, is_null, is_not_null',
        ],
      },
      {
        field: 'kwargs.row_condition.1.value',
        problems: ['in needs a list of 1 to 1000 strings, numbers or booleans'],
      },
      { field: 'kwargs.row_condition.2.value', problems: ['is_null takes no value'] },
    ]);
    expect(
      problemsOf('expect_column_values_to_not_be_null', { column: 'a', row_condition: 'b == "x"' }),
    ).toEqual([
      {
        field: 'kwargs.row_condition',
        problems: [
          'kwargs.row_condition must be a list of {column, op, value} filters; condition strings are not accepted',
        ],
      },
    ]);
  });

  it('prefixes every field path with the caller prefix', () => {
    expect(
      validateExpectation(
        { expectation_type: 'expect_column_values_to_be_in_set', kwargs: {} },
        'expectation.',
      ),
    ).toEqual([
      { field: 'expectation.kwargs.column', problems: ['column is required'] },
      { field: 'expectation.kwargs.value_set', problems: ['value_set is required'] },
    ]);
  });
});

describe('parseExpectation', () => {
  it('returns a copy of a valid config', () => {
    const input = {
      expectation_type: 'expect_column_values_to_be_in_set',
      kwargs: { column: 'a', value_set: ['x'] },
    };
    const parsed = parseExpectation(input);
    expect(parsed).toEqual(input);
    input.kwargs.value_set.push('y');
    expect(parsed.kwargs['value_set']).toEqual(['x']);
    expect(
      parseExpectation({
        expectation_type: 'expect_table_row_count_to_be_between',
        kwargs: { min_value: 1 },
      }),
    ).toEqual({ expectation_type: 'expect_table_row_count_to_be_between', kwargs: { min_value: 1 } });
  });

  it('throws 422 validation_failed with the field list', () => {
    try {
      parseExpectation({ expectation_type: 'expect_column_values_to_be_unique', kwargs: {} }, 'expectation.');
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.status).toBe(422);
      expect(appError.code).toBe('validation_failed');
      expect(appError.detail).toEqual({
        fields: [{ field: 'expectation.kwargs.column', problems: ['column is required'] }],
      });
    }
  });
});

describe('validateExpectationEngine', () => {
  it.each([
    ['expect_column_values_to_not_be_null', undefined, []],
    ['expect_column_values_to_not_be_null', 'standard', []],
    ['null_count', 'native', []],
    [
      'expect_column_values_to_not_be_null',
      'native',
      ['the native engine evaluates only: null_count, null_percent, duplicate_count, unique_count'],
    ],
    ['unique_count', undefined, ['unique_count needs engine "native"']],
    ['unique_count', 'turbo', ['engine must be one of: standard, native']],
  ])('%s on engine %s', (type, engine, problems) => {
    expect(validateExpectationEngine(type, engine).flatMap((violation) => violation.problems)).toEqual(
      problems,
    );
  });
});
