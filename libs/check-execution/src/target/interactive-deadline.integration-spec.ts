/**
 * Interactive work past its deadline, against the real PostgreSQL: the running statement is
 * cancelled at the server (gone from `pg_stat_activity`), its connection is closed rather than
 * held, and the answer is 504 `datasource_timeout` with the deadline in its detail, for a dry run
 * (whose check would otherwise come back as an `error` result) and for the profiler alike.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { parseCheckDefinition } from '@dq/check-engine';
import { AppError, ErrorCode } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { CheckMetricHistory } from '@dq/runs';
import type { EgressGuard } from '@dq/security';
import { CheckBaselines } from '@dq/suites';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { CheckDryRun } from '../evaluation/check-dry-run';
import { SuiteTargetEvaluator } from '../evaluation/suite-target-evaluator';
import { TargetProfiler } from './target-profiler';
import { TargetReader } from './target-reader';
import { trustPostgresConnection } from '../../test/peer-datasources';

const DEADLINE_MS = 1500;
/** A statement that runs for minutes: every row of a hundred billion is read and none kept. */
const ENDLESS_SQL =
  'SELECT a.n FROM generate_series(1, 100000000) AS a(n) CROSS JOIN generate_series(1, 1000) AS b(m) WHERE a.n + b.m < 0';

describe('interactive work past its deadline (PostgreSQL)', () => {
  const database = `dq_deadline_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let admin: Client;
  let workDir: string;
  let connectionId: string;
  let egress: EgressGuard;
  let reader: TargetReader;
  let profiler: TargetProfiler;
  let dryRun: CheckDryRun;

  /** Backends of the test database other than the admin's own: the adapter's connections. */
  async function adapterBackends(): Promise<{ state: string; query: string }[]> {
    const { rows } = await admin.query<{ state: string; query: string }>(
      'SELECT state, query FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows;
  }

  async function waitFor(condition: () => Promise<boolean>, withinMs: number): Promise<boolean> {
    const until = Date.now() + withinMs;
    for (;;) {
      if (await condition()) return true;
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs `work` to its failure, proving the statement ran at the server meanwhile. */
  async function failureWhileRunning(marker: string, work: () => Promise<unknown>): Promise<unknown> {
    const started = Date.now();
    const outcome = work().then(
      () => new Error('the work finished inside its deadline'),
      (error: unknown) => error,
    );
    const seen = await waitFor(
      async () =>
        (await adapterBackends()).some((row) => row.state === 'active' && row.query.includes(marker)),
      DEADLINE_MS,
    );
    expect(seen).toBe(true);
    const error = await outcome;
    // Answered at the deadline, not when the statement would have ended.
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 3000);
    return error;
  }

  async function expectStatementGoneAndConnectionClosed(marker: string): Promise<void> {
    expect(
      await waitFor(
        async () =>
          !(await adapterBackends()).some((row) => row.query.includes(marker) && row.state === 'active'),
        1000,
      ),
    ).toBe(true);
    // The cancelled session is closed, not kept in the pool holding the datasource.
    expect(await waitFor(async () => (await adapterBackends()).length === 0, 2000)).toBe(true);
  }

  function expectTimeoutEnvelope(error: unknown): void {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe(ErrorCode.DatasourceTimeout);
    expect(appError.status).toBe(504);
    expect(appError.detail).toMatchObject({ deadline_seconds: 1.5 });
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('interactive-deadline');
    dataSource = await createDataSource({
      url: env.databaseUrl,
      applicationName: 'interactive-deadline',
      poolSize: 2,
    }).initialize();
    workDir = await mkdtemp(path.join(tmpdir(), 'dq-deadline-'));

    admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const pg = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await pg.connect();
    await pg.query('CREATE TABLE public.small (id integer)');
    await pg.query('INSERT INTO public.small SELECT generate_series(1, 10)');
    // Profiling this view never ends inside the deadline.
    await pg.query(
      'CREATE VIEW public.endless AS SELECT a.n FROM generate_series(1, 100000000) AS a(n) CROSS JOIN generate_series(1, 1000) AS b(m)',
    );
    await pg.end();

    const trust = await trustPostgresConnection(dataSource, database, workDir, 'deadline');
    ({ connectionId, egress } = trust);
    const { opened, adapters } = trust;
    reader = new TargetReader(opened, adapters, DEADLINE_MS);
    profiler = new TargetProfiler(reader, adapters);
    dryRun = new CheckDryRun(
      new SuiteTargetEvaluator(opened, adapters, {
        history: new CheckMetricHistory(dataSource),
        baselines: new CheckBaselines(dataSource),
      }),
      DEADLINE_MS,
    );
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
    await rm(workDir, { recursive: true, force: true });
    await env?.cleanup();
    egress?.destroy();
  });

  it('a dry run past the deadline: the statement is cancelled at the server and the answer is 504', async () => {
    const check = parseCheckDefinition(
      { name: 'endless', kind: 'custom_sql', config: { sql: ENDLESS_SQL } },
      { datasourceKind: 'postgres' },
    );
    const error = await failureWhileRunning('CROSS JOIN generate_series', () =>
      dryRun.run({
        suite_id: randomUUID(),
        connection_id: connectionId,
        target: 'public.small',
        check: check as unknown as Record<string, unknown>,
        column_policy: {},
        time_zone: 'UTC',
        zero_sample: false,
      }),
    );
    expectTimeoutEnvelope(error);
    await expectStatementGoneAndConnectionClosed('CROSS JOIN generate_series');
  });

  it('a profile past the deadline: the same cancel and the same 504', async () => {
    const error = await failureWhileRunning('endless', () =>
      profiler.profile({
        connection_id: connectionId,
        target: 'public.endless',
        top_values: 5,
        column_policy: {},
      }),
    );
    expectTimeoutEnvelope(error);
    await expectStatementGoneAndConnectionClosed('endless');
  });

  it('work inside the deadline still answers afterwards', async () => {
    const { columns } = await reader.columns({ connection_id: connectionId, target: 'public.small' });
    expect(columns.map(({ name }) => name)).toEqual(['id']);
  });
});
