import { Logger } from '@nestjs/common';
import {
  type AnomalyConfig,
  COMPARISON_DEFAULT_MAX_ROWS,
  type ComparisonConfig,
  bandExpectation,
  type CheckDefinition,
  checkSamplePolicy,
  checkSubjectColumns,
  ColumnResolver,
  CheckEngine,
  CheckKind,
  compileNativeMetric,
  type CustomSqlConfig,
  dialectForKind,
  type SqlDialect,
  evaluateAnomaly,
  evaluateCustomSql,
  evaluateFreshness,
  evaluateSchemaDrift,
  evaluateVolume,
  type ExpectationConfig,
  type ExpectationReading,
  expectationDefinition,
  type IntrospectedColumn,
  judgedByTiers,
  judgedExpectation,
  type MonitorMetric,
  parseColumnPolicy,
  type PlannedExpectation,
  planTargetScans,
  type ScanGroup,
  type TargetPlan,
  redactSampleRow,
  resolveExpectationThresholds,
  type SamplePolicy,
  type SchemaColumn,
  stripHelperColumns,
  isUserSqlKind,
  PROFILE_DEFAULT_TOP_VALUES,
  sqlParserReady,
  userSqlProblem,
  withoutTrailingSemicolons,
} from '@dq/check-engine';
import { AppError, CheckOutcome, DatasourceErrorClass, RunFailureReason } from '@dq/contracts';
import {
  type CallOptions,
  type DatasourceAdapter,
  type DatasourceAdapterRegistry,
  type DatasourceConnection,
  DatasourceError,
  type TargetMetadata,
  type TransferTally,
} from '@dq/datasources';
import { type StoredConnection } from '@dq/connections';
import { type RunTarget } from '@dq/contracts';
import { type CheckEvaluation, type MetricPoint, RunCannotComplete } from '@dq/runs';
import { type OpenedConnections } from '../target/opened-connections';
import { ComparisonCapExceeded, runComparison } from '../comparison/comparison-runner';
import { profileTarget } from './profile-target';
import { type StatementRunner, withTargetReads } from './target-statements';
import { countTargetReads, targetReadsDetail } from './target-reads-metrics';

/** At most 20 failing rows per check (docs/decisions/0019). */
export const SAMPLE_LIMIT = 20;
/** Custom SQL: rows read to count failures (the count says when it was capped). */
export const CUSTOM_SQL_ROW_CAP = 1000;
/** A run's reads of one target are bounded; past it the run ends as the datasource's timeout. */
export const TARGET_EVALUATION_TIMEOUT_MS = 30 * 60_000;

/** One check to evaluate: its id, frozen definition and version, and its stored baseline. */
export interface TargetCheck {
  id: string;
  version: number;
  definition: CheckDefinition;
  baseline: Record<string, unknown> | null;
}

export interface TargetEvaluationInput {
  runId: string | null;
  target: RunTarget;
  /** The connection row as already read (a run's claim reads it); read here when absent. */
  connection?: StoredConnection | null;
  checks: TargetCheck[];
  /** Workspace zero-sample mode: no failing row is read at all. */
  zeroSample: boolean;
}

export interface TargetEvaluationContext {
  signal: AbortSignal;
  /** Each datasource call's own deadline when shorter than the evaluator's (a dry run's). */
  timeoutMs?: number;
  stopRequested?: () => Promise<boolean>;
}

/** What the evaluator needs beyond the datasource: history for anomalies, baselines for drift. */
export interface EvaluationPorts {
  history: {
    points(checkId: string, options: { since?: Date | null; excludeRunId?: string }): Promise<MetricPoint[]>;
  };
  baselines: {
    captureIfAbsent(checkId: string, baseline: Record<string, unknown>): Promise<boolean>;
    /** Replaces the baseline only while it still is `from` (an explicit rebaseline wins). */
    refineIfUnchanged?(
      checkId: string,
      from: Record<string, unknown>,
      to: Record<string, unknown>,
    ): Promise<boolean>;
  };
  now?: () => Date;
}

