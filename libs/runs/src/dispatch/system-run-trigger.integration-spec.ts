import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { Jobs, RunStatus, RunTrigger, ServiceName } from '@dq/contracts';
import { QueueRegistry } from '@dq/messaging';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { insertSuites } from '../../test/suite-rows';
import { RunEntity } from '../entities';
import { RunDispatchService } from './run-dispatch.service';
import { SystemRunTrigger } from './system-run-trigger.service';
import { SystemRunsModule } from './system-runs.module';

class SystemTriggerTestConfig extends BaseServiceConfig {
  override PORT = 0;
}

describe('SystemRunTrigger', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let system: SystemRunTrigger;
  const queue = () => context.get(QueueRegistry).queue(Jobs.ExecuteRun.queue);

  beforeAll(async () => {
    env = await createIsolatedEnvironment('system-run-trigger');
    const config = loadConfig(SystemTriggerTestConfig, env.env);
    const service = ServiceName.Scheduler;
    const moduleRef = await Test.createTestingModule({
      imports: [
        ...platformModules({ service, config }),
        ServiceRuntimeModule.forRoot({ service, config }),
        SystemRunsModule,
      ],
    }).compile();
    context = await moduleRef.init();
    dataSource = context.get(DataSource);
    system = context.get(SystemRunTrigger);
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  const runsOf = (suiteIds: string[]) =>
    dataSource.query<
      { id: string; suite_id: string; trigger: string; status: string; total_checks: number }[]
    >(`SELECT id, suite_id, trigger, status, total_checks FROM runs WHERE suite_id = ANY($1::uuid[])`, [
      suiteIds,
    ]);

  it('queues one run per suite with its enabled checks, and a job whose id is the run id', async () => {
    const suites = await insertSuites(dataSource, 3, { enabledChecks: 2, disabledChecks: 1 });
    const outcomes = await system.triggerMany(
      suites.map((suiteId) => ({ suiteId, trigger: RunTrigger.Schedule })),
    );

    expect(outcomes.map((outcome) => outcome.suiteId)).toEqual(suites);
    const runs = await runsOf(suites);
    expect(runs).toHaveLength(3);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 'triggered', deduplicated: false });
      const run = runs.find((row) => row.suite_id === outcome.suiteId);
      expect(run).toMatchObject({ trigger: RunTrigger.Schedule, status: RunStatus.Queued, total_checks: 2 });
      if (outcome.status === 'triggered') {
        expect(run?.id).toBe(outcome.runId);
        expect(await queue().getJobState(outcome.runId)).toBe('waiting');
      }
    }
    const [run] = await dataSource.getRepository(RunEntity).findBy({ suiteId: suites[0] });
    expect(run?.plan.map((item) => item.kind)).toEqual(['row_count', 'row_count']);
    expect(run?.target).toMatchObject({ target: 'public.t' });
  });

  it('joins the run a suite already has queued, from any trigger, and queues no second job', async () => {
    const [suiteId] = await insertSuites(dataSource, 1);
    const { run: apiRun } = await context.get(RunDispatchService).trigger({
      suiteId: suiteId,
      trigger: RunTrigger.Api,
      plan: [],
    });
    const waitingBefore = (await queue().getJobCounts('waiting')).waiting;

    const joined = await system.trigger({ suiteId: suiteId, trigger: RunTrigger.Pipeline });
    const again = await system.triggerMany([
      { suiteId: suiteId, trigger: RunTrigger.Schedule },
      { suiteId: suiteId, trigger: RunTrigger.Pipeline },
    ]);

    expect(joined).toEqual({ suiteId, status: 'triggered', runId: apiRun.id, deduplicated: true });
    expect(again).toEqual([joined, joined]);
    expect(await runsOf([suiteId])).toHaveLength(1);
    expect((await queue().getJobCounts('waiting')).waiting).toBe(waitingBefore);
  });

  it('a suite asked twice in one batch gets one run, joined by the second request', async () => {
    const [suiteId] = await insertSuites(dataSource, 1);
    const [first, second] = await system.triggerMany([
      { suiteId: suiteId, trigger: RunTrigger.Schedule },
      { suiteId: suiteId, trigger: RunTrigger.Pipeline },
    ]);
    expect(first).toMatchObject({ status: 'triggered', deduplicated: false });
    expect(second).toMatchObject({ status: 'triggered', deduplicated: true });
    expect(
      first?.status === 'triggered' && second?.status === 'triggered' && first.runId === second.runId,
    ).toBe(true);
    expect(await runsOf([suiteId])).toEqual([expect.objectContaining({ trigger: RunTrigger.Schedule })]);
  });

  it('skips a deleted suite and a suite without enabled checks: no run, no job', async () => {
    const [empty] = await insertSuites(dataSource, 1, { enabledChecks: 0, disabledChecks: 2 });
    const gone = randomUUID();
    const jobsBefore = await queue().count();

    const outcomes = await system.triggerMany([
      { suiteId: empty, trigger: RunTrigger.Schedule },
      { suiteId: gone, trigger: RunTrigger.Pipeline },
      { suiteId: 'not-a-uuid', trigger: RunTrigger.Pipeline },
    ]);

    expect(outcomes).toEqual([
      { suiteId: empty, status: 'skipped', reason: 'no_enabled_checks' },
      { suiteId: gone, status: 'skipped', reason: 'suite_not_found' },
      { suiteId: 'not-a-uuid', status: 'skipped', reason: 'suite_not_found' },
    ]);
    expect(await runsOf([empty, gone])).toEqual([]);
    expect(await queue().count()).toBe(jobsBefore);
  });

  it('overlapping batches and API triggers at once: still one run per suite, no deadlock', async () => {
    const suites = await insertSuites(dataSource, 40);
    const shuffled = (): string[] => [...suites].sort(() => Math.random() - 0.5);
    await Promise.all([
      ...Array.from({ length: 6 }, () =>
        system.triggerMany(shuffled().map((suiteId) => ({ suiteId, trigger: RunTrigger.Schedule }))),
      ),
      ...suites
        .slice(0, 10)
        .map((suiteId) =>
          context.get(RunDispatchService).trigger({ suiteId, trigger: RunTrigger.Api, plan: [] }),
        ),
    ]);
    const runs = await runsOf(suites);
    expect(runs).toHaveLength(40);
    expect(new Set(runs.map((run) => run.suite_id)).size).toBe(40);
    for (const run of runs) expect(await queue().getJobState(run.id)).toBe('waiting');
  });
});
