/**
 * Values no one here chose: a suite over a target whose texts start and end with emoji, hold
 * flags, combining marks and NUL, a NaN score, empty strings and timestamps, run by the real run
 * execution (claim, evaluate, record, finish) against PostgreSQL (P), a Parquet file on moto (O),
 * a CSV file on Azurite (F), fakesnow (W) and the Databricks peer (L), with a column policy that
 * masks the texts. NUL only where the datasource holds it: O, W and L (PostgreSQL text refuses
 * it, and a CSV holding NUL bytes is refused as not UTF-8 text). Every check records its
 * result and the run ends `succeeded` with every check complete (a mask that split an emoji once
 * left a lone surrogate that jsonb refused, and took other checks down with it). Then random
 * Unicode (seeded) goes through every redaction path the evaluator has (expectation samples under
 * mask, redact and allow with the classifier; custom SQL samples; profile top values; comparison
 * samples), and what comes out must be JSON PostgreSQL's jsonb accepts as it is, before the
 * ledger's own safeguard.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  type ColumnTreatment,
  SeededRandom,
  jsonbRefusal,
  parseCheckDefinition,
  randomText,
} from '@dq/check-engine';
import { type ConnectionKind, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { RunEntity, RunResultEntity } from '@dq/runs/entities';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import {
  type CheckEvaluation,
  CheckEvaluatorRegistry,
  type PlannedCheck,
  RunExecutionService,
  RunsModule,
} from '@dq/runs';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import {
  type AzuritePeer,
  type DatabricksSqlPeer,
  type FakesnowPeer,
  type S3Peer,
  createS3PeerBucket,
  createS3PeerUser,
  putS3PeerObject,
} from '@dq/testing';
import { SuiteRunTargetEvaluator } from './run-target-evaluator.adapter';
import { SuiteTargetEvaluator, type TargetCheck } from './suite-target-evaluator';
import { type EvaluationFixture, startEvaluationFixture } from '../../test/peer-datasources';

class TestRunnerConfig extends BaseServiceConfig {
  override PORT = 0;
}

interface Person {
  id: number;
  name: string;
  email: string | null;
  score: number;
  note: string;
}

const SEEN_AT = '2026-11-20 10:00:00';
/** O and F read these files: the rows of `people()` as `make-fixtures.mjs` beside them wrote them. */
const FIXTURES = path.resolve(__dirname, '../../../../fixtures/unicode-edges');
const TOKEN = `peer-token-${randomUUID()}`;
const PASSWORD = `pw-${randomUUID()}`;
/** NUL is only where the datasource can hold it (PostgreSQL text cannot). `fixtures/unicode-edges` holds the same rows. */
const people = (nul: boolean): Person[] => [
  { id: 1, name: '😀 Ada Lovelace 😀', email: 'ada@example.com', score: 1.5, note: '' },
  { id: 2, name: '🇬🇧 Alan Turing 🇬🇧', email: 'alan@example.com', score: Number.NaN, note: 'x' },
  { id: 3, name: 'e\u0301clair 👩‍👩‍👧', email: 'eclair@example.com', score: 2.5, note: '' },
  { id: 4, name: nul ? '\0nul inside\0' : 'no nul here 😀', email: 'nul@example.com', score: 3, note: 'y' },
  { id: 5, name: 'Grace Hopper', email: null, score: 4, note: '' },
];
/** The baseline differs in one name, so a comparison has a mismatched key to sample. */
const baselineOf = (rows: Person[]): Person[] =>
  rows.map((row) => (row.id === 1 ? { ...row, name: '😀 Ada 😀' } : row));

const SQL_KINDS: readonly ConnectionKind[] = ['postgres', 'warehouse', 'lakehouse'];

/** A column's name as the datasource spells it: Snowflake folds unquoted names to upper case. */
const spelled = (kind: ConnectionKind, name: string): string =>
  kind === 'warehouse' ? name.toUpperCase() : name;