export type ReportResult = (checkId: string, evaluation: CheckEvaluation) => Promise<void>;

const logger = new Logger('SuiteTargetEvaluator');

function errorResult(reason: string, message: string, extra: Record<string, unknown> = {}): CheckEvaluation {
  return { outcome: CheckOutcome.Error, metric_value: null, detail: { reason, message, ...extra } };
}

/** A classified failure of reading the target: its class, and its reason where it has one (`encoding`). */
function datasourceErrorResult(error: DatasourceError): CheckEvaluation {
  return errorResult('evaluation_failed', error.message, { class: error.errorClass, ...error.detail });
}

/** The run cannot go on without the datasource; an invalid target fails each check instead. */
function isRunFatal(error: DatasourceError): boolean {
  return (
    error.errorClass === DatasourceErrorClass.Unreachable ||
    error.errorClass === DatasourceErrorClass.Timeout ||
    error.errorClass === DatasourceErrorClass.Auth ||
    error.errorClass === DatasourceErrorClass.Permission
  );
}

/**
 * Evaluates a suite's checks against its target the cheap way: all aggregate checks over one
 * (target, filter) in one fused statement, failing-row samples only for checks that failed (at
 * most 20, redacted by the suite's column policy and the classifier), volume and freshness from
 * metadata where the datasource keeps it exactly, schema drift from one introspection. Each
 * result is reported as soon as it is known.
 */
export class SuiteTargetEvaluator {
  constructor(
    private readonly connections: OpenedConnections,
    private readonly adapters: DatasourceAdapterRegistry,
    private readonly ports: EvaluationPorts,
    private readonly timeoutMs = TARGET_EVALUATION_TIMEOUT_MS,
    /** COMPARISON_MAX_ROWS, 1,000,000 per side by default (docs/decisions/0020). */
    private readonly comparisonMaxRows = COMPARISON_DEFAULT_MAX_ROWS,
  ) {}

  /** The refusal for a check whose custom SQL or query projection would run on a privileged connection. */
  private async userSqlRefusal(
    definition: CheckDefinition,
    input: TargetEvaluationInput,
  ): Promise<{ message: string; detail: Record<string, unknown> } | null> {
    const targetId = input.target.connection_id;
    const sides: string[] = [];
    if (definition.kind === CheckKind.CustomSql) sides.push(targetId);
    if (definition.kind === CheckKind.Comparison) {
      const config = definition.config as {
        baseline_connection_id: string;
        baseline: Record<string, unknown>;
        target_query?: string;
      };
      if (config.target_query !== undefined) sides.push(targetId);
      if ('query' in config.baseline) sides.push(config.baseline_connection_id);
    }
    for (const id of new Set(sides)) {
      const refusal = await this.connections.userSqlRefusal(
        id,
        id === targetId ? input.connection : undefined,
      );
      if (refusal !== null) return refusal;
    }
    return null;
  }

