/**
 * Uniqueness samples against the real PostgreSQL, as a run reads them: only rows whose value is
 * shared (never a NULL, never a value differing in case or spaces), at most 20, redacted by the
 * suite's policy, the checked column's row filter applied. A value shared by 20 rows or more is
 * captured by the fused scan and its rows read alone (one sample statement, no grouped re-read);
 * otherwise, or when that value's rows fall short (a text form not every equal value shares), the
 * grouped sample statement reads them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type DataSource } from 'typeorm';
import { type RowFilter, parseCheckDefinition } from '@dq/check-engine';
import { createDataSource } from '@dq/db';
import { type CheckEvaluation, CheckMetricHistory } from '@dq/runs';
import type { EgressGuard } from '@dq/security';
import { CheckBaselines } from '@dq/suites';
import { type IsolatedEnvironment, ScratchDatabase, createIsolatedEnvironment } from '@dq/testing';
import { SAMPLE_LIMIT, SuiteTargetEvaluator } from './suite-target-evaluator';
import { trustPostgresConnection } from '../../test/peer-datasources';

type Sample = Record<string, unknown>;

const range = (from: number, count: number): number[] => Array.from({ length: count }, (_u, i) => from + i);

// part 'small': 3 NULLs, four spellings of Alpha (case, spaces), one pair.
// part 'big':   gamma x30, delta x25, a pair, 5 NULLs, and near-misses of delta.
// part 'pairs': 15 pairs, 3 NULLs: no value fills a sample alone.
// part 'num':   amount 1.0 x10 and 1.00 x15: one value of 25 rows, two text forms.
const ROWS: [number, string, string | null, string | null][] = [
  ...range(1, 3).map((id): [number, string, null, null] => [id, 'small', null, null]),
  [4, 'small', 'Alpha', null],
  [5, 'small', 'alpha', null],
  [6, 'small', 'Alpha ', null],
  [7, 'small', ' Alpha', null],
  [8, 'small', 'beta', null],
  [9, 'small', 'beta', null],
  ...range(100, 30).map((id): [number, string, string, null] => [id, 'big', 'gamma', null]),
  ...range(200, 25).map((id): [number, string, string, null] => [id, 'big', 'delta', null]),
  [300, 'big', 'beta', null],
  [301, 'big', 'beta', null],
  ...range(400, 5).map((id): [number, string, null, null] => [id, 'big', null, null]),
  [500, 'big', 'Delta', null],
  [501, 'big', 'delta ', null],
  ...range(600, 30).map((id): [number, string, string, null] => [
    id,
    'pairs',
    `p${String(Math.floor((id - 600) / 2)).padStart(2, '0')}`,
    null,
  ]),
  ...range(700, 3).map((id): [number, string, null, null] => [id, 'pairs', null, null]),
  ...range(800, 10).map((id): [number, string, null, string] => [id, 'num', null, '1.0']),
  ...range(900, 15).map((id): [number, string, null, string] => [id, 'num', null, '1.00']),
];

describe('uniqueness samples: shared values only, capped, from the scan-captured value when it fills them (PostgreSQL)', () => {
  const database = new ScratchDatabase('uniqueness_samples');
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let workDir: string;
  let egress: EgressGuard;
  let connectionId: string;
  let evaluator: SuiteTargetEvaluator;

  /** One uniqueness check over the rows of `part` (and `extra` filters), evaluated as a run does. */
  async function unique(
    column: string,
    part: string,
    extra: RowFilter[] = [],
  ): Promise<{ evaluation: CheckEvaluation; samples: Sample[]; statements: number }> {
    let evaluation: CheckEvaluation | undefined;
    const definition = parseCheckDefinition(
      {
        name: 'unique',
        kind: 'expectation',
        config: {
          expectation_type: 'expect_column_values_to_be_unique',
          kwargs: { column, row_condition: [{ column: 'part', op: 'eq', value: part }, ...extra] },
        },
      },
      { datasourceKind: 'postgres' },
    );
    const { statements } = await evaluator.evaluate(
      {
        runId: null,
        zeroSample: false,
        target: {
          connection_id: connectionId,
          target: 'public.codes',
          time_zone: 'UTC',
          // The ids are shown to tell the rows apart; `part` keeps the default (masked).
          column_policy: { columns: { id: 'allow' } },
        },
        checks: [{ id: 'unique', version: 1, definition, baseline: null }],
      },
      { signal: AbortSignal.timeout(60_000) },
      async (_checkId, result) => {
        evaluation = result;
      },
    );
    return {
      evaluation: evaluation!,
      samples: (evaluation?.detail['samples'] as Sample[] | undefined) ?? [],
      statements,
    };
  }

  const ids = (samples: Sample[]): number[] => samples.map((row) => Number(row['id'])).sort((a, b) => a - b);

  beforeAll(async () => {
    env = await createIsolatedEnvironment('uniqueness-samples');
    dataSource = await createDataSource({
      url: env.databaseUrl,
      applicationName: 'uniqueness-samples',
      poolSize: 2,
    }).initialize();
    workDir = await mkdtemp(path.join(tmpdir(), 'dq-uniqueness-samples-'));
    await database.create(async (pg) => {
      await pg.query(
        'CREATE TABLE public.codes (id integer PRIMARY KEY, part text, code text, amount numeric)',
      );
      for (const row of ROWS) await pg.query('INSERT INTO public.codes VALUES ($1, $2, $3, $4)', row);
    });
    const trust = await trustPostgresConnection(dataSource, database.name, workDir, 'uniqueness-samples');
    ({ connectionId, egress } = trust);
    const { opened, adapters } = trust;
    evaluator = new SuiteTargetEvaluator(opened, adapters, {
      history: new CheckMetricHistory(dataSource),
      baselines: new CheckBaselines(dataSource),
    });
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await database.drop();
    await rm(workDir, { recursive: true, force: true });
    await env?.cleanup();
    egress?.destroy();
  });

  it('samples the one shared value: no NULL, no value differing in case or spaces', async () => {
    const { evaluation, samples, statements } = await unique('code', 'small');
    expect(evaluation.outcome).toBe('fail');
    expect(evaluation.detail['unexpected_count']).toBe(2);
    expect(ids(samples)).toEqual([8, 9]);
    expect(samples.map((row) => row['code'])).toEqual(['beta', 'beta']);
    // Redacted by the policy: the column it does not name stays masked.
    for (const row of samples) {
      expect(row['part']).not.toBe('small');
      expect(row['part']).toContain('*');
    }
    // The fused scan and one sample read.
    expect(statements).toBe(2);
  });

  it('reads the rows of the least value filling a sample alone: capped, each a shared value, one read', async () => {
    const { evaluation, samples, statements } = await unique('code', 'big');
    expect(evaluation.detail['unexpected_count']).toBe(57);
    expect(samples).toHaveLength(SAMPLE_LIMIT);
    expect(samples.every((row) => row['code'] === 'delta')).toBe(true);
    expect(ids(samples).every((id) => id >= 200 && id < 225)).toBe(true);
    expect(new Set(ids(samples)).size).toBe(SAMPLE_LIMIT);
    expect(statements).toBe(2);
  });

  it('captures the value among the filtered rows only', async () => {
    // delta keeps 10 rows under the filter: gamma (30) is the value that fills the sample.
    const { evaluation, samples, statements } = await unique('code', 'big', [
      { column: 'id', op: 'lt', value: 210 },
    ]);
    expect(evaluation.detail['unexpected_count']).toBe(40);
    expect(samples).toHaveLength(SAMPLE_LIMIT);
    expect(samples.every((row) => row['code'] === 'gamma')).toBe(true);
    expect(statements).toBe(2);
  });

  it('many small groups: the grouped read, still capped and every row a shared value', async () => {
    const { evaluation, samples, statements } = await unique('code', 'pairs');
    expect(evaluation.detail['unexpected_count']).toBe(30);
    expect(samples).toHaveLength(SAMPLE_LIMIT);
    expect(ids(samples).every((id) => id >= 600 && id < 630)).toBe(true);
    expect(samples.every((row) => typeof row['code'] === 'string' && /^p\d\d$/.test(row['code']))).toBe(true);
    expect(statements).toBe(2);
  });

  it('falls back to the grouped read when the captured text form holds too few of the equal values', async () => {
    // 1.0 and 1.00 are one numeric value of 25 rows; its least text form, 1.0, has 10.
    const { evaluation, samples, statements } = await unique('amount', 'num');
    expect(evaluation.detail['unexpected_count']).toBe(25);
    expect(samples).toHaveLength(SAMPLE_LIMIT);
    expect(samples.every((row) => Number(row['amount']) === 1)).toBe(true);
    expect(ids(samples).every((id) => (id >= 800 && id < 810) || (id >= 900 && id < 915))).toBe(true);
    // The fused scan, the keyed read that fell short, the grouped read.
    expect(statements).toBe(3);
  });
});
