/**
 * A comparison whose sides do not have the same columns: a baseline query that selects fewer
 * columns than the target, across PostgreSQL vs PostgreSQL, a Parquet file in an S3-compatible
 * store (moto) vs a PostgreSQL query, PostgreSQL vs a warehouse query (fakesnow, whose names are
 * upper case) and PostgreSQL vs a lakehouse query (the Databricks peer). Without `compare_columns` the common columns are compared and the rest are
 * reported as left out; a key or a named compare column that a side lacks is the check's error
 * naming the columns, never a statement the datasource rejects.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from 'pg';
import { type ComparisonConfig } from '@dq/check-engine';
import { type DatasourceConnection, DatasourceAdapterRegistry, createDefaultAdapters } from '@dq/datasources';
import { EgressGuard } from '@dq/security';
import {
  type DatabricksSqlPeer,
  type FakesnowPeer,
  type S3Peer,
  type S3PeerAccessKey,
  createS3PeerBucket,
  createS3PeerUser,
  putS3PeerObject,
  startDatabricksSqlPeer,
  startFakesnowPeer,
  startS3Peer,
} from '@dq/testing';
import { type ComparisonSide, runComparison } from './comparison-runner';

const BUCKET = 'dq-comparison-columns';
const PASSWORD = `pw-${randomUUID()}`;
const POLICY = { columns: {}, default: 'allow' as const };
const OPTIONS = { timeoutMs: 60_000, cap: 1_000_000, policy: POLICY, thresholds: null, zeroSample: false };

describe('comparison of sides with different columns', () => {
  const database = `dq_cmpcols_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const adapters = new DatasourceAdapterRegistry();
  let spoolDir: string;
  let moto: S3Peer;
  let key: S3PeerAccessKey;
  let fakesnow: FakesnowPeer;
  let postgres: DatasourceConnection;
  let objects: DatasourceConnection;
  let warehouse: DatasourceConnection;
  let databricks: DatabricksSqlPeer;
  let lakehouse: DatasourceConnection;

  beforeAll(async () => {
    spoolDir = await mkdtemp(path.join(tmpdir(), 'dq-cmpcols-spool-'));
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    // The target: id, amount, label. The baseline: the same ids, order 2's amount differs, and a
    // label that differs everywhere (so comparing it would make every row a mismatch).
    await client.query(`CREATE TABLE public.orders (id bigint, amount numeric(10,2), label text)`);
    await client.query(`INSERT INTO public.orders VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c')`);
    await client.query(`CREATE TABLE public.orders_baseline (id bigint, amount numeric(10,2), label text)`);
    await client.query(`INSERT INTO public.orders_baseline VALUES (1, 10, 'x'), (2, 25, 'y'), (3, 30, 'z')`);
    await client.end();

    const parquet = path.join(spoolDir, 'orders.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const duck = await instance.connect();
    await duck.run(`COPY (SELECT * FROM (VALUES (1::BIGINT, 10.0::DECIMAL(10,2), 'a'), (2, 20.0, 'b'), (3, 30.0, 'c'))
        AS t(id, amount, label)) TO '${parquet}' (FORMAT parquet)`);
    duck.closeSync();
    instance.closeSync();

    [moto, fakesnow] = await Promise.all([startS3Peer(), startFakesnowPeer({ password: PASSWORD })]);
    key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, BUCKET);
    await putS3PeerObject(moto, BUCKET, 'orders.parquet', await readFile(parquet));
    await fakesnow.execute('CREATE DATABASE CMP_DB');
    await fakesnow.execute('CREATE SCHEMA CMP_DB.SALES');
    await fakesnow.execute(
      'CREATE TABLE CMP_DB.SALES.ORDERS (ID NUMBER(38, 0), AMOUNT NUMBER(10, 2), NOTE TEXT)',
    );
    await fakesnow.execute(`INSERT INTO CMP_DB.SALES.ORDERS VALUES (1, 10, 'n'), (2, 25, 'n'), (3, 30, 'n')`);

    databricks = await startDatabricksSqlPeer({
      token: PASSWORD,
      tables: [
        {
          catalog: 'lake',
          schema: 'sales',
          name: 'orders',
          columns: [
            { name: 'id', type: 'BIGINT' },
            { name: 'amount', type: 'DECIMAL(10,2)' },
            { name: 'region', type: 'STRING' },
          ],
          rows: [
            [1, 10, 'eu'],
            [2, 25, 'eu'],
            [3, 30, 'us'],
          ],
        },
      ],
    });
    lakehouse = {
      id: null,
      kind: 'lakehouse',
      config: { workspace_url: databricks.workspaceUrl, http_path: databricks.httpPath },
      credential: { token: PASSWORD },
    };

    for (const adapter of createDefaultAdapters({
      egress,
      spoolDir,
      warehouseAccessUrlForTests: fakesnow.accessUrl,
    }))
      adapters.register(adapter);
    postgres = {
      id: null,
      kind: 'postgres',
      config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
      credential: null,
    };
    objects = {
      id: null,
      kind: 'object_store',
      config: { bucket: BUCKET, endpoint_url: moto.endpoint, force_path_style: true },
      credential: { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
    };
    warehouse = {
      id: null,
      kind: 'warehouse',
      config: { account: 'dq-cmp', user: 'reader', database: 'CMP_DB', schema: 'SALES' },
      credential: { password: PASSWORD },
    };
  }, 300_000);

  afterAll(async () => {
    await Promise.all([moto?.stop(), fakesnow?.stop(), databricks?.stop()]);
    await rm(spoolDir, { recursive: true, force: true });
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  const side = (connection: DatasourceConnection, target: string, query?: string): ComparisonSide => ({
    adapter: adapters.get(connection.kind),
    connection,
    target,
    ...(query !== undefined ? { query } : {}),
  });
  const config = (overrides: Partial<ComparisonConfig>): ComparisonConfig => ({
    baseline_connection_id: randomUUID(),
    baseline: { query: 'SELECT id, amount FROM public.orders_baseline' },
    key_columns: ['id'],
    ...overrides,
  });
  const BASELINE_QUERY = 'SELECT id, amount FROM public.orders_baseline';

  it.each([
    ['PostgreSQL target vs a PostgreSQL query', () => side(postgres, 'public.orders')],
    ['a Parquet file on S3 vs a PostgreSQL query', () => side(objects, 'orders.parquet')],
  ])('%s selecting fewer columns: compares the common ones, reports the rest', async (_label, target) => {
    const { evaluation } = await runComparison(
      config({}),
      { target: target(), baseline: side(postgres, 'public.orders_baseline', BASELINE_QUERY) },
      OPTIONS,
    );
    expect(evaluation).toMatchObject({
      outcome: 'fail',
      detail: {
        matched: 2,
        mismatched: 1,
        only_in_target: 0,
        only_in_baseline: 0,
        compared_columns: ['amount'],
        columns_not_compared: { target: ['label'], baseline: [] },
        mismatches_by_column: { amount: 1 },
      },
    });
  });

  it('PostgreSQL vs a warehouse query with upper-case names: matched by name whatever the case', async () => {
    const { evaluation } = await runComparison(
      config({ baseline: { query: 'SELECT ID, AMOUNT FROM CMP_DB.SALES.ORDERS' } }),
      {
        target: side(postgres, 'public.orders'),
        baseline: side(warehouse, 'CMP_DB.SALES.ORDERS', 'SELECT ID, AMOUNT FROM CMP_DB.SALES.ORDERS'),
      },
      OPTIONS,
    );
    expect(evaluation).toMatchObject({
      outcome: 'fail',
      detail: {
        matched: 2,
        mismatched: 1,
        compared_columns: ['amount'],
        columns_not_compared: { target: ['label'], baseline: [] },
      },
    });
  });

  it('PostgreSQL vs a lakehouse query (the Databricks peer): the common columns, the rest reported', async () => {
    const query = 'SELECT id, amount FROM lake.sales.orders';
    const { evaluation } = await runComparison(
      config({ baseline: { query } }),
      { target: side(postgres, 'public.orders'), baseline: side(lakehouse, 'lake.sales.orders', query) },
      OPTIONS,
    );
    expect(evaluation).toMatchObject({
      outcome: 'fail',
      detail: {
        matched: 2,
        mismatched: 1,
        compared_columns: ['amount'],
        columns_not_compared: { target: ['label'], baseline: [] },
      },
    });
  });

  it('a target query that selects fewer columns than the baseline table: the same, the other way round', async () => {
    const { evaluation } = await runComparison(
      config({
        baseline: { target: 'public.orders_baseline' },
        target_query: 'SELECT id, amount FROM public.orders',
      }),
      {
        target: side(postgres, 'public.orders', 'SELECT id, amount FROM public.orders'),
        baseline: side(postgres, 'public.orders_baseline'),
      },
      OPTIONS,
    );
    expect(evaluation).toMatchObject({
      detail: { compared_columns: ['amount'], columns_not_compared: { target: [], baseline: ['label'] } },
    });
  });

  it.each([
    [
      'a compare column the baseline query does not select',
      { compare_columns: ['amount', 'label'] },
      { target: [], baseline: ['label'] },
    ],
    [
      'a key the baseline query does not select',
      { key_columns: ['id', 'label'] },
      { target: [], baseline: ['label'] },
    ],
    [
      'a key neither side has',
      { key_columns: ['order_no'] },
      { target: ['order_no'], baseline: ['order_no'] },
    ],
  ])(
    '%s: the check errors naming the columns, the datasource is never blamed',
    async (_label, overrides, missing) => {
      for (const target of [side(postgres, 'public.orders'), side(objects, 'orders.parquet')]) {
        const { evaluation } = await runComparison(
          config(overrides),
          { target, baseline: side(postgres, 'public.orders_baseline', BASELINE_QUERY) },
          OPTIONS,
        );
        expect(evaluation).toMatchObject({
          outcome: 'error',
          metric_value: null,
          detail: { reason: 'missing_columns', missing_columns: missing },
        });
        expect(String(evaluation.detail['message'])).toMatch(/^A key or compared column is missing: /);
      }
    },
  );
});
