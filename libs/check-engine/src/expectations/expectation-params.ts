import { type FieldViolation } from '@dq/contracts';
import { columnNameProblem, isFilterScalar } from './row-condition';

/** Checks one parameter value; returns the problems (empty when valid). `field` is its dotted path. */
export type ParamCheck = (value: unknown, field: string) => string[];

export interface ParamSpec {
  required: boolean;
  check: ParamCheck;
}

export const MAX_VALUE_SET_SIZE = 10_000;
export const MAX_COLUMN_LIST_SIZE = 100;
export const MAX_REGEX_LENGTH = 1_000;

const problem = (text: string | null): string[] => (text === null ? [] : [text]);

export const columnParam: ParamCheck = (value, field) => problem(columnNameProblem(value, field));

export const columnListParam: ParamCheck = (value, field) => {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_COLUMN_LIST_SIZE) {
    return [`${field} must be a list of 1 to ${MAX_COLUMN_LIST_SIZE} column names`];
  }
  const problems = value.flatMap((name, index) => problem(columnNameProblem(name, `${field}.${index}`)));
  if (problems.length === 0 && new Set(value).size !== value.length)
    problems.push(`${field} names a column twice`);
  return problems;
};

export const valueSetParam: ParamCheck = (value, field) =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.length <= MAX_VALUE_SET_SIZE &&
  value.every(isFilterScalar)
    ? []
    : [`${field} must be a list of 1 to ${MAX_VALUE_SET_SIZE} strings, numbers or booleans`];

export const booleanParam: ParamCheck = (value, field) =>
  typeof value === 'boolean' ? [] : [`${field} must be true or false`];

/** A bound comparable with column values: a number, or a string (dates and times as ISO-8601). */
export const comparableParam: ParamCheck = (value, field) =>
  (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string'
    ? []
    : [`${field} must be a number or a string`];

export const numberParam: ParamCheck = (value, field) =>
  typeof value === 'number' && Number.isFinite(value) ? [] : [`${field} must be a number`];

export const countParam: ParamCheck = (value, field) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? []
    : [`${field} must be an integer >= 0`];

export const proportionParam: ParamCheck = (value, field) =>
  typeof value === 'number' && value >= 0 && value <= 1 ? [] : [`${field} must be a number from 0 to 1`];

export const percentParam: ParamCheck = (value, field) =>
  typeof value === 'number' && value >= 0 && value <= 100 ? [] : [`${field} must be a number from 0 to 100`];

/**
 * A regular expression. Dialects differ (POSIX in PostgreSQL, Java in Snowflake, RE2 in Databricks
 * and DuckDB); compiling it here catches the plain mistakes before a run, the dialect catches the rest.
 */
export const regexParam: ParamCheck = (value, field) => {
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
export const typeNameParam: ParamCheck = (value, field) =>
  typeof value === 'string' && value.length <= 200 && /^[A-Za-z][A-Za-z0-9_ (),<>:]*$/.test(value)
    ? []
    : [`${field} must be a type name such as INTEGER, VARCHAR or DECIMAL(10,2)`];

/** GE's `mostly`: the fraction of rows that must meet the expectation. */
export const mostlyParam: ParamCheck = proportionParam;

export const IgnoreRowIf = ['all_values_are_missing', 'any_value_is_missing', 'never'] as const;
export type IgnoreRowIf = (typeof IgnoreRowIf)[number];

export const ignoreRowIfParam: ParamCheck = (value, field) =>
  typeof value === 'string' && (IgnoreRowIf as readonly string[]).includes(value)
    ? []
    : [`${field} must be one of: ${IgnoreRowIf.join(', ')}`];

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
