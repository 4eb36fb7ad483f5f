/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Suite-run benchmark (B1 and B3, plus compile time). See bench/README.md.
//   npm run bench:suite-run                 full size (10 million rows)
//   DQ_BENCH_SCALE=0.01 npm run bench:suite-run   a quick trial, not recorded
//   DQ_BENCH_ONLY=b3 DQ_BENCH_REPEATS=3 npm run bench:suite-run   some parts only (b1, b3, compile),
//                                           fewer repeats; recorded over those parts' last figures
//
// B1: a suite of 20 column checks (4 failing) over a 10-million-row Parquet file and the same rows
//     as CSV: our run, from the run row's creation to its stored results (runs domain, runner
//     evaluator, flat-file engine), against one bare fused DuckDB query over the same local file.
// B3: the same suite plus 3 uniqueness checks over the same rows in a PostgreSQL table: statements
//     sent, shared buffers of our fused statement against one plain scan, and wall time against the
//     same aggregates written by hand as one SELECT.
// Compile: planning 200 checks over one target.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  type CheckDefinition,
  DUCKDB,
  type ExpectationConfig,
  parseCheckDefinition,
  planTargetScans,
  POSTGRES,
} from '@dq/check-engine';
import { OpenedConnections, SuiteTargetEvaluator } from '@dq/check-execution';
import { ConnectionUseService } from '@dq/connections';
import { type ConnectionKind, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceAdapter,
  DatasourceAdapterRegistry,
  type DatasourceConnection,
  FlatFileReader,
  type FileEntry,
  LocalFileStore,
  PostgresAdapter,
  type ScanSession,
  type TargetMetadata,
} from '@dq/datasources';
import { RunEntity, RunResultEntity } from '@dq/runs/entities';
import { type RunPlanItem, type RunTarget } from '@dq/contracts';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import {
  CheckEvaluatorRegistry,
  CheckMetricHistory,
  type ReportEvaluation,
  RunExecutionService,
  type RunTargetContext,
  type RunTargetEvaluator,
  type RunTargetWork,
} from '@dq/runs';
import { EgressGuard } from '@dq/security';
import { SecretOpener, parsePrivateKeyRing } from '@dq/secrets-opening';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { CheckBaselines } from '@dq/suites';
import { createIsolatedEnvironment } from '@dq/testing';

const DATA_DIR = path.join(__dirname, '.data', 'suite-run');
const RESULTS_FILE = path.join(__dirname, 'results', 'suite-run.json');
const SCALE = Number(process.env['DQ_BENCH_SCALE'] ?? '1');
const ROWS = Math.round(10_000_000 * SCALE);
const REPEATS = Number(process.env['DQ_BENCH_REPEATS'] ?? '5');
const PARTS = new Set(
  (process.env['DQ_BENCH_ONLY'] ?? 'b1,b3,compile').split(',').map((part) => part.trim()),
);
const MEMORY_LIMIT_MB = 512;
const THREADS = 2;
const PG_DATABASE = `dq_bench_suite_${SCALE === 1 ? 'full' : String(SCALE).replace('.', '_')}`;
const COLUMNS_SQL = `range::BIGINT AS id, 'category_' || (range % 50)::VARCHAR AS category,
  ((range * 7919) % 100000 / 100)::DECIMAL(12,2) AS amount,
  TIMESTAMP '2024-01-01' + to_seconds(range) AS ts, md5((range % 100000)::VARCHAR) AS text`;

const CATEGORIES = Array.from({ length: 50 }, (_unused, index) => `category_${index}`);
const e = (expectation_type: string, kwargs: Record<string, unknown>): ExpectationConfig => ({
  expectation_type,
  kwargs,
});

