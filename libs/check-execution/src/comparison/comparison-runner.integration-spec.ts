/**
 * Comparison across datasource kinds: a 1,000,000-row PostgreSQL table against the same rows as a
 * Parquet file in an S3-compatible store (moto), with exactly 0.1 % differences planted, read
 * through the real adapters page by page: exact buckets, a memory bound, and a cap that fails
 * fast without reading the rest.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from 'pg';
import { type ComparisonConfig } from '@dq/check-engine';
import {
  type DatasourceAdapter,
  type DatasourceConnection,
  ObjectStoreAdapter,
  PostgresAdapter,
} from '@dq/datasources';
import { EgressGuard } from '@dq/security';
import {
  type S3Peer,
  type S3PeerAccessKey,
  createS3PeerBucket,
  createS3PeerUser,
  putS3PeerObject,
  startS3Peer,
} from '@dq/testing';
import {
  COMPARISON_PAGE_ROWS,
  ComparisonCapExceeded,
  canonicalValue,
  runComparison,
} from './comparison-runner';

const ROWS = 1_000_000;
const BUCKET = 'dq-comparison';
const POLICY = { columns: { id: 'allow' as const, amount: 'allow' as const }, default: 'mask' as const };

/** Counts the statements an adapter is sent, and the rows it returns. */
function counting(adapter: DatasourceAdapter): DatasourceAdapter & { rowsRead: number } {
  const wrapped = Object.create(adapter) as DatasourceAdapter & { rowsRead: number };
  wrapped.rowsRead = 0;
  if (adapter.query) {
    wrapped.query = async (connection, sql, options) => {
      const result = await adapter.query!(connection, sql, options);
      wrapped.rowsRead += result.rows.length;
      return result;
    };
  }
  return wrapped;
}

