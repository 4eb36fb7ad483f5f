import { randomUUID } from 'node:crypto';
import { Global, type INestApplicationContext, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { Broadcasts, CheckOutcome, Events, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { RunEntity, RunResultEntity } from '../entities';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { ProgressBroadcaster } from '@dq/messaging';
import {
  type IsolatedEnvironment,
  countStreamMessages,
  createIsolatedEnvironment,
  lastStreamMessage,
} from '@dq/testing';
import { CheckEvaluatorRegistry, type CheckEvaluation } from '../evaluation/check-evaluator';
import {
  type ReportEvaluation,
  type RunTargetContext,
  type RunTargetEvaluator,
  type RunTargetWork,
} from '../evaluation/run-target-evaluator';
import { type PlannedCheck } from '../plan/planned-check';
import { RunsModule } from '../runs.module';
import { type ExecutionContext, RunExecutionService } from './run-execution.service';
import { SUITE_BUSY_RETRY_MS } from '../lifecycle/one-run-per-suite';
import { RUN_LEASE_MS } from '../lifecycle/run-lease';
import { RUN_PRIVACY } from './run-privacy';
import { CANCEL_READ_FRESH_MS } from './run-cancel-watch';

const staleCancelRead = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, CANCEL_READ_FRESH_MS + 10));

class TestRunnerConfig extends BaseServiceConfig {
  override PORT = 0;
}

class HandedBack extends Error {}
class RetriedLater extends Error {
  constructor(readonly delayMs: number) {
    super('retried later');
  }
}

/** Zero-sample mode as a test sets it; bound globally as the app binds the workspace settings. */
const privacy = { zeroSample: false, zeroSampleMode: async () => privacy.zeroSample };

@Global()
@Module({ providers: [{ provide: RUN_PRIVACY, useValue: privacy }], exports: [RUN_PRIVACY] })
class TestPrivacyModule {}

/**
 * Evaluates a run's `test.scripted` checks one by one as their definition says, like a suite
 * evaluator whose statements each serve one check: it asks for a stop between statements, and a
 * statement in flight ends when the signal cancels it.
 */
class ScriptedEvaluator implements RunTargetEvaluator {
  readonly evaluated: string[] = [];
  onEvaluate?: (check: PlannedCheck) => void | Promise<void>;

  async evaluate(work: RunTargetWork, context: RunTargetContext, report: ReportEvaluation): Promise<void> {
    for (const check of work.checks) {
      if (context.signal.aborted || (await context.stopRequested())) return;
      this.evaluated.push(check.check_id);
      await this.onEvaluate?.(check);
      await report(check.check_id, await this.statement(check, context.signal));
    }
  }

  private async statement(check: PlannedCheck, signal: AbortSignal): Promise<CheckEvaluation> {
    const behaviour = check.definition['behaviour'];
    if (behaviour === 'wait') {
      // A long datasource statement: it ends only when the signal cancels it.
      await new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('statement cancelled')), { once: true }),
      );
    }
    if (signal.aborted) throw new Error('statement cancelled');
    if (behaviour === 'samples')
      return {
        outcome: CheckOutcome.Fail,
        metric_value: 50,
        detail: { unexpected_count: 1, samples: [{ email: '[redacted]' }] },
      };
    // The evaluator itself fails (not a datasource outcome it classified).
    if (behaviour === 'throw') throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    return {
      outcome: (check.definition['outcome'] as CheckOutcome) ?? CheckOutcome.Pass,
      metric_value: 1,
      detail: {},
    };
  }
}

const TARGET = { connection_id: randomUUID(), target: 'public.orders', time_zone: 'UTC', column_policy: {} };

function scripted(definition: Record<string, unknown> = {}): PlannedCheck {
  return { check_id: randomUUID(), kind: 'test.scripted', version: 1, definition };
}