/** 20 column checks; the last 4 fail (each is a column-map check, so each gets a sample read). */
const SUITE: ExpectationConfig[] = [
  e('expect_column_values_to_not_be_null', { column: 'id' }),
  e('expect_column_values_to_not_be_null', { column: 'category' }),
  e('expect_column_values_to_not_be_null', { column: 'amount' }),
  e('expect_column_values_to_not_be_null', { column: 'ts' }),
  e('expect_column_values_to_be_between', { column: 'amount', min_value: 0, max_value: 1000 }),
  e('expect_column_values_to_be_between', { column: 'id', min_value: 0, max_value: 100_000_000 }),
  e('expect_column_values_to_be_in_set', { column: 'category', value_set: CATEGORIES }),
  e('expect_column_values_to_match_regex', { column: 'category', regex: '^category_' }),
  e('expect_column_value_lengths_to_be_between', { column: 'text', min_value: 32, max_value: 32 }),
  e('expect_column_min_to_be_between', { column: 'amount', min_value: 0, max_value: 1 }),
  e('expect_column_max_to_be_between', { column: 'amount', min_value: 999, max_value: 1000 }),
  e('expect_column_mean_to_be_between', { column: 'amount', min_value: 400, max_value: 600 }),
  e('expect_column_stdev_to_be_between', { column: 'amount', min_value: 200, max_value: 400 }),
  e('expect_column_distinct_values_to_be_in_set', { column: 'category', value_set: CATEGORIES }),
  e('expect_column_unique_value_count_to_be_between', { column: 'category', min_value: 50, max_value: 50 }),
  e('expect_table_row_count_to_be_between', { min_value: 1, max_value: 1_000_000_000 }),
  e('expect_column_values_to_be_between', { column: 'amount', min_value: 0, max_value: 500 }),
  e('expect_column_values_to_not_match_regex', { column: 'text', regex: '^0' }),
  e('expect_column_values_to_be_in_set', { column: 'category', value_set: CATEGORIES.slice(0, 25) }),
  e('expect_column_value_lengths_to_be_between', { column: 'category', min_value: 1, max_value: 10 }),
];
const UNIQUENESS: ExpectationConfig[] = [
  e('expect_column_values_to_be_unique', { column: 'id' }),
  e('expect_column_values_to_be_unique', { column: 'text' }),
  e('expect_compound_columns_to_be_unique', { column_list: ['category', 'id'] }),
];

class BenchConfig extends BaseServiceConfig {
  override PORT = 0;
}

/** The object-store adapter's reading path over a local directory (no download to measure). */
class LocalFilesAdapter implements DatasourceAdapter {
  readonly kind: ConnectionKind = 'object_store';
  constructor(
    private readonly reader: FlatFileReader,
    private readonly store: LocalFileStore,
  ) {}
  async test(): Promise<Record<string, unknown>> {
    return {};
  }
  columns(_connection: DatasourceConnection, target: string, options: CallOptions): Promise<ColumnInfo[]> {
    return this.reader.columns(this.store, target, options);
  }
  withScan<T>(
    _connection: DatasourceConnection,
    target: string,
    options: CallOptions,
    work: (scan: ScanSession) => Promise<T>,
  ): Promise<T> {
    return this.reader.withScan(this.store, target, options, work);
  }
  listFiles(_connection: DatasourceConnection, target: string, options: CallOptions): Promise<FileEntry[]> {
    return this.reader.listFiles(this.store, target, options);
  }
  metadata(_connection: DatasourceConnection, target: string, options: CallOptions): Promise<TargetMetadata> {
    return this.reader.metadata(this.store, target, options);
  }
}