  async evaluate(
    input: TargetEvaluationInput,
    context: TargetEvaluationContext,
    report: ReportResult,
    mode: { dryRun?: boolean } = {},
  ): Promise<{ statements: number }> {
    const pending = new Map(input.checks.map((check) => [check.id, check]));
    // What the run fetched from a remote store for this target (file, object and Iceberg stores count it).
    const transfer: TransferTally = { bytes: 0, requests: 0 };
    const done = async (checkId: string, evaluation: CheckEvaluation): Promise<void> => {
      const check = pending.get(checkId);
      if (!check) return;
      pending.delete(checkId);
      await report(checkId, {
        ...evaluation,
        detail: { ...evaluation.detail, check_version: check.version, ...targetReadsDetail(transfer) },
      });
    };
    const failAll = async (evaluation: CheckEvaluation): Promise<void> => {
      for (const checkId of [...pending.keys()]) await done(checkId, evaluation);
    };

    let connection: DatasourceConnection;
    try {
      connection = await this.connections.open(input.target.connection_id, input.connection);
    } catch (error) {
      if (error instanceof AppError || error instanceof DatasourceError) {
        await failAll(errorResult('connection_unusable', error.message));
        return { statements: 0 };
      }
      throw error;
    }
    const adapter = this.adapters.get(connection.kind);
    const dialect = dialectForKind(connection.kind);
    if (dialect === null) {
      await failAll(errorResult('not_a_datasource', 'This connection kind holds no data to check'));
      return { statements: 0 };
    }
    // SQL a user wrote is not sent to a connection whose role holds dangerous privileges.
    for (const check of input.checks) {
      const refusal = await this.userSqlRefusal(check.definition, input);
      if (refusal !== null)
        await done(check.id, errorResult('connection_privileged', refusal.message, refusal.detail));
    }
    const options: CallOptions = {
      ...this.callOptions(context),
      ...(input.target.file_encoding ? { fileEncoding: input.target.file_encoding } : {}),
      transfer,
    };
    const now = this.ports.now?.() ?? new Date();
    const policy = parseColumnPolicy(input.target.column_policy);
    const target = input.target.target;

    try {
      // Only a custom SQL check sends SQL a user wrote; without one, every statement is compiled.
      const compiledOnly = !input.checks.some((check) => check.definition.kind === CheckKind.CustomSql);
      return await withTargetReads(
        adapter,
        connection,
        target,
        options,
        async (reads) => {
          // A suite of row counts, file arrivals and custom SQL never reads the catalog: a missing
          // target then shows in the statement that reads it.
          // Columns that cannot be read (a file not in the suite's encoding) fail the checks that need
          // them; the others (file arrival, row counts, custom SQL) still run.
          let columns: { name: string; type: string }[] = [];
          if (input.checks.some(({ definition }) => needsColumns(definition))) {
            try {
              columns = (await reads.columns()).map(({ name, type }) => ({ name, type }));
            } catch (error) {
              if (!(error instanceof DatasourceError) || error.errorClass !== DatasourceErrorClass.Invalid)
                throw error;
              for (const check of input.checks)
                if (needsColumns(check.definition)) await done(check.id, datasourceErrorResult(error));
            }
          }
          const metadata = await this.metadataIfUseful(adapter, connection, target, input.checks, options);
          const newestArrival = await this.newestArrivalIfUseful(
            adapter,
            connection,
            target,
            input.checks,
            options,
          );

          const expectations: PlannedExpectation[] = [];
          const monitors: MonitorMetric[] = [];
          const natives: TargetCheck[] = [];
          const later: TargetCheck[] = [];
          for (const check of input.checks) {
            if (!pending.has(check.id)) continue;
            const { kind, config, engine } = check.definition;
            if (kind === CheckKind.Expectation) {
              if (engine === CheckEngine.Native) natives.push(check);
              else expectations.push({ checkId: check.id, config: config as unknown as ExpectationConfig });
            } else if (
              (kind === CheckKind.Volume ||
                (kind === CheckKind.Anomaly && config['metric'] === 'row_count')) &&
              !exactRowCount(metadata)
            ) {
              monitors.push({ checkId: check.id, metric: 'row_count' });
              later.push(check);
            } else if (
              (kind === CheckKind.Freshness || kind === CheckKind.Anomaly) &&
              typeof config['column'] === 'string'
            ) {
              monitors.push({ checkId: check.id, metric: 'max_epoch', column: config['column'] });
              later.push(check);
            } else later.push(check);
          }

          const plan = planTargetScans(dialect, target, columns, expectations, monitors, {
            sampleRows: SAMPLE_LIMIT,
          });
          for (const [checkId, problem] of plan.problems)
            await done(checkId, errorResult(problem.reason, problem.message));
          for (const [checkId, reading] of plan.immediate) {
            await done(
              checkId,
              this.bandReading(pending.get(checkId)!, reading.observation, reading.observed, reading.detail),
            );
          }

          const statements = await reads.statements(async (runner) => {
            const measured = new Map<string, number | null>();
            for (const group of plan.groups) {
              // A fused statement the datasource refuses (for a reason that is not run-fatal) is
              // split in halves until the metric it cannot compute stands alone: only that check
              // ends `error`, naming its metric, and every other check of the scan gets its result.
              const scans: ScanGroup[] = [group];
              while (scans.length > 0) {
                const scan = scans.shift()!;
                if (await context.stopRequested?.()) return runner.statementsSent;
                let row: Record<string, unknown>;
                try {
                  row = (await runner.run(scan.statement, 1)).rows[0] ?? {};
                } catch (error) {
                  if (!(error instanceof DatasourceError) || isRunFatal(error)) throw error;
                  const members = [...scan.expectations, ...scan.monitors];
                  if (error.errorClass === DatasourceErrorClass.NotFound) {
                    for (const { checkId } of members)
                      await done(checkId, errorResult('target_not_found', error.message));
                  } else if (members.length === 1) {
                    const [{ checkId, metric }] = members;
                    await done(
                      checkId,
                      errorResult(
                        'evaluation_failed',
                        `The ${metric} could not be computed: ${error.message}`,
                        { metric, class: error.errorClass, ...error.detail },
                      ),
                    );
                  } else {
                    const half = Math.ceil(members.length / 2);
                    const ids = members.map(({ checkId }) => checkId);
                    scans.unshift(scan.only(ids.slice(0, half)), scan.only(ids.slice(half)));
                  }
                  continue;
                }
                for (const monitor of scan.monitors) measured.set(monitor.checkId, monitor.read(row));
                for (const { checkId, compiled } of scan.expectations) {
                  const check = pending.get(checkId);
                  if (!check) continue;
                  const reading = compiled.read(row);
                  const result = this.bandReading(
                    check,
                    reading.observation,
                    reading.observed,
                    reading.detail,
                  );
                  if (result.outcome !== CheckOutcome.Pass && compiled.unexpected && !input.zeroSample) {
                    if (await context.stopRequested?.()) return runner.statementsSent;
                    // The rows name the target's own columns: the check's are resolved as its scan was.
                    const resolver = new ColumnResolver(columns);
                    const subjects = checkSubjectColumns(check.definition).map(
                      (name) => resolver.resolve(name) ?? name,
                    );
                    result.detail['samples'] = await this.samples(
                      runner,
                      {
                        plan,
                        checkId,
                        key: compiled.unexpected.sampleKey?.(row) ?? null,
                        needed: Math.min(SAMPLE_LIMIT, unexpectedCount(reading.observation)),
                      },
                      checkSamplePolicy(policy, subjects),
                    );
                  }
                  await done(checkId, result);
                }
              }
            }
            for (const check of natives) {
              if (await context.stopRequested?.()) return runner.statementsSent;
              await done(check.id, await this.native(runner, target, check));
            }
            for (const check of later) {
              if (!pending.has(check.id)) continue;
              if (await context.stopRequested?.()) return runner.statementsSent;
              await done(
                check.id,
                await this.monitor(check, {
                  adapter,
                  connection,
                  runner,
                  dialect,
                  columns,
                  metadata,
                  newestArrival,
                  measured,
                  now,
                  policy,
                  input,
                  dryRun: mode.dryRun === true,
                  call: { ...this.callOptions(context), transfer },
                }),
              );
            }
            return runner.statementsSent;
          });
          return { statements };
        },
        { compiledOnly },
      );
    } catch (error) {
      if (error instanceof DatasourceError) {
        await this.connections.record(connection.id ?? input.target.connection_id, error);
        if (context.signal.aborted) throw error;
        if (isRunFatal(error))
          throw new RunCannotComplete(RunFailureReason.DatasourceUnreachable, error.message);
        await failAll(
          errorResult(
            error.errorClass === DatasourceErrorClass.NotFound ? 'target_not_found' : 'evaluation_failed',
            error.message,
          ),
        );
        return { statements: 0 };
      }
      throw error;
    } finally {
      countTargetReads(connection.kind, transfer);
    }
  }

