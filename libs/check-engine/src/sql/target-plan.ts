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
import { FAILING_SAMPLE_ROWS, FusedScanBuilder, numberOf, type SqlStatement } from './fused-scan';
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
  /** `metric` names what the check computes, for an error that must say which metric failed. */
  expectations: { checkId: string; compiled: CompiledExpectation; metric: string }[];
  monitors: { checkId: string; read: (row: Record<string, unknown>) => number | null; metric: string }[];
  /**
   * The same (target, filter) with only these checks: a statement computing their aggregates
   * alone, so a metric the datasource cannot compute can be isolated from the others.
   */
  only(checkIds: readonly string[]): ScanGroup;
}

export interface TargetPlan {
  groups: ScanGroup[];
  /** Expectations answered from the column list alone (no scan). */
  immediate: Map<string, ExpectationReading>;
  /** Checks that cannot be evaluated on this target (a column that does not resolve). */
  problems: Map<string, EvaluationProblem>;
  /**
   * The failing-sample statement of a column-map check of this plan, at most `limit` rows. With the
   * `key` its scan captured (`unexpected.sampleKey`), only that key's rows are read; the caller
   * falls back to the statement without a key when they come to fewer than it needs.
   */
  sampleStatement(checkId: string, limit: number, key?: string | null): SqlStatement | null;
}

export interface TargetPlanOptions {
  /** The rows a failing sample reads at most (a captured sample key must fill it alone). */
  sampleRows?: number;
}

function filtersOf(config: ExpectationConfig): RowFilter[] | null {
  const filters = config.kwargs['row_condition'];
  return Array.isArray(filters) && filters.length > 0 ? filters : null;
}

/** What an expectation computes, as an error message names it: its type and its column(s). */
export function expectationMetricName(config: ExpectationConfig): string {
  const column = config.kwargs['column'];
  const columns = config.kwargs['column_list'];
  if (typeof column === 'string') return `${config.expectation_type} of column "${column}"`;
  if (Array.isArray(columns)) return `${config.expectation_type} of columns ${JSON.stringify(columns)}`;
  return config.expectation_type;
}

function monitorMetricName(monitor: MonitorMetric): string {
  return monitor.metric === 'row_count' ? 'row count' : `newest value of column "${monitor.column}"`;
}

/** The checks of one (target, filter), before any statement is built. */
interface GroupMembers {
  filterKey: string;
  filters: RowFilter[] | null;
  expectations: PlannedExpectation[];
  monitors: MonitorMetric[];
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
  options: TargetPlanOptions = {},
): TargetPlan {
  const sampleRows = options.sampleRows ?? FAILING_SAMPLE_ROWS;
  if (!Number.isInteger(sampleRows) || sampleRows < 0)
    throw new RangeError('sampleRows must be a non-negative integer');
  const relation = dialect.relation(target);
  const resolver = new ColumnResolver(columns);
  const members = new Map<string, GroupMembers>();
  const immediate = new Map<string, ExpectationReading>();
  const problems = new Map<string, EvaluationProblem>();
  const samples = new Map<string, { filters: RowFilter[] | null; compiled: CompiledExpectation }>();

  const membersFor = (filters: RowFilter[] | null): GroupMembers => {
    const filterKey = rowConditionKey(filters);
    let entry = members.get(filterKey);
    if (!entry) {
      entry = { filterKey, filters, expectations: [], monitors: [] };
      members.set(filterKey, entry);
    }
    return entry;
  };

  for (const planned of expectations) {
    const { checkId, config } = planned;
    const filters = filtersOf(config);
    try {
      // A filter column that does not resolve fails this check alone, before any group holds it.
      for (const filter of filters ?? []) resolveOrThrow(resolver, filter.column);
      const scratch = new FusedScanBuilder(dialect, relation, sampleRows);
      const probe = compileExpectation(scratch, resolver, config);
      if ('immediate' in probe) {
        immediate.set(checkId, probe.immediate);
        continue;
      }
      membersFor(filters).expectations.push(planned);
    } catch (error) {
      if (error instanceof ExpectationCompileError) problems.set(checkId, error.problem);
      else throw error;
    }
  }

  for (const monitor of monitors) {
    try {
      if (monitor.metric === 'max_epoch') resolveOrThrow(resolver, monitor.column);
      membersFor(null).monitors.push(monitor);
    } catch (error) {
      if (error instanceof ExpectationCompileError) problems.set(monitor.checkId, error.problem);
      else throw error;
    }
  }

  /** One statement for these members (all of a group's, or a subset when isolating a failure). */
  const buildGroup = (group: GroupMembers): { scan: ScanGroup; empty: boolean } => {
    const builder = new FusedScanBuilder(dialect, relation, sampleRows);
    builder.setFilter(
      rowFilterSql(dialect, builder.params, group.filters, (name) => resolveOrThrow(resolver, name)),
    );
    const compiledExpectations: ScanGroup['expectations'] = group.expectations.map(({ checkId, config }) => ({
      checkId,
      compiled: compileExpectation(builder, resolver, config) as CompiledExpectation,
      metric: expectationMetricName(config),
    }));
    const compiledMonitors: ScanGroup['monitors'] = group.monitors.map((monitor) => {
      const expression =
        monitor.metric === 'row_count'
          ? 'count(*)'
          : dialect.epochSeconds(`max(${dialect.quoteIdentifier(resolveOrThrow(resolver, monitor.column))})`);
      const alias = builder.aggregate(expression);
      return {
        checkId: monitor.checkId,
        read: (row) => numberOf(row[alias]),
        metric: monitorMetricName(monitor),
      };
    });
    const scan: ScanGroup = {
      filterKey: group.filterKey,
      statement: builder.build(),
      expectations: compiledExpectations,
      monitors: compiledMonitors,
      only: (checkIds) => {
        const wanted = new Set(checkIds);
        return buildGroup({
          ...group,
          expectations: group.expectations.filter(({ checkId }) => wanted.has(checkId)),
          monitors: group.monitors.filter(({ checkId }) => wanted.has(checkId)),
        }).scan;
      },
    };
    return { scan, empty: builder.isEmpty };
  };

  const groups: ScanGroup[] = [];
  for (const group of members.values()) {
    const { scan, empty } = buildGroup(group);
    if (empty) continue;
    groups.push(scan);
    for (const { checkId, compiled } of scan.expectations)
      if (compiled.unexpected) samples.set(checkId, { filters: group.filters, compiled });
  }

  return {
    groups,
    immediate,
    problems,
    sampleStatement: (checkId, limit, key) => {
      const entry = samples.get(checkId);
      if (!entry?.compiled.unexpected) return null;
      const builder = new FusedScanBuilder(dialect, relation, sampleRows);
      builder.setFilter(
        rowFilterSql(dialect, builder.params, entry.filters, (name) => resolveOrThrow(resolver, name)),
      );
      const { predicate: counted, samplePredicate, keyedPredicate } = entry.compiled.unexpected;
      const predicate =
        key !== undefined && key !== null && keyedPredicate
          ? keyedPredicate(builder, key)
          : (samplePredicate ?? counted)(builder);
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
