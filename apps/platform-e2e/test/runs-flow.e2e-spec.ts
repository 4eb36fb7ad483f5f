/**
 * The messaging wiring proven with the real flow of a run: the gateway's dispatch path queues a
 * BullMQ job, a runner process executes it, and the completion event reaches alerting and lineage
 * through durable JetStream consumers. Every app is a real child process; PostgreSQL, Redis and
 * NATS are the real local services, isolated per test file by database and namespace.
 */
import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { Consumers, RunStatus, RunTrigger, ServiceName, isTerminalRunStatus } from '@dq/contracts';
import { RunEntity, RunResultEntity } from '@dq/runs/entities';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { type PlannedCheck, RunDispatchService, RunLifecycleModule } from '@dq/runs';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import {
  type AppProcess,
  type IsolatedEnvironment,
  countStreamMessages,
  createIsolatedEnvironment,
  startApp,
  waitFor,
} from '@dq/testing';

const RUNNER_WITH_TEST_CHECKS = 'apps/runner/test/support/runner-with-test-checks.ts';
/** Short job locks, so a killed runner's run moves on within seconds in these tests. */
const FAST_LOCKS = { RUNS_LOCK_DURATION_MS: '3000', RUNS_STALLED_INTERVAL_MS: '1000', RUNS_CONCURRENCY: '1' };

class DispatcherConfig extends BaseServiceConfig {
  override PORT = 0;
}

/** Runs are frozen with a target; `test.sleep` checks never read it. */
const TARGET = { connection_id: randomUUID(), target: 'public.orders', time_zone: 'UTC', column_policy: {} };

function sleepChecks(count: number, ms: number): PlannedCheck[] {
  return Array.from({ length: count }, (_, index) => ({
    check_id: randomUUID(),
    kind: 'test.sleep',
    version: 1,
    definition: { ms, position: index },
  }));
}

