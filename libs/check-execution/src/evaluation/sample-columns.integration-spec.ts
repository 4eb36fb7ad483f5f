/**
 * What a failing-row sample shows by default, against the real PostgreSQL: the column the check
 * is about (resolved as its scan resolved it) through the value classifier, every other column
 * masked; a column whose name looks personal stays masked, an explicit policy entry wins, custom
 * SQL names no column, a comparison shows its keys and the columns it names, and zero-sample mode
 * reads no row at all. A run and a dry run redact alike.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type DataSource } from 'typeorm';
import { type CheckDefinition, parseCheckDefinition } from '@dq/check-engine';
import { createDataSource } from '@dq/db';
import { type CheckEvaluation, CheckMetricHistory } from '@dq/runs';
import type { EgressGuard } from '@dq/security';
import { CheckBaselines } from '@dq/suites';
import { type IsolatedEnvironment, ScratchDatabase, createIsolatedEnvironment } from '@dq/testing';
import { CheckDryRun } from './check-dry-run';
import { SuiteTargetEvaluator } from './suite-target-evaluator';
import { trustPostgresConnection } from '../../test/peer-datasources';

type Sample = Record<string, unknown>;

const expectation = (expectation_type: string, kwargs: Record<string, unknown>) => ({
  kind: 'expectation',
  config: { expectation_type, kwargs },
});

describe('failing-row samples show the checked column (PostgreSQL)', () => {
  const database = new ScratchDatabase('sample_columns');
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let workDir: string;
  let egress: EgressGuard;
  let connectionId: string;
  let evaluator: SuiteTargetEvaluator;
  let dryRun: CheckDryRun;

  const definition = (
    name: string,
    body: { kind: string; config: Record<string, unknown> },
  ): CheckDefinition => parseCheckDefinition({ name, ...body }, { datasourceKind: 'postgres' });

  /** Each check's result, evaluated as a run evaluates them (one scan of the target). */
  async function run(
    checks: Record<string, { kind: string; config: Record<string, unknown> }>,
    columnPolicy: Record<string, unknown> = {},
    zeroSample = false,
  ): Promise<Record<string, CheckEvaluation>> {
    const results: Record<string, CheckEvaluation> = {};
    await evaluator.evaluate(
      {
        runId: null,
        zeroSample,
        target: {
          connection_id: connectionId,
          target: 'public.orders',
          time_zone: 'UTC',
          column_policy: columnPolicy,
        },
        checks: Object.entries(checks).map(([name, body]) => ({
          id: name,
          version: 1,
          definition: definition(name, body),
          baseline: null,
        })),
      },
      { signal: AbortSignal.timeout(60_000) },
      async (checkId, evaluation) => {
        results[checkId] = evaluation;
      },
    );
    return results;
  }

  const samplesOf = (evaluation: CheckEvaluation | undefined): Sample[] =>
    (evaluation?.detail['samples'] as Sample[] | undefined) ?? [];

  beforeAll(async () => {
    env = await createIsolatedEnvironment('sample-columns');
    dataSource = await createDataSource({
      url: env.databaseUrl,
      applicationName: 'sample-columns',
      poolSize: 2,
    }).initialize();
    workDir = await mkdtemp(path.join(tmpdir(), 'dq-sample-columns-'));
    await database.create(async (pg) => {
      await pg.query(
        'CREATE TABLE public.orders (id integer PRIMARY KEY, status text, contact text, email text, note text)',
      );
      await pg.query(`INSERT INTO public.orders VALUES
        (1, 'open', 'ada@example.com', 'ada@example.com', 'first order'),
        (2, 'lost', 'Grace.Hopper@Example.com', 'grace(at)example', 'call back later'),
        (3, 'paid', 'alan@example.org', 'alan@example.org', 'gift wrap')`);
      // The baseline differs from the target in one status.
      await pg.query('CREATE TABLE public.orders_baseline AS SELECT * FROM public.orders');
      await pg.query(`UPDATE public.orders_baseline SET status = 'open' WHERE id = 2`);
    });

    const trust = await trustPostgresConnection(dataSource, database.name, workDir, 'sample-columns');
    ({ connectionId, egress } = trust);
    const { opened, adapters } = trust;
    evaluator = new SuiteTargetEvaluator(opened, adapters, {
      history: new CheckMetricHistory(dataSource),
      baselines: new CheckBaselines(dataSource),
    });
    dryRun = new CheckDryRun(evaluator, 60_000);
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await database.drop();
    await rm(workDir, { recursive: true, force: true });
    await env?.cleanup();
    egress?.destroy();
  });

  const STATUS_IN_SET = expectation('expect_column_values_to_be_in_set', {
    column: 'status',
    value_set: ['open', 'paid'],
  });

  it('shows the failing status and masks the other columns under the default policy', async () => {
    const results = await run({
      status_in_set: STATUS_IN_SET,
      // The check names the column in another case: the sample shows it under the target's name.
      status_folded: expectation('expect_column_values_to_not_be_in_set', {
        column: 'STATUS',
        value_set: ['lost'],
      }),
    });
    for (const name of ['status_in_set', 'status_folded']) {
      expect(results[name]?.outcome).toBe('fail');
      expect(samplesOf(results[name])).toEqual([
        { id: '****', status: 'lost', contact: 'G********m', email: 'g********e', note: 'c********r' },
      ]);
    }
  });

  it('a dry run redacts as the run does', async () => {
    const reply = await dryRun.run({
      suite_id: randomUUID(),
      connection_id: connectionId,
      target: 'public.orders',
      check: definition('status', STATUS_IN_SET) as unknown as Record<string, unknown>,
      column_policy: {},
      time_zone: 'UTC',
      zero_sample: false,
    });
    expect(reply.outcome).toBe('fail');
    expect(reply.samples).toEqual([
      { id: '****', status: 'lost', contact: 'G********m', email: 'g********e', note: 'c********r' },
    ]);
  });

  it('keeps personal data in the checked column masked: by its value, and by a personal-looking name', async () => {
    const results = await run({
      // An email that fails a lower-case pattern: shown by default, masked by the value classifier.
      contact_pattern: expectation('expect_column_values_to_match_regex', {
        column: 'contact',
        regex: '^[a-z.]+@[a-z.]+$',
      }),
      // Not email-shaped, so the value classifier lets it through: the column's name keeps it masked.
      email_pattern: expectation('expect_column_values_to_match_regex', {
        column: 'email',
        regex: '@example[.]com$',
      }),
    });
    expect(samplesOf(results['contact_pattern']).map((row) => row['contact'])).toEqual(['G********m']);
    expect(samplesOf(results['email_pattern'])).toEqual([
      expect.objectContaining({ email: 'g********e', status: '****' }),
      expect.objectContaining({ email: 'a********g', status: '****' }),
    ]);
  });

  it('lets an explicit policy entry for the checked column win', async () => {
    const masked = await run(
      { status_in_set: STATUS_IN_SET },
      { columns: { status: 'mask', note: 'allow' } },
    );
    expect(samplesOf(masked['status_in_set'])).toEqual([
      { id: '****', status: '****', contact: 'G********m', email: 'g********e', note: 'call back later' },
    ]);
    const redacted = await run({ status_in_set: STATUS_IN_SET }, { columns: {}, default: 'redact' });
    expect(samplesOf(redacted['status_in_set'])).toEqual([
      {
        id: '[redacted]',
        status: '[redacted]',
        contact: '[redacted]',
        email: '[redacted]',
        note: '[redacted]',
      },
    ]);
  });

  it('custom SQL names no column: its samples follow the policy alone', async () => {
    const results = await run({
      unknown_status: {
        kind: 'custom_sql',
        config: { sql: `SELECT id, status FROM public.orders WHERE status NOT IN ('open', 'paid')` },
      },
    });
    expect(samplesOf(results['unknown_status'])).toEqual([{ id: '****', status: '****' }]);
  });

  it('a comparison shows its keys (as text) and the columns it names; comparing every column, only its keys', async () => {
    const comparison = (compare: Record<string, unknown>) => ({
      kind: 'comparison',
      config: {
        baseline_connection_id: connectionId,
        baseline: { target: 'public.orders_baseline' },
        key_columns: ['id'],
        ...compare,
      },
    });
    const results = await run({
      named: comparison({ compare_columns: ['status'] }),
      every: comparison({}),
    });
    const buckets = (name: string) =>
      results[name]?.detail['samples'] as Record<string, Sample[]> | undefined;
    expect(buckets('named')?.['mismatched']).toEqual([{ id: '2', status: 'lost' }]);
    expect(buckets('named')?.['mismatched_baseline']).toEqual([{ id: '2', status: 'open' }]);
    expect(buckets('every')?.['mismatched']).toEqual([
      { id: '2', status: '****', contact: 'G********m', email: 'g********e', note: 'c********r' },
    ]);
  });

  it('reads and keeps no sample under zero-sample mode', async () => {
    const results = await run({ status_in_set: STATUS_IN_SET }, {}, true);
    expect(results['status_in_set']?.outcome).toBe('fail');
    expect(results['status_in_set']?.detail['samples']).toBeUndefined();
  });
});
