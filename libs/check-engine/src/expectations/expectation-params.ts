import { type FieldViolation } from '@dq/contracts';
import { type JsonSchema } from '../catalogue/json-schema';
import { MAX_COLUMN_NAME_LENGTH, columnNameProblem, isFilterScalar } from './row-condition';

/** Checks one parameter value; returns the problems (empty when valid). `field` is its dotted path. */
export type ParamCheck = (value: unknown, field: string) => string[];

/**
 * One type of parameter: the check the engine runs and the JSON Schema the catalogue shows for it,
 * side by side so they change together; `examples` are valid values (low first, high last).
 */
export interface ParamType {
  check: ParamCheck;
  schema: JsonSchema;
  examples: readonly [unknown, ...unknown[]];
}

export interface ParamSpec extends ParamType {
  required: boolean;
  /** What the engine assumes when the parameter is left out (absent: nothing is assumed). */
  default?: unknown;
}

export const MAX_VALUE_SET_SIZE = 10_000;
export const MAX_COLUMN_LIST_SIZE = 100;
export const MAX_REGEX_LENGTH = 1_000;

const problem = (text: string | null): string[] => (text === null ? [] : [text]);

const columnCheck: ParamCheck = (value, field) => problem(columnNameProblem(value, field));

const columnListCheck: ParamCheck = (value, field) => {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_COLUMN_LIST_SIZE) {
    return [`${field} must be a list of 1 to ${MAX_COLUMN_LIST_SIZE} column names`];
  }
  const problems = value.flatMap((name, index) => problem(columnNameProblem(name, `${field}.${index}`)));
  if (problems.length === 0 && new Set(value).size !== value.length)
    problems.push(`${field} names a column twice`);
  return problems;
};

const valueSetCheck: ParamCheck = (value, field) =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.length <= MAX_VALUE_SET_SIZE &&
  value.every(isFilterScalar)
    ? []
    : [`${field} must be a list of 1 to ${MAX_VALUE_SET_SIZE} strings, numbers or booleans`];

const booleanCheck: ParamCheck = (value, field) =>
  typeof value === 'boolean' ? [] : [`${field} must be true or false`];

/** A bound comparable with column values: a number, or a string (dates and times as ISO-8601). */
const comparableCheck: ParamCheck = (value, field) =>
  (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string'
    ? []
    : [`${field} must be a number or a string`];

const numberCheck: ParamCheck = (value, field) =>
  typeof value === 'number' && Number.isFinite(value) ? [] : [`${field} must be a number`];

const countCheck: ParamCheck = (value, field) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? []
    : [`${field} must be an integer >= 0`];

const proportionCheck: ParamCheck = (value, field) =>
  typeof value === 'number' && value >= 0 && value <= 1 ? [] : [`${field} must be a number from 0 to 1`];

const percentCheck: ParamCheck = (value, field) =>
  typeof value === 'number' && value >= 0 && value <= 100 ? [] : [`${field} must be a number from 0 to 100`];

/**
 * A regular expression. Dialects differ (POSIX in PostgreSQL, Java in Snowflake, RE2 in Databricks
 * and DuckDB); compiling it here catches the plain mistakes before a run, the dialect catches the rest.
 */
const regexCheck: ParamCheck = (value, field) => {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REGEX_LENGTH) {
    return [`${field} must be a pattern of 1 to ${MAX_REGEX_LENGTH} characters`];
  }
  try {
    new RegExp(value);
    return [];
  } catch {
    return [`${field} is not a valid regular expression`];
  }
};

/**
 * A type name as the datasource reports it (`INTEGER`, `DECIMAL(10,2)`, `TIMESTAMP WITH TIME ZONE`,
 * `ARRAY<STRING>`). It is compared with introspected types, never spliced into SQL; the character
 * set only keeps out text that cannot be a type.
 */
const typeNameCheck: ParamCheck = (value, field) =>
  typeof value === 'string' && value.length <= 200 && /^[A-Za-z][A-Za-z0-9_ (),<>:]*$/.test(value)
    ? []
    : [`${field} must be a type name such as INTEGER, VARCHAR or DECIMAL(10,2)`];