const policyFor = (kind: ConnectionKind) => ({
  columns: Object.fromEntries(
    Object.entries({ name: 'mask', email: 'allow', score: 'allow', seen_at: 'mask', note: 'mask' }).map(
      ([column, treatment]) => [spelled(kind, column), treatment],
    ),
  ),
  default: 'mask',
});

interface Subject {
  kind: ConnectionKind;
  connectionId: string;
  target: string;
  baseline: string;
  nul: boolean;
}

describe('results are never lost to what a value holds (emoji, NUL, NaN), on P, O, F, W and L', () => {
  let fixture: EvaluationFixture;
  let pgDatabase: string;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let execution: RunExecutionService;
  let evaluator: SuiteTargetEvaluator;
  let workDir: string;
  let moto: S3Peer;
  let azurite: AzuritePeer;
  let fakesnow: FakesnowPeer;
  let databricks: DatabricksSqlPeer;
  const subjects: Subject[] = [];

  /** A Parquet file of the rows, written by DuckDB from bound values (NUL kept, NaN a double). */
  async function parquetOf(rows: Person[], name: string): Promise<Buffer> {
    const parquet = path.join(workDir, `${name}.parquet`);
    const duck = await DuckDBInstance.create(':memory:');
    const session = await duck.connect();
    await session.run(
      'CREATE TABLE people (id BIGINT, name VARCHAR, email VARCHAR, score DOUBLE, seen_at TIMESTAMP, note VARCHAR)',
    );
    for (const row of rows)
      await session.run(`INSERT INTO people VALUES ($1, $2, $3, $4, TIMESTAMP '${SEEN_AT}', $5)`, [
        row.id,
        row.name,
        row.email,
        row.score,
        row.note,
      ]);
    await session.run(`COPY people TO '${parquet}' (FORMAT parquet)`);
    session.closeSync();
    duck.closeSync();
    return readFile(parquet);
  }

  async function postgresTable(pg: Client, table: string, rows: Person[]): Promise<void> {
    await pg.query(
      `CREATE TABLE public.${table} (id bigint NOT NULL, name text, email text, score double precision, seen_at timestamptz, note text)`,
    );
    for (const row of rows)
      await pg.query(`INSERT INTO public.${table} VALUES ($1, $2, $3, $4, $5, $6)`, [
        row.id,
        row.name,
        row.email,
        Number.isNaN(row.score) ? 'NaN' : row.score,
        `${SEEN_AT}Z`,
        row.note,
      ]);
  }

  beforeAll(async () => {
    const lakeTable = (name: string, rows: Person[]) => ({
      catalog: 'lake',
      schema: 'crm',
      name,
      columns: [
        { name: 'id', type: 'BIGINT', nullable: false },
        { name: 'name', type: 'STRING' },
        { name: 'email', type: 'STRING' },
        { name: 'score', type: 'DOUBLE' },
        { name: 'seen_at', type: 'TIMESTAMP' },
        { name: 'note', type: 'STRING' },
      ],
      rows: rows.map((row) => [row.id, row.name, row.email, row.score, SEEN_AT, row.note]),
    });
    fixture = await startEvaluationFixture({
      name: 'unicode',
      openDataSource: async (env) => {
        const config = loadConfig(TestRunnerConfig, env.env);
        const moduleRef = await Test.createTestingModule({
          imports: [
            ...platformModules({ service: ServiceName.Runner, config }),
            ServiceRuntimeModule.forRoot({ service: ServiceName.Runner, config }),
            RunsModule,
          ],
        }).compile();
        context = await moduleRef.init();
        return context.get(DataSource);
      },
      password: PASSWORD,
      databricks: {
        token: TOKEN,
        tables: [lakeTable('people', people(true)), lakeTable('people_baseline', baselineOf(people(true)))],
      },
    });
    ({ dataSource, evaluator, pgDatabase } = fixture);
    execution = context.get(RunExecutionService);
    ({ moto, azurite, fakesnow, databricks, workDir } = fixture.peers);
    context.get(CheckEvaluatorRegistry).registerTargetEvaluator(new SuiteRunTargetEvaluator(evaluator));

    // P
    const pg = await fixture.connectPostgres();
    await postgresTable(pg, 'people', people(false));
    await postgresTable(pg, 'people_baseline', baselineOf(people(false)));
    await pg.end();
    subjects.push({
      kind: 'postgres',
      connectionId: await fixture.postgresConnectionRow(),
      target: 'public.people',
      baseline: 'public.people_baseline',
      nul: false,
    });

    // O: Parquet on moto.
    const key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, 'unicode');
    for (const file of ['people.parquet', 'people_baseline.parquet'])
      await putS3PeerObject(moto, 'unicode', `landing/${file}`, await readFile(path.join(FIXTURES, file)));
    subjects.push({
      kind: 'object_store',
      connectionId: await fixture.connectionRow(
        'object_store',
        { bucket: 'unicode', endpoint_url: moto.endpoint, force_path_style: true },
        { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
      ),
      target: 'landing/people.parquet',
      baseline: 'landing/people_baseline.parquet',
      nul: true,
    });

    // F: CSV on Azurite. No NUL here: a CSV holding NUL bytes is refused as not UTF-8 text.
    const container = new ContainerClient(
      `${azurite.accountUrl}/unicode`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    );
    await container.create();
    for (const file of ['people.csv', 'people_baseline.csv'])
      await container
        .getBlockBlobClient(`landing/${file}`)
        .uploadData(await readFile(path.join(FIXTURES, file)));
    subjects.push({
      kind: 'file_store',
      connectionId: await fixture.connectionRow(
        'file_store',
        { account_url: azurite.accountUrl, filesystem: 'unicode' },
        { account_key: azurite.accountKey },
      ),
      target: 'landing/people.csv',
      baseline: 'landing/people_baseline.csv',
      nul: false,
    });

    // W: fakesnow. Texts as SQL literals, NUL as CHR(0), NaN as a FLOAT literal.
    const literal = (text: string) =>
      text
        .split('\0')
        .map((part) => `'${part.replace(/'/g, "''")}'`)
        .join(' || CHR(0) || ');
    await fakesnow.execute('CREATE DATABASE CRM_DB');
    await fakesnow.execute('CREATE SCHEMA CRM_DB.CRM');
    for (const [table, rows] of [
      ['PEOPLE', people(true)],
      ['PEOPLE_BASELINE', baselineOf(people(true))],
    ] as const) {
      await fakesnow.execute(
        `CREATE TABLE CRM_DB.CRM.${table} (ID NUMBER(38, 0) NOT NULL, NAME VARCHAR, EMAIL VARCHAR, SCORE FLOAT, SEEN_AT TIMESTAMP_NTZ, NOTE VARCHAR)`,
      );
      await fakesnow.execute(
        `INSERT INTO CRM_DB.CRM.${table} VALUES ${rows
          .map(
            (row) =>
              `(${row.id}, ${literal(row.name)}, ${row.email === null ? 'NULL' : literal(row.email)}, ${Number.isNaN(row.score) ? "'NaN'::FLOAT" : row.score}, '${SEEN_AT}', ${literal(row.note)})`,
          )
          .join(', ')}`,
      );
    }
    subjects.push({
      kind: 'warehouse',
      connectionId: await fixture.connectionRow(
        'warehouse',
        { account: 'dq-unicode', user: 'reader', database: 'CRM_DB', schema: 'CRM' },
        { password: PASSWORD },
      ),
      target: 'CRM_DB.CRM.PEOPLE',
      baseline: 'CRM_DB.CRM.PEOPLE_BASELINE',
      nul: true,
    });

    // L: the Databricks peer.
    subjects.push({
      kind: 'lakehouse',
      connectionId: await fixture.connectionRow(
        'lakehouse',
        { workspace_url: databricks.workspaceUrl, http_path: databricks.httpPath },
        { token: TOKEN },
      ),
      target: 'lake.crm.people',
      baseline: 'lake.crm.people_baseline',
      nul: true,
    });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await fixture?.stop();
  });

  const subjectOf = (kind: ConnectionKind): Subject => subjects.find((entry) => entry.kind === kind)!;

  /** The suite's checks, each with the redaction path it exercises. */
  function suiteOf(subject: Subject): Record<string, Record<string, unknown>> {
    const col = (name: string) => spelled(subject.kind, name);
    const expectation = (expectation_type: string, kwargs: Record<string, unknown>) => ({
      kind: 'expectation',
      config: { expectation_type, kwargs },
    });
    return {
      ids: expectation('expect_column_values_to_not_be_null', { column: col('id') }),
      // Fails on every emoji-edged name: its samples mask them (and the emails, by the classifier).
      plain_names: expectation('expect_column_values_to_be_in_set', {
        column: col('name'),
        value_set: ['Grace Hopper'],
      }),
      // Fails on every row: its samples mask the timestamps.
      no_timestamps: expectation('expect_column_values_to_be_null', { column: col('seen_at') }),
      // Custom SQL is for the SQL datasources only (support matrix).
      ...(SQL_KINDS.includes(subject.kind)
        ? {
            empty_notes: {
              kind: 'custom_sql',
              config: { sql: `SELECT id, name, note FROM ${subject.target} WHERE note = ''` },
            },
          }
        : {}),
      profile: { kind: 'profile', config: { top_values: 5 } },
      rows: { kind: 'volume', config: { min_rows: 5, max_rows: 5 } },
      against_baseline: {
        kind: 'comparison',
        config: {
          baseline_connection_id: subject.connectionId,
          baseline: { target: subject.baseline },
          key_columns: [col('id')],
        },
      },
    };
  }

  it.each(['postgres', 'object_store', 'file_store', 'warehouse', 'lakehouse'] as const)(
    '%s: every check records its result and the run ends succeeded with every check complete',
    async (kind) => {
      const subject = subjectOf(kind);
      const col = (name: string) => spelled(kind, name);
      const checks = Object.entries(suiteOf(subject)).map(([name, body]) => {
        const definition = parseCheckDefinition({ name, ...body }, { datasourceKind: kind });
        return {
          name,
          planned: {
            check_id: randomUUID(),
            kind: definition.kind,
            version: 1,
            definition: definition as unknown as Record<string, unknown>,
          } satisfies PlannedCheck,
        };
      });
      const runs = dataSource.getRepository(RunEntity);
      const run = await runs.save(
        runs.create({
          suiteId: randomUUID(),
          trigger: RunTrigger.Manual,
          status: RunStatus.Queued,
          plan: checks.map((check) => check.planned),
          target: {
            connection_id: subject.connectionId,
            target: subject.target,
            time_zone: 'UTC',
            column_policy: policyFor(kind),
          },
          totalChecks: checks.length,
        }),
      );
      await execution.execute(run.id, {
        workerId: 'runner:test',
        signal: new AbortController().signal,
        handBack: () => Promise.reject(new Error('handed back')),
        retryLater: () => Promise.reject(new Error('retry later')),
      });

      const recorded = await dataSource.getRepository(RunResultEntity).findBy({ runId: run.id });
      const byName = new Map(
        checks.map((check) => [check.name, recorded.find((r) => r.checkId === check.planned.check_id)]),
      );
      const outcomes = Object.fromEntries([...byName].map(([name, result]) => [name, result?.outcome]));
      const failed = expect.stringMatching(/^(warn|fail|critical)$/);
      expect(outcomes).toEqual({
        ids: 'pass',
        plain_names: failed,
        no_timestamps: failed,
        ...(SQL_KINDS.includes(kind) ? { empty_notes: failed } : {}),
        profile: 'pass',
        rows: 'pass',
        against_baseline: failed,
      });
      expect(await runs.findOneByOrFail({ id: run.id })).toMatchObject({
        status: RunStatus.Succeeded,
        completedChecks: checks.length,
        totalChecks: checks.length,
      });

      // Masks keep whole characters at the edges; the classifier masks the allowed emails.
      const samples = (name: string) =>
        (byName.get(name)?.detail['samples'] ?? []) as Record<string, unknown>[];
      const names = samples('plain_names').map((row) => row[col('name')]);
      expect(names).toEqual(expect.arrayContaining(['😀********😀', '🇬🇧********🇬🇧', 'e\u0301******👩‍👩‍👧']));
      if (subject.nul) expect(names).toContain('\ufffd********\ufffd');
      expect(samples('plain_names').map((row) => row[col('email')])).toContain('a********m');
      // A masked timestamp is its text masked, without JSON's quotes.
      for (const row of samples('no_timestamps'))
        expect(String(row[col('seen_at')])).toMatch(/^2\*{8}[0-9Z]$/);
      // The score (allowed) is NaN in row 2: shown as "NaN" on every kind, never null.
      const scores = samples('plain_names').map((row) => row[col('score')]);
      expect(scores).toContain('NaN');
      expect(scores).not.toContain(null);
      // An empty note masks to an empty text, distinct from a masked value.
      if (SQL_KINDS.includes(kind))
        expect(samples('empty_notes').map((row) => row[col('note')])).toEqual(['', '', '']);
      // The profile masks the masked columns and shows the allowed one as it is.
      const profiled = byName.get('profile')?.detail['columns'] as {
        name: string;
        top_values: { value: string | null }[];
      }[];
      const topOf = (column: string) =>
        profiled.find((entry) => entry.name === col(column))?.top_values.map((entry) => entry.value) ?? [];
      expect(topOf('email')).toEqual(expect.arrayContaining(['ada@example.com', 'alan@example.com']));
      expect(topOf('name')).not.toContain('😀 Ada Lovelace 😀');
      expect(JSON.stringify(samples('against_baseline'))).not.toMatch(/Lovelace|Turing/);
    },
    180_000,
  );

  it('postgres: the PII judgement of a column does not depend on how many top values are asked for', async () => {
    const subject = subjectOf('postgres');
    const pg = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: pgDatabase });
    await pg.connect();
    // The most frequent values are card numbers; the tail is not.
    await pg.query('CREATE TABLE public.payments (id serial, card text)');
    const values = [
      ...Array<string>(6).fill('4111 1111 1111 1111'),
      ...Array<string>(5).fill('5500 0000 0000 0004'),
      ...['n/a', 'n/a', 'unknown', 'pending', 'refused', 'cash', 'voucher', 'gift', 'other'],
    ];
    for (const value of values) await pg.query('INSERT INTO public.payments (card) VALUES ($1)', [value]);
    await pg.end();
    const piiWith = async (topValues: number): Promise<unknown> => {
      const check: TargetCheck = {
        id: randomUUID(),
        version: 1,
        baseline: null,
        definition: parseCheckDefinition(
          { name: 'profile', kind: 'profile', config: { top_values: topValues } },
          { datasourceKind: 'postgres' },
        ),
      };
      let detail: Record<string, unknown> = {};
      await evaluator.evaluate(
        {
          runId: null,
          zeroSample: false,
          target: {
            connection_id: subject.connectionId,
            target: 'public.payments',
            time_zone: 'UTC',
            column_policy: {},
          },
          checks: [check],
        },
        { signal: AbortSignal.timeout(60_000) },
        async (_checkId, evaluation) => {
          detail = evaluation.detail;
        },
      );
      const columns = detail['columns'] as { name: string; pii: unknown; top_values: unknown[] }[];
      const card = columns.find((column) => column.name === 'card')!;
      // Ten distinct values in all.
      expect(card.top_values).toHaveLength(Math.min(topValues, 10));
      return card.pii;
    };
    const judged = await piiWith(1);
    for (const topValues of [2, 5, 20]) expect(await piiWith(topValues)).toEqual(judged);
  });

  /** A random text a datasource can hold: no NUL in PostgreSQL text, no lone surrogate in UTF-8. */
  const holdable = (text: string, nul: boolean): string =>
    text.replace(/\p{Cs}/gu, '').replace(/\0/g, nul ? '\0' : '');

  it.each(['postgres', 'object_store'] as const)(
    '%s: random Unicode through every redaction path comes out as JSON jsonb accepts (seeded)',
    async (kind) => {
      const subject = subjectOf(kind);
      const random = new SeededRandom(kind === 'postgres' ? 22 : 2211);
      const rows = (offset: number): Person[] =>
        Array.from({ length: 40 }, (_unused, index) => ({
          id: index + 1,
          name: holdable(randomText(random), subject.nul),
          email: holdable(randomText(random, 6), subject.nul),
          score: random.pick([Number.NaN, Infinity, -Infinity, index + offset]),
          note: holdable(randomText(random, 4), subject.nul),
        }));
      const table = `fuzz_${kind === 'postgres' ? 'p' : 'o'}`;
      let target: string;
      let baseline: string;
      if (kind === 'postgres') {
        const pg = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: pgDatabase });
        await pg.connect();
        await postgresTable(pg, table, rows(0));
        await postgresTable(pg, `${table}_baseline`, rows(1));
        await pg.end();
        target = `public.${table}`;
        baseline = `public.${table}_baseline`;
      } else {
        await putS3PeerObject(moto, 'unicode', `fuzz/${table}.parquet`, await parquetOf(rows(0), table));
        await putS3PeerObject(
          moto,
          'unicode',
          `fuzz/${table}_baseline.parquet`,
          await parquetOf(rows(1), `${table}_baseline`),
        );
        target = `fuzz/${table}.parquet`;
        baseline = `fuzz/${table}_baseline.parquet`;
      }
      const treatments: ColumnTreatment[] = ['allow', 'mask', 'redact'];
      for (const [round, treatment] of treatments.entries()) {
        const policy = {
          columns: { name: treatment, email: random.pick(treatments), note: random.pick(treatments) },
          default: random.pick(treatments),
        };
        const body = suiteOf({ ...subject, target, baseline });
        const paths = [
          'plain_names',
          'profile',
          'against_baseline',
          ...(kind === 'postgres' ? ['empty_notes'] : []),
        ];
        const checks: TargetCheck[] = paths.map((name) => ({
          id: randomUUID(),
          version: 1,
          baseline: null,
          definition: parseCheckDefinition({ name, ...body[name] }, { datasourceKind: kind }),
        }));
        const evaluations: CheckEvaluation[] = [];
        await evaluator.evaluate(
          {
            runId: null,
            zeroSample: false,
            target: { connection_id: subject.connectionId, target, time_zone: 'UTC', column_policy: policy },
            checks,
          },
          { signal: AbortSignal.timeout(60_000) },
          async (_checkId, evaluation) => {
            evaluations.push(evaluation);
          },
        );
        expect(evaluations).toHaveLength(checks.length);
        for (const evaluation of evaluations) {
          expect(evaluation.outcome).not.toBe('error');
          const json = JSON.stringify(evaluation.detail);
          expect({ round, refusal: jsonbRefusal(json) }).toEqual({ round, refusal: null });
          // As stored: PostgreSQL parses it as jsonb, and it reads back unchanged.
          const [stored] = await dataSource.query<{ detail: unknown }[]>('SELECT $1::jsonb AS detail', [
            json,
          ]);
          expect(stored?.detail).toEqual(JSON.parse(json));
        }
      }
    },
    180_000,
  );
});