describe('RunExecutionService', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let execution: RunExecutionService;
  let evaluator: ScriptedEvaluator;

  function executionContext(overrides: Partial<ExecutionContext> = {}): ExecutionContext {
    return {
      workerId: 'runner:test',
      signal: new AbortController().signal,
      handBack: () => Promise.reject(new HandedBack()),
      retryLater: (delayMs) => Promise.reject(new RetriedLater(delayMs)),
      ...overrides,
    };
  }

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
    env = await createIsolatedEnvironment('run-execution');
    const config = loadConfig(TestRunnerConfig, env.env);
    const moduleRef = await Test.createTestingModule({
      imports: [
        ...platformModules({ service: ServiceName.Runner, config }),
        ServiceRuntimeModule.forRoot({ service: ServiceName.Runner, config }),
        TestPrivacyModule,
        RunsModule,
      ],
    }).compile();
    context = await moduleRef.init();
    dataSource = context.get(DataSource);
    execution = context.get(RunExecutionService);
    evaluator = new ScriptedEvaluator();
    context.get(CheckEvaluatorRegistry).registerTargetEvaluator(evaluator);
  });

  beforeEach(() => {
    evaluator.evaluated.length = 0;
    evaluator.onEvaluate = undefined;
    privacy.zeroSample = false;
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  it('evaluates every planned check once, records keyed results and publishes one completion', async () => {
    const plan = [scripted(), scripted({ outcome: 'warn' }), scripted({ outcome: 'critical' })];
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());

    const done = await runOf(run.id);
    expect(done.status).toBe(RunStatus.Succeeded);
    expect(done.completedChecks).toBe(3);
    expect(done.attempt).toBe(1);
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect((await results(run.id)).map((r) => r.outcome).sort()).toEqual(['critical', 'pass', 'warn']);
    expect(evaluator.evaluated).toHaveLength(3);
  });

  it('records a result the database refuses as our own `error` and goes on with the next check', async () => {
    // The table's CHECK refuses this outcome: real data the database will not store.
    const plan = [scripted(), scripted({ outcome: 'not_an_outcome' }), scripted({ outcome: 'warn' })];
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());
    const recorded = await results(run.id);
    expect(recorded.find((r) => r.checkId === plan[1].check_id)).toMatchObject({
      outcome: 'error',
      detail: { reason: 'result_not_stored', evaluated_outcome: 'not_an_outcome' },
    });
    expect(recorded.map((r) => r.outcome).sort()).toEqual(['error', 'pass', 'warn']);
    expect(await runOf(run.id)).toMatchObject({ status: RunStatus.Succeeded, completedChecks: 3 });
  });

  it('resumes a run: checks that already have a result are not evaluated again', async () => {
    const plan = [scripted(), scripted(), scripted()];
    const run = await insertRun(plan, RunStatus.Running);
    await dataSource
      .getRepository(RunResultEntity)
      .insert({ runId: run.id, checkId: plan[0].check_id, outcome: 'warn', metricValue: 5, detail: {} });

    await execution.execute(run.id, executionContext());
    expect(evaluator.evaluated).toEqual([plan[1].check_id, plan[2].check_id]);
    const recorded = await results(run.id);
    expect(recorded).toHaveLength(3);
    expect(recorded.find((r) => r.checkId === plan[0].check_id)?.outcome).toBe('warn');
  });

  it('a redelivered job of a finished run evaluates nothing and its completion stays one event', async () => {
    const run = await insertRun([scripted()]);
    await execution.execute(run.id, executionContext());
    const before = await countStreamMessages(env, 'events.run.completed');
    await execution.execute(run.id, executionContext());
    await execution.execute(run.id, executionContext());
    expect(evaluator.evaluated).toHaveLength(1);
    expect(await results(run.id)).toHaveLength(1);
    expect(await countStreamMessages(env, 'events.run.completed')).toBe(before);
    expect((await runOf(run.id)).attempt).toBe(1);
  });

  it('a cancel requested before a check ends the run `cancelled` without evaluating more', async () => {
    const plan = [scripted(), scripted(), scripted()];
    const run = await insertRun(plan);
    evaluator.onEvaluate = async () => {
      await dataSource.getRepository(RunEntity).update({ id: run.id }, { cancelRequestedAt: new Date() });
      // No broadcast here (as with NATS away): the row is read again once the last read is stale.
      await staleCancelRead();
    };
    await execution.execute(run.id, executionContext());
    const done = await runOf(run.id);
    expect(done.status).toBe(RunStatus.Cancelled);
    expect(evaluator.evaluated).toHaveLength(1);
    expect(done.finishedAt).toBeInstanceOf(Date);
  });

  it('at shutdown the run goes back to `queued` and the job is handed back, the check in flight unrecorded', async () => {
    const controller = new AbortController();
    const plan = [scripted(), scripted(), scripted()];
    const run = await insertRun(plan);
    evaluator.onEvaluate = () => controller.abort();
    await expect(
      execution.execute(run.id, executionContext({ signal: controller.signal })),
    ).rejects.toBeInstanceOf(HandedBack);

    const handedBack = await runOf(run.id);
    expect(handedBack.status).toBe(RunStatus.Queued);
    expect(handedBack.workerId).toBeNull();
    expect(await results(run.id)).toHaveLength(0);
    expect(evaluator.evaluated).toEqual([plan[0].check_id]);
  });

  it('an evaluator that throws gives the checks left `error` naming our side, without its message', async () => {
    const plan = [scripted(), scripted({ behaviour: 'throw' }), scripted()];
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());

    const recorded = await results(run.id);
    const byCheck = new Map(recorded.map((r) => [r.checkId, r]));
    expect(byCheck.get(plan[0].check_id)?.outcome).toBe('pass');
    for (const check of plan.slice(1)) {
      expect(byCheck.get(check.check_id)?.outcome).toBe('error');
      expect(byCheck.get(check.check_id)?.detail).toMatchObject({ reason: 'internal_error' });
    }
    expect(JSON.stringify(recorded)).not.toContain('hunter2');
    expect(evaluator.evaluated).toEqual([plan[0].check_id, plan[1].check_id]);
    expect((await runOf(run.id)).status).toBe(RunStatus.Succeeded);
  });

  it('a job for a run that does not exist is dropped', async () => {
    await expect(execution.execute(randomUUID(), executionContext())).resolves.toBeUndefined();
  });

  it('waits while another run of the same suite runs, and never claims it twice', async () => {
    const busy = await insertRun([scripted()], RunStatus.Running);
    const waiting = await insertRun([scripted()]);
    await dataSource.getRepository(RunEntity).update({ id: waiting.id }, { suiteId: busy.suiteId });

    const thrown = await execution.execute(waiting.id, executionContext()).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(RetriedLater);
    expect((thrown as RetriedLater).delayMs).toBe(SUITE_BUSY_RETRY_MS);
    expect(await runOf(waiting.id)).toMatchObject({ status: RunStatus.Queued, attempt: 0, workerId: null });
    expect(evaluator.evaluated).toHaveLength(0);

    // A run that asked to overlap goes ahead.
    const overlapping = await insertRun([scripted()]);
    await dataSource
      .getRepository(RunEntity)
      .update({ id: overlapping.id }, { suiteId: busy.suiteId, allowConcurrent: true });
    await execution.execute(overlapping.id, executionContext());
    expect((await runOf(overlapping.id)).status).toBe(RunStatus.Succeeded);

    // Once the suite is free, the waiting run runs.
    await dataSource.getRepository(RunEntity).update({ id: busy.id }, { status: RunStatus.Succeeded });
    await execution.execute(waiting.id, executionContext());
    expect((await runOf(waiting.id)).status).toBe(RunStatus.Succeeded);
  });

  it('a cancel broadcast stops the statement in flight at once: the check stays unrecorded', async () => {
    const plan = [scripted(), scripted({ behaviour: 'wait' }), scripted()];
    const run = await insertRun(plan);
    const broadcaster = context.get(ProgressBroadcaster);
    evaluator.onEvaluate = async (check) => {
      if (check.check_id !== plan[1].check_id) return;
      await dataSource.getRepository(RunEntity).update({ id: run.id }, { cancelRequestedAt: new Date() });
      // No broadcast here (as with NATS away): the row is read again once the last read is stale.
      await staleCancelRead();
      broadcaster.publish(Broadcasts.runCancel(run.id), { run_id: run.id });
    };
    await execution.execute(run.id, executionContext());
    const done = await runOf(run.id);
    expect(done.status).toBe(RunStatus.Cancelled);
    expect(evaluator.evaluated).toEqual([plan[0].check_id, plan[1].check_id]);
    expect((await results(run.id)).map((result) => result.checkId)).toEqual([plan[0].check_id]);
  });

  it('holds a lease on the run while it works, so the worker-loss sweep can tell a dead runner', async () => {
    const plan = [scripted()];
    const run = await insertRun(plan);
    let lease: Date | null = null;
    evaluator.onEvaluate = async () => {
      lease = (await runOf(run.id)).leaseExpiresAt;
    };
    const claimedAt = Date.now();
    await execution.execute(run.id, executionContext());
    expect(lease).not.toBeNull();
    const ahead = (lease as unknown as Date).getTime() - claimedAt;
    expect(ahead).toBeGreaterThan(RUN_LEASE_MS - 5_000);
    expect(ahead).toBeLessThanOrEqual(RUN_LEASE_MS + 5_000);
  });

  it('a cancel whose broadcast was lost is seen on the run row within about a second', async () => {
    const run = await insertRun([scripted({ behaviour: 'wait' })]);
    evaluator.onEvaluate = async () => {
      await dataSource.getRepository(RunEntity).update({ id: run.id }, { cancelRequestedAt: new Date() });
      // No broadcast here (as with NATS away): the row is read again once the last read is stale.
      await staleCancelRead();
    };
    await execution.execute(run.id, executionContext());
    expect((await runOf(run.id)).status).toBe(RunStatus.Cancelled);
    expect(await results(run.id)).toHaveLength(0);
  });

  it('a run cancelled before a runner claimed it ends `cancelled` without evaluating', async () => {
    const run = await insertRun([scripted()]);
    await dataSource.getRepository(RunEntity).update({ id: run.id }, { cancelRequestedAt: new Date() });
    await execution.execute(run.id, executionContext());
    expect((await runOf(run.id)).status).toBe(RunStatus.Cancelled);
    expect(evaluator.evaluated).toHaveLength(0);
  });

  it('records when each check started and finished', async () => {
    const run = await insertRun([scripted()]);
    await execution.execute(run.id, executionContext());
    const [result] = await results(run.id);
    expect(result.startedAt).toBeInstanceOf(Date);
    expect(result.finishedAt!.getTime()).toBeGreaterThanOrEqual(result.startedAt!.getTime());
  });

  it('stores no sample under zero-sample mode, whatever the evaluator returned', async () => {
    const withSamples = await insertRun([scripted({ behaviour: 'samples' })]);
    await execution.execute(withSamples.id, executionContext());
    expect((await results(withSamples.id))[0].detail).toMatchObject({ samples: [{ email: '[redacted]' }] });

    privacy.zeroSample = true;
    const run = await insertRun([scripted({ behaviour: 'samples' })]);
    await execution.execute(run.id, executionContext());
    const [result] = await results(run.id);
    expect(result.outcome).toBe('fail');
    expect(result.detail).toEqual({ unexpected_count: 1 });
  });

  it('publishes per-check outcomes with the previous run outcome for alerting', async () => {
    const plan = [scripted({ outcome: 'warn' }), scripted({ outcome: 'critical' })];
    const first = await insertRun(plan);
    await execution.execute(first.id, executionContext());
    const second = await insertRun(plan);
    await dataSource.getRepository(RunEntity).update({ id: second.id }, { suiteId: first.suiteId });
    await execution.execute(second.id, executionContext());
    const event = await lastStreamMessage(env, Events.RunCompleted.subject);
    expect(event).toMatchObject({
      run_id: second.id,
      suite_id: first.suiteId,
      status: 'succeeded',
      trigger: 'manual',
      previous_run_id: first.id,
      outcome_counts: { warn: 1, critical: 1 },
    });
    expect(event['checks']).toEqual([
      expect.objectContaining({
        check_id: plan[0].check_id,
        outcome: 'warn',
        severity: 'warn',
        previous_outcome: 'warn',
      }),
      expect.objectContaining({
        check_id: plan[1].check_id,
        outcome: 'critical',
        severity: 'critical',
        previous_outcome: 'critical',
        check_version: 1,
      }),
    ]);
  });

  it('runs executed at once share their statements, yet each is claimed, recorded and finished as alone', async () => {
    // Enough runs at once that claims, results, finishes and completion facts go out in batches.
    const runs = await Promise.all(
      Array.from({ length: 24 }, (_unused, index) =>
        insertRun([scripted({ outcome: index % 2 === 0 ? 'pass' : 'warn' }), scripted()]),
      ),
    );
    // One of them belongs to a suite that is running already: its claim fails alone, in its batch.
    const busy = await insertRun([scripted()], RunStatus.Running);
    const blocked = runs[5];
    await dataSource.getRepository(RunEntity).update({ id: blocked.id }, { suiteId: busy.suiteId });
    // Another is cancelled mid-run by a broadcast: the one per-runner subscription finds its watch.
    const cancelled = runs[9];
    const broadcaster = context.get(ProgressBroadcaster);
    evaluator.onEvaluate = async (check) => {
      if (check.check_id !== cancelled.plan[1].check_id) return;
      await dataSource
        .getRepository(RunEntity)
        .update({ id: cancelled.id }, { cancelRequestedAt: new Date() });
      broadcaster.publish(Broadcasts.runCancel(cancelled.id), { run_id: cancelled.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const before = await countStreamMessages(env, 'events.run.completed');

    const outcomes = await Promise.all(
      runs.map((run) =>
        execution.execute(run.id, executionContext()).then(
          () => 'done',
          (error: unknown) => error,
        ),
      ),
    );

    expect(outcomes.filter((outcome) => outcome !== 'done')).toEqual([expect.any(RetriedLater)]);
    expect(outcomes[5]).toBeInstanceOf(RetriedLater);
    expect(await runOf(blocked.id)).toMatchObject({ status: RunStatus.Queued, attempt: 0, workerId: null });
    expect(await runOf(cancelled.id)).toMatchObject({ status: RunStatus.Cancelled, completedChecks: 1 });
    for (const run of runs) {
      if (run.id === blocked.id || run.id === cancelled.id) continue;
      const done = await runOf(run.id);
      expect(done).toMatchObject({ status: RunStatus.Succeeded, completedChecks: 2, attempt: 1 });
      const recorded = await results(run.id);
      expect(recorded.map((result) => result.checkId).sort()).toEqual(
        run.plan.map((check) => check.check_id).sort(),
      );
    }
    // One completion event per finished run, none for the run still waiting.
    expect(await countStreamMessages(env, 'events.run.completed')).toBe(before + runs.length - 1);
  });
});