export const IgnoreRowIf = ['all_values_are_missing', 'any_value_is_missing', 'never'] as const;
/** What `expect_compound_columns_to_be_unique` skips when `ignore_row_if` is left out (GE's default). */
export const DEFAULT_IGNORE_ROW_IF: IgnoreRowIf = 'all_values_are_missing';
export type IgnoreRowIf = (typeof IgnoreRowIf)[number];

const ignoreRowIfCheck: ParamCheck = (value, field) =>
  typeof value === 'string' && (IgnoreRowIf as readonly string[]).includes(value)
    ? []
    : [`${field} must be one of: ${IgnoreRowIf.join(', ')}`];

const COLUMN_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_COLUMN_NAME_LENGTH,
  pattern: '\\S',
};
const SCALAR_SCHEMA: JsonSchema = { type: ['string', 'number', 'boolean'] };

export const columnParam: ParamType = { check: columnCheck, schema: COLUMN_SCHEMA, examples: ['amount'] };
export const columnListParam: ParamType = {
  check: columnListCheck,
  schema: {
    type: 'array',
    items: COLUMN_SCHEMA,
    minItems: 1,
    maxItems: MAX_COLUMN_LIST_SIZE,
    uniqueItems: true,
  },
  examples: [['order_id', 'line_no']],
};
export const valueSetParam: ParamType = {
  check: valueSetCheck,
  schema: { type: 'array', items: SCALAR_SCHEMA, minItems: 1, maxItems: MAX_VALUE_SET_SIZE },
  examples: [['open', 'closed']],
};
export const booleanParam: ParamType = { check: booleanCheck, schema: { type: 'boolean' }, examples: [true] };
export const comparableParam: ParamType = {
  check: comparableCheck,
  schema: { type: ['number', 'string'], description: 'a number, or a string (dates and times as ISO-8601)' },
  examples: [0, 1000],
};
export const numberParam: ParamType = { check: numberCheck, schema: { type: 'number' }, examples: [0, 1000] };
export const countParam: ParamType = {
  check: countCheck,
  schema: { type: 'integer', minimum: 0 },
  examples: [1, 1000],
};
export const proportionParam: ParamType = {
  check: proportionCheck,
  schema: { type: 'number', minimum: 0, maximum: 1 },
  examples: [0.5, 1],
};
export const percentParam: ParamType = {
  check: percentCheck,
  schema: { type: 'number', minimum: 0, maximum: 100 },
  examples: [0, 5],
};
export const regexParam: ParamType = {
  check: regexCheck,
  schema: { type: 'string', minLength: 1, maxLength: MAX_REGEX_LENGTH, format: 'regex' },
  examples: ['^[A-Z]{2}[0-9]{4}$'],
};
export const typeNameParam: ParamType = {
  check: typeNameCheck,
  schema: { type: 'string', maxLength: 200, pattern: '^[A-Za-z][A-Za-z0-9_ (),<>:]*$' },
  examples: ['INTEGER'],
};
/** GE's `mostly`: the fraction of rows that must meet the expectation. */
export const mostlyParam: ParamType = {
  ...proportionParam,
  schema: { ...proportionParam.schema, description: 'the fraction of rows that must meet the expectation' },
  examples: [0.95],
};
export const ignoreRowIfParam: ParamType = {
  check: ignoreRowIfCheck,
  schema: { type: 'string', enum: [...IgnoreRowIf] },
  examples: [DEFAULT_IGNORE_ROW_IF],
};

/** Cross-field rule of every `*_between`: at least one bound, and min <= max when both compare. */
export function betweenRule(kwargs: Record<string, unknown>, prefix: string): FieldViolation[] {
  const min = kwargs['min_value'];
  const max = kwargs['max_value'];
  const hasMin = min !== undefined && min !== null;
  const hasMax = max !== undefined && max !== null;
  if (!hasMin && !hasMax) {
    return [{ field: `${prefix}min_value`, problems: ['give min_value, max_value or both'] }];
  }
  if (hasMin && hasMax) {
    if (typeof min !== typeof max) {
      return [
        { field: `${prefix}max_value`, problems: ['min_value and max_value must be of the same type'] },
      ];
    }
    if ((min as number | string) > (max as number | string)) {
      return [{ field: `${prefix}max_value`, problems: ['max_value must be at least min_value'] }];
    }
  }
  return [];
}
