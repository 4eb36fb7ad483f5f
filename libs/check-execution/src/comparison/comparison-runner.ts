import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  bandUnexpectedPercent,
  CheckKind,
  checkSamplePolicy,
  checkSubjectColumns,
  ColumnResolver,
  type ComparisonConfig,
  dialectForKind,
  effectiveSeverityThresholds,
  judgedByTiers,
  redactSampleRow,
  type SamplePolicy,
  type SeverityThresholds,
  type SqlDialect,
  isUserSqlKind,
  sqlParserReady,
  userSqlProblem,
  withoutTrailingSemicolons,
} from '@dq/check-engine';
import { DatasourceErrorClass, type FileEncoding } from '@dq/contracts';
import {
  type CallOptions,
  type DatasourceAdapter,
  type DatasourceConnection,
  DatasourceError,
} from '@dq/datasources';
import { type CheckEvaluation } from '@dq/runs';
import { type StatementRunner, withTargetStatements } from '../evaluation/target-statements';

/**
 * Rows read per page from either side: memory holds one page, the rest is in the diff engine. A
 * smaller page leaves less garbage waiting for V8, for a little more time (bench/README.md).
 */
export const COMPARISON_PAGE_ROWS = 30_000;
/** The diff engine's own memory limit; past it DuckDB spills to its temp directory. */
export const COMPARISON_ENGINE_MEMORY_MB = 256;
const SAMPLE_ROWS = 20;

/** One side of a comparison: where it reads and what (a target, or a read-only query on SQL kinds). */
export interface ComparisonSide {
  adapter: DatasourceAdapter;
  connection: DatasourceConnection;
  target: string;
  query?: string;
  /** Flat-file sides: the encoding their CSV files are read in (UTF-8 when absent). */
  fileEncoding?: FileEncoding;
}

/** The call's options as one side reads with them: its own file encoding. */
function sideOptions(side: ComparisonSide, options: CallOptions): CallOptions {
  const { fileEncoding: _suites, ...rest } = options;
  return side.fileEncoding ? { ...rest, fileEncoding: side.fileEncoding } : rest;
}

export class ComparisonCapExceeded extends Error {
  constructor(
    readonly side: 'target' | 'baseline',
    readonly cap: number,
  ) {
    super(`The ${side} side has more than ${cap} rows (COMPARISON_MAX_ROWS)`);
    this.name = 'ComparisonCapExceeded';
  }
}

/** A value as text both sides agree on: numbers without trailing zeros, times in UTC ISO form. */
export function canonicalValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    // Decimal strings from drivers ("1.50", "0010") compare as the numbers they are.
    if (/^-?\d+(\.\d+)?$/.test(value)) {
      const [whole = '', fraction = ''] = value.split('.');
      const trimmedWhole = whole.replace(/^(-?)0+(?=\d)/, '$1');
      const trimmedFraction = fraction.replace(/0+$/, '');
      const text = trimmedFraction === '' ? trimmedWhole : `${trimmedWhole}.${trimmedFraction}`;
      return text === '-0' ? '0' : text;
    }
    // Timestamps written with a space or a T, with or without a zone, compare as instants.
    if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?$/.test(value)) {
      const hasZone = /(Z|[+-]\d{2}(:?\d{2})?)$/.test(value);
      const parsed = new Date(hasZone ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`);
      if (!Number.isNaN(parsed.getTime())) return parsed.toISOString();
    }
    return value;
  }
  return JSON.stringify(value);
}

/** The columns one side is read with: keys first, then the compared columns, by name. */
function selectSql(dialect: SqlDialect, side: ComparisonSide, columns: string[]): string {
  const source =
    side.query !== undefined
      ? `(${withoutTrailingSemicolons(side.query)}) AS dq_side`
      : dialect.relation(side.target);
  return `SELECT ${columns.map((column) => dialect.quoteIdentifier(column)).join(', ')} FROM ${source}`;
}

/**
 * Keyset pagination over the keys in their order, written out as `(k1 > a) OR (k1 = a AND k2 > b)`
 * so every dialect takes it (no row-value comparison needed). Values are bound, or inlined as
 * checked literals for DuckDB scans.
 */
function pageSql(dialect: SqlDialect, base: string, keys: string[], after: unknown[] | null, limit: number) {
  const q = (name: string) => dialect.quoteIdentifier(name);
  const params: unknown[] = [];
  const literal = (value: unknown): string => {
    if (dialect.inlineValues) {
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
      return `'${String(value).split("'").join("''")}'`;
    }
    params.push(value);
    return dialect.placeholder(params.length);
  };
  let where = '';
  if (after !== null) {
    const clauses = keys.map((key, index) => {
      const equal = keys.slice(0, index).map((previous, at) => `${q(previous)} = ${literal(after[at])}`);
      return `(${[...equal, `${q(key)} > ${literal(after[index])}`].join(' AND ')})`;
    });
    where = ` WHERE ${clauses.join(' OR ')}`;
  }
  const order = keys.map((key) => `${q(key)} ASC`).join(', ');
  return { sql: `SELECT * FROM (${base}) AS dq_page${where} ORDER BY ${order} LIMIT ${limit}`, params };
}

