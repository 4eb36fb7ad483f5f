import { type FieldViolation } from '@dq/contracts';
import { CheckEngine } from '../kinds/check-kind';
import {
  betweenRule,
  booleanParam,
  columnListParam,
  columnParam,
  comparableParam,
  countParam,
  ignoreRowIfParam,
  mostlyParam,
  numberParam,
  type ParamSpec,
  type ParamType,
  percentParam,
  DEFAULT_IGNORE_ROW_IF,
  proportionParam,
  regexParam,
  typeNameParam,
  valueSetParam,
} from './expectation-params';

/**
 * How an expectation is measured, which decides how its result bands:
 * - `column_map`: a per-row test; the result is an unexpected percentage (banded by thresholds).
 * - `column_aggregate`: one statistic of a column compared with bounds (met or not).
 * - `table`: a property of the whole target (row count, column names) compared with bounds.
 */
export const ExpectationShape = {
  ColumnMap: 'column_map',
  ColumnAggregate: 'column_aggregate',
  Table: 'table',
} as const;
export type ExpectationShape = (typeof ExpectationShape)[keyof typeof ExpectationShape];

/**
 * The denominator of a column-map unexpected percentage, as Great Expectations computes it:
 * non-null rows for value tests (nulls are neither expected nor unexpected), all rows for the two
 * null tests (nulls are the thing measured), and for compound uniqueness the rows `ignore_row_if`
 * keeps.
 */
export type UnexpectedBase = 'non_null_rows' | 'all_rows' | 'considered_rows';

export interface ExpectationDefinition {
  type: string;
  shape: ExpectationShape;
  /** Column-map only. */
  unexpectedBase?: UnexpectedBase;
  engine: CheckEngine;
  description: string;
  params: Readonly<Record<string, ParamSpec>>;
  /** Rules across parameters, reported on `${prefix}<param>`. */
  rules?: (kwargs: Record<string, unknown>, prefix: string) => FieldViolation[];
}