  private callOptions({ signal, timeoutMs }: TargetEvaluationContext): CallOptions {
    return { timeoutMs: timeoutMs ?? this.timeoutMs, signal };
  }

  /** Metadata is read once, and only when a volume, freshness or anomaly check can use it. */
  private async metadataIfUseful(
    adapter: DatasourceAdapter,
    connection: DatasourceConnection,
    target: string,
    checks: readonly TargetCheck[],
    options: CallOptions,
  ): Promise<TargetMetadata | null> {
    const wants = checks.some(
      ({ definition }) =>
        definition.kind === CheckKind.Volume ||
        (definition.kind === CheckKind.Anomaly && definition.config['metric'] === 'row_count'),
    );
    if (!wants || !adapter.metadata || adapter.exactRowCountMetadata === false) return null;
    try {
      return await adapter.metadata(connection, target, options);
    } catch (error) {
      // No metadata is not a failure: the row count then comes from the fused scan.
      if (error instanceof DatasourceError && !isRunFatal(error)) return null;
      throw error;
    }
  }

  private async newestArrivalIfUseful(
    adapter: DatasourceAdapter,
    connection: DatasourceConnection,
    target: string,
    checks: readonly TargetCheck[],
    options: CallOptions,
  ): Promise<Date | null | undefined> {
    const wants = checks.some(
      ({ definition }) =>
        definition.kind === CheckKind.Freshness &&
        (definition.config['column'] === undefined || definition.config['column'] === null),
    );
    if (!wants || !adapter.listFiles) return undefined;
    const files = await adapter.listFiles(connection, target, options).catch((error: unknown) => {
      // No file matches the pattern: nothing arrived, which is what freshness measures.
      if (error instanceof DatasourceError && error.errorClass === DatasourceErrorClass.NotFound) return [];
      throw error;
    });
    const newest = files.at(-1);
    return newest ? new Date(newest.last_modified_at) : null;
  }

