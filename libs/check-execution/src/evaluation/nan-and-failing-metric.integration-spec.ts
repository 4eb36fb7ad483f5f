/**
 * NaN and the infinities read the same everywhere, and one metric a datasource cannot compute
 * costs only its own check: the fixture `fixtures/nan-infinity` (floating columns holding NaN,
 * +Infinity, -Infinity and nulls) on PostgreSQL, as Parquet on the object store (moto), as CSV on
 * the file store (Azurite), as an Iceberg table written from that Parquet (the REST catalog peer),
 * in the warehouse (fakesnow) and the lakehouse (the Databricks Thrift peer), evaluated through the real adapters and the suite evaluator in one fused scan per target.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { DuckDBInstance } from '@duckdb/node-api';
import { parseCheckDefinition } from '@dq/check-engine';
import { type CheckEvaluation } from '@dq/runs';
import {
  type AzuritePeer,
  type DatabricksSqlPeer,
  type FakesnowPeer,
  type IcebergCatalogPeer,
  type S3Peer,
  createS3PeerBucket,
  createS3PeerUser,
  putS3PeerObject,
} from '@dq/testing';
import { SuiteTargetEvaluator, type TargetCheck } from './suite-target-evaluator';
import { type EvaluationFixture, startEvaluationFixture } from '../../test/peer-datasources';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures/nan-infinity');
const TOKEN = `peer-token-${randomUUID()}`;
const PASSWORD = `pw-${randomUUID()}`;
const KINDS = [
  'postgres',
  'object_store',
  'file_store',
  'warehouse',
  'lakehouse',
  'iceberg_catalog',
] as const;
type Kind = (typeof KINDS)[number];

type Cell = string | number | null;
/** The fixture's rows as DuckDB reads the Parquet file: NaN and infinities as text. */
let ROWS: { id: number; reading: Cell; spike: Cell; high: Cell; label: string }[] = [];

const expectation = (name: string, expectation_type: string, kwargs: Record<string, unknown>) => ({
  name,
  kind: 'expectation',
  config: { expectation_type, kwargs },
});

/**
 * Each check of the suite and what it must come to on every datasource (hand-computed from the
 * rows in `fixtures/nan-infinity/README.md`). Column names are written in lower case: the
 * warehouse's upper-case names resolve case-insensitively.
 */