const required = (type: ParamType): ParamSpec => ({ ...type, required: true });
const optional = (type: ParamType, defaultValue?: unknown): ParamSpec => ({
  ...type,
  required: false,
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

const COLUMN = { column: required(columnParam) };
const MOSTLY = { mostly: optional(mostlyParam) };
const BETWEEN_COMPARABLE = {
  min_value: optional(comparableParam),
  max_value: optional(comparableParam),
  strict_min: optional(booleanParam, false),
  strict_max: optional(booleanParam, false),
};
const BETWEEN_NUMBER = {
  min_value: optional(numberParam),
  max_value: optional(numberParam),
  strict_min: optional(booleanParam, false),
  strict_max: optional(booleanParam, false),
};
const BETWEEN_COUNT = {
  min_value: optional(countParam),
  max_value: optional(countParam),
  strict_min: optional(booleanParam, false),
  strict_max: optional(booleanParam, false),
};

function standard(
  type: string,
  shape: ExpectationShape,
  description: string,
  params: Record<string, ParamSpec>,
  extra: Partial<Pick<ExpectationDefinition, 'unexpectedBase' | 'rules'>> = {},
): ExpectationDefinition {
  const base: UnexpectedBase | undefined =
    shape === ExpectationShape.ColumnMap ? (extra.unexpectedBase ?? 'non_null_rows') : undefined;
  return {
    type,
    shape,
    engine: CheckEngine.Standard,
    description,
    params,
    ...(base === undefined ? {} : { unexpectedBase: base }),
    ...(extra.rules === undefined ? {} : { rules: extra.rules }),
  };
}

function columnMap(
  type: string,
  description: string,
  params: Record<string, ParamSpec>,
  extra: Partial<Pick<ExpectationDefinition, 'unexpectedBase' | 'rules'>> = {},
): ExpectationDefinition {
  return standard(type, ExpectationShape.ColumnMap, description, { ...COLUMN, ...params, ...MOSTLY }, extra);
}

function columnStatBetween(statistic: string, params = BETWEEN_NUMBER): ExpectationDefinition {
  return standard(
    `expect_column_${statistic}_to_be_between`,
    ExpectationShape.ColumnAggregate,
    `The column ${statistic} lies between min_value and max_value.`,
    { ...COLUMN, ...params },
    { rules: betweenRule },
  );
}

function native(
  type: string,
  description: string,
  bound: ParamSpec = optional(countParam),
): ExpectationDefinition {
  return {
    type,
    shape: ExpectationShape.ColumnAggregate,
    engine: CheckEngine.Native,
    description,
    params: { ...COLUMN, min_value: bound, max_value: bound },
    rules: betweenRule,
  };
}

const DEFINITIONS: readonly ExpectationDefinition[] = [
  columnMap(
    'expect_column_values_to_not_be_null',
    'Every value is present; the unexpected rows are the nulls.',
    {},
    {
      unexpectedBase: 'all_rows',
    },
  ),
  columnMap(
    'expect_column_values_to_be_null',
    'Every value is null; the unexpected rows are the non-nulls.',
    {},
    {
      unexpectedBase: 'all_rows',
    },
  ),
  columnMap(
    'expect_column_values_to_be_unique',
    'No value repeats; every occurrence of a repeated value is unexpected (GE: [1,2,3,3,3] is 60 %).',
    {},
  ),
  columnMap(
    'expect_column_values_to_be_between',
    'Each value lies between min_value and max_value (inclusive unless strict_min/strict_max).',
    BETWEEN_COMPARABLE,
    { rules: betweenRule },
  ),
  columnMap('expect_column_values_to_be_in_set', 'Each value is one of value_set.', {
    value_set: required(valueSetParam),
  }),
  columnMap('expect_column_values_to_not_be_in_set', 'No value is one of value_set.', {
    value_set: required(valueSetParam),
  }),
  columnMap('expect_column_values_to_match_regex', 'Each value matches regex (anywhere in the value).', {
    regex: required(regexParam),
  }),
  columnMap('expect_column_values_to_not_match_regex', 'No value matches regex.', {
    regex: required(regexParam),
  }),
  columnMap(
    'expect_column_value_lengths_to_be_between',
    'Each value has a length between min_value and max_value characters.',
    { min_value: optional(countParam), max_value: optional(countParam) },
    { rules: betweenRule },
  ),
  standard(
    'expect_column_values_to_be_of_type',
    ExpectationShape.ColumnAggregate,
    "The column's declared type is type_ (compared as the datasource reports it).",
    { ...COLUMN, type_: required(typeNameParam) },
  ),
  standard(
    'expect_table_row_count_to_be_between',
    ExpectationShape.Table,
    'The row count lies between min_value and max_value.',
    BETWEEN_COUNT,
    { rules: betweenRule },
  ),
  standard('expect_table_row_count_to_equal', ExpectationShape.Table, 'The row count equals value.', {
    value: required(countParam),
  }),
  standard('expect_table_column_count_to_equal', ExpectationShape.Table, 'The column count equals value.', {
    value: required(countParam),
  }),
  standard(
    'expect_table_column_count_to_be_between',
    ExpectationShape.Table,
    'The column count lies between min_value and max_value.',
    { min_value: optional(countParam), max_value: optional(countParam) },
    { rules: betweenRule },
  ),
  standard(
    'expect_table_columns_to_match_set',
    ExpectationShape.Table,
    'The column names equal column_set (exact_match, the default) or include all of it (exact_match false).',
    { column_set: required(columnListParam), exact_match: optional(booleanParam, true) },
  ),
  standard(
    'expect_table_columns_to_match_ordered_list',
    ExpectationShape.Table,
    'The column names are exactly column_list, in order.',
    { column_list: required(columnListParam) },
  ),
  standard(
    'expect_compound_columns_to_be_unique',
    ExpectationShape.ColumnMap,
    'The combination of column_list is unique per row; every row of a repeated combination is unexpected.',
    {
      column_list: required(columnListParam),
      ignore_row_if: optional(ignoreRowIfParam, DEFAULT_IGNORE_ROW_IF),
      ...MOSTLY,
    },
    { unexpectedBase: 'considered_rows' },
  ),
  columnStatBetween('min', BETWEEN_COMPARABLE),
  columnStatBetween('max', BETWEEN_COMPARABLE),
  columnStatBetween('mean'),
  columnStatBetween('median'),
  columnStatBetween('sum'),
  columnStatBetween('stdev'),
  standard(
    'expect_column_distinct_values_to_be_in_set',
    ExpectationShape.ColumnAggregate,
    'Every distinct non-null value is in value_set.',
    { ...COLUMN, value_set: required(valueSetParam) },
  ),
  standard(
    'expect_column_distinct_values_to_contain_set',
    ExpectationShape.ColumnAggregate,
    'The distinct values include every value of value_set.',
    { ...COLUMN, value_set: required(valueSetParam) },
  ),
  standard(
    'expect_column_distinct_values_to_equal_set',
    ExpectationShape.ColumnAggregate,
    'The distinct non-null values are exactly value_set.',
    { ...COLUMN, value_set: required(valueSetParam) },
  ),
  columnStatBetween('unique_value_count', BETWEEN_COUNT),
  standard(
    'expect_column_proportion_of_unique_values_to_be_between',
    ExpectationShape.ColumnAggregate,
    'Distinct non-null values / non-null values lies between min_value and max_value (0 to 1).',
    {
      ...COLUMN,
      min_value: optional(proportionParam),
      max_value: optional(proportionParam),
      strict_min: optional(booleanParam, false),
      strict_max: optional(booleanParam, false),
    },
    { rules: betweenRule },
  ),
  standard(
    'expect_column_most_common_value_to_be_in_set',
    ExpectationShape.ColumnAggregate,
    'The most common value is in value_set; with ties_okay a value outside it may tie but not lead.',
    { ...COLUMN, value_set: required(valueSetParam), ties_okay: optional(booleanParam, false) },
  ),
  native('null_count', 'Native engine: the number of nulls lies between min_value and max_value.'),
  native(
    'null_percent',
    'Native engine: the percentage of nulls lies between min_value and max_value (0 to 100).',
    optional(percentParam),
  ),
  native(
    'duplicate_count',
    'Native engine: the number of duplicated values lies between min_value and max_value.',
  ),
  native(
    'unique_count',
    'Native engine: the number of distinct values lies between min_value and max_value.',
  ),
];

/** Every expectation type we evaluate, by name. */
export const EXPECTATION_CATALOG: ReadonlyMap<string, ExpectationDefinition> = new Map(
  DEFINITIONS.map((definition) => [definition.type, definition]),
);

export const EXPECTATION_TYPES: readonly string[] = DEFINITIONS.map((definition) => definition.type);

/** The four types the native metric-function engine evaluates (spec rule 1), and only it. */
export const NATIVE_EXPECTATION_TYPES: readonly string[] = DEFINITIONS.filter(
  (definition) => definition.engine === CheckEngine.Native,
).map((definition) => definition.type);

export function expectationDefinition(type: string): ExpectationDefinition | undefined {
  return EXPECTATION_CATALOG.get(type);
}
