import { type FieldViolation } from '@dq/contracts';

/**
 * A check's optional row filter, as structured predicates ANDed together, never free SQL text:
 * the same filter must compile to Snowflake, Databricks, PostgreSQL and DuckDB (Iceberg and files
 * are not SQL datasources at all), checks with an equal filter are fused into one scan (structured
 * filters compare by value; SQL text does not), and values travel as bound parameters, so a filter
 * cannot smuggle a second statement or a write into a read. Arbitrary SQL belongs to `custom_sql`,
 * which is SQL-datasource only and runs read-only. Great Expectations' condition strings are
 * therefore not accepted as they are.
 */
export const RowFilterOp = {
  Eq: 'eq',
  Ne: 'ne',
  Lt: 'lt',
  Le: 'le',
  Gt: 'gt',
  Ge: 'ge',
  In: 'in',
  NotIn: 'not_in',
  IsNull: 'is_null',
  IsNotNull: 'is_not_null',
} as const;
export type RowFilterOp = (typeof RowFilterOp)[keyof typeof RowFilterOp];
const ROW_FILTER_OPS: readonly string[] = Object.values(RowFilterOp);

export type FilterScalar = string | number | boolean;

export interface RowFilter {
  column: string;
  op: RowFilterOp;
  /** A scalar for comparisons, a non-empty list for `in`/`not_in`, absent for the null tests. */
  value?: FilterScalar | FilterScalar[];
}

export const MAX_ROW_FILTERS = 20;
export const MAX_FILTER_LIST_VALUES = 1000;
export const MAX_COLUMN_NAME_LENGTH = 255;

export function isFilterScalar(value: unknown): value is FilterScalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** A column reference: a non-empty name; quoting per dialect happens at compile time. */
export function columnNameProblem(value: unknown, field: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return `${field} must be a non-empty column name`;
  if (value.length > MAX_COLUMN_NAME_LENGTH) {
    return `${field} must be at most ${MAX_COLUMN_NAME_LENGTH} characters`;
  }
  return null;
}

function filterProblems(filter: unknown, field: string): FieldViolation[] {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    return [{ field, problems: [`${field} must be an object {column, op, value}`] }];
  }
  const record = filter as Record<string, unknown>;
  const violations: FieldViolation[] = [];
  const unknown = Object.keys(record).filter((key) => !['column', 'op', 'value'].includes(key));
  for (const key of unknown) {
    violations.push({ field: `${field}.${key}`, problems: [`${field}.${key} is not a filter field`] });
  }
  const column = columnNameProblem(record['column'], `${field}.column`);
  if (column !== null) violations.push({ field: `${field}.column`, problems: [column] });
  const op = record['op'];
  if (typeof op !== 'string' || !ROW_FILTER_OPS.includes(op)) {
    violations.push({
      field: `${field}.op`,
      problems: [`${field}.op must be one of: ${ROW_FILTER_OPS.join(', ')}`],
    });
    return violations;
  }
  const value = record['value'];
  const valueField = `${field}.value`;
  if (op === RowFilterOp.IsNull || op === RowFilterOp.IsNotNull) {
    if (value !== undefined) violations.push({ field: valueField, problems: [`${op} takes no value`] });
  } else if (op === RowFilterOp.In || op === RowFilterOp.NotIn) {
    if (
      !Array.isArray(value) ||
      value.length === 0 ||
      value.length > MAX_FILTER_LIST_VALUES ||
      !value.every(isFilterScalar)
    ) {
      violations.push({
        field: valueField,
        problems: [`${op} needs a list of 1 to ${MAX_FILTER_LIST_VALUES} strings, numbers or booleans`],
      });
    }
  } else if (!isFilterScalar(value)) {
    violations.push({ field: valueField, problems: [`${op} needs a string, number or boolean value`] });
  }
  return violations;
}

/** Field problems of a `row_condition`: a list of 1 to 20 structured filters. */
export function validateRowCondition(input: unknown, field = 'row_condition'): FieldViolation[] {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') {
    return [
      {
        field,
        problems: [
          `${field} must be a list of {column, op, value} filters; condition strings are not accepted`,
        ],
      },
    ];
  }
  if (!Array.isArray(input) || input.length === 0 || input.length > MAX_ROW_FILTERS) {
    return [{ field, problems: [`${field} must be a list of 1 to ${MAX_ROW_FILTERS} filters`] }];
  }
  return input.flatMap((filter, index) => filterProblems(filter, `${field}.${index}`));
}

/**
 * A canonical key for a filter list, equal for filters that select the same rows regardless of
 * predicate or list order, so the planner can fuse checks that share a (target, filter).
 */
export function rowConditionKey(filters: readonly RowFilter[] | null | undefined): string {
  if (filters === undefined || filters === null || filters.length === 0) return '[]';
  const canonical = filters.map((filter) => {
    const value = Array.isArray(filter.value)
      ? [...filter.value].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
      : filter.value;
    return JSON.stringify([filter.column, filter.op, value ?? null]);
  });
  return `[${[...new Set(canonical)].sort().join(',')}]`;
}
