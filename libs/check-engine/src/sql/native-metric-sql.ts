import { type ExpectationConfig } from '../expectations/validate-expectation';
import { type SqlStatement } from './fused-scan';
import { SNOWFLAKE } from './sql-dialect';

const FUNCTION_OF: Readonly<Record<string, string>> = {
  null_count: 'SNOWFLAKE.CORE.NULL_COUNT',
  null_percent: 'SNOWFLAKE.CORE.NULL_PERCENT',
  duplicate_count: 'SNOWFLAKE.CORE.DUPLICATE_COUNT',
  unique_count: 'SNOWFLAKE.CORE.UNIQUE_COUNT',
};

/**
 * The warehouse's own data-metric function for a native-engine expectation (spec rule 1):
 * `SELECT SNOWFLAKE.CORE.NULL_COUNT(SELECT "col" FROM "db"."schema"."table") AS value`. Native
 * metrics take no row filter: the function measures the whole column.
 */
export function compileNativeMetric(target: string, column: string, config: ExpectationConfig): SqlStatement {
  const name = FUNCTION_OF[config.expectation_type];
  if (name === undefined) throw new RangeError(`${config.expectation_type} has no native metric function`);
  const relation = SNOWFLAKE.relation(target);
  return {
    sql: `SELECT ${name}(SELECT ${SNOWFLAKE.quoteIdentifier(column)} FROM ${relation}) AS value`,
    params: [],
  };
}