/** Streams one side into the diff engine, page by page, stopping as soon as it passes the cap. */
async function loadSide(
  engine: DuckDBConnection,
  table: string,
  side: ComparisonSide,
  keys: string[],
  columns: string[],
  cap: number,
  options: CallOptions,
  label: 'target' | 'baseline',
): Promise<{ rows: number; statements: number }> {
  const dialect = dialectForKind(side.connection.kind);
  if (dialect === null)
    throw new DatasourceError(DatasourceErrorClass.Invalid, 'This connection kind holds no data');
  const wanted = [...keys, ...columns];
  const base = selectSql(dialect, side, wanted);
  await engine.run(
    `CREATE OR REPLACE TABLE ${table} (${wanted.map((_name, index) => `c${index} VARCHAR`).join(', ')}, present BOOLEAN)`,
  );
  return withTargetStatements(
    side.adapter,
    side.connection,
    side.target,
    sideOptions(side, options),
    async (runner: StatementRunner) => {
      let rows = 0;
      let after: unknown[] | null = null;
      for (;;) {
        // One row past the cap is enough to know it is exceeded: never read further.
        const limit = Math.min(COMPARISON_PAGE_ROWS, cap + 1 - rows);
        const page = pageSql(dialect, base, keys, after, limit);
        const result = await runner.run(
          { sql: page.sql, params: page.params as (string | number | boolean)[] },
          limit,
        );
        if (result.rows.length === 0) break;
        rows += result.rows.length;
        if (rows > cap) throw new ComparisonCapExceeded(label, cap);
        const appender = await engine.createAppender(table);
        for (const row of result.rows) {
          for (const name of wanted) {
            const value = canonicalValue(row[name]);
            if (value === null) appender.appendNull();
            else appender.appendVarchar(value);
          }
          // A row may have null keys: `present` says which side holds it, whatever its key.
          appender.appendBoolean(true);
          appender.endRow();
        }
        appender.closeSync();
        const last = result.rows[result.rows.length - 1];
        after = keys.map((key) => last[key]);
        if (result.rows.length < limit) break;
      }
      return { rows, statements: runner.statementsSent };
    },
  );
}

export interface ComparisonOutcome {
  evaluation: CheckEvaluation;
  statements: number;
}

/**
 * The columns one side reads: its target's, or, for a query, what the query selects, asked of the
 * datasource with a statement that returns no rows (nothing else can know a query's columns).
 */
/** A query side's SQL passes its datasource's gate again before anything reaches it. */
async function assertSideQueryAllowed(side: ComparisonSide, label: 'target' | 'baseline'): Promise<void> {
  if (side.query === undefined || !isUserSqlKind(side.connection.kind)) return;
  await sqlParserReady();
  const field = label === 'target' ? 'config.target_query' : 'config.baseline.query';
  const refused = userSqlProblem(side.query, side.connection.kind);
  if (refused !== null) throw new DatasourceError(DatasourceErrorClass.Invalid, `${field} ${refused}`);
}

async function sideColumns(
  side: ComparisonSide,
  options: CallOptions,
): Promise<{ names: string[]; statements: number }> {
  const query = side.query;
  if (query === undefined) {
    const columns = await side.adapter.columns(side.connection, side.target, sideOptions(side, options));
    return { names: columns.map((column) => column.name), statements: 0 };
  }
  return withTargetStatements(
    side.adapter,
    side.connection,
    side.target,
    sideOptions(side, options),
    async (runner) => {
      const sql = `SELECT * FROM (${withoutTrailingSemicolons(query)}) AS dq_side WHERE 1 = 0`;
      const result = await runner.run({ sql, params: [] }, 1);
      return { names: result.columns.map((column) => column.name), statements: runner.statementsSent };
    },
  );
}

