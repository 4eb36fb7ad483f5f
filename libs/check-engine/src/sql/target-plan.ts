import { type RowFilter, rowConditionKey } from '../expectations/row-condition';
import { type ExpectationConfig } from '../expectations/validate-expectation';
import {
  ColumnResolver,
  type CompiledExpectation,
  compileExpectation,
  type EvaluationProblem,
  ExpectationCompileError,
  type ExpectationReading,
  type IntrospectedColumn,
} from './expectation-sql';
import { FusedScanBuilder, numberOf, type SqlStatement } from './fused-scan';
import { rowFilterSql } from './row-filter-sql';
import { type SqlDialect } from './sql-dialect';

/** An expectation check to plan: its id and its (validated) Great Expectations config. */
export interface PlannedExpectation {
  checkId: string;
  config: ExpectationConfig;
}

/**
 * A monitor's measurement that rides along in the unfiltered scan: the row count (volume,
 * anomaly) or the newest value of a timestamp column in epoch seconds (freshness).
 */
export type MonitorMetric =
  { checkId: string; metric: 'row_count' } | { checkId: string; metric: 'max_epoch'; column: string };

/** One fused statement: every check over one (target, filter) reads its result from its one row. */
export interface ScanGroup {
  filterKey: string;
  statement: SqlStatement;
  expectations: { checkId: string; compiled: CompiledExpectation }[];
  monitors: { checkId: string; read: (row: Record<string, unknown>) => number | null }[];
}

export interface TargetPlan {
  groups: ScanGroup[];
  /** Expectations answered from the column list alone (no scan). */
  immediate: Map<string, ExpectationReading>;
  /** Checks that cannot be evaluated on this target (a column that does not resolve). */
  problems: Map<string, EvaluationProblem>;
  /** The failing-sample statement of a column-map check of this plan, at most `limit` rows. */
  sampleStatement(checkId: string, limit: number): SqlStatement | null;
}

function filtersOf(config: ExpectationConfig): RowFilter[] | null {
  const filters = config.kwargs['row_condition'];
  return Array.isArray(filters) && filters.length > 0 ? filters : null;
}

/**
 * Plans every expectation (and monitor metric) over one target: one fused aggregate statement per
 * distinct row filter, checks answered from the column list without a scan, and per-check
 * problems for columns that do not resolve (the other checks go on). Compiling is linear in the
 * number of checks and touches no datasource.
 */
export function planTargetScans(
  dialect: SqlDialect,
  target: string,
  columns: readonly IntrospectedColumn[],
  expectations: readonly PlannedExpectation[],
  monitors: readonly MonitorMetric[] = [],
): TargetPlan {
  const relation = dialect.relation(target);
  const resolver = new ColumnResolver(columns);
  const builders = new Map<string, { builder: FusedScanBuilder; group: Omit<ScanGroup, 'statement'> }>();
  const immediate = new Map<string, ExpectationReading>();
  const problems = new Map<string, EvaluationProblem>();
  const samples = new Map<string, { filters: RowFilter[] | null; compiled: CompiledExpectation }>();

  const groupFor = (filters: RowFilter[] | null) => {
    const filterKey = rowConditionKey(filters);
    let entry = builders.get(filterKey);
    if (!entry) {
      const builder = new FusedScanBuilder(dialect, relation);
      builder.setFilter(
        rowFilterSql(dialect, builder.params, filters, (name) => resolveOrThrow(resolver, name)),
      );
      entry = { builder, group: { filterKey, expectations: [], monitors: [] } };
      builders.set(filterKey, entry);
    }
    return entry;
  };

  for (const { checkId, config } of expectations) {
    const filters = filtersOf(config);
    try {
      // A filter column that does not resolve fails this check alone, before any group holds it.
      for (const filter of filters ?? []) resolveOrThrow(resolver, filter.column);
      const scratch = new FusedScanBuilder(dialect, relation);
      const probe = compileExpectation(scratch, resolver, config);
      if ('immediate' in probe) {
        immediate.set(checkId, probe.immediate);
        continue;
      }
      const { builder, group } = groupFor(filters);
      const compiled = compileExpectation(builder, resolver, config) as CompiledExpectation;
      group.expectations.push({ checkId, compiled });
      if (compiled.unexpected) samples.set(checkId, { filters, compiled });
    } catch (error) {
      if (error instanceof ExpectationCompileError) problems.set(checkId, error.problem);
      else throw error;
    }
  }

  for (const monitor of monitors) {
    try {
      const { builder, group } = groupFor(null);
      const expression =
        monitor.metric === 'row_count'
          ? 'count(*)'
          : dialect.epochSeconds(`max(${dialect.quoteIdentifier(resolveOrThrow(resolver, monitor.column))})`);
      const alias = builder.aggregate(expression);
      group.monitors.push({ checkId: monitor.checkId, read: (row) => numberOf(row[alias]) });
    } catch (error) {
      if (error instanceof ExpectationCompileError) problems.set(monitor.checkId, error.problem);
      else throw error;
    }
  }

  const groups: ScanGroup[] = [...builders.values()]
    .filter(({ builder }) => !builder.isEmpty)
    .map(({ builder, group }) => ({ ...group, statement: builder.build() }));

  return {
    groups,
    immediate,
    problems,
    sampleStatement: (checkId, limit) => {
      const entry = samples.get(checkId);
      if (!entry?.compiled.unexpected) return null;
      const builder = new FusedScanBuilder(dialect, relation);
      builder.setFilter(
        rowFilterSql(dialect, builder.params, entry.filters, (name) => resolveOrThrow(resolver, name)),
      );
      const { predicate: counted, samplePredicate } = entry.compiled.unexpected;
      const predicate = (samplePredicate ?? counted)(builder);
      return builder.buildRows(predicate, limit);
    },
  };
}

function resolveOrThrow(resolver: ColumnResolver, name: string): string {
  const resolved = resolver.resolve(name);
  if (resolved === null) {
    throw new ExpectationCompileError({
      reason: 'column_not_found',
      message: `The column "${name}" does not resolve on the target`,
      column: name,
    });
  }
  return resolved;
}
