/**
 * The spec's "Check kinds by datasource" table, run: every check kind the matrix marks Y is
 * evaluated against each datasource kind that has a peer here (PostgreSQL; O on moto; F on
 * Azurite; T on our Iceberg REST catalog over moto; W on fakesnow; L on the Databricks Thrift peer)
 * through the real adapters and the suite evaluator. The refusals of the `-` cells are tested where
 * checks are saved (support matrix and check definition specs, suites e2e).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { DuckDBInstance } from '@duckdb/node-api';
import { type DataSource } from 'typeorm';
import {
  type CheckDefinition,
  type CheckVariant,
  CHECK_SUPPORT_MATRIX,
  parseCheckDefinition,
} from '@dq/check-engine';
import { ConnectionUseService } from '@dq/connections';
import { type ConnectionKind } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { DatasourceAdapterRegistry, DatasourceError } from '@dq/datasources';
import { CheckMetricHistory, type CheckEvaluation } from '@dq/runs';
import { metricsRegistry } from '@dq/platform';
import { type SecretOpener } from '@dq/secrets-opening';
import { CheckBaselines } from '@dq/suites';
import {
  type AzuritePeer,
  type DatabricksSqlPeer,
  type FakesnowPeer,
  type IcebergCatalogPeer,
  type IsolatedEnvironment,
  type S3Peer,
  createS3PeerBucket,
  createS3PeerUser,
  putS3PeerObject,
} from '@dq/testing';
import { OpenedConnections } from '../target/opened-connections';
import { SuiteTargetEvaluator, type TargetCheck } from './suite-target-evaluator';
import { type EvaluationFixture, startEvaluationFixture } from '../../test/peer-datasources';

const UPDATED_AT = '2026-11-20 10:00:00';
// 10 orders: customers 3 and 6 missing, order 4 negative.
const ORDERS = Array.from({ length: 10 }, (_unused, index) => ({
  id: index + 1,
  customer: index === 2 || index === 5 ? null : `c${index + 1}`,
  amount: index === 3 ? -5 : (index + 1) * 10,
}));
const CSV = `id,customer,amount,updated_at\n${ORDERS.map((o) => `${o.id},${o.customer ?? ''},${o.amount},${UPDATED_AT}`).join('\n')}\n`;
const TOKEN = `peer-token-${randomUUID()}`;
const PASSWORD = `pw-${randomUUID()}`;

interface Subject {
  kind: ConnectionKind;
  connectionId: string;
  target: string;
  /** Column names as the datasource spells them. */
  column: { id: string; customer: string; amount: string; updatedAt: string | null };
  rows: number;
}

const VARIANT_CHECK: Record<
  CheckVariant,
  (subject: Subject, baselineId: string) => Record<string, unknown> | null
> = {
  expectation: (s) => ({
    kind: 'expectation',
    config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: s.column.id } },
  }),
  expectation_native: (s) => ({
    kind: 'expectation',
    engine: 'native',
    config: { expectation_type: 'null_count', kwargs: { column: s.column.customer, max_value: 0 } },
  }),
  custom_sql: (s) => ({
    kind: 'custom_sql',
    config: { sql: `SELECT 1 AS one FROM ${s.target} WHERE 1 = 0` },
  }),
  freshness: (s) =>
    s.column.updatedAt === null
      ? null
      : { kind: 'freshness', config: { column: s.column.updatedAt, fail_after_hours: 8760 } },
  freshness_file_arrival: () => ({ kind: 'freshness', config: { fail_after_hours: 24 } }),
  volume: (s) => ({ kind: 'volume', config: { min_rows: s.rows, max_rows: s.rows } }),
  anomaly: () => ({ kind: 'anomaly', config: { metric: 'row_count' } }),
  schema_drift: () => ({ kind: 'schema_drift', config: {} }),
  comparison: (s, baselineId) => ({
    kind: 'comparison',
    config: {
      baseline_connection_id: baselineId,
      baseline: { target: s.target },
      key_columns: [s.column.id],
    },
  }),
  profile: () => ({ kind: 'profile', config: { top_values: 2 } }),
};

/** What each variant must come to on the orders data (the Iceberg fixture is other data). */
const EXPECTED: Record<CheckVariant, string> = {
  expectation: 'pass',
  // No peer has the warehouse's metric functions: an evaluation error, never a refusal to save.
  expectation_native: 'error',
  custom_sql: 'pass',
  freshness: 'pass',
  freshness_file_arrival: 'pass',
  volume: 'pass',
  anomaly: 'skip',
  schema_drift: 'pass',
  comparison: 'pass',
  profile: 'pass',
};

