import { randomUUID } from 'node:crypto';
import { type DataSource, In } from 'typeorm';
import { CheckOutcome, RunFailureReason, RunStatus, RunTrigger } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { RunEntity, RunResultEntity } from '../entities';
import { createIsolatedEnvironment } from '@dq/testing';
import { type RecordedResult, RunLedger } from './run-ledger';
import { runSeconds, runsFinished } from './run-metrics';
import { RunEvent } from './run-transitions';

/** PostgreSQL plans a prepared statement's first five calls for their values, then may go generic. */
const CALLS_BEFORE_A_GENERIC_PLAN = 5;

function queuedRunIn(dataSource: DataSource): Promise<RunEntity> {
  return dataSource.getRepository(RunEntity).save({
    suiteId: randomUUID(),
    trigger: RunTrigger.Manual,
    status: RunStatus.Queued,
    totalChecks: 1,
  });
}

/** The one result of a one-check run, passed. */
function passingResultOf(runId: string): RecordedResult {
  return {
    runId,
    checkId: randomUUID(),
    outcome: CheckOutcome.Pass,
    metricValue: 1,
    detail: {},
    startedAt: new Date(),
    completed: 1,
  };
}

/**
 * Before the block's tests, a ledger on a database of its own through one connection (so every
 * statement's plan cache is the one a test reads), handed to `prepare`; closed after them.
 */
function onItsOwnDatabase(
  label: string,
  prepare: (opened: { dataSource: DataSource; ledger: RunLedger }) => Promise<void>,
): void {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const env = await createIsolatedEnvironment(label);
    const dataSource = createDataSource({
      url: env.databaseUrl,
      applicationName: 'run-ledger-spec',
      poolSize: 1,
    });
    close = async () => {
      await dataSource.destroy();
      await env.cleanup();
    };
    await dataSource.initialize();
    await prepare({ dataSource, ledger: new RunLedger(dataSource) });
  });
  afterAll(async () => {
    await close?.();
  });
}