  private bandReading(
    check: TargetCheck,
    observation: Parameters<typeof bandExpectation>[1],
    observed: number | null,
    detail: Record<string, unknown>,
  ): CheckEvaluation {
    const config = check.definition.config as unknown as ExpectationConfig;
    const definition = expectationDefinition(config.expectation_type);
    if (!definition)
      return errorResult('unknown_expectation', `Unknown expectation ${config.expectation_type}`);
    const mostly = typeof config.kwargs['mostly'] === 'number' ? config.kwargs['mostly'] : undefined;
    const banded = bandExpectation(definition, observation, check.definition.thresholds, mostly);
    const columnMap = observation.shape === 'column_map';
    const judged = judgedExpectation({
      shape: observation.shape,
      band: banded.outcome,
      unexpectedPercent: round(banded.unexpected_percent),
      observed,
      thresholds: resolveExpectationThresholds(check.definition.thresholds, mostly).thresholds,
      kwargs: config.kwargs,
    });
    return {
      outcome: banded.outcome,
      metric_value: columnMap ? round(banded.unexpected_percent) : observed,
      detail: { ...detail, unexpected_percent: round(banded.unexpected_percent), judged },
    };
  }

  /**
   * A failing check's sample: the rows of the key its scan captured when there is one and they
   * fill the sample (`needed`: the cap, or every failing row when fewer), else the check's own
   * sample statement. A read the datasource refuses leaves the sample empty, never the check.
   */
  private async samples(
    runner: StatementRunner,
    sample: { plan: TargetPlan; checkId: string; key: string | null; needed: number },
    policy: SamplePolicy,
  ): Promise<Record<string, unknown>[]> {
    const read = async (key: string | null): Promise<Record<string, unknown>[] | null> => {
      const statement = sample.plan.sampleStatement(sample.checkId, SAMPLE_LIMIT, key);
      if (statement === null) return null;
      try {
        return (await runner.run(statement, SAMPLE_LIMIT)).rows;
      } catch (error) {
        if (error instanceof DatasourceError && !isRunFatal(error)) {
          logger.warn(`failing-sample read failed (${error.errorClass})`);
          return null;
        }
        throw error;
      }
    };
    let rows = sample.key === null ? null : await read(sample.key);
    if (rows === null || rows.length < sample.needed) rows = await read(null);
    return (rows ?? []).map((row) => redactSampleRow(stripHelperColumns(row), policy));
  }