describe('run flow: gateway -> runs queue -> runner -> JetStream -> alerting, lineage', () => {
  let env: IsolatedEnvironment;
  let gateway: INestApplicationContext;
  let dataSource: DataSource;
  let dispatcher: RunDispatchService;
  const started: AppProcess[] = [];

  async function start(
    app: Parameters<typeof startApp>[0],
    extra: Record<string, string> = {},
    entry?: string,
  ) {
    const process = await startApp(app, env.env, { env: extra, ...(entry ? { entry } : {}) });
    started.push(process);
    return process;
  }

  async function runOf(id: string): Promise<RunEntity> {
    return dataSource.getRepository(RunEntity).findOneByOrFail({ id });
  }

  async function resultsOf(runId: string): Promise<RunResultEntity[]> {
    return dataSource.getRepository(RunResultEntity).findBy({ runId });
  }

  async function consumedBy(consumer: string, eventId: string): Promise<number> {
    const rows: { count: number }[] = await dataSource.query(
      'SELECT count(*)::int AS count FROM consumed_events WHERE consumer = $1 AND event_id = $2',
      [consumer, eventId],
    );
    return rows[0].count;
  }

  async function waitForTerminal(runId: string, timeoutMs = 60_000): Promise<RunEntity> {
    return waitFor(
      `run ${runId} to end`,
      async () => {
        const run = await runOf(runId);
        return isTerminalRunStatus(run.status) ? run : undefined;
      },
      { timeoutMs, intervalMs: 200 },
    );
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('runs-flow');
    const config = loadConfig(DispatcherConfig, env.env);
    @Module({
      imports: [
        ...platformModules({ service: ServiceName.ApiGateway, config }),
        ServiceRuntimeModule.forRoot({ service: ServiceName.ApiGateway, config }),
        RunLifecycleModule,
      ],
    })
    class GatewayDispatchModule {}
    gateway = await NestFactory.createApplicationContext(GatewayDispatchModule, { logger: false });
    dataSource = gateway.get(DataSource);
    dispatcher = gateway.get(RunDispatchService);
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((app) => app.kill()));
  });

  afterAll(async () => {
    await gateway?.close();
    await env?.cleanup();
  });

  it('executes a dispatched run once and delivers its completion to alerting now and to lineage after it starts', async () => {
    await start('runner', FAST_LOCKS, RUNNER_WITH_TEST_CHECKS);
    await start('alerting');
    // lineage is down when the event is published

    const plan = sleepChecks(3, 50);
    const { run } = await dispatcher.trigger({
      suiteId: randomUUID(),
      trigger: RunTrigger.Api,
      plan,
      target: TARGET,
    });
    // Queuing the same run again (a retried request, a recovery sweep) must not run it twice.
    await dispatcher.enqueue(run.id);

    const done = await waitForTerminal(run.id);
    expect(done.status).toBe(RunStatus.Succeeded);
    expect(done.completedChecks).toBe(3);
    const results = await resultsOf(run.id);
    expect(results.map((r) => r.checkId).sort()).toEqual(plan.map((c) => c.check_id).sort());
    expect(results.every((r) => r.outcome === 'pass')).toBe(true);

    await waitFor(
      'alerting to consume the completion',
      async () => (await consumedBy(Consumers.AlertingRunCompleted.durable, run.id)) === 1,
    );
    expect(await consumedBy(Consumers.LineageRunCompleted.durable, run.id)).toBe(0);

    await start('lineage');
    await waitFor(
      'lineage to consume the completion after it started',
      async () => (await consumedBy(Consumers.LineageRunCompleted.durable, run.id)) === 1,
    );
    expect(await countStreamMessages(env, 'events.run.completed')).toBe(1);
    // The run executed once: one attempt, not two.
    expect((await runOf(run.id)).attempt).toBe(1);
  });

  it('an event published while a durable consumer is stopped is delivered once after it restarts', async () => {
    await start('runner', FAST_LOCKS, RUNNER_WITH_TEST_CHECKS);
    const lineage = await start('lineage');
    const { run: warmUp } = await dispatcher.trigger({
      suiteId: randomUUID(),
      trigger: RunTrigger.Api,
      plan: sleepChecks(1, 10),
      target: TARGET,
    });
    await waitFor(
      'lineage to consume the first completion',
      async () => (await consumedBy(Consumers.LineageRunCompleted.durable, warmUp.id)) === 1,
    );

    expect((await lineage.stop('SIGTERM')).code).toBe(0);
    const { run } = await dispatcher.trigger({
      suiteId: randomUUID(),
      trigger: RunTrigger.Api,
      plan: sleepChecks(1, 10),
      target: TARGET,
    });
    await waitForTerminal(run.id);
    expect(await consumedBy(Consumers.LineageRunCompleted.durable, run.id)).toBe(0);

    const restarted = await start('lineage');
    await waitFor(
      'the restarted lineage to consume the completion',
      async () => (await consumedBy(Consumers.LineageRunCompleted.durable, run.id)) === 1,
    );
    // Restarting again redelivers nothing new and duplicates nothing.
    await restarted.stop('SIGTERM');
    await start('lineage');
    expect(await consumedBy(Consumers.LineageRunCompleted.durable, run.id)).toBe(1);
    expect(await consumedBy(Consumers.LineageRunCompleted.durable, warmUp.id)).toBe(1);
  });

  it('a runner killed mid-run: another runner takes the job after the lock expires and the effect happens once', async () => {
    const first = await start('runner', FAST_LOCKS, RUNNER_WITH_TEST_CHECKS);
    const plan = sleepChecks(4, 1_500);
    const { run } = await dispatcher.trigger({
      suiteId: randomUUID(),
      trigger: RunTrigger.Manual,
      plan,
      target: TARGET,
    });

    await waitFor('the first runner to record a result', async () => (await resultsOf(run.id)).length >= 1, {
      timeoutMs: 30_000,
    });
    await first.kill();
    const afterKill = await resultsOf(run.id);
    expect(afterKill.length).toBeLessThan(plan.length);

    await start('runner', FAST_LOCKS, RUNNER_WITH_TEST_CHECKS);
    await start('alerting');
    const done = await waitForTerminal(run.id, 90_000);
    expect(done.status).toBe(RunStatus.Succeeded);

    const results = await resultsOf(run.id);
    expect(results).toHaveLength(plan.length);
    expect(new Set(results.map((r) => r.checkId)).size).toBe(plan.length);
    // Results recorded before the kill were kept, not re-evaluated.
    for (const before of afterKill) {
      expect(results.find((r) => r.checkId === before.checkId)?.id).toBe(before.id);
    }
    expect(done.attempt).toBeGreaterThanOrEqual(2);
    await waitFor(
      'alerting to consume the completion',
      async () => (await consumedBy(Consumers.AlertingRunCompleted.durable, run.id)) === 1,
    );
    expect(await countStreamMessages(env, 'events.run.completed')).toBe(4); // this run + the earlier tests' three
  });

  it('SIGTERM during a run hands it back: the runner exits cleanly and another runner completes it', async () => {
    const first = await start('runner', FAST_LOCKS, RUNNER_WITH_TEST_CHECKS);
    const plan = sleepChecks(3, 2_000);
    const { run } = await dispatcher.trigger({
      suiteId: randomUUID(),
      trigger: RunTrigger.Manual,
      plan,
      target: TARGET,
    });

    await waitFor('the run to start', async () => (await runOf(run.id)).status === RunStatus.Running, {
      timeoutMs: 30_000,
    });
    const exit = await first.stop('SIGTERM');
    expect(exit.code).toBe(0);

    const handedBack = await runOf(run.id);
    expect(handedBack.status).toBe(RunStatus.Queued);
    expect(handedBack.workerId).toBeNull();
    const recordedAtShutdown = (await resultsOf(run.id)).length;
    expect(recordedAtShutdown).toBeLessThan(plan.length);

    await start('runner', FAST_LOCKS, RUNNER_WITH_TEST_CHECKS);
    const done = await waitForTerminal(run.id, 60_000);
    expect(done.status).toBe(RunStatus.Succeeded);
    expect(await resultsOf(run.id)).toHaveLength(plan.length);
  });

  it('a run frozen without a target ends each check `error`, and the run still succeeds with every outcome recorded', async () => {
    await start('runner', FAST_LOCKS);
    const plan: PlannedCheck[] = [
      { check_id: randomUUID(), kind: 'no.such.kind', version: 1, definition: {} },
    ];
    const { run } = await dispatcher.trigger({ suiteId: randomUUID(), trigger: RunTrigger.Api, plan });
    const done = await waitForTerminal(run.id);
    expect(done.status).toBe(RunStatus.Succeeded);
    const [result] = await resultsOf(run.id);
    expect(result?.outcome).toBe('error');
    expect(result?.detail).toMatchObject({ reason: 'no_target' });
  });
});