describe('comparison across datasource kinds', () => {
  const database = `dq_comparison_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  let spoolDir: string;
  let peer: S3Peer;
  let key: S3PeerAccessKey;
  let postgres: DatasourceConnection;
  let objects: DatasourceConnection;

  beforeAll(async () => {
    spoolDir = await mkdtemp(path.join(tmpdir(), 'dq-comparison-spool-'));
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    // The baseline: ids 0..999,999, amount = id % 1000 / 4, a label.
    await client.query(`CREATE TABLE public.orders AS
      SELECT g::bigint AS id, (g % 1000)::numeric(10,2) / 4 AS amount, 'label-' || (g % 97) AS label
        FROM generate_series(0, ${ROWS - 1}) AS g`);
    await client.query(
      'CREATE TABLE public.small AS SELECT g::bigint AS id FROM generate_series(1, 5000) AS g',
    );
    await client.query(
      `CREATE TABLE public.dupes AS SELECT (g % 10)::bigint AS id, g AS amount FROM generate_series(1, 20) AS g`,
    );
    await client.end();

    // The target: the same rows in Parquet, with 0.1 % differences planted:
    //   500 changed amounts (ids divisible by 2000), 250 rows missing (ids 999,750..999,999),
    //   250 rows added (ids 2,000,000..2,000,249).
    const parquet = path.join(spoolDir, 'orders.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const duck = await instance.connect();
    await duck.run(`COPY (
        SELECT id, CASE WHEN id % 2000 = 0 THEN amount + 1 ELSE amount END AS amount, label FROM (
          SELECT range::BIGINT AS id, CAST((range % 1000) AS DECIMAL(10,2)) / 4 AS amount, 'label-' || (range % 97) AS label
            FROM range(0, ${ROWS - 250})
          UNION ALL
          SELECT range::BIGINT, 1.5, 'new' FROM range(2000000, 2000250))
      ) TO '${parquet}' (FORMAT parquet)`);
    duck.closeSync();
    instance.closeSync();

    peer = await startS3Peer();
    key = await createS3PeerUser(peer, { allowS3: true });
    await createS3PeerBucket(peer, BUCKET);
    await putS3PeerObject(peer, BUCKET, 'orders.parquet', await readFile(parquet));

    postgres = {
      id: null,
      kind: 'postgres',
      config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
      credential: { password: 'trust' },
    };
    objects = {
      id: null,
      kind: 'object_store',
      config: { bucket: BUCKET, endpoint_url: peer.endpoint, force_path_style: true },
      credential: { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
    };
  }, 300_000);

  afterAll(async () => {
    await peer?.stop();
    await rm(spoolDir, { recursive: true, force: true });
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  const config = (overrides: Partial<ComparisonConfig> = {}): ComparisonConfig => ({
    baseline_connection_id: randomUUID(),
    baseline: { target: 'public.orders' },
    key_columns: ['id'],
    compare_columns: ['amount'],
    ...overrides,
  });

  it('finds exactly the planted 0.1 % in 1,000,000 rows, within a stated memory bound', async () => {
    // What the bounds are about is what the comparison holds: each sample is read after a full
    // collection, so the pages' garbage V8 has not yet collected (large, and varying from run to
    // run) does not count. The live JavaScript heap is the part this
    // code decides (a page of rows); the rest of the process's growth is the two DuckDB engines
    // and what the allocator keeps of their memory, which varies with the machine's load.
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    const held = (): NodeJS.MemoryUsage => {
      collectGarbage();
      return process.memoryUsage();
    };
    const before = held();
    const peak = { heapUsed: 0, rss: 0 };
    const sampler = setInterval(() => {
      const now = held();
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed - before.heapUsed);
      peak.rss = Math.max(peak.rss, now.rss - before.rss);
    }, 500);
    const { evaluation } = await runComparison(
      config({ numeric_tolerance: 0.001 }),
      {
        target: {
          adapter: new ObjectStoreAdapter({ egress, spoolDir }),
          connection: objects,
          target: 'orders.parquet',
        },
        baseline: { adapter: new PostgresAdapter({ egress }), connection: postgres, target: 'public.orders' },
      },
      {
        timeoutMs: 600_000,
        cap: 1_000_000,
        policy: POLICY,
        thresholds: { warn: 0, fail: 1 },
        zeroSample: false,
      },
    ).finally(() => clearInterval(sampler));
    expect(evaluation.detail).toMatchObject({
      matched: ROWS - 250 - 500,
      mismatched: 500,
      only_in_target: 250,
      only_in_baseline: 250,
      rows: { target: ROWS, baseline: ROWS },
      mismatches_by_column: { amount: 500 },
    });
    // (500 + 250 + 250) of 1,000,250 keys.
    expect(evaluation.metric_value).toBeCloseTo((100 * 1000) / 1_000_250, 5);
    expect(evaluation.outcome).toBe('warn');
    const samples = evaluation.detail['samples'] as Record<string, Record<string, unknown>[]>;
    expect(samples['mismatched']).toHaveLength(20);
    expect(samples['only_in_baseline']?.[0]?.['id']).toEqual(expect.any(String));
    const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
    // eslint-disable-next-line no-console -- recorded in the check-execution README
    console.log(
      `comparison of 2 x 1M rows: live heap grew ${mb(peak.heapUsed)} MB, RSS held ${mb(peak.rss)} MB`,
    );
    // The bound the README states: one page of rows in memory (both sides held whole would be
    // some 200 MB of rows), plus the diff engine's 256 MB and the scan engine of the Parquet side.
    expect(peak.heapUsed).toBeLessThan(100 * 1024 * 1024);
    expect(peak.rss).toBeLessThan(450 * 1024 * 1024);
  }, 600_000);

  it('fails fast past the cap: it stops reading at cap + 1 rows', async () => {
    const baseline = counting(new PostgresAdapter({ egress }));
    const run = runComparison(
      config({ baseline: { target: 'public.small' }, compare_columns: [], max_rows: 1000 }),
      {
        target: { adapter: new PostgresAdapter({ egress }), connection: postgres, target: 'public.small' },
        baseline: { adapter: baseline, connection: postgres, target: 'public.small' },
      },
      { timeoutMs: 60_000, cap: 1_000_000, policy: POLICY, thresholds: null, zeroSample: false },
    );
    await expect(run).rejects.toBeInstanceOf(ComparisonCapExceeded);
    await expect(run).rejects.toMatchObject({ side: 'target', cap: 1000 });
    expect(baseline.rowsRead).toBe(0);
    expect(COMPARISON_PAGE_ROWS).toBeGreaterThan(1000);
  });

  it('refuses duplicate keys as an error, with the duplicated row counts', async () => {
    const { evaluation } = await runComparison(
      config({ baseline: { target: 'public.dupes' }, compare_columns: ['amount'] }),
      {
        target: { adapter: new PostgresAdapter({ egress }), connection: postgres, target: 'public.dupes' },
        baseline: { adapter: new PostgresAdapter({ egress }), connection: postgres, target: 'public.dupes' },
      },
      { timeoutMs: 60_000, cap: 1_000_000, policy: POLICY, thresholds: null, zeroSample: false },
    );
    expect(evaluation).toMatchObject({
      outcome: 'error',
      detail: { reason: 'duplicate_keys', duplicate_rows: { target: 10, baseline: 10 } },
    });
  });

  it('compares a read-only query projection on one side', async () => {
    const { evaluation } = await runComparison(
      config({
        baseline: { query: 'SELECT id, amount FROM public.orders WHERE id < 1000' },
        compare_columns: ['amount'],
      }),
      {
        target: {
          adapter: new PostgresAdapter({ egress }),
          connection: postgres,
          target: 'public.orders',
          query: 'SELECT id, amount FROM public.orders WHERE id < 1000',
        },
        baseline: {
          adapter: new PostgresAdapter({ egress }),
          connection: postgres,
          target: 'public.orders',
          query: 'SELECT id, amount FROM public.orders WHERE id < 1000',
        },
      },
      { timeoutMs: 60_000, cap: 1_000_000, policy: POLICY, thresholds: null, zeroSample: false },
    );
    expect(evaluation).toMatchObject({ outcome: 'pass', metric_value: 0, detail: { matched: 1000 } });
    // What it was judged against: the default bound when the check sets none.
    expect(evaluation.detail['judged']).toEqual({
      metric: 'mismatch_percent',
      value: 0,
      unit: 'percent',
      thresholds: { fail: 0 },
      band: 'pass',
      reading: 'mismatch_percent 0 % <= fail 0 %',
    });
  });

  it('refuses a query side that calls a denied function, before reading either side', async () => {
    const side = (query: string) => ({
      adapter: new PostgresAdapter({ egress }),
      connection: postgres,
      target: 'public.orders',
      query,
    });
    const refused = runComparison(
      config({ baseline: { query: "SELECT id, pg_read_file('/etc/passwd') AS amount FROM public.orders" } }),
      {
        target: side('SELECT id, amount FROM public.orders'),
        baseline: side("SELECT id, pg_read_file('/etc/passwd') AS amount FROM public.orders"),
      },
      { timeoutMs: 60_000, cap: 1_000_000, policy: POLICY, thresholds: null, zeroSample: false },
    );
    await expect(refused).rejects.toMatchObject({
      errorClass: 'invalid',
      message: 'config.baseline.query must not call pg_read_file (server file and program access)',
    });
  });

  it.each([
    ['1.50', '1.5'],
    ['0010', '10'],
    ['-0.00', '0'],
    [1.5, '1.5'],
    [BigInt('9007199254740993'), '9007199254740993'],
    ['2024-01-01 10:00:00', '2024-01-01T10:00:00.000Z'],
    ['2024-01-01T12:00:00+02:00', '2024-01-01T10:00:00.000Z'],
    [true, 'true'],
    ['', ''],
    [null, null],
  ])('canonicalises %p as %p', (value, text) => {
    expect(canonicalValue(value)).toBe(text);
  });

  it('leaves no temporary directory behind', () => {
    expect(
      fs
        .readdirSync(tmpdir())
        .filter((name) => name.startsWith('dq-comparison-') && !spoolDir.endsWith(name)),
    ).toEqual([]);
  });
});
