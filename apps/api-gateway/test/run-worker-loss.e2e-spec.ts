/**
 * A runner killed mid-run (SIGKILL, as a crash or an OOM kill): docs/decisions/0017 says the run resumes or
 * ends `failed` with reason `worker_lost` within 60 s, and results are keyed by (run, check), never
 * two. With another runner alive the job is redelivered and the run resumes there; with none, the
 * scheduler's worker-loss sweep ends it once its lease lapses.
 */
import { type RunProgressView } from '@dq/contracts';
import { call, GatewayWorld, pollUntil, ScratchDatabase, startApp, TERMINAL_RUN_STATES } from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

/** Quick redelivery, so a resumed run does not wait out the default 30 s job lock. */
const QUICK_STALL = { RUNS_LOCK_DURATION_MS: '4000', RUNS_STALLED_INTERVAL_MS: '1000' };

describe('a runner killed mid-run', () => {
  let world: GatewayWorld;
  let api: string;
  let owner: string;
  let suiteId: string;
  const database = new ScratchDatabase('worker_loss');

  const progress = async (runId: string): Promise<RunProgressView> =>
    (await call(api, 'GET', `/runs/${runId}/progress`, { token: owner })).body as RunProgressView;

  const sleepingStatements = () => database.sleepingStatements(world.db);

  async function resultsOf(runId: string): Promise<{ check_id: string; n: number }[]> {
    return world.db.query(
      `SELECT check_id, count(*)::int AS n FROM run_results WHERE run_id = $1 GROUP BY check_id`,
      [runId],
    );
  }

  async function triggerAndWaitForStatement(): Promise<string> {
    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, { token: owner });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    await pollUntil(sleepingStatements, (n) => n > 0, 'the slow statement to start');
    expect((await progress(runId)).status).toBe('running');
    return runId;
  }

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint, amount double precision)`);
      await client.query(`INSERT INTO public.orders VALUES (1, 10), (2, 20), (3, -5)`);
      // Each statement over the view sleeps 8 s first: long enough to kill a runner inside it.
      await client.query(
        `CREATE VIEW public.slow_orders AS SELECT o.* FROM public.orders o, LATERAL (SELECT pg_sleep(8)) s`,
      );
    });

    world = await GatewayWorld.create('worker-loss');
    const gateway = await world.startGateway({
      ...LOOPBACK_EGRESS,
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
    });
    api = `${gateway.url}/api/v1`;
    // The scheduler runs the worker-loss sweep.
    world.runners.push(await startApp('scheduler', world.env.env));
    owner = await world.mintToken('owner@example.test', 'member');
    const admin = await world.mintToken('admin@example.test', 'admin');
    const connectionId = await database.connect(api, admin, 'orders-db');
    const suite = await call(api, 'POST', '/suites', {
      token: owner,
      body: {
        name: 'slow orders',
        connection_id: connectionId,
        target: 'public.slow_orders',
      },
    });
    expect(suite.status).toBe(201);
    suiteId = (suite.body as { id: string }).id;
    for (const check of [
      {
        name: 'order id present',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'order_id' } },
      },
      {
        name: 'amount positive',
        kind: 'expectation',
        config: {
          expectation_type: 'expect_column_values_to_be_between',
          kwargs: { column: 'amount', min_value: 0 },
        },
      },
    ]) {
      expect(
        (await call(api, 'POST', `/suites/${suiteId}/checks`, { token: owner, body: check })).status,
      ).toBe(201);
    }
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await database.drop();
  });

  it('resumes on another runner: the run succeeds, each check recorded once', async () => {
    const first = await startApp('runner', { ...world.env.env, ...LOOPBACK_EGRESS, ...QUICK_STALL });
    world.runners.push(first);
    const runId = await triggerAndWaitForStatement();

    const killedAt = Date.now();
    await first.kill();
    const second = await startApp('runner', { ...world.env.env, ...LOOPBACK_EGRESS, ...QUICK_STALL });
    world.runners.push(second);

    const ended = await pollUntil(
      () => progress(runId),
      (p) => TERMINAL_RUN_STATES.includes(p.status),
      'the resumed run to end',
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(ended.status).toBe('succeeded');
    const results = await resultsOf(runId);
    expect(results).toHaveLength(2);
    expect(results.every((result) => result.n === 1)).toBe(true);
    const [row] = await world.db.query<{ attempt: number }[]>('SELECT attempt FROM runs WHERE id = $1', [
      runId,
    ]);
    expect(row.attempt).toBeGreaterThanOrEqual(2);
    await second.stop();
  });

  it('with no runner left, ends `failed` with reason worker_lost within 60 s, recording nothing twice', async () => {
    const only = await startApp('runner', { ...world.env.env, ...LOOPBACK_EGRESS, ...QUICK_STALL });
    world.runners.push(only);
    const runId = await triggerAndWaitForStatement();

    const killedAt = Date.now();
    await only.kill();
    const ended = await pollUntil(
      () => call(api, 'GET', `/runs/${runId}`, { token: owner }),
      (read) => TERMINAL_RUN_STATES.includes((read.body as { status: string }).status),
      'the lost run to end',
      70_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(ended.body).toMatchObject({ status: 'failed', reason: 'worker_lost' });
    const results = await resultsOf(runId);
    expect(results.every((result) => result.n === 1)).toBe(true);
    // The suite is free again: the next trigger is a new run, not the lost one.
    const next = await call(api, 'POST', `/suites/${suiteId}/run`, { token: owner });
    expect(next.status).toBe(201);
    expect((next.body as { id: string }).id).not.toBe(runId);
  });
});