  private async native(
    runner: StatementRunner,
    target: string,
    check: TargetCheck,
  ): Promise<CheckEvaluation> {
    const config = check.definition.config as unknown as ExpectationConfig;
    try {
      const row = (await runner.run(compileNativeMetric(target, String(config.kwargs['column']), config), 1))
        .rows[0];
      const value = row ? Number(row['VALUE'] ?? row['value']) : Number.NaN;
      if (!Number.isFinite(value))
        return errorResult('native_metric_unavailable', 'The warehouse returned no metric value');
      const min = config.kwargs['min_value'] as number | undefined;
      const max = config.kwargs['max_value'] as number | undefined;
      const met =
        (min === undefined || min === null || value >= min) &&
        (max === undefined || max === null || value <= max);
      return this.bandReading(check, { shape: 'column_aggregate', met }, value, {
        observed_value: value,
        engine: 'native',
      });
    } catch (error) {
      if (error instanceof DatasourceError && !isRunFatal(error)) {
        return errorResult('native_metric_unavailable', error.message, { engine: 'native' });
      }
      throw error;
    }
  }

  private async comparison(
    check: TargetCheck,
    state: {
      adapter: DatasourceAdapter;
      connection: DatasourceConnection;
      policy: SamplePolicy;
      input: TargetEvaluationInput;
      /** The run's (or dry run's) signal and deadline: a comparison stops with the rest. */
      call: CallOptions;
    },
  ): Promise<CheckEvaluation> {
    const config = check.definition.config as unknown as ComparisonConfig;
    let baselineConnection: DatasourceConnection;
    try {
      baselineConnection = await this.connections.open(config.baseline_connection_id);
    } catch (error) {
      if (error instanceof AppError || error instanceof DatasourceError)
        return errorResult('baseline_connection_unusable', error.message);
      throw error;
    }
    const baselineAdapter = this.adapters.get(baselineConnection.kind);
    const fileEncoding = state.input.target.file_encoding ?? undefined;
    try {
      const { evaluation } = await runComparison(
        config,
        {
          target: {
            adapter: state.adapter,
            connection: state.connection,
            target: state.input.target.target,
            ...(config.target_query !== undefined ? { query: config.target_query } : {}),
            ...(fileEncoding ? { fileEncoding } : {}),
          },
          baseline: {
            adapter: baselineAdapter,
            connection: baselineConnection,
            target: 'target' in config.baseline ? config.baseline.target : state.input.target.target,
            ...('query' in config.baseline ? { query: config.baseline.query } : {}),
            // The suite's encoding is its connection's files': a baseline elsewhere reads as UTF-8.
            ...(fileEncoding && config.baseline_connection_id === state.input.target.connection_id
              ? { fileEncoding }
              : {}),
          },
        },
        {
          ...state.call,
          cap: this.comparisonMaxRows,
          policy: state.policy,
          thresholds: check.definition.thresholds,
          zeroSample: state.input.zeroSample,
        },
      );
      return evaluation;
    } catch (error) {
      if (error instanceof ComparisonCapExceeded)
        return errorResult('comparison_cap_exceeded', error.message, { side: error.side, cap: error.cap });
      if (error instanceof DatasourceError && !isRunFatal(error))
        return errorResult('comparison_failed', error.message);
      if (error instanceof DatasourceError)
        return errorResult('comparison_failed', error.message, { class: error.errorClass });
      throw error;
    }
  }