/**
 * A side's column by name: the exact name, else the one column whose name differs only in case
 * (PostgreSQL folds unquoted names to lower case, Snowflake to upper case).
 */
function resolveColumn(available: string[], wanted: string): string | undefined {
  if (available.includes(wanted)) return wanted;
  const folded = available.filter((name) => name.toLowerCase() === wanted.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

/** What each side reads (its own names, in one order), or the names a side lacks. */
export type ComparisonColumnPlan =
  | {
      target: { keys: string[]; columns: string[] };
      baseline: { keys: string[]; columns: string[] };
      /** The compared columns as the target names them. */
      compared: string[];
      /** Each side's columns that are neither a key nor compared. */
      notCompared: { target: string[]; baseline: string[] };
    }
  | { missing: { target: string[]; baseline: string[] } };

/**
 * Which columns a comparison reads. Keys and any `compare_columns` named must exist on both sides.
 * Without `compare_columns`, the columns both sides have (by name) are compared and the rest are
 * left out and reported, so a baseline query that selects fewer columns than the target compares
 * what it selects instead of failing.
 */
export function planComparisonColumns(
  keys: string[],
  compareColumns: string[] | undefined,
  targetColumns: string[],
  baselineColumns: string[],
): ComparisonColumnPlan {
  const missing = { target: [] as string[], baseline: [] as string[] };
  const pair = (name: string): [string, string] | null => {
    const inTarget = resolveColumn(targetColumns, name);
    const inBaseline = resolveColumn(baselineColumns, name);
    if (inTarget === undefined) missing.target.push(name);
    if (inBaseline === undefined) missing.baseline.push(name);
    return inTarget === undefined || inBaseline === undefined ? null : [inTarget, inBaseline];
  };
  const keyPairs = keys.map(pair);
  const comparedPairs =
    compareColumns !== undefined
      ? compareColumns.map(pair)
      : targetColumns
          .filter((name) => !keyPairs.some((entry) => entry?.[0] === name))
          .map((name) => {
            const inBaseline = resolveColumn(baselineColumns, name);
            return inBaseline === undefined ? null : ([name, inBaseline] as [string, string]);
          })
          .filter((entry) => entry !== null);
  if (missing.target.length > 0 || missing.baseline.length > 0) return { missing };
  const resolvedKeys = keyPairs as [string, string][];
  const resolvedCompared = comparedPairs as [string, string][];
  const used = (side: 0 | 1) => new Set([...resolvedKeys, ...resolvedCompared].map((entry) => entry[side]));
  return {
    target: {
      keys: resolvedKeys.map((entry) => entry[0]),
      columns: resolvedCompared.map((entry) => entry[0]),
    },
    baseline: {
      keys: resolvedKeys.map((entry) => entry[1]),
      columns: resolvedCompared.map((entry) => entry[1]),
    },
    compared: resolvedCompared.map((entry) => entry[0]),
    notCompared: {
      target: targetColumns.filter((name) => !used(0).has(name)),
      baseline: baselineColumns.filter((name) => !used(1).has(name)),
    },
  };
}

/**
 * Spec rule 6: the suite's target against a baseline on any other connection, joined on key
 * columns, both read page by page (keyset order) into an in-process DuckDB that spills to disk,
 * so memory is one page plus the engine's limit whatever the size. Buckets: matched, mismatched,
 * only in the target, only in the baseline; the metric is the mismatch percentage over all keys.
 * Duplicate keys on a side make the comparison an error (a join on them would mean nothing).
 */
export async function runComparison(
  config: ComparisonConfig,
  sides: { target: ComparisonSide; baseline: ComparisonSide },
  options: CallOptions & {
    cap: number;
    policy: SamplePolicy;
    thresholds: SeverityThresholds | null;
    zeroSample: boolean;
  },
): Promise<ComparisonOutcome> {
  const keys = config.key_columns;
  // Each side's columns (a query side's too), so a column one side lacks is a clear error or left
  // out of the comparison, never a statement the datasource rejects.
  await assertSideQueryAllowed(sides.target, 'target');
  await assertSideQueryAllowed(sides.baseline, 'baseline');
  const targetColumns = await sideColumns(sides.target, options);
  const baselineColumns = await sideColumns(sides.baseline, options);
  const probes = targetColumns.statements + baselineColumns.statements;
  const plan = planComparisonColumns(
    keys,
    config.compare_columns,
    targetColumns.names,
    baselineColumns.names,
  );
  if ('missing' in plan) {
    const lacking = (['target', 'baseline'] as const)
      .filter((side) => plan.missing[side].length > 0)
      .map((side) => `the ${side} has no ${plan.missing[side].join(', ')}`);
    return {
      statements: probes,
      evaluation: {
        outcome: 'error',
        metric_value: null,
        detail: {
          reason: 'missing_columns',
          message: `A key or compared column is missing: ${lacking.join('; ')}`,
          missing_columns: plan.missing,
          columns: { target: targetColumns.names, baseline: baselineColumns.names },
        },
      },
    };
  }
  const compared = plan.compared;
  const cap = Math.min(options.cap, config.max_rows ?? options.cap);

  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-comparison-'));
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: `${COMPARISON_ENGINE_MEMORY_MB}MiB`,
    threads: '2',
    temp_directory: directory,
  });
  const engine = await instance.connect();
  try {
    const target = await loadSide(
      engine,
      'side_target',
      sides.target,
      plan.target.keys,
      plan.target.columns,
      cap,
      options,
      'target',
    );
    const baseline = await loadSide(
      engine,
      'side_baseline',
      sides.baseline,
      plan.baseline.keys,
      plan.baseline.columns,
      cap,
      options,
      'baseline',
    );
    const keyCols = keys.map((_key, index) => `c${index}`);
    const duplicates = async (table: string): Promise<number> => {
      const reader = await engine.runAndReadAll(
        `SELECT count(*) - count(DISTINCT (${keyCols.join(', ')})) AS n FROM ${table}`,
      );
      return Number(reader.getRowObjectsJson()[0]?.['n'] ?? 0);
    };
    const duplicated = {
      target: await duplicates('side_target'),
      baseline: await duplicates('side_baseline'),
    };
    if (duplicated.target > 0 || duplicated.baseline > 0) {
      return {
        statements: probes + target.statements + baseline.statements,
        evaluation: {
          outcome: 'error',
          metric_value: null,
          detail: { reason: 'duplicate_keys', duplicate_rows: duplicated, key_columns: keys },
        },
      };
    }
    const tolerance = config.numeric_tolerance ?? 0;
    const differs = compared.map((_name, offset) => {
      const index = keys.length + offset;
      const a = `t.c${index}`;
      const b = `b.c${index}`;
      const numeric =
        tolerance > 0
          ? ` AND NOT (TRY_CAST(${a} AS DOUBLE) IS NOT NULL AND TRY_CAST(${b} AS DOUBLE) IS NOT NULL AND abs(TRY_CAST(${a} AS DOUBLE) - TRY_CAST(${b} AS DOUBLE)) <= ${tolerance})`
          : '';
      return `((${a} IS DISTINCT FROM ${b})${numeric})`;
    });
    const anyDiffers = differs.length === 0 ? 'FALSE' : differs.join(' OR ');
    const joined = `side_target t FULL OUTER JOIN side_baseline b ON ${keyCols.map((c) => `t.${c} = b.${c}`).join(' AND ')}`;
    const inTarget = `t.present IS NOT NULL`;
    const inBaseline = `b.present IS NOT NULL`;
    const counts = (
      await engine.runAndReadAll(`SELECT
        count(*) FILTER (WHERE ${inTarget} AND ${inBaseline} AND NOT (${anyDiffers})) AS matched,
        count(*) FILTER (WHERE ${inTarget} AND ${inBaseline} AND (${anyDiffers})) AS mismatched,
        count(*) FILTER (WHERE ${inTarget} AND NOT ${inBaseline}) AS only_in_target,
        count(*) FILTER (WHERE ${inBaseline} AND NOT ${inTarget}) AS only_in_baseline
        ${differs.map((expression, index) => `, count(*) FILTER (WHERE ${inTarget} AND ${inBaseline} AND ${expression}) AS d${index}`).join('')}
        FROM ${joined}`)
    ).getRowObjectsJson()[0] as Record<string, unknown>;
    const number = (name: string): number => Number(counts[name] ?? 0);
    const buckets = {
      matched: number('matched'),
      mismatched: number('mismatched'),
      only_in_target: number('only_in_target'),
      only_in_baseline: number('only_in_baseline'),
    };
    const total = buckets.matched + buckets.mismatched + buckets.only_in_target + buckets.only_in_baseline;
    const mismatchPercent = total === 0 ? 0 : (100 * (total - buckets.matched)) / total;
    const perColumn = Object.fromEntries(compared.map((name, index) => [name, number(`d${index}`)]));

    const samples: Record<string, Record<string, unknown>[]> = {};
    if (!options.zeroSample && total > buckets.matched) {
      const names = [...keys, ...compared];
      // The check's keys (and the compare_columns it names) as the sample rows spell them.
      const resolver = new ColumnResolver(names.map((name) => ({ name, type: '' })));
      const policy = checkSamplePolicy(
        options.policy,
        checkSubjectColumns({ kind: CheckKind.Comparison, config: { ...config } }).map(
          (name) => resolver.resolve(name) ?? name,
        ),
      );
      // By key, so the same keys come back whichever side is read (and the samples are stable).
      const keyOrder = keys.map((_key, index) => `coalesce(t.c${index}, b.c${index})`).join(', ');
      const pick = async (where: string, alias: 't' | 'b'): Promise<Record<string, unknown>[]> => {
        const rows = (
          await engine.runAndReadAll(
            `SELECT ${names.map((_n, index) => `${alias}.c${index} AS c${index}`).join(', ')} FROM ${joined} WHERE ${where} ORDER BY ${keyOrder} LIMIT ${SAMPLE_ROWS}`,
          )
        ).getRowObjectsJson();
        return rows.map((row) =>
          redactSampleRow(
            Object.fromEntries(names.map((name, index) => [name, row[`c${index}`] ?? null])),
            policy,
          ),
        );
      };
      samples['mismatched'] = await pick(`${inTarget} AND ${inBaseline} AND (${anyDiffers})`, 't');
      // The same keys' baseline rows, index for index (the same ORDER BY), so the diff report can
      // show both values of each differing column.
      samples['mismatched_baseline'] = await pick(`${inTarget} AND ${inBaseline} AND (${anyDiffers})`, 'b');
      // Which compared columns differ for each of those keys, as the comparison judged it (with
      // its numeric tolerance), so the report never lists a column the check counted as equal.
      if (differs.length > 0) {
        const flags = (
          await engine.runAndReadAll(
            `SELECT ${differs.map((expression, index) => `coalesce(${expression}, FALSE) AS d${index}`).join(', ')} FROM ${joined}
              WHERE ${inTarget} AND ${inBaseline} AND (${anyDiffers}) ORDER BY ${keyOrder} LIMIT ${SAMPLE_ROWS}`,
          )
        ).getRowObjectsJson();
        samples['mismatched_columns'] = flags.map((row) => ({
          columns: compared.filter((_name, index) => row[`d${index}`] === true),
        }));
      }
      samples['only_in_target'] = await pick(`${inTarget} AND NOT ${inBaseline}`, 't');
      samples['only_in_baseline'] = await pick(`${inBaseline} AND NOT ${inTarget}`, 'b');
    }
    const bounds = effectiveSeverityThresholds(options.thresholds);
    const outcome = bandUnexpectedPercent(mismatchPercent, bounds);
    return {
      statements: probes + target.statements + baseline.statements,
      evaluation: {
        outcome,
        metric_value: Math.round(mismatchPercent * 1e6) / 1e6,
        detail: {
          ...buckets,
          rows: { target: target.rows, baseline: baseline.rows },
          mismatch_percent: Math.round(mismatchPercent * 1e6) / 1e6,
          mismatches_by_column: perColumn,
          key_columns: keys,
          compared_columns: compared,
          columns_not_compared: plan.notCompared,
          judged: judgedByTiers({
            metric: 'mismatch_percent',
            value: Math.round(mismatchPercent * 1e6) / 1e6,
            unit: 'percent',
            thresholds: bounds,
            band: outcome,
          }),
          ...(Object.keys(samples).length > 0 ? { samples } : {}),
        },
      },
    };
  } finally {
    engine.closeSync();
    instance.closeSync();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
