import { type RowFilter } from '../expectations/row-condition';
import { type SqlDialect, type SqlParams, type SqlValue } from './sql-dialect';

const COMPARISON: Readonly<Record<string, string>> = {
  eq: '=',
  ne: '<>',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};

/**
 * The `WHERE` condition of a check's row filter (ANDed predicates), values bound, columns quoted;
 * `TRUE` when there is none. `column` maps a filter's column to the name the target really has.
 */
export function rowFilterSql(
  dialect: SqlDialect,
  params: SqlParams,
  filters: readonly RowFilter[] | null | undefined,
  column: (name: string) => string = (name) => name,
): string {
  if (!filters || filters.length === 0) return 'TRUE';
  return filters
    .map((filter) => {
      const name = dialect.quoteIdentifier(column(filter.column));
      switch (filter.op) {
        case 'is_null':
          return `${name} IS NULL`;
        case 'is_not_null':
          return `${name} IS NOT NULL`;
        case 'in':
        case 'not_in': {
          const values = (filter.value as SqlValue[]).map((value) => params.add(value)).join(', ');
          return filter.op === 'in'
            ? `${name} IN (${values})`
            : `(${name} IS NOT NULL AND ${name} NOT IN (${values}))`;
        }
        default:
          return `${name} ${COMPARISON[filter.op] ?? '='} ${params.add(filter.value as SqlValue)}`;
      }
    })
    .map((predicate) => `(${predicate})`)
    .join(' AND ');
}