const CASES: { body: Record<string, unknown>; expected: Partial<CheckEvaluation> & { detail?: object } }[] = [
  {
    body: expectation('rows', 'expect_table_row_count_to_equal', { value: 8 }),
    expected: { outcome: 'pass', metric_value: 8 },
  },
  {
    // NaN is a value: only the one null is missing.
    body: expectation('reading present', 'expect_column_values_to_not_be_null', { column: 'reading' }),
    expected: { outcome: 'fail', metric_value: 12.5, detail: { unexpected_count: 1, nonnull_count: 7 } },
  },
  {
    // NaN is within no bounds: 2 of the 7 present values.
    body: expectation('reading between', 'expect_column_values_to_be_between', {
      column: 'reading',
      min_value: 0,
      max_value: 10,
    }),
    expected: { outcome: 'fail', metric_value: 28.571429, detail: { unexpected_count: 2 } },
  },
  {
    body: expectation('reading mean', 'expect_column_mean_to_be_between', {
      column: 'reading',
      min_value: 4,
      max_value: 5,
    }),
    expected: { outcome: 'pass', metric_value: 4.4, detail: { observed_value: 4.4, nan_count: 2 } },
  },
  {
    body: expectation('reading sum', 'expect_column_sum_to_be_between', {
      column: 'reading',
      min_value: 22,
      max_value: 22,
    }),
    expected: { outcome: 'pass', metric_value: 22, detail: { nan_count: 2 } },
  },
  {
    body: expectation('reading stdev', 'expect_column_stdev_to_be_between', {
      column: 'reading',
      min_value: 2.6,
      max_value: 2.7,
    }),
    expected: { outcome: 'pass', detail: { nan_count: 2 } },
  },
  {
    body: expectation('reading median', 'expect_column_median_to_be_between', {
      column: 'reading',
      min_value: 4,
      max_value: 4,
    }),
    expected: { outcome: 'pass', metric_value: 4 },
  },
  {
    body: expectation('reading min', 'expect_column_min_to_be_between', {
      column: 'reading',
      min_value: 1.5,
      max_value: 1.5,
    }),
    expected: { outcome: 'pass', metric_value: 1.5, detail: { nan_count: 2 } },
  },
  {
    body: expectation('reading max', 'expect_column_max_to_be_between', {
      column: 'reading',
      min_value: 8,
      max_value: 8,
    }),
    expected: { outcome: 'pass', metric_value: 8 },
  },
  {
    // +Infinity and -Infinity together: the mean and the sum are not a number.
    body: expectation('spike mean', 'expect_column_mean_to_be_between', {
      column: 'spike',
      min_value: -100,
      max_value: 100,
    }),
    expected: { outcome: 'fail', metric_value: null, detail: { observed_value: 'NaN', nan_count: 1 } },
  },
  {
    body: expectation('spike sum', 'expect_column_sum_to_be_between', { column: 'spike', min_value: 0 }),
    expected: { outcome: 'fail', metric_value: null, detail: { observed_value: 'NaN' } },
  },
  {
    body: expectation('spike stdev', 'expect_column_stdev_to_be_between', { column: 'spike', max_value: 10 }),
    expected: { outcome: 'fail', metric_value: null, detail: { observed_value: 'NaN' } },
  },
  {
    body: expectation('spike min', 'expect_column_min_to_be_between', { column: 'spike', min_value: -1e9 }),
    expected: { outcome: 'fail', metric_value: null, detail: { observed_value: '-Infinity', nan_count: 1 } },
  },
  {
    body: expectation('spike max', 'expect_column_max_to_be_between', { column: 'spike', min_value: 0 }),
    expected: { outcome: 'pass', metric_value: null, detail: { observed_value: 'Infinity' } },
  },
  {
    body: expectation('spike median', 'expect_column_median_to_be_between', {
      column: 'spike',
      min_value: 2.5,
      max_value: 2.5,
    }),
    expected: { outcome: 'pass', metric_value: 2.5 },
  },
  {
    // +Infinity alone: an infinite mean is above any lower bound, an infinite sum above any upper.
    body: expectation('high mean', 'expect_column_mean_to_be_between', { column: 'high', min_value: 0 }),
    expected: { outcome: 'pass', metric_value: null, detail: { observed_value: 'Infinity' } },
  },
  {
    body: expectation('high sum', 'expect_column_sum_to_be_between', { column: 'high', max_value: 100 }),
    expected: { outcome: 'fail', metric_value: null, detail: { observed_value: 'Infinity' } },
  },
  {
    body: expectation('high median', 'expect_column_median_to_be_between', {
      column: 'high',
      min_value: 3.5,
      max_value: 3.5,
    }),
    expected: { outcome: 'pass', metric_value: 3.5 },
  },
  {
    body: expectation('ids unique', 'expect_column_values_to_be_unique', { column: 'id' }),
    expected: { outcome: 'pass', metric_value: 0 },
  },
  {
    // NaN occurs twice in `reading`, but the mode is a statistic: NaN is left out (which of the
    // other values, each once, a dialect calls the mode is its own affair).
    body: expectation('reading mode', 'expect_column_most_common_value_to_be_in_set', {
      column: 'reading',
      value_set: [1.5, 2.5, 4, 6, 8],
    }),
    expected: { outcome: 'pass', detail: { nan_count: 2 } },
  },
];

/** A metric no datasource can compute: the mean of a text column of letters. */
const FAILING = expectation('label mean', 'expect_column_mean_to_be_between', {
  column: 'label',
  min_value: 0,
});

