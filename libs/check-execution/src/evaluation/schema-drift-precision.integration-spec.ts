/**
 * Schema drift sees a decimal's precision and scale on every kind that has them: the introspected
 * type carries `(p,s)` on PostgreSQL, the warehouse (fakesnow), the lakehouse (the Databricks
 * Thrift peer), Iceberg (a fixture table's `decimal(16, 2)`) and Parquet on the object store
 * (moto) and the file store (Azurite). A baseline captured before introspection carried precision
 * (a bare `numeric`) raises no drift, and learns the live precision once.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from 'pg';
import { normaliseType, parseCheckDefinition, type SchemaColumn } from '@dq/check-engine';
import { type ConnectionKind } from '@dq/contracts';
import { type CheckEvaluation } from '@dq/runs';
import { CheckBaselines } from '@dq/suites';
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

const TOKEN = `peer-token-${randomUUID()}`;
const PASSWORD = `pw-${randomUUID()}`;

interface Subject {
  kind: ConnectionKind;
  connectionId: string;
  target: string;
  /** The decimal column as the datasource spells it, its live precision and scale. */
  column: string;
  live: string;
  /** The same column at another precision, and bare, in this kind's spelling. */
  other: string;
  bare: string;
}

describe('schema drift sees decimal precision and scale on every kind', () => {
  let fixture: EvaluationFixture;
  let pgDatabase: string;
  let evaluator: SuiteTargetEvaluator;
  let workDir: string;
  let moto: S3Peer;
  let azurite: AzuritePeer;
  let iceberg: IcebergCatalogPeer;
  let fakesnow: FakesnowPeer;
  let databricks: DatabricksSqlPeer;
  const subjects: Subject[] = [];
  /** What the evaluator asked the real baselines store to do, as it passed through. */
  const baselineCalls: { call: 'capture' | 'refine'; checkId: string; columns: SchemaColumn[] }[] = [];

  beforeAll(async () => {
    fixture = await startEvaluationFixture({
      dependencies: (dataSource) => {
        const baselines = new CheckBaselines(dataSource);
        return {
          baselines: {
            captureIfAbsent: async (checkId, baseline) => {
              baselineCalls.push({
                call: 'capture',
                checkId,
                columns: baseline['columns'] as SchemaColumn[],
              });
              return baselines.captureIfAbsent(checkId, baseline);
            },
            refineIfUnchanged: async (checkId, from, to) => {
              baselineCalls.push({ call: 'refine', checkId, columns: to['columns'] as SchemaColumn[] });
              return baselines.refineIfUnchanged(checkId, from, to);
            },
          },
        };
      },
      name: 'drift',
      password: PASSWORD,
      icebergToken: TOKEN,
      databricks: {
        token: TOKEN,
        tables: [
          {
            catalog: 'lake',
            schema: 'sales',
            name: 'amounts',
            columns: [
              { name: 'id', type: 'BIGINT', nullable: false },
              { name: 'amount', type: 'DECIMAL(10,2)' },
            ],
            rows: [
              [1, 10.5],
              [2, 20.25],
            ],
          },
        ],
      },
    });
    ({ evaluator, pgDatabase } = fixture);
    ({ moto, azurite, fakesnow, databricks, workDir } = fixture.peers);
    iceberg = fixture.peers.iceberg!;
    // P: a real table whose column is altered from numeric(10,2) to numeric(12,2) in the test.
    const pg = await fixture.connectPostgres();
    await pg.query('CREATE TABLE public.amounts (id bigint NOT NULL, amount numeric(10,2), note text)');
    await pg.query('INSERT INTO public.amounts VALUES (1, 10.5, $1), (2, 20.25, NULL)', ['a']);
    await pg.end();
    subjects.push({
      kind: 'postgres',
      connectionId: await fixture.postgresConnectionRow(),
      target: 'public.amounts',
      column: 'amount',
      live: 'numeric(10,2)',
      other: 'numeric(12,2)',
      bare: 'numeric',
    });

    // O and F: one Parquet file with a DECIMAL(10,2) column, on moto and on Azurite.
    const parquet = path.join(workDir, 'amounts.parquet');
    const duck = await DuckDBInstance.create(':memory:');
    const session = await duck.connect();
    await session.run(
      `COPY (SELECT * FROM (VALUES (1, 10.5::DECIMAL(10,2)), (2, 20.25::DECIMAL(10,2))) t(id, amount)) TO '${parquet}' (FORMAT parquet)`,
    );
    session.closeSync();
    duck.closeSync();
    const bytes = await readFile(parquet);
    const key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, 'drift');
    await putS3PeerObject(moto, 'drift', 'landing/amounts.parquet', bytes);
    subjects.push({
      kind: 'object_store',
      connectionId: await fixture.connectionRow(
        'object_store',
        { bucket: 'drift', endpoint_url: moto.endpoint, force_path_style: true },
        { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
      ),
      target: 'landing/amounts.parquet',
      column: 'amount',
      live: 'DECIMAL(10,2)',
      other: 'DECIMAL(12,2)',
      bare: 'DECIMAL',
    });
    const container = new ContainerClient(
      `${azurite.accountUrl}/drift`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    );
    await container.create();
    await container.getBlockBlobClient('landing/amounts.parquet').uploadData(bytes);
    subjects.push({
      kind: 'file_store',
      connectionId: await fixture.connectionRow(
        'file_store',
        { account_url: azurite.accountUrl, filesystem: 'drift' },
        { account_key: azurite.accountKey },
      ),
      target: 'landing/amounts.parquet',
      column: 'amount',
      live: 'DECIMAL(10,2)',
      other: 'DECIMAL(12,2)',
      bare: 'DECIMAL',
    });

    // W: fakesnow.
    await fakesnow.execute('CREATE DATABASE DRIFT_DB');
    await fakesnow.execute('CREATE SCHEMA DRIFT_DB.SALES');
    await fakesnow.execute(
      'CREATE TABLE DRIFT_DB.SALES.AMOUNTS (ID NUMBER(38, 0) NOT NULL, AMOUNT NUMBER(10, 2))',
    );
    await fakesnow.execute('INSERT INTO DRIFT_DB.SALES.AMOUNTS VALUES (1, 10.5), (2, 20.25)');
    subjects.push({
      kind: 'warehouse',
      connectionId: await fixture.connectionRow(
        'warehouse',
        { account: 'dq-drift', user: 'reader', database: 'DRIFT_DB', schema: 'SALES' },
        { password: PASSWORD },
      ),
      target: 'DRIFT_DB.SALES.AMOUNTS',
      column: 'AMOUNT',
      live: 'NUMBER(10,2)',
      other: 'NUMBER(12,2)',
      bare: 'NUMBER',
    });

    // L: the Databricks peer.
    subjects.push({
      kind: 'lakehouse',
      connectionId: await fixture.connectionRow(
        'lakehouse',
        { workspace_url: databricks.workspaceUrl, http_path: databricks.httpPath },
        { token: TOKEN },
      ),
      target: 'lake.sales.amounts',
      column: 'amount',
      live: 'DECIMAL(10,2)',
      other: 'DECIMAL(12,2)',
      bare: 'DECIMAL',
    });

    // T: the schema-evolution fixture's `col_decimal`, an Iceberg decimal(16, 2).
    subjects.push({
      kind: 'iceberg_catalog',
      connectionId: await fixture.connectionRow(
        'iceberg_catalog',
        { catalog_uri: iceberg.catalogUri, secret_property: 'token' },
        { value: TOKEN },
      ),
      target: 'fixtures.pyiceberg-v2-schema-evolution',
      column: 'col_decimal',
      live: 'decimal(16, 2)',
      other: 'decimal(18, 2)',
      bare: 'decimal',
    });
  }, 300_000);

  afterAll(async () => {
    await fixture?.stop();
  });

  async function drift(
    subject: Subject,
    baseline: SchemaColumn[] | null,
  ): Promise<CheckEvaluation & { id: string }> {
    const check: TargetCheck = {
      id: randomUUID(),
      version: 1,
      baseline: baseline === null ? null : { columns: baseline },
      definition: parseCheckDefinition(
        { name: 'schema', kind: 'schema_drift', config: {} },
        {
          datasourceKind: subject.kind,
        },
      ),
    };
    let result: CheckEvaluation | undefined;
    await evaluator.evaluate(
      {
        runId: null,
        zeroSample: false,
        target: {
          connection_id: subject.connectionId,
          target: subject.target,
          time_zone: 'UTC',
          column_policy: {},
        },
        checks: [check],
      },
      { signal: AbortSignal.timeout(120_000) },
      async (_checkId, evaluation) => {
        result = evaluation;
      },
    );
    return { ...result!, id: check.id };
  }

  const withType = (columns: SchemaColumn[], name: string, type: string): SchemaColumn[] =>
    columns.map((column) => (column.name === name ? { name, type } : column));

  it.each(['postgres', 'object_store', 'file_store', 'warehouse', 'lakehouse', 'iceberg_catalog'] as const)(
    '%s: the captured type carries precision; another precision is drift; a bare old baseline is not',
    async (kind) => {
      const subject = subjects.find((entry) => entry.kind === kind)!;
      const first = await drift(subject, null);
      expect(first).toMatchObject({ outcome: 'pass', detail: { baseline_captured: true } });
      const captured = baselineCalls.find(
        (call) => call.checkId === first.id && call.call === 'capture',
      )!.columns;
      const decimal = captured.find((column) => column.name === subject.column)!;
      expect({ kind, type: normaliseType(decimal.type) }).toEqual({
        kind,
        type: normaliseType(subject.live),
      });

      // The stored baseline at another precision: a type change, judged.
      const changed = await drift(subject, withType(captured, subject.column, subject.other));
      expect({ kind, changed }).toMatchObject({
        kind,
        changed: {
          outcome: 'fail',
          metric_value: 1,
          detail: {
            type_changed: [{ name: subject.column, from: subject.other, to: decimal.type }],
            judged: { metric: 'schema_changes', value: 1, thresholds: { fail: 0 }, band: 'fail' },
          },
        },
      });

      // A baseline from before precision was introspected: no drift, and it learns the live type.
      const old = await drift(subject, withType(captured, subject.column, subject.bare));
      expect({ kind, outcome: old.outcome, changes: old.detail['changes'] }).toEqual({
        kind,
        outcome: 'pass',
        changes: 0,
      });
      const refined = baselineCalls.find((call) => call.checkId === old.id && call.call === 'refine');
      expect(refined?.columns).toEqual(captured);
    },
    180_000,
  );

  it('postgres: altering numeric(10,2) to numeric(12,2) is a type change against the captured baseline', async () => {
    const subject = subjects.find((entry) => entry.kind === 'postgres')!;
    const first = await drift(subject, null);
    const captured = baselineCalls.find(
      (call) => call.checkId === first.id && call.call === 'capture',
    )!.columns;
    const pg = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: pgDatabase });
    await pg.connect();
    await pg.query('ALTER TABLE public.amounts ALTER COLUMN amount TYPE numeric(12,2)');
    await pg.end();
    const after = await drift(subject, captured);
    expect(after).toMatchObject({
      outcome: 'fail',
      detail: { type_changed: [{ name: 'amount', from: 'numeric(10,2)', to: 'numeric(12,2)' }] },
    });
    expect((after.detail['judged'] as { reading: string }).reading).toBe(
      'schema_changes 1 (added, dropped, type_changed) > fail 0',
    );
  });
});