describe('check kinds by datasource kind, against the peers', () => {
  let fixture: EvaluationFixture;
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let cipher: SecretOpener;
  let evaluator: SuiteTargetEvaluator;
  let workDir: string;
  let moto: S3Peer;
  let azurite: AzuritePeer;
  let iceberg: IcebergCatalogPeer;
  let fakesnow: FakesnowPeer;
  let databricks: DatabricksSqlPeer;
  const subjects: Subject[] = [];

  beforeAll(async () => {
    fixture = await startEvaluationFixture({
      name: 'kinds',
      password: PASSWORD,
      icebergToken: TOKEN,
      databricks: {
        token: TOKEN,
        tables: [
          {
            catalog: 'lake',
            schema: 'sales',
            name: 'orders',
            columns: [
              { name: 'id', type: 'BIGINT', nullable: false },
              { name: 'customer', type: 'STRING' },
              { name: 'amount', type: 'DOUBLE' },
              { name: 'updated_at', type: 'TIMESTAMP' },
            ],
            rows: ORDERS.map((o) => [o.id, o.customer, o.amount, UPDATED_AT]),
          },
        ],
      },
    });
    ({ env, dataSource, cipher, evaluator } = fixture);
    ({ moto, azurite, fakesnow, databricks, workDir } = fixture.peers);
    iceberg = fixture.peers.iceberg!;

    // PostgreSQL
    const pg = await fixture.connectPostgres();
    await pg.query(
      'CREATE TABLE public.orders (id bigint NOT NULL, customer text, amount double precision, updated_at timestamptz)',
    );
    for (const o of ORDERS)
      await pg.query('INSERT INTO public.orders VALUES ($1, $2, $3, $4)', [
        o.id,
        o.customer,
        o.amount,
        `${UPDATED_AT}Z`,
      ]);
    await pg.end();
    const columns = { id: 'id', customer: 'customer', amount: 'amount', updatedAt: 'updated_at' };
    subjects.push({
      kind: 'postgres',
      connectionId: await fixture.postgresConnectionRow(),
      target: 'public.orders',
      column: columns,
      rows: 10,
    });

    // O: a Parquet file in moto.
    const parquet = path.join(workDir, 'orders.parquet');
    const csvPath = path.join(workDir, 'orders.csv');
    await (await import('node:fs/promises')).writeFile(csvPath, CSV);
    const duck = await DuckDBInstance.create(':memory:');
    const session = await duck.connect();
    await session.run(`COPY (SELECT * FROM read_csv('${csvPath}')) TO '${parquet}' (FORMAT parquet)`);
    session.closeSync();
    duck.closeSync();
    const key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, 'kinds');
    await putS3PeerObject(moto, 'kinds', 'landing/orders.parquet', await readFile(parquet));
    subjects.push({
      kind: 'object_store',
      connectionId: await fixture.connectionRow(
        'object_store',
        { bucket: 'kinds', endpoint_url: moto.endpoint, force_path_style: true },
        { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
      ),
      target: 'landing/orders.parquet',
      column: columns,
      rows: 10,
    });

    // F: a CSV file in Azurite.
    const container = new ContainerClient(
      `${azurite.accountUrl}/kinds`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    );
    await container.create();
    await container.getBlockBlobClient('landing/orders.csv').uploadData(Buffer.from(CSV));
    subjects.push({
      kind: 'file_store',
      connectionId: await fixture.connectionRow(
        'file_store',
        { account_url: azurite.accountUrl, filesystem: 'kinds' },
        { account_key: azurite.accountKey },
      ),
      target: 'landing/orders.csv',
      column: columns,
      rows: 10,
    });

    // W: fakesnow.
    await fakesnow.execute('CREATE DATABASE SALES_DB');
    await fakesnow.execute('CREATE SCHEMA SALES_DB.SALES');
    await fakesnow.execute(
      'CREATE TABLE SALES_DB.SALES.ORDERS (ID NUMBER(38, 0) NOT NULL, CUSTOMER VARCHAR, AMOUNT NUMBER(10, 2), UPDATED_AT TIMESTAMP_NTZ)',
    );
    await fakesnow.execute(
      `INSERT INTO SALES_DB.SALES.ORDERS VALUES ${ORDERS.map((o) => `(${o.id}, ${o.customer === null ? 'NULL' : `'${o.customer}'`}, ${o.amount}, '${UPDATED_AT}')`).join(', ')}`,
    );
    subjects.push({
      kind: 'warehouse',
      connectionId: await fixture.connectionRow(
        'warehouse',
        { account: 'dq-kinds', user: 'reader', database: 'SALES_DB', schema: 'SALES' },
        { password: PASSWORD },
      ),
      target: 'SALES_DB.SALES.ORDERS',
      column: { id: 'ID', customer: 'CUSTOMER', amount: 'AMOUNT', updatedAt: 'UPDATED_AT' },
      rows: 10,
    });

    // L: the Databricks peer (DuckDB behind Thrift: Spark's unix_timestamp is not there, so no
    // freshness-by-column here; the dialect's SQL for it is asserted in the compiler's unit tests).
    subjects.push({
      kind: 'lakehouse',
      connectionId: await fixture.connectionRow(
        'lakehouse',
        { workspace_url: databricks.workspaceUrl, http_path: databricks.httpPath },
        { token: TOKEN },
      ),
      target: 'lake.sales.orders',
      column: { ...columns, updatedAt: null },
      rows: 10,
    });

    // T: a fixture Iceberg table through our REST catalog.
    subjects.push({
      kind: 'iceberg_catalog',
      connectionId: await fixture.connectionRow(
        'iceberg_catalog',
        { catalog_uri: iceberg.catalogUri, secret_property: 'token' },
        { value: TOKEN },
      ),
      target: 'fixtures.pyiceberg-v1-overwrite',
      column: { id: '', customer: '', amount: '', updatedAt: null },
      rows: 4,
    });
  }, 300_000);

  afterAll(async () => {
    await fixture?.stop();
  });

  /** A check of the given body, parsed as the API would for that datasource kind. */
  const checkOf = (kind: ConnectionKind, body: Record<string, unknown>): TargetCheck => ({
    id: randomUUID(),
    version: 1,
    baseline: null,
    definition: parseCheckDefinition(body, { datasourceKind: kind }),
  });

  /** Every check evaluated against `target` on the connection, each result by check id. */
  async function evaluateAll(
    connectionId: string,
    target: string,
    checks: TargetCheck[],
    { zeroSample = false, timeoutMs = 60_000 }: { zeroSample?: boolean; timeoutMs?: number } = {},
  ): Promise<Map<string, CheckEvaluation>> {
    const results = new Map<string, CheckEvaluation>();
    await evaluator.evaluate(
      {
        runId: null,
        zeroSample,
        target: { connection_id: connectionId, target, time_zone: 'UTC', column_policy: {} },
        checks,
      },
      { signal: AbortSignal.timeout(timeoutMs) },
      async (checkId, evaluation) => {
        results.set(checkId, evaluation);
      },
    );
    return results;
  }

  it.each(['postgres', 'object_store', 'file_store'] as const)(
    '%s: a missing target fails each check as target_not_found, whether or not the check needs its columns',
    async (kind) => {
      const subject = subjects.find((entry) => entry.kind === kind)!;
      const missing = kind === 'postgres' ? 'public.no_such_orders' : 'landing/no-such-orders.csv';
      const volume = { name: 'rows', kind: 'volume', config: { min_rows: 1 } };
      const notNull = {
        name: 'ids',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
      };
      // A suite of row counts alone (no catalog read first), then one that resolves a column.
      for (const suite of [[checkOf(kind, volume)], [checkOf(kind, volume), checkOf(kind, notNull)]]) {
        const results = await evaluateAll(subject.connectionId, missing, suite);
        expect(
          [...results.values()].map(({ outcome, detail }) => ({ outcome, reason: detail['reason'] })),
        ).toEqual(suite.map(() => ({ outcome: 'error', reason: 'target_not_found' })));
      }
    },
    120_000,
  );

  it('postgres: a suite of row counts reads no catalog, one with a column check reads it once', async () => {
    const subject = subjects.find((entry) => entry.kind === 'postgres')!;
    const adapters = (evaluator as unknown as { adapters: DatasourceAdapterRegistry }).adapters;
    const postgres = adapters.get('postgres');
    const withSession = postgres.withSession!.bind(postgres);
    let catalogReads = 0;
    // The real adapter and session; each columns read is counted on its way through.
    const counting: typeof postgres.withSession = (connection, options, work, sessionOptions) =>
      withSession(
        connection,
        options,
        (session) =>
          work({
            query: (sql, queryOptions) => session.query(sql, queryOptions),
            columns: (target) => {
              catalogReads += 1;
              return session.columns(target);
            },
          }),
        sessionOptions,
      );
    const volume = checkOf('postgres', {
      name: 'rows',
      kind: 'volume',
      config: { min_rows: 10, max_rows: 10 },
    });
    const nulls = checkOf('postgres', {
      name: 'ids',
      kind: 'expectation',
      config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
    });
    (postgres as { withSession?: typeof postgres.withSession }).withSession = counting;
    try {
      const reads: number[] = [];
      for (const checks of [[volume], [volume, nulls]]) {
        catalogReads = 0;
        const outcomes = [...(await evaluateAll(subject.connectionId, subject.target, checks)).values()].map(
          ({ outcome }) => outcome,
        );
        expect(outcomes).toEqual(checks.map(() => 'pass'));
        reads.push(catalogReads);
      }
      expect(reads).toEqual([0, 1]);
    } finally {
      (postgres as { withSession?: typeof postgres.withSession }).withSession = withSession;
    }
  });

  it.each(['postgres', 'object_store', 'file_store', 'warehouse', 'lakehouse', 'iceberg_catalog'] as const)(
    '%s: every supported check kind evaluates',
    async (kind) => {
      const subject = subjects.find((entry) => entry.kind === kind)!;
      if (kind === 'iceberg_catalog') {
        // The fixture's own first column stands in for the orders' id.
        const adapters = (evaluator as unknown as { adapters: DatasourceAdapterRegistry }).adapters;
        const opened = await new OpenedConnections(cipher, new ConnectionUseService(dataSource)).open(
          subject.connectionId,
        );
        const [first] = await adapters
          .get('iceberg_catalog')
          .columns(opened, subject.target, { timeoutMs: 30_000 });
        subject.column = { id: first.name, customer: first.name, amount: first.name, updatedAt: null };
      }
      const variants = (Object.keys(CHECK_SUPPORT_MATRIX) as CheckVariant[]).filter((variant) =>
        (CHECK_SUPPORT_MATRIX[variant] as readonly string[]).includes(kind),
      );
      const checks: (TargetCheck & { variant: CheckVariant })[] = [];
      for (const variant of variants) {
        const body = VARIANT_CHECK[variant](subject, subject.connectionId);
        if (body === null) continue;
        const definition: CheckDefinition = parseCheckDefinition(
          { name: variant, ...body },
          { datasourceKind: kind },
        );
        checks.push({ id: randomUUID(), version: 1, definition, baseline: null, variant });
      }
      // A failing column-map check too, so a result read by the wrong name cannot pass unseen.
      const nulls = checkOf(kind, {
        name: 'customers present',
        kind: 'expectation',
        config: {
          expectation_type: 'expect_column_values_to_not_be_null',
          kwargs: { column: subject.column.customer },
        },
      });
      const results = await evaluateAll(subject.connectionId, subject.target, [...checks, nulls], {
        timeoutMs: 120_000,
      });
      const outcomes = Object.fromEntries(
        checks.map((check) => [check.variant, results.get(check.id)?.outcome]),
      );
      const expected = Object.fromEntries(checks.map((check) => [check.variant, EXPECTED[check.variant]]));
      expect({ kind, outcomes }).toEqual({ kind, outcomes: expected });
      if (kind !== 'iceberg_catalog')
        expect(results.get(nulls.id)).toMatchObject({
          outcome: 'fail',
          metric_value: 20,
          detail: { unexpected_count: 2 },
        });
      // A remote file or object store records what the run fetched for the target, and /metrics
      // counts it; a SQL datasource records nothing of the kind.
      const reads = results.get(nulls.id)?.detail['target_reads'] as
        { bytes_fetched: number; requests: number } | undefined;
      if (kind === 'object_store' || kind === 'file_store') {
        expect(reads?.bytes_fetched).toBeGreaterThan(0);
        expect(reads?.requests).toBeGreaterThan(0);
        const exposed = await metricsRegistry.getSingleMetricAsString('dq_datasource_read_bytes_total');
        expect(exposed).toMatch(new RegExp(`dq_datasource_read_bytes_total\\{kind="${kind}"\\} [1-9]`));
      } else if (kind !== 'iceberg_catalog') expect(reads).toBeUndefined();
      // Zero-sample mode on a SQL kind: a failing custom SQL check is counted by the datasource in
      // this dialect (its rows never fetched), and no result carries a sample.
      if ((CHECK_SUPPORT_MATRIX.custom_sql as readonly string[]).includes(kind)) {
        const failingSql = checkOf(kind, {
          name: 'customers missing (sql)',
          kind: 'custom_sql',
          config: {
            sql: `SELECT ${subject.column.id} FROM ${subject.target} WHERE ${subject.column.customer} IS NULL`,
          },
        });
        const zeroSampleResults = await evaluateAll(
          subject.connectionId,
          subject.target,
          [failingSql, nulls],
          {
            zeroSample: true,
            timeoutMs: 120_000,
          },
        );
        expect({ kind, sql: zeroSampleResults.get(failingSql.id) }).toMatchObject({
          kind,
          sql: {
            outcome: 'fail',
            metric_value: null,
            detail: { failing_rows: 2, failing_rows_capped: false },
          },
        });
        for (const evaluation of zeroSampleResults.values())
          expect(evaluation.detail).not.toHaveProperty('samples');
      }
      // The variants this kind runs, per the spec's table (freshness-by-column left out on L only).
      expect(checks.length).toBe(
        variants.length - (kind === 'lakehouse' || kind === 'iceberg_catalog' ? 1 : 0),
      );
    },
    180_000,
  );

  it.each(['postgres', 'object_store', 'file_store', 'iceberg_catalog'] as const)(
    "%s: our own database failing inside the datasource's session is ours, never the datasource's",
    async (kind) => {
      const subject = subjects.find((entry) => entry.kind === kind)!;
      const adapters = (evaluator as unknown as { adapters: DatasourceAdapterRegistry }).adapters;
      // The real baselines store over a closed pool: the error our own database code throws.
      const closed = await createDataSource({
        url: env.databaseUrl,
        applicationName: 'check-kinds-closed',
        poolSize: 1,
      }).initialize();
      await closed.destroy();
      const ourFailure = await new CheckBaselines(closed).captureIfAbsent(randomUUID(), { columns: [] }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(ourFailure).toBeInstanceOf(Error);
      const failing = new SuiteTargetEvaluator(
        new OpenedConnections(cipher, new ConnectionUseService(dataSource)),
        adapters,
        { history: new CheckMetricHistory(dataSource), baselines: new CheckBaselines(closed) },
      );
      const healthOf = async (id: string): Promise<unknown> =>
        (await dataSource.query('SELECT health_status, last_error FROM connections WHERE id = $1', [id]))[0];
      const healthBefore = await healthOf(subject.connectionId);
      const reported: CheckEvaluation[] = [];
      const thrown = await failing
        .evaluate(
          {
            runId: null,
            zeroSample: false,
            target: {
              connection_id: subject.connectionId,
              target: subject.target,
              time_zone: 'UTC',
              column_policy: {},
            },
            checks: [checkOf(kind, { name: 'schema', kind: 'schema_drift', config: {} })],
          },
          { signal: AbortSignal.timeout(60_000) },
          async (_checkId, evaluation) => {
            reported.push(evaluation);
          },
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
      // Passed on as it was: not classified as the datasource's failure, no check blamed on it.
      expect(thrown).not.toBeInstanceOf(DatasourceError);
      expect((thrown as Error).message).toBe((ourFailure as Error).message);
      expect(reported).toEqual([]);
      expect(await healthOf(subject.connectionId)).toEqual(healthBefore);
    },
    120_000,
  );

  // A check stored before the SQL gate (or edited in our database) is gated again before it runs:
  // PostgreSQL by its own grammar, W and L by the strict lexical gate; no statement is sent for it.
  it.each([
    [
      'postgres',
      "SELECT * FROM generate_series(1, ascii(substr(pg_read_file('/etc/passwd'), 1, 1)))",
      'pg_read_file',
    ],
    ['postgres', "SELECT '\\' ; COPY (SELECT 1) TO PROGRAM 'id'; --'", 'must be a single statement'],
    ['warehouse', 'SELECT SYSTEM$CANCEL_ALL_QUERIES()', 'SYSTEM$CANCEL_ALL_QUERIES'],
    ['lakehouse', "SELECT reflect('java.lang.System', 'getenv', 'HOME')", 'reflect'],
  ] as const)('%s: stored custom SQL %s is refused before it runs', async (kind, sql, named) => {
    const subject = subjects.find((entry) => entry.kind === kind)!;
    const stored: TargetCheck = {
      id: randomUUID(),
      version: 1,
      baseline: null,
      definition: {
        name: 'stored before the gate',
        description: null,
        kind: 'custom_sql',
        engine: null,
        dimension: 'validity',
        thresholds: null,
        config: { sql },
        enabled: true,
      },
    };
    const results = await evaluateAll(subject.connectionId, subject.target, [stored]);
    expect(results.get(stored.id)).toMatchObject({
      outcome: 'error',
      metric_value: null,
      detail: { reason: 'custom_sql_refused', message: expect.stringContaining(named) },
    });
  });
});