  private async monitor(
    check: TargetCheck,
    state: {
      adapter: DatasourceAdapter;
      connection: DatasourceConnection;
      runner: StatementRunner;
      dialect: SqlDialect;
      columns: IntrospectedColumn[];
      metadata: TargetMetadata | null;
      newestArrival: Date | null | undefined;
      measured: Map<string, number | null>;
      now: Date;
      policy: SamplePolicy;
      input: TargetEvaluationInput;
      dryRun: boolean;
      call: CallOptions;
    },
  ): Promise<CheckEvaluation> {
    const { kind, config } = check.definition;
    const rowCount = (): { value: number; source: string } | null => {
      if (exactRowCount(state.metadata))
        return { value: state.metadata!.row_count as number, source: 'metadata' };
      const scanned = state.measured.get(check.id);
      return scanned === undefined || scanned === null ? null : { value: scanned, source: 'scan' };
    };
    const latest = (): { at: Date | null; source: string } => {
      if (typeof config['column'] === 'string') {
        const epoch = state.measured.get(check.id);
        return { at: epoch === undefined || epoch === null ? null : new Date(epoch * 1000), source: 'scan' };
      }
      return { at: state.newestArrival ?? null, source: 'file_arrival' };
    };
    switch (kind) {
      case CheckKind.Volume: {
        const count = rowCount();
        if (count === null)
          return errorResult('row_count_unavailable', 'The row count could not be measured');
        return evaluateVolume(config, count.value, count.source);
      }
      case CheckKind.Freshness: {
        const { at, source } = latest();
        return evaluateFreshness(config, at, state.now, source);
      }
      case CheckKind.Anomaly: {
        const anomaly = config as unknown as AnomalyConfig;
        let observed: number | null;
        let source: string;
        if (anomaly.metric === 'row_count') {
          const count = rowCount();
          observed = count?.value ?? null;
          source = count?.source ?? 'scan';
        } else {
          const { at } = latest();
          observed = at === null ? null : Math.max(0, (state.now.getTime() - at.getTime()) / 3_600_000);
          source = 'scan';
        }
        if (observed === null)
          return errorResult('metric_unavailable', 'The monitored metric could not be measured');
        const since =
          typeof check.baseline?.['since'] === 'string' ? new Date(check.baseline['since']) : null;
        const history = await this.ports.history.points(check.id, {
          since,
          ...(state.input.runId !== null ? { excludeRunId: state.input.runId } : {}),
        });
        const verdict = evaluateAnomaly({
          history,
          observed: { at: state.now, value: observed },
          thresholds: check.definition.thresholds,
          ...(anomaly.min_points !== undefined ? { minPoints: anomaly.min_points } : {}),
          perWeekday: anomaly.per_weekday === true,
          timeZone: state.input.target.time_zone,
        });
        return {
          outcome: verdict.outcome,
          metric_value: round(observed),
          detail: {
            ...verdict,
            metric: anomaly.metric,
            source,
            z: 'z' in verdict ? finiteOrText(verdict.z) : undefined,
          },
        };
      }
      case CheckKind.SchemaDrift: {
        const live: SchemaColumn[] = state.columns.map(({ name, type }) => ({ name, type }));
        const stored = Array.isArray(check.baseline?.['columns'])
          ? (check.baseline['columns'] as SchemaColumn[])
          : null;
        const result = evaluateSchemaDrift(config, stored, live);
        if (result.capture !== null)
          await this.ports.baselines.captureIfAbsent(check.id, { columns: result.capture });
        // A baseline from before decimals carried precision learns it once (never a drift).
        if (result.refine && stored !== null && !state.dryRun && this.ports.baselines.refineIfUnchanged)
          await this.ports.baselines.refineIfUnchanged(check.id, check.baseline!, {
            ...check.baseline,
            columns: result.refine,
          });
        return { outcome: result.outcome, metric_value: result.metric_value, detail: result.detail };
      }
      case CheckKind.CustomSql: {
        const custom = config as unknown as CustomSqlConfig;
        // Checked again before it runs (a check stored before the gate, or edited in the database).
        if (isUserSqlKind(state.connection.kind)) {
          await sqlParserReady();
          const refused = userSqlProblem(custom.sql, state.connection.kind);
          if (refused !== null) return errorResult('custom_sql_refused', `config.sql ${refused}`);
        }
        try {
          if (state.input.zeroSample) {
            // No failing row may be read: the datasource counts them (up to the cap) instead. Only
            // what the statement itself needs is computed; the columns a sample would show are not.
            const counted = await state.runner.run(
              {
                sql: `SELECT count(*) AS failing_rows FROM (SELECT 1 AS one FROM (${withoutTrailingSemicolons(custom.sql)}) dq_rows LIMIT ${CUSTOM_SQL_ROW_CAP + 1}) dq_capped`,
                params: [],
              },
              1,
            );
            const failing = Number(Object.values(counted.rows[0] ?? {})[0] ?? 0);
            return evaluateCustomSql(
              custom,
              Math.min(failing, CUSTOM_SQL_ROW_CAP),
              failing > CUSTOM_SQL_ROW_CAP,
            );
          }
          const result = await state.runner.run(
            { sql: withoutTrailingSemicolons(custom.sql), params: [] },
            CUSTOM_SQL_ROW_CAP,
          );
          const evaluation = evaluateCustomSql(custom, result.rows.length, result.truncated);
          if (result.rows.length > 0 && !state.input.zeroSample)
            evaluation.detail['samples'] = result.rows
              .slice(0, SAMPLE_LIMIT)
              .map((row) => redactSampleRow(row, state.policy));
          return evaluation;
        } catch (error) {
          if (error instanceof DatasourceError && !isRunFatal(error))
            return errorResult('custom_sql_failed', error.message);
          throw error;
        }
      }
      case CheckKind.Profile: {
        const topValues =
          typeof config['top_values'] === 'number' ? config['top_values'] : PROFILE_DEFAULT_TOP_VALUES;
        const wanted = Array.isArray(config['columns']) ? (config['columns'] as string[]) : null;
        const profiled =
          wanted === null ? state.columns : state.columns.filter((column) => wanted.includes(column.name));
        const profile = await profileTarget(
          state.runner,
          state.dialect,
          state.input.target.target,
          profiled,
          topValues,
          state.policy,
        );
        // A profile describes the data and judges nothing: it always passes, and says so.
        const judged = judgedByTiers({
          metric: 'row_count',
          value: profile.row_count,
          unit: 'rows',
          thresholds: {},
          band: CheckOutcome.Pass,
          reading: 'a profile judges nothing: pass',
        });
        return {
          outcome: CheckOutcome.Pass,
          metric_value: profile.row_count,
          detail: { ...profile, judged },
        };
      }
      case CheckKind.Comparison:
        return this.comparison(check, state);
      default:
        return errorResult('unsupported_check_kind', `No evaluation for ${kind}`);
    }
  }
}

/**
 * Whether evaluating a check needs the target's columns: to resolve the columns it names, or to
 * compare or profile them. A row count, a file arrival and custom SQL do not.
 */
function needsColumns({ kind, config }: CheckDefinition): boolean {
  switch (kind) {
    case CheckKind.Volume:
    case CheckKind.CustomSql:
      return false;
    case CheckKind.Anomaly:
    case CheckKind.Freshness:
      // A row count, or the newest file's arrival: no column to resolve.
      return typeof config['column'] === 'string';
    default:
      return true;
  }
}

/** A column-map reading's failing rows (0 for any other shape). */
function unexpectedCount(observation: ExpectationReading['observation']): number {
  return observation.shape === 'column_map' ? observation.counts.unexpected_count : 0;
}

function exactRowCount(metadata: TargetMetadata | null): boolean {
  return metadata !== null && metadata.row_count !== null && metadata.row_count_exact === true;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function finiteOrText(value: number): number | string {
  return Number.isFinite(value) ? round(value) : value > 0 ? 'Infinity' : '-Infinity';
}
