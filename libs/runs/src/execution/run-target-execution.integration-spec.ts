import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { CheckOutcome, RunFailureReason, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { RunEntity, RunResultEntity } from '../entities';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { CheckEvaluatorRegistry } from '../evaluation/check-evaluator';
import {
  type ReportEvaluation,
  RunCannotComplete,
  type RunTargetContext,
  type RunTargetEvaluator,
  type RunTargetWork,
} from '../evaluation/run-target-evaluator';
import { type PlannedCheck } from '../plan/planned-check';
import { RunsModule } from '../runs.module';
import { CheckMetricHistory } from '../history/check-metric-history';
import { RunExecutionService } from './run-execution.service';
import { CANCEL_READ_FRESH_MS } from './run-cancel-watch';

const staleCancelRead = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, CANCEL_READ_FRESH_MS + 10));

class TestRunnerConfig extends BaseServiceConfig {
  override PORT = 0;
}

/** Reports what each check's definition scripts; `script` decides how the whole evaluation goes. */
class ScriptedTargetEvaluator implements RunTargetEvaluator {
  readonly calls: RunTargetWork[] = [];
  script: (work: RunTargetWork, context: RunTargetContext, report: ReportEvaluation) => Promise<void> =
    async (work, _context, report) => {
      for (const check of work.checks) {
        if (check.definition['skip_report']) continue;
        await report(check.check_id, {
          outcome: (check.definition['outcome'] as CheckOutcome) ?? CheckOutcome.Pass,
          metric_value: 0,
          detail: {},
        });
      }
    };

  async evaluate(work: RunTargetWork, context: RunTargetContext, report: ReportEvaluation): Promise<void> {
    this.calls.push(work);
    await this.script(work, context, report);
  }
}

function planned(definition: Record<string, unknown> = {}): PlannedCheck {
  return { check_id: randomUUID(), kind: 'expectation', version: 1, definition };
}

const TARGET = {
  connection_id: randomUUID(),
  target: 'public.orders',
  time_zone: 'UTC',
  column_policy: {},
};