describe('NaN, infinities and a failing metric, on every SQL-reading datasource kind', () => {
  let fixture: EvaluationFixture;
  let evaluator: SuiteTargetEvaluator;
  let moto: S3Peer;
  let azurite: AzuritePeer;
  let fakesnow: FakesnowPeer;
  let databricks: DatabricksSqlPeer;
  let iceberg: IcebergCatalogPeer;
  const subjects = new Map<Kind | 'postgres_numeric', { connectionId: string; target: string }>();

  beforeAll(async () => {
    const duck = await DuckDBInstance.create(':memory:');
    const session = await duck.connect();
    ROWS = (
      await session.runAndReadAll(
        `SELECT id::INTEGER AS id, reading, spike, high, label FROM '${path.join(FIXTURES, 'readings.parquet')}' ORDER BY id`,
      )
    ).getRowObjectsJson() as typeof ROWS;
    session.closeSync();
    duck.closeSync();
    expect(ROWS).toHaveLength(8);
    expect(ROWS.filter((row) => row.reading === 'NaN')).toHaveLength(2);

    fixture = await startEvaluationFixture({
      name: 'nan',
      password: PASSWORD,
      icebergToken: TOKEN,
      databricks: {
        token: TOKEN,
        tables: [
          {
            catalog: 'lake',
            schema: 'sensors',
            name: 'readings',
            columns: [
              { name: 'id', type: 'BIGINT' },
              { name: 'reading', type: 'DOUBLE' },
              { name: 'spike', type: 'DOUBLE' },
              { name: 'high', type: 'DOUBLE' },
              { name: 'label', type: 'STRING' },
            ],
            rows: ROWS.map((row) => [row.id, row.reading, row.spike, row.high, row.label]),
          },
        ],
      },
    });
    ({ evaluator } = fixture);
    ({ moto, azurite, fakesnow, databricks } = fixture.peers);
    iceberg = fixture.peers.iceberg!;

    // P: the same rows, NaN and the infinities bound as PostgreSQL's float8 text.
    const pg = await fixture.connectPostgres();
    await pg.query(
      'CREATE TABLE public.readings (id bigint, reading double precision, spike double precision, high double precision, label text)',
    );
    for (const row of ROWS)
      await pg.query('INSERT INTO public.readings VALUES ($1, $2, $3, $4, $5)', [
        row.id,
        row.reading,
        row.spike,
        row.high,
        row.label,
      ]);
    // The same rows in `numeric` columns, which hold NaN and the infinities without a cast.
    await pg.query(
      'CREATE TABLE public.readings_numeric AS SELECT id, reading::numeric AS reading, spike::numeric AS spike, high::numeric AS high, label FROM public.readings',
    );
    await pg.end();
    const postgresConnection = await fixture.postgresConnectionRow();
    subjects.set('postgres', { connectionId: postgresConnection, target: 'public.readings' });
    subjects.set('postgres_numeric', { connectionId: postgresConnection, target: 'public.readings_numeric' });

    // O: the Parquet fixture in moto.
    const key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, 'sensors');
    await putS3PeerObject(
      moto,
      'sensors',
      'landing/readings.parquet',
      await readFile(path.join(FIXTURES, 'readings.parquet')),
    );
    subjects.set('object_store', {
      connectionId: await fixture.connectionRow(
        'object_store',
        { bucket: 'sensors', endpoint_url: moto.endpoint, force_path_style: true },
        { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
      ),
      target: 'landing/readings.parquet',
    });

    // F: the CSV fixture (`nan`, `inf`, `-inf` as DuckDB writes them) in Azurite.
    const container = new ContainerClient(
      `${azurite.accountUrl}/sensors`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    );
    await container.create();
    await container
      .getBlockBlobClient('landing/readings.csv')
      .uploadData(await readFile(path.join(FIXTURES, 'readings.csv')));
    subjects.set('file_store', {
      connectionId: await fixture.connectionRow(
        'file_store',
        { account_url: azurite.accountUrl, filesystem: 'sensors' },
        { account_key: azurite.accountKey },
      ),
      target: 'landing/readings.csv',
    });

    // W: FLOAT columns, NaN and the infinities written as Snowflake spells them.
    const float = (value: Cell): string =>
      value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value}'::FLOAT`;
    await fakesnow.execute('CREATE DATABASE SENSORS_DB');
    await fakesnow.execute('CREATE SCHEMA SENSORS_DB.SENSORS');
    await fakesnow.execute(
      'CREATE TABLE SENSORS_DB.SENSORS.READINGS (ID NUMBER(38, 0), READING FLOAT, SPIKE FLOAT, HIGH FLOAT, LABEL VARCHAR)',
    );
    await fakesnow.execute(
      `INSERT INTO SENSORS_DB.SENSORS.READINGS VALUES ${ROWS.map(
        (row) =>
          `(${row.id}, ${float(row.reading)}, ${float(row.spike)}, ${float(row.high)}, '${row.label}')`,
      ).join(', ')}`,
    );
    subjects.set('warehouse', {
      connectionId: await fixture.connectionRow(
        'warehouse',
        { account: 'dq-nan', user: 'reader', database: 'SENSORS_DB', schema: 'SENSORS' },
        { password: PASSWORD },
      ),
      target: 'SENSORS_DB.SENSORS.READINGS',
    });

    // T: the Parquet fixture's rows written as an Iceberg table, served by the REST catalog peer.
    const written = await iceberg.addParquetTable(path.join(FIXTURES, 'readings.parquet'), 'nan', 'readings');
    expect(written.rows).toBe(8);
    subjects.set('iceberg_catalog', {
      connectionId: await fixture.connectionRow(
        'iceberg_catalog',
        { catalog_uri: iceberg.catalogUri, secret_property: 'token' },
        { value: TOKEN },
      ),
      target: written.target,
    });

    // L: the Databricks peer.
    subjects.set('lakehouse', {
      connectionId: await fixture.connectionRow(
        'lakehouse',
        { workspace_url: databricks.workspaceUrl, http_path: databricks.httpPath },
        { token: TOKEN },
      ),
      target: 'lake.sensors.readings',
    });
  }, 300_000);

  afterAll(async () => {
    await fixture?.stop();
  });

  const checkOf = (kind: Kind, body: Record<string, unknown>): TargetCheck => ({
    id: randomUUID(),
    version: 1,
    baseline: null,
    definition: parseCheckDefinition(body, { datasourceKind: kind }),
  });

  async function evaluateAll(kind: Kind | 'postgres_numeric', checks: TargetCheck[]) {
    const subject = subjects.get(kind)!;
    const results = new Map<string, CheckEvaluation>();
    const { statements } = await evaluator.evaluate(
      {
        runId: null,
        zeroSample: true,
        target: {
          connection_id: subject.connectionId,
          target: subject.target,
          time_zone: 'UTC',
          column_policy: {},
        },
        checks,
      },
      { signal: AbortSignal.timeout(120_000) },
      async (checkId, evaluation) => {
        results.set(checkId, evaluation);
      },
    );
    return { results, statements };
  }

  /** Each case's result, shaped as the case states its expectation. */
  function observed(
    checks: TargetCheck[],
    results: Map<string, CheckEvaluation>,
  ): Record<string, Record<string, unknown>> {
    return Object.fromEntries(
      CASES.map(({ body, expected }, index) => {
        const result = results.get(checks[index].id);
        const shaped: Record<string, unknown> = { outcome: result?.outcome };
        if ('metric_value' in expected) shaped['metric_value'] = result?.metric_value;
        if (expected.detail)
          shaped['detail'] = Object.fromEntries(
            Object.keys(expected.detail).map((key) => [key, result?.detail[key]]),
          );
        return [String(body['name']), shaped];
      }),
    );
  }

  const wanted = Object.fromEntries(CASES.map(({ body, expected }) => [body['name'], expected]));

  it.each(KINDS)(
    '%s: mean, sum, stdev, median, min and max leave NaN out and read the infinities alike',
    async (kind) => {
      const checks = CASES.map(({ body }) => checkOf(kind, body));
      const { results, statements } = await evaluateAll(kind, checks);
      expect({ kind, results: observed(checks, results) }).toEqual({ kind, results: wanted });
      const stdev = results.get(checks[CASES.findIndex(({ body }) => body['name'] === 'reading stdev')].id);
      expect(stdev?.metric_value).toBeCloseTo(Math.sqrt(27.7 / 4), 6);
      // One fused statement read them all: nothing failed, nothing was split.
      expect(statements).toBe(1);
    },
    180_000,
  );

  it('postgres numeric columns: the statistics leave NaN out and read the infinities alike, no cast to test NaN', async () => {
    const checks = CASES.map(({ body }) => checkOf('postgres', body));
    const { results, statements } = await evaluateAll('postgres_numeric', checks);
    expect(observed(checks, results)).toEqual(wanted);
    const stdev = results.get(checks[CASES.findIndex(({ body }) => body['name'] === 'reading stdev')].id);
    expect(stdev?.metric_value).toBeCloseTo(Math.sqrt(27.7 / 4), 6);
    expect(statements).toBe(1);
    const profile = checkOf('postgres', { name: 'profile', kind: 'profile', config: { top_values: 1 } });
    const profiled = (await evaluateAll('postgres_numeric', [profile])).results.get(profile.id);
    const columns = (profiled?.detail['columns'] ?? []) as {
      name: string;
      min: string | null;
      max: string | null;
    }[];
    expect(columns.find((column) => column.name === 'spike')).toMatchObject({
      min: '-Infinity',
      max: 'Infinity',
    });
    expect(Number(columns.find((column) => column.name === 'reading')?.max)).toBe(8);
  }, 180_000);

  it.each(KINDS)(
    '%s: the profile leaves NaN out of min and max and spells the infinities alike',
    async (kind) => {
      const profile = checkOf(kind, { name: 'profile', kind: 'profile', config: { top_values: 1 } });
      const { results } = await evaluateAll(kind, [profile]);
      const result = results.get(profile.id);
      expect(result?.outcome).toBe('pass');
      const columns = (result?.detail['columns'] ?? []) as {
        name: string;
        null_count: number;
        min: string | null;
        max: string | null;
        top_values?: { value: string | null; count: number }[];
      }[];
      const byName = new Map(columns.map((column) => [column.name.toLowerCase(), column]));
      expect({ kind, spike: byName.get('spike') }).toMatchObject({
        kind,
        spike: { null_count: 1, min: '-Infinity', max: 'Infinity' },
      });
      expect({ kind, reading: byName.get('reading') }).toMatchObject({
        kind,
        reading: { null_count: 1, min: '1.5', top_values: [{ value: 'NaN', count: 2 }] },
      });
      expect(Number(byName.get('reading')?.max)).toBe(8);
    },
    180_000,
  );

  it.each(KINDS)(
    '%s: a metric the datasource cannot compute fails its own check alone, naming the metric',
    async (kind) => {
      const checks = CASES.map(({ body }) => checkOf(kind, body));
      const failing = checkOf(kind, FAILING);
      // The failing metric sits in the middle of the fused scan.
      const suite = [...checks.slice(0, 9), failing, ...checks.slice(9)];
      const { results, statements } = await evaluateAll(kind, suite);
      expect(results.size).toBe(suite.length);
      // Bisected, not re-run one by one: the fused statement, then two halves per level.
      expect(statements).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(suite.length)));
      expect(results.get(failing.id)).toMatchObject({
        outcome: 'error',
        metric_value: null,
        detail: {
          reason: 'evaluation_failed',
          metric: 'expect_column_mean_to_be_between of column "label"',
        },
      });
      expect(String(results.get(failing.id)?.detail['message'])).toContain(
        'The expect_column_mean_to_be_between of column "label" could not be computed',
      );
      expect({ kind, results: observed(checks, results) }).toEqual({ kind, results: wanted });
    },
    180_000,
  );
});