describe('RunLedger', () => {
  let dataSource: DataSource;
  let ledger: RunLedger;

  onItsOwnDatabase('run-ledger', async (opened) => {
    ({ dataSource, ledger } = opened);
    // A table like a working one's: mostly finished runs with their results, statistics up to
    // date. Plans are costed from those (a queued run is rare), which is where a parameter in
    // place of a fixed value makes every custom plan look cheaper than the generic one.
    await dataSource.query(
      `WITH made AS (
         INSERT INTO "runs" ("suite_id", "trigger", "status", "total_checks", "completed_checks", "started_at", "finished_at")
         SELECT gen_random_uuid(), 'manual', 'succeeded', 1, 1, now(), now() FROM generate_series(1, 20000)
         RETURNING "id")
       INSERT INTO "run_results" ("run_id", "check_id", "outcome", "metric_value", "detail", "finished_at")
       SELECT "id", gen_random_uuid(), 'pass', 1, '{}'::jsonb, now() FROM made`,
    );
    await dataSource.query('ANALYZE "runs"; ANALYZE "run_results"');
    // The statistics stay as analyzed: what a burst meets before autovacuum comes round.
    await dataSource.query('ALTER TABLE "runs" SET (autovacuum_enabled = false)');
  });

  const queuedRun = (): Promise<RunEntity> => queuedRunIn(dataSource);

  it('claims, records and finishes run after run without planning each statement anew', async () => {
    const metrics = [12.5, Number.NaN, Number.POSITIVE_INFINITY, null, -0.1, 1e-9, 3, 4];
    const runs: RunEntity[] = [];
    for (const metric of metrics) {
      const run = await queuedRun();
      runs.push(run);
      const claimed = await ledger.claim(run.id, 'worker-a');
      expect(claimed).toMatchObject({ id: run.id, status: RunStatus.Running, workerId: 'worker-a' });
      await ledger.record({
        runId: run.id,
        checkId: randomUUID(),
        outcome: CheckOutcome.Pass,
        metricValue: metric,
        detail: { unexpected_count: 0, note: 'ünïcode "quoted"' },
        startedAt: new Date('2026-11-26T08:00:00.123Z'),
        completed: 1,
      });
      const finished = await ledger.finish(run.id, RunEvent.Succeed);
      expect(finished?.run).toMatchObject({ id: run.id, status: RunStatus.Succeeded });
      // A second finish and a claim of a finished run change nothing.
      expect(await ledger.finish(run.id, RunEvent.Fail)).toBeUndefined();
      expect(await ledger.claim(run.id, 'worker-b')).toBeUndefined();
    }

    const stored = await dataSource
      .getRepository(RunResultEntity)
      .findBy({ runId: In(runs.map((run) => run.id)) });
    expect(stored).toHaveLength(metrics.length);
    for (const [index, run] of runs.entries()) {
      const result = stored.find((row) => row.runId === run.id);
      // NaN and Infinity travel as text through the JSON rows and come back as the same floats.
      expect(result?.metricValue).toEqual(metrics[index]);
      expect(result?.detail).toEqual({ unexpected_count: 0, note: 'ünïcode "quoted"' });
      expect(result?.startedAt?.toISOString()).toBe('2026-11-26T08:00:00.123Z');
      const row = await dataSource.getRepository(RunEntity).findOneByOrFail({ id: run.id });
      expect(row).toMatchObject({ status: RunStatus.Succeeded, completedChecks: 1, workerId: 'worker-a' });
    }

    const plans = await dataSource.query<{ name: string; generic_plans: string; custom_plans: string }[]>(
      `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements
        WHERE name IN ('dq_run_claim_batch', 'dq_run_record_results_batch', 'dq_run_finish_batch')
        ORDER BY name`,
    );
    expect(plans.map((plan) => plan.name)).toEqual([
      'dq_run_claim_batch',
      'dq_run_finish_batch',
      'dq_run_record_results_batch',
    ]);
    for (const plan of plans) {
      expect({ name: plan.name, custom: Number(plan.custom_plans) }).toEqual({
        name: plan.name,
        custom: CALLS_BEFORE_A_GENERIC_PLAN,
      });
      expect(Number(plan.generic_plans)).toBeGreaterThan(0);
    }
  });

  it("keeps the run's outcome counts on its row: each inserted result once, a duplicate never, earlier results included", async () => {
    const countsOf = async (runId: string): Promise<unknown> =>
      (await dataSource.getRepository(RunEntity).findOneByOrFail({ id: runId })).outcomeCounts;
    const run = await queuedRun();
    expect(await countsOf(run.id)).toBeNull();
    // The claim starts the counts: a new run has no result.
    expect(await ledger.claim(run.id, 'worker-a')).toMatchObject({ hasResults: false });
    expect(await countsOf(run.id)).toEqual({});
    const passed = passingResultOf(run.id);
    await ledger.record(passed);
    await ledger.record({ ...passingResultOf(run.id), outcome: CheckOutcome.Fail, completed: 2 });
    await ledger.record({ ...passingResultOf(run.id), outcome: CheckOutcome.Fail, completed: 3 });
    // The same check again (a redelivered run): ignored, and not counted.
    await ledger.record({ ...passed, outcome: CheckOutcome.Critical, completed: 3 });
    expect(await countsOf(run.id)).toEqual({ pass: 1, fail: 2 });

    // A run whose results were recorded before its row kept counts (an upgrade mid-run) is
    // counted from them by its claim, which then says it has results.
    const resumed = await queuedRun();
    await dataSource.query(
      `INSERT INTO "run_results" ("run_id", "check_id", "outcome", "detail")
       VALUES ($1, gen_random_uuid(), 'warn', '{}'), ($1, gen_random_uuid(), 'pass', '{}')`,
      [resumed.id],
    );
    expect(await ledger.claim(resumed.id, 'worker-a')).toMatchObject({ hasResults: true });
    expect(await countsOf(resumed.id)).toEqual({ warn: 1, pass: 1 });
    await ledger.record({ ...passingResultOf(resumed.id), completed: 3 });
    expect(await countsOf(resumed.id)).toEqual({ warn: 1, pass: 2 });

    // Without a claim that started them (a run claimed before the column existed), the first
    // result recorded starts the counts from the results already there.
    const upgraded = await queuedRun();
    await ledger.claim(upgraded.id, 'worker-a');
    await dataSource.query(`UPDATE "runs" SET "outcome_counts" = NULL WHERE "id" = $1`, [upgraded.id]);
    await dataSource.query(
      `INSERT INTO "run_results" ("run_id", "check_id", "outcome", "detail") VALUES ($1, gen_random_uuid(), 'error', '{}')`,
      [upgraded.id],
    );
    await ledger.record({ ...passingResultOf(upgraded.id), completed: 2 });
    expect(await countsOf(upgraded.id)).toEqual({ error: 1, pass: 1 });
  });

  it('stores what jsonb refuses as U+FFFD and NaN as text, and one refused result never fails its batch neighbours', async () => {
    const runs = await Promise.all([queuedRun(), queuedRun(), queuedRun()]);
    for (const run of runs) await ledger.claim(run.id, 'worker-a');
    const [first, refused, third] = runs.map((run) => passingResultOf(run.id)) as [
      RecordedResult,
      RecordedResult,
      RecordedResult,
    ];
    first.detail = { samples: [{ name: '\ud83d\u0000x', score: Number.NaN }], note: 'ok 😀' };
    // An outcome the table's CHECK refuses: the database refuses this row, and only this row.
    refused.outcome = 'not_an_outcome' as CheckOutcome;
    // Asked in one turn of the event loop: one statement for the three, as under load.
    const settled = await Promise.allSettled([
      ledger.record(first),
      ledger.record(refused),
      ledger.record(third),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await dataSource
      .getRepository(RunResultEntity)
      .findBy({ runId: In(runs.map((run) => run.id)) });
    expect(stored.map((result) => result.runId).sort()).toEqual([first.runId, third.runId].sort());
    expect(stored.find((result) => result.runId === first.runId)?.detail).toEqual({
      samples: [{ name: '\ufffd\ufffdx', score: 'NaN' }],
      note: 'ok 😀',
    });
    const progress = await dataSource.getRepository(RunEntity).findBy({ id: In(runs.map((run) => run.id)) });
    expect(progress.find((run) => run.id === refused.runId)?.completedChecks).toBe(0);
    expect(progress.find((run) => run.id === third.runId)?.completedChecks).toBe(1);
  });

  it('reaches each run by its id even when a burst has queued thousands the statistics do not know of', async () => {
    await dataSource.query(
      `INSERT INTO "runs" ("suite_id", "trigger", "status", "total_checks")
       SELECT gen_random_uuid(), 'manual', 'queued', 1 FROM generate_series(1, 5000)`,
    );
    const run = await queuedRun();
    expect(await ledger.claim(run.id, 'worker-a')).toMatchObject({ status: RunStatus.Running });
    await ledger.record(passingResultOf(run.id));
    expect((await ledger.finish(run.id, RunEvent.Succeed))?.run.status).toBe(RunStatus.Succeeded);

    const planOf = async (statement: string, rows: unknown[]): Promise<string> => {
      // EXPLAIN takes no parameters: the rows go in as a literal.
      const literal = `'${JSON.stringify(rows).replaceAll("'", "''")}'::jsonb`;
      const [row] = await dataSource.query<{ 'QUERY PLAN': unknown }[]>(
        `EXPLAIN (FORMAT JSON) EXECUTE ${statement}(${literal})`,
      );
      return JSON.stringify(row?.['QUERY PLAN']);
    };
    const claimPlan = await planOf('dq_run_claim_batch', [{ id: randomUUID(), worker_id: 'worker-a' }]);
    const finishPlan = await planOf('dq_run_finish_batch', [
      { id: randomUUID(), status: RunStatus.Succeeded, reason: null },
    ]);
    const recordPlan = await planOf('dq_run_record_results_batch', [
      {
        run_id: randomUUID(),
        check_id: randomUUID(),
        outcome: CheckOutcome.Pass,
        metric_value: '1',
        detail: {},
        started_at: new Date().toISOString(),
        completed: 1,
      },
    ]);
    for (const plan of [claimPlan, recordPlan, finishPlan]) {
      expect(plan).toContain('"Index Name":"runs_pkey"');
      // Reading the active runs through the status index would cost as much as the queue is long.
      expect(plan).not.toContain('runs_status_active_idx');
    }
  });

  it('counts each terminal transition once, by status and reason, with the run duration', async () => {
    const finishedCount = async (status: string, reason: string): Promise<number> =>
      (await runsFinished.get()).values.find(
        (value) => value.labels['status'] === status && value.labels['reason'] === reason,
      )?.value ?? 0;
    const durations = async (): Promise<number> =>
      (await runSeconds.get()).values.find(
        (value) =>
          value.metricName === 'dq_run_duration_seconds_count' && value.labels['status'] === RunStatus.Failed,
      )?.value ?? 0;
    const failedBefore = await finishedCount(RunStatus.Failed, RunFailureReason.InternalError);
    const durationsBefore = await durations();

    const run = await queuedRun();
    await ledger.claim(run.id, 'worker-a');
    await ledger.finish(run.id, RunEvent.Fail, RunFailureReason.InternalError);
    // No transition, no count.
    await ledger.finish(run.id, RunEvent.Fail, RunFailureReason.InternalError);

    expect(await finishedCount(RunStatus.Failed, RunFailureReason.InternalError)).toBe(failedBefore + 1);
    expect(await durations()).toBe(durationsBefore + 1);
  });
});

describe('RunLedger first run over empty tables', () => {
  let dataSource: DataSource;
  let ledger: RunLedger;

  onItsOwnDatabase('run-ledger-empty', async (opened) => {
    ({ dataSource, ledger } = opened);
    // No statistics at all, as on a new installation before autovacuum first comes round.
    await dataSource.query('ALTER TABLE "run_results" SET (autovacuum_enabled = false)');
  });

  it('claims without reading every recorded result once results pile up under the cached plan', async () => {
    // Six runs through while run_results is (nearly) empty: the claim settles on its generic plan.
    for (let index = 0; index <= CALLS_BEFORE_A_GENERIC_PLAN; index++) {
      const run = await queuedRunIn(dataSource);
      expect(await ledger.claim(run.id, 'worker-a')).toMatchObject({ hasResults: false });
      await ledger.record(passingResultOf(run.id));
      // A resumed run (one with a result already) says so.
      await dataSource.query(`UPDATE "runs" SET "status" = 'queued' WHERE "id" = $1`, [run.id]);
      expect(await ledger.claim(run.id, 'worker-b')).toMatchObject({ hasResults: true });
    }
    // Then a burst's results, which no statistics know of yet.
    await dataSource.query(
      `INSERT INTO "run_results" ("run_id", "check_id", "outcome", "detail")
       SELECT r."id", gen_random_uuid(), 'pass', '{}'::jsonb
         FROM "runs" r, generate_series(1, 3000)`,
    );

    const [row] = await dataSource.query<{ 'QUERY PLAN': unknown }[]>(
      `EXPLAIN (FORMAT JSON) EXECUTE dq_run_claim_batch('${JSON.stringify([{ id: randomUUID(), worker_id: 'w' }])}'::jsonb)`,
    );
    const resultScans = scansOf(row?.['QUERY PLAN']).filter((scan) => scan.relation === 'run_results');
    // An EXISTS here became a hashed subplan over the whole table, rebuilt on every claim: each
    // claim cost as much as results were recorded until autovacuum analyzed the table.
    expect(resultScans.length).toBeGreaterThan(0);
    for (const scan of resultScans) expect(scan.type).not.toBe('Seq Scan');
  });
});

/** Every scan node of an EXPLAIN (FORMAT JSON) plan, with the relation it reads. */
function scansOf(plan: unknown): { type: string; relation: string }[] {
  const scans: { type: string; relation: string }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record['Relation Name'] === 'string' && typeof record['Node Type'] === 'string')
      scans.push({ type: record['Node Type'], relation: record['Relation Name'] });
    Object.values(record).forEach(visit);
  };
  visit(plan);
  return scans;
}