describe('RunExecutionService with a run target evaluator', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let execution: RunExecutionService;
  const evaluator = new ScriptedTargetEvaluator();
  const original = evaluator.script;

  const executionContext = () => ({
    workerId: 'runner:test',
    signal: new AbortController().signal,
    handBack: () => Promise.reject(new Error('handed back')),
    retryLater: () => Promise.reject(new Error('retry later')),
  });

  async function insertRun(plan: PlannedCheck[], status: RunStatus = RunStatus.Queued): Promise<RunEntity> {
    const runs = dataSource.getRepository(RunEntity);
    return runs.save(
      runs.create({
        suiteId: randomUUID(),
        trigger: RunTrigger.Manual,
        status,
        plan,
        target: TARGET,
        totalChecks: plan.length,
      }),
    );
  }
  const results = (runId: string) => dataSource.getRepository(RunResultEntity).findBy({ runId });
  const runOf = (id: string) => dataSource.getRepository(RunEntity).findOneByOrFail({ id });

  beforeAll(async () => {
    env = await createIsolatedEnvironment('run-target-execution');
    const config = loadConfig(TestRunnerConfig, env.env);
    const moduleRef = await Test.createTestingModule({
      imports: [
        ...platformModules({ service: ServiceName.Runner, config }),
        ServiceRuntimeModule.forRoot({ service: ServiceName.Runner, config }),
        RunsModule,
      ],
    }).compile();
    context = await moduleRef.init();
    dataSource = context.get(DataSource);
    execution = context.get(RunExecutionService);
    context.get(CheckEvaluatorRegistry).registerTargetEvaluator(evaluator);
  });

  beforeEach(() => {
    evaluator.calls.length = 0;
    evaluator.script = original;
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  it('hands every check to the evaluator at once, with the frozen target, and records each report', async () => {
    const plan = [planned(), planned({ outcome: 'fail' }), planned({ outcome: 'warn' })];
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    expect(evaluator.calls).toHaveLength(1);
    expect(evaluator.calls[0]).toMatchObject({ runId: run.id, target: TARGET });
    expect(evaluator.calls[0].checks.map((check) => check.check_id)).toEqual(
      plan.map((check) => check.check_id),
    );
    expect((await results(run.id)).map((result) => result.outcome).sort()).toEqual(['fail', 'pass', 'warn']);
    expect(await runOf(run.id)).toMatchObject({ status: RunStatus.Succeeded, completedChecks: 3 });
  });

  it("hands the evaluator the target's connection as the claim read it, and null once it was deleted", async () => {
    const connectionId = randomUUID();
    await dataSource.query(
      `INSERT INTO connections (id, name, kind, config, secret_ciphertext)
       VALUES ($1, $2, 'postgres', '{"host": "db.internal", "port": 5432}', 'sealed-envelope')`,
      [connectionId, `claim-${connectionId}`],
    );
    const runs = dataSource.getRepository(RunEntity);
    const withConnection = (): Promise<RunEntity> =>
      runs.save(
        runs.create({
          suiteId: randomUUID(),
          trigger: RunTrigger.Manual,
          status: RunStatus.Queued,
          plan: [planned()],
          target: { ...TARGET, connection_id: connectionId },
          totalChecks: 1,
        }),
      );
    await execution.execute((await withConnection()).id, executionContext());
    expect(evaluator.calls[0]?.connection).toEqual({
      id: connectionId,
      name: `claim-${connectionId}`,
      kind: 'postgres',
      config: { host: 'db.internal', port: 5432 },
      sealedCredential: 'sealed-envelope',
      capabilities: null,
      allowCustomSqlWithDangerousPrivileges: false,
    });

    await dataSource.query(`UPDATE connections SET deleted_at = now() WHERE id = $1`, [connectionId]);
    await execution.execute((await withConnection()).id, executionContext());
    expect(evaluator.calls[1]?.connection).toBeNull();
  });

  it('gives a check the evaluator never reported `error`; a second report of a check is ignored', async () => {
    const plan = [planned(), planned({ skip_report: true })];
    evaluator.script = async (work, ctx, report) => {
      await original(work, ctx, report);
      await report(plan[0].check_id, { outcome: CheckOutcome.Critical, metric_value: 99, detail: {} });
      await report(randomUUID(), { outcome: CheckOutcome.Pass, metric_value: 0, detail: {} });
    };
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    const recorded = await results(run.id);
    expect(recorded).toHaveLength(2);
    expect(recorded.find((result) => result.checkId === plan[0].check_id)?.outcome).toBe('pass');
    expect(recorded.find((result) => result.checkId === plan[1].check_id)).toMatchObject({
      outcome: 'error',
      detail: { reason: 'evaluation_failed' },
    });
  });

  it('gives the checks left when the evaluator itself throws an `error` that names our side', async () => {
    const plan = [planned(), planned()];
    evaluator.script = async (work, _ctx, report) => {
      await report(work.checks[0].check_id, { outcome: CheckOutcome.Pass, metric_value: 0, detail: {} });
      throw new Error('relation "check_baselines" does not exist');
    };
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    const recorded = await results(run.id);
    expect(recorded.find((result) => result.checkId === plan[0].check_id)?.outcome).toBe('pass');
    const left = recorded.find((result) => result.checkId === plan[1].check_id);
    expect(left).toMatchObject({ outcome: 'error', detail: { reason: 'internal_error' } });
    expect(String(left?.detail['message'])).toMatch(/the datasource was not at fault/);
    expect(JSON.stringify(left?.detail)).not.toMatch(/check_baselines/);
  });

  it('records a result the database refuses as our own `error`, never failing the report or the other checks', async () => {
    // The table's CHECK refuses this outcome: real data the database will not store.
    const plan = [planned(), planned({ outcome: 'not_an_outcome' }), planned({ outcome: 'fail' })];
    const thrown: unknown[] = [];
    evaluator.script = async (work, _ctx, report) => {
      for (const check of work.checks) {
        const outcome = (check.definition['outcome'] as CheckOutcome) ?? CheckOutcome.Pass;
        await report(check.check_id, {
          outcome,
          metric_value: 1,
          detail: { check_version: 1, samples: [{ name: '😀 x\u0000 \ud83d', v: Number.NaN }] },
        }).catch((error: unknown) => thrown.push(error));
      }
    };
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    expect(thrown).toEqual([]);
    const recorded = await results(run.id);
    expect(recorded).toHaveLength(3);
    const byCheck = new Map(recorded.map((result) => [result.checkId, result]));
    expect(byCheck.get(plan[0].check_id)).toMatchObject({
      outcome: 'pass',
      detail: { samples: [{ name: '😀 x\ufffd \ufffd', v: 'NaN' }] },
    });
    expect(byCheck.get(plan[1].check_id)).toMatchObject({
      outcome: 'error',
      metricValue: null,
      detail: { reason: 'result_not_stored', evaluated_outcome: 'not_an_outcome', check_version: 1 },
    });
    expect(JSON.stringify(byCheck.get(plan[1].check_id)?.detail)).not.toMatch(/datasource/i);
    expect(byCheck.get(plan[2].check_id)?.outcome).toBe('fail');
    expect(await runOf(run.id)).toMatchObject({
      status: RunStatus.Succeeded,
      completedChecks: 3,
      outcomeCounts: { pass: 1, error: 1, fail: 1 },
    });
  });

  it('ends the run `failed`, not `succeeded` with every check complete, when a result cannot be stored at all', async () => {
    const plan = [planned(), planned(), planned()];
    const lost = plan[1].check_id;
    // The database refuses every row for this check, the `error` put in its place included.
    await dataSource.query(`
      CREATE FUNCTION dq_test_refuse_result() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$;
      CREATE TRIGGER dq_test_refuse_result BEFORE INSERT ON "run_results" FOR EACH ROW
        WHEN (NEW."check_id" = '${lost}') EXECUTE FUNCTION dq_test_refuse_result();`);
    try {
      const run = await insertRun(plan);
      await execution.execute(run.id, executionContext());
      const recorded = await results(run.id);
      expect(recorded.map((result) => result.checkId).sort()).toEqual(
        [plan[0].check_id, plan[2].check_id].sort(),
      );
      expect(recorded.every((result) => result.outcome === 'pass')).toBe(true);
      expect(await runOf(run.id)).toMatchObject({
        status: RunStatus.Failed,
        reason: RunFailureReason.InternalError,
        completedChecks: 2,
        totalChecks: 3,
      });
    } finally {
      await dataSource.query(`DROP TRIGGER dq_test_refuse_result ON "run_results";
        DROP FUNCTION dq_test_refuse_result()`);
    }
  });

  it('resumes with only the checks that have no result yet', async () => {
    const plan = [planned(), planned()];
    const run = await insertRun(plan, RunStatus.Running);
    await dataSource
      .getRepository(RunResultEntity)
      .insert({ runId: run.id, checkId: plan[0].check_id, outcome: 'warn', metricValue: 1, detail: {} });
    await execution.execute(run.id, executionContext());
    expect(evaluator.calls[0].checks.map((check) => check.check_id)).toEqual([plan[1].check_id]);
    expect(await results(run.id)).toHaveLength(2);
  });

  it('ends the run `failed` with the reason when it cannot complete, keeping what was recorded', async () => {
    const plan = [planned(), planned()];
    evaluator.script = async (work, _ctx, report) => {
      await report(work.checks[0].check_id, { outcome: CheckOutcome.Pass, metric_value: 0, detail: {} });
      throw new RunCannotComplete(RunFailureReason.DatasourceUnreachable, 'The datasource did not answer');
    };
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    expect(await runOf(run.id)).toMatchObject({
      status: RunStatus.Failed,
      reason: RunFailureReason.DatasourceUnreachable,
    });
    expect((await results(run.id)).map((result) => result.checkId)).toEqual([plan[0].check_id]);
  });

  it('ends `cancelled` when a cancel is requested mid-evaluation, recording nothing more', async () => {
    const plan = [planned(), planned(), planned()];
    evaluator.script = async (work, ctx, report) => {
      await report(work.checks[0].check_id, { outcome: CheckOutcome.Pass, metric_value: 0, detail: {} });
      await dataSource.getRepository(RunEntity).update({ id: work.runId }, { cancelRequestedAt: new Date() });
      // No broadcast here (as with NATS away): the row is read again once the last read is stale.
      await staleCancelRead();
      if (await ctx.stopRequested()) return;
      await report(work.checks[1].check_id, { outcome: CheckOutcome.Pass, metric_value: 0, detail: {} });
    };
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    expect((await runOf(run.id)).status).toBe(RunStatus.Cancelled);
    expect(await results(run.id)).toHaveLength(1);
  });

  it('leaves unrecorded the error a cancel causes (the cancelled statement), keeping real outcomes', async () => {
    const plan = [planned(), planned(), planned()];
    evaluator.script = async (work, ctx, report) => {
      await report(work.checks[0].check_id, { outcome: CheckOutcome.Pass, metric_value: 0, detail: {} });
      await dataSource.getRepository(RunEntity).update({ id: work.runId }, { cancelRequestedAt: new Date() });
      // No broadcast here (as with NATS away): the row is read again once the last read is stale.
      await staleCancelRead();
      await ctx.stopRequested(); // the poll sees the cancel and aborts the signal
      expect(ctx.signal.aborted).toBe(true);
      // What a fused scan reports when its statement is cancelled under it...
      await report(work.checks[1].check_id, {
        outcome: CheckOutcome.Error,
        metric_value: null,
        detail: { reason: 'evaluation_failed', message: 'The datasource call was cancelled' },
      });
      // ...and a check that had finished before the cancel landed.
      await report(work.checks[2].check_id, { outcome: CheckOutcome.Fail, metric_value: 1, detail: {} });
    };
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    expect((await runOf(run.id)).status).toBe(RunStatus.Cancelled);
    const recorded = await results(run.id);
    expect(recorded.map((result) => [result.checkId, result.outcome]).sort()).toEqual(
      [
        [plan[0].check_id, 'pass'],
        [plan[2].check_id, 'fail'],
      ].sort(),
    );
  });

  it("reads a check's metric history oldest first: scorable outcomes only, since a rebaseline, not this run", async () => {
    const checkId = randomUUID();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const runs = dataSource.getRepository(RunEntity);
    const insert = async (minutesAgo: number, outcome: string, value: number | null) => {
      const run = await runs.save(
        runs.create({
          suiteId: randomUUID(),
          trigger: RunTrigger.Manual,
          status: RunStatus.Succeeded,
          finishedAt: at(minutesAgo),
        }),
      );
      await dataSource.getRepository(RunResultEntity).insert({
        runId: run.id,
        checkId,
        outcome: outcome as CheckOutcome,
        metricValue: value,
        detail: {},
        finishedAt: at(minutesAgo),
      });
      return run.id;
    };
    await insert(50, 'pass', 10);
    await insert(40, 'error', null);
    await insert(30, 'skip', 99);
    await insert(20, 'fail', 30);
    const current = await insert(10, 'pass', 40);
    const history = context.get(CheckMetricHistory);
    expect((await history.points(checkId)).map((point) => point.value)).toEqual([10, 30, 40]);
    expect((await history.points(checkId, { excludeRunId: current })).map((point) => point.value)).toEqual([
      10, 30,
    ]);
    expect((await history.points(checkId, { since: at(25) })).map((point) => point.value)).toEqual([30, 40]);
    expect((await history.points(checkId, { limit: 2 })).map((point) => point.value)).toEqual([30, 40]);
  });

  it('a run without a target reaches no evaluator: each check ends `error` and the run still ends', async () => {
    const runs = dataSource.getRepository(RunEntity);
    const run = await runs.save(
      runs.create({ suiteId: randomUUID(), trigger: RunTrigger.Manual, plan: [planned()], totalChecks: 1 }),
    );
    await execution.execute(run.id, executionContext());
    expect(evaluator.calls).toHaveLength(0);
    expect((await results(run.id)).map((result) => [result.outcome, result.detail['reason']])).toEqual([
      ['error', 'no_target'],
    ]);
    expect(await runs.findOneByOrFail({ id: run.id })).toMatchObject({
      status: RunStatus.Succeeded,
      completedChecks: 1,
    });
  });
});