/** Records how many statements each run sent to the engine. */
class CountingRunEvaluator implements RunTargetEvaluator {
  lastStatements = 0;
  constructor(private readonly evaluator: SuiteTargetEvaluator) {}
  async evaluate(work: RunTargetWork, context: RunTargetContext, report: ReportEvaluation): Promise<void> {
    const { statements } = await this.evaluator.evaluate(
      {
        runId: work.runId,
        target: work.target,
        zeroSample: false,
        checks: work.checks.map((check) => ({
          id: check.check_id,
          version: check.version,
          definition: check.definition as unknown as CheckDefinition,
          baseline: null,
        })),
      },
      { signal: context.signal, stopRequested: () => context.stopRequested() },
      report,
    );
    this.lastStatements = statements;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function plan(configs: ExpectationConfig[], kind: ConnectionKind): RunPlanItem[] {
  return configs.map((config, index) => ({
    check_id: randomUUID(),
    kind: 'expectation',
    version: 1,
    definition: parseCheckDefinition(
      { name: `check ${index + 1}`, kind: 'expectation', config },
      { datasourceKind: kind },
    ) as unknown as Record<string, unknown>,
  }));
}

async function ensureFiles(): Promise<{ parquet: string; csv: string }> {
  const dir = SCALE === 1 ? DATA_DIR : path.join(DATA_DIR, `scale-${SCALE}`);
  fs.mkdirSync(dir, { recursive: true });
  const files = { parquet: path.join(dir, 'rows.parquet'), csv: path.join(dir, 'rows.csv') };
  const instance = await DuckDBInstance.create(':memory:', { threads: String(THREADS) });
  const connection = await instance.connect();
  for (const [format, file] of [
    ['parquet', files.parquet],
    ['csv', files.csv],
  ] as const) {
    if (fs.existsSync(file)) continue;
    console.log(`generating ${path.basename(file)} (${ROWS} rows)...`);
    const options = format === 'parquet' ? 'FORMAT parquet' : 'FORMAT csv, HEADER';
    await connection.run(
      `COPY (SELECT ${COLUMNS_SQL} FROM range(${ROWS})) TO '${file}.partial' (${options})`,
    );
    fs.renameSync(`${file}.partial`, file);
  }
  connection.closeSync();
  instance.closeSync();
  return files;
}

async function ensurePostgresTable(): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${PG_DATABASE}`);
  await admin.end();
  const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: PG_DATABASE });
  await client.connect();
  const count = await client
    .query<{ n: string }>('SELECT count(*) AS n FROM public.rows')
    .then((result) => Number(result.rows[0]?.n))
    .catch(() => -1);
  if (count !== ROWS) {
    console.log(`generating public.rows in ${PG_DATABASE} (${ROWS} rows)...`);
    await client.query('DROP TABLE IF EXISTS public.rows');
    await client.query(`CREATE TABLE public.rows AS
      SELECT g::bigint AS id, 'category_' || (g % 50) AS category,
             ((g::bigint * 7919) % 100000 / 100.0)::numeric(12,2) AS amount,
             TIMESTAMP '2024-01-01' + make_interval(secs => g) AS ts, md5((g % 100000)::text) AS text
        FROM generate_series(0, ${ROWS - 1}) AS g`);
    await client.query('VACUUM ANALYZE public.rows');
  }
  await client.end();
}

async function main(): Promise<void> {
  if (!Number.isInteger(REPEATS) || REPEATS < 1)
    throw new Error('DQ_BENCH_REPEATS must be a positive integer');
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const files = PARTS.has('b1')
    ? await ensureFiles()
    : { parquet: path.join(DATA_DIR, 'rows.parquet'), csv: path.join(DATA_DIR, 'rows.csv') };
  await ensurePostgresTable();
  const env = await createIsolatedEnvironment('bench-suite-run');
  const config = loadConfig(BenchConfig, env.env);
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...platformModules({ service: ServiceName.Runner, config }),
      ServiceRuntimeModule.forRoot({ service: ServiceName.Runner, config }),
      (await import('@dq/runs')).RunsModule,
    ],
  }).compile();
  const context: INestApplicationContext = await moduleRef.init();
  try {
    const dataSource = context.get(DataSource);
    const execution = context.get(RunExecutionService);
    const cipher = new SecretOpener(parsePrivateKeyRing(env.env['SECRETS_PRIVATE_KEY_RING'], 'test'));
    const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test' });
    const reader = new FlatFileReader({ egress }, { memoryLimitMb: MEMORY_LIMIT_MB, threads: THREADS });
    const adapters = new DatasourceAdapterRegistry();
    adapters.register(new LocalFilesAdapter(reader, new LocalFileStore(path.dirname(files.parquet))));
    adapters.register(new PostgresAdapter({ egress }));
    const evaluator = new SuiteTargetEvaluator(
      new OpenedConnections(cipher, new ConnectionUseService(dataSource)),
      adapters,
      { history: context.get(CheckMetricHistory), baselines: new CheckBaselines(dataSource) },
    );
    const counting = new CountingRunEvaluator(evaluator);
    context.get(CheckEvaluatorRegistry).registerTargetEvaluator(counting);

    const connectionRow = async (
      kind: ConnectionKind,
      configJson: Record<string, unknown>,
      secret: Record<string, unknown> | null,
    ) => {
      const id = randomUUID();
      await dataSource.query(
        `INSERT INTO connections (id, name, kind, config, secret_ciphertext) VALUES ($1, $2, $3, $4, $5)`,
        [
          id,
          `bench-${kind}-${id.slice(0, 8)}`,
          kind,
          JSON.stringify(configJson),
          secret === null ? null : cipher.sealer().seal(secret, `connection:${id}`),
        ],
      );
      return id;
    };
    const filesId = await connectionRow('object_store', { bucket: 'bench' }, null);
    const postgresId = await connectionRow(
      'postgres',
      { host: '127.0.0.1', port: 5432, database: PG_DATABASE, user: 'postgres', sslmode: 'disable' },
      { password: 'trust' },
    );

    /** Our run: the run row created (the trigger), then executed to stored results. */
    const ourRun = async (
      items: RunPlanItem[],
      target: RunTarget,
    ): Promise<{ ms: number; statements: number }> => {
      const started = performance.now();
      const runs = dataSource.getRepository(RunEntity);
      const run = await runs.save(
        runs.create({
          suiteId: randomUUID(),
          trigger: RunTrigger.Api,
          status: RunStatus.Queued,
          plan: items,
          target,
          totalChecks: items.length,
        }),
      );
      await execution.execute(run.id, {
        workerId: 'bench',
        signal: new AbortController().signal,
        handBack: () => Promise.reject(new Error('handed back')),
        retryLater: () => Promise.reject(new Error('suite busy')),
      });
      const ms = performance.now() - started;
      const finished = await runs.findOneByOrFail({ id: run.id });
      const stored = await dataSource.getRepository(RunResultEntity).countBy({ runId: run.id });
      if (finished.status !== RunStatus.Succeeded || stored !== items.length)
        throw new Error(`run ended ${finished.status} with ${stored} of ${items.length} results`);
      const failing = await dataSource
        .getRepository(RunResultEntity)
        .countBy({ runId: run.id, outcome: 'fail' });
      if (failing !== 4) throw new Error(`expected 4 failing checks, got ${failing}`);
      return { ms, statements: counting.lastStatements };
    };

    const report: Record<string, unknown> = {
      rows: ROWS,
      scale: SCALE,
      repeats: REPEATS,
      measured_at: new Date().toISOString(),
    };

    // B1: files.
    for (const format of PARTS.has('b1') ? (['parquet', 'csv'] as const) : []) {
      const file = path.basename(files[format]);
      const items = plan(SUITE, 'object_store');
      const target: RunTarget = { connection_id: filesId, target: file, time_zone: 'UTC', column_policy: {} };
      const instance = await DuckDBInstance.create(':memory:', {
        threads: String(THREADS),
        memory_limit: `${MEMORY_LIMIT_MB}MiB`,
      });
      const bare = await instance.connect();
      const reading =
        format === 'parquet'
          ? `read_parquet('${files[format]}')`
          : `read_csv('${files[format]}', header = true)`;
      await bare.run(`CREATE VIEW target AS SELECT * FROM ${reading}`);
      const described = (await bare.runAndReadAll('DESCRIBE target')).getRowObjectsJson();
      const columns = described.map((row) => ({
        name: row['column_name'] as string,
        type: row['column_type'] as string,
      }));
      const fused = planTargetScans(
        DUCKDB,
        file,
        columns,
        SUITE.map((config, index) => ({ checkId: String(index), config })),
      );
      if (fused.groups.length !== 1) throw new Error('the suite should fuse into one statement');
      const bareQuery = async (): Promise<number> => {
        const started = performance.now();
        await bare.runAndReadAll(fused.groups[0].statement.sql);
        return performance.now() - started;
      };
      await ourRun(items, target); // warm-up: engine start, first file open
      await bareQuery();
      const ours: number[] = [];
      const baseline: number[] = [];
      let statements = 0;
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        // Alternate which goes first so neither always meets a warm or a cold cache.
        if (repeat % 2 === 0) {
          const run = await ourRun(items, target);
          ours.push(run.ms);
          statements = run.statements;
          baseline.push(await bareQuery());
        } else {
          baseline.push(await bareQuery());
          const run = await ourRun(items, target);
          ours.push(run.ms);
          statements = run.statements;
        }
      }
      bare.closeSync();
      instance.closeSync();
      const ourMs = median(ours);
      const bareMs = median(baseline);
      const goalMs = 1.15 * bareMs + 150;
      report[`b1_${format}`] = {
        our_run_ms: Math.round(ourMs),
        bare_fused_query_ms: Math.round(bareMs),
        ratio: Math.round((ourMs / bareMs) * 100) / 100,
        goal_ms: Math.round(goalMs),
        within_goal: ourMs <= goalMs,
        statements_sent: statements,
        statements_goal: 1 + 4,
      };
      console.log(`B1 ${format}:`, report[`b1_${format}`]);
    }

    // B3: PostgreSQL.
    if (PARTS.has('b3')) {
      const items = plan([...SUITE, ...UNIQUENESS], 'postgres');
      const target: RunTarget = {
        connection_id: postgresId,
        target: 'public.rows',
        time_zone: 'UTC',
        column_policy: {},
      };
      const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: PG_DATABASE });
      await client.connect();
      const columns = (
        await client.query<{ name: string; type: string }>(
          `SELECT column_name AS name, data_type AS type FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = 'rows' ORDER BY ordinal_position`,
        )
      ).rows;
      const fused = planTargetScans(
        POSTGRES,
        'public.rows',
        columns,
        [...SUITE, ...UNIQUENESS].map((config, index) => ({ checkId: String(index), config })),
      );
      const statement = fused.groups[0].statement;
      const buffersOf = async (sql: string, params: unknown[]): Promise<number> => {
        const [{ 'QUERY PLAN': planJson }] = (
          await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params)
        ).rows as [{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }];
        const top = planJson[0].Plan;
        return (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
      };
      const ourBuffers = await buffersOf(statement.sql, statement.params);
      const scanBuffers = await buffersOf('SELECT count(*) FROM public.rows', []);
      // The same aggregates as an engineer would write them by hand, as one SELECT.
      const handWritten = `SELECT count(*), count(id), count(category), count(amount), count(ts),
          count(*) FILTER (WHERE amount IS NOT NULL AND NOT (amount >= 0 AND amount <= 1000)),
          count(*) FILTER (WHERE id IS NOT NULL AND NOT (id >= 0 AND id <= 100000000)),
          count(*) FILTER (WHERE category IS NOT NULL AND category NOT IN (${CATEGORIES.map((c) => `'${c}'`).join(', ')})),
          count(*) FILTER (WHERE category IS NOT NULL AND NOT category ~ '^category_'),
          count(*) FILTER (WHERE text IS NOT NULL AND NOT (char_length(text) >= 32 AND char_length(text) <= 32)),
          min(amount), max(amount), avg(amount::float8), stddev_samp(amount::float8),
          count(DISTINCT CASE WHEN category NOT IN (${CATEGORIES.map((c) => `'${c}'`).join(', ')}) THEN category END),
          count(DISTINCT category),
          count(*) FILTER (WHERE amount IS NOT NULL AND NOT (amount >= 0 AND amount <= 500)),
          count(*) FILTER (WHERE text ~ '^0'),
          count(*) FILTER (WHERE category NOT IN (${CATEGORIES.slice(0, 25)
            .map((c) => `'${c}'`)
            .join(', ')})),
          count(*) FILTER (WHERE NOT (char_length(category) >= 1 AND char_length(category) <= 10)),
          count(*) FILTER (WHERE n_id > 1), count(*) FILTER (WHERE n_text > 1), count(*) FILTER (WHERE n_pair > 1)
        FROM (SELECT *, count(*) OVER (PARTITION BY id) AS n_id, count(*) OVER (PARTITION BY text) AS n_text,
                     count(*) OVER (PARTITION BY category, id) AS n_pair FROM public.rows) t`;
      const handQuery = async (): Promise<number> => {
        const started = performance.now();
        await client.query(handWritten);
        return performance.now() - started;
      };
      await handQuery();
      const ours: number[] = [];
      const baseline: number[] = [];
      let statements = 0;
      const failing = async (): Promise<{ ms: number; statements: number }> => {
        // 5 failing checks with the uniqueness of `text`: 1 fused statement + 5 samples.
        const started = performance.now();
        const runs = dataSource.getRepository(RunEntity);
        const run = await runs.save(
          runs.create({
            suiteId: randomUUID(),
            trigger: RunTrigger.Api,
            status: RunStatus.Queued,
            plan: items,
            target,
            totalChecks: items.length,
          }),
        );
        await execution.execute(run.id, {
          workerId: 'bench',
          signal: new AbortController().signal,
          handBack: () => Promise.reject(new Error('handed back')),
          retryLater: () => Promise.reject(new Error('suite busy')),
        });
        const ms = performance.now() - started;
        const stored = await dataSource.getRepository(RunResultEntity).countBy({ runId: run.id });
        if (stored !== items.length) throw new Error(`stored ${stored} of ${items.length}`);
        return { ms, statements: counting.lastStatements };
      };
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        if (repeat % 2 === 0) {
          const run = await failing();
          ours.push(run.ms);
          statements = run.statements;
          baseline.push(await handQuery());
        } else {
          baseline.push(await handQuery());
          const run = await failing();
          ours.push(run.ms);
          statements = run.statements;
        }
      }
      // The fused statement alone, so the run's time splits into the scan and what follows it.
      const fusedAlone: number[] = [];
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        const started = performance.now();
        await client.query(statement.sql, statement.params);
        fusedAlone.push(performance.now() - started);
      }
      await client.end();
      report['b3_postgres'] = {
        fused_statement_ms: Math.round(median(fusedAlone)),
        our_run_ms: Math.round(median(ours)),
        hand_written_select_ms: Math.round(median(baseline)),
        wall_ratio: Math.round((median(ours) / median(baseline)) * 100) / 100,
        wall_goal_ratio: 1.2,
        fused_statements: fused.groups.length,
        statements_sent: statements,
        shared_buffers_fused: ourBuffers,
        shared_buffers_one_scan: scanBuffers,
        buffers_ratio: Math.round((ourBuffers / scanBuffers) * 100) / 100,
        buffers_goal_ratio: 1.1,
      };
      console.log('B3 postgres:', report['b3_postgres']);
    }

    // Compile: 200 checks over one target.
    if (PARTS.has('compile')) {
      const columns = [
        { name: 'id', type: 'bigint' },
        { name: 'category', type: 'text' },
        { name: 'amount', type: 'numeric' },
        { name: 'ts', type: 'timestamp' },
        { name: 'text', type: 'text' },
      ];
      const checks = Array.from({ length: 200 }, (_unused, index) => ({
        checkId: String(index),
        config: SUITE[index % SUITE.length],
      }));
      const samples: number[] = [];
      for (let repeat = 0; repeat < 200; repeat += 1) {
        const started = performance.now();
        planTargetScans(POSTGRES, 'public.rows', columns, checks);
        samples.push(performance.now() - started);
      }
      report['compile_200_checks'] = {
        median_ms: Math.round(median(samples) * 1000) / 1000,
        p99_ms:
          Math.round([...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)] * 1000) / 1000,
        goal_ms: 5,
      };
      console.log('compile:', report['compile_200_checks']);
    }

    if (SCALE === 1) {
      fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
      // A run of some parts replaces those parts' figures and keeps the others', each part saying
      // when it was measured and over how many repeats.
      const partial = PARTS.size < 3 && fs.existsSync(RESULTS_FILE);
      const recorded = partial
        ? {
            ...(JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>),
            ...Object.fromEntries(
              Object.entries(report)
                .filter(([key]) => !['measured_at', 'repeats'].includes(key))
                .map(([key, value]) =>
                  typeof value === 'object' && value !== null
                    ? [key, { ...value, measured_at: report['measured_at'], repeats: REPEATS }]
                    : [key, value],
                ),
            ),
          }
        : report;
      fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
      console.log(`recorded in ${path.relative(process.cwd(), RESULTS_FILE)}`);
    }
  } finally {
    await context.close();
    await env.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
