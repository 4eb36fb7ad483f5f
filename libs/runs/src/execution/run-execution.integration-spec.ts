import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppError, CheckOutcome, ErrorCode, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { RunEntity, RunResultEntity } from '@dq/db';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type IsolatedEnvironment, countStreamMessages, createIsolatedEnvironment } from '@dq/testing';
import { type CheckEvaluator, CheckEvaluatorRegistry } from '../evaluation/check-evaluator';
import { type PlannedCheck } from '../plan/planned-check';
import { RunsModule } from '../runs.module';
import { type ExecutionContext, RunExecutionService } from './run-execution.service';

class TestRunnerConfig extends BaseServiceConfig {
  override PORT = 0;
}

class HandedBack extends Error {}

/** Evaluates `test.scripted` checks as their definition says, and remembers what it evaluated. */
class ScriptedEvaluator implements CheckEvaluator {
  readonly kind = 'test.scripted';
  readonly evaluated: string[] = [];
  onEvaluate?: (check: PlannedCheck) => void | Promise<void>;

  async evaluate(check: PlannedCheck) {
    this.evaluated.push(check.check_id);
    await this.onEvaluate?.(check);
    const behaviour = check.definition['behaviour'];
    if (behaviour === 'throw') throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    if (behaviour === 'app-error')
      throw new AppError(ErrorCode.DatasourceUnreachable, 'The datasource did not answer');
    return {
      outcome: (check.definition['outcome'] as CheckOutcome) ?? CheckOutcome.Pass,
      metric_value: 1,
      detail: {},
    };
  }
}

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
        RunsModule,
      ],
    }).compile();
    context = await moduleRef.init();
    dataSource = context.get(DataSource);
    execution = context.get(RunExecutionService);
    evaluator = new ScriptedEvaluator();
    context.get(CheckEvaluatorRegistry).register(evaluator);
  });

  beforeEach(() => {
    evaluator.evaluated.length = 0;
    evaluator.onEvaluate = undefined;
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
    };
    await execution.execute(run.id, executionContext());
    const done = await runOf(run.id);
    expect(done.status).toBe(RunStatus.Cancelled);
    expect(evaluator.evaluated).toHaveLength(1);
    expect(done.finishedAt).toBeInstanceOf(Date);
  });

  it('at shutdown the run goes back to `queued` and the job is handed back, nothing half-recorded', async () => {
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
    expect(await results(run.id)).toHaveLength(1);
  });

  it('an evaluator that throws gives the check `error` without leaking the internal message', async () => {
    const plan = [scripted({ behaviour: 'throw' }), scripted({ behaviour: 'app-error' }), scripted()];
    const run = await insertRun(plan);
    await execution.execute(run.id, executionContext());

    const recorded = await results(run.id);
    const byCheck = new Map(recorded.map((r) => [r.checkId, r]));
    expect(byCheck.get(plan[0].check_id)?.outcome).toBe('error');
    expect(byCheck.get(plan[0].check_id)?.detail).toEqual({ reason: 'evaluation_failed' });
    expect(JSON.stringify(recorded)).not.toContain('hunter2');
    expect(byCheck.get(plan[1].check_id)?.detail).toEqual({
      reason: 'datasource_unreachable',
      message: 'The datasource did not answer',
    });
    expect(byCheck.get(plan[2].check_id)?.outcome).toBe('pass');
    expect((await runOf(run.id)).status).toBe(RunStatus.Succeeded);
  });

  it('a job for a run that does not exist is dropped', async () => {
    await expect(execution.execute(randomUUID(), executionContext())).resolves.toBeUndefined();
  });
});
