/**
 * Redis or NATS restarted while a run works loses nothing: the run in flight ends `succeeded` with
 * each result recorded once, a run that was only queued (its job gone with a Redis that keeps
 * nothing on disk) is queued again by the scheduler and runs, and the completion event of a run
 * that finished around a NATS restart is on the stream. Private Redis and NATS instances, so the
 * restarts disturb no other test.
 */
import { randomUUID } from 'node:crypto';
import { Events, type RunProgressView } from '@dq/contracts';
import {
  call,
  GatewayWorld,
  lastStreamMessage,
  pollUntil,
  type PrivateService,
  ScratchDatabase,
  startApp,
  startPrivateNats,
  startPrivateRedis,
  TERMINAL_RUN_STATES,
} from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

describe('Redis or NATS restarted during a run', () => {
  let world: GatewayWorld;
  let redis: PrivateService;
  let nats: PrivateService;
  let api: string;
  let owner: string;
  let slowSuite: string;
  let fastSuite: string;
  const database = new ScratchDatabase('restart');

  const progress = async (runId: string): Promise<RunProgressView> =>
    (await call(api, 'GET', `/runs/${runId}/progress`, { token: owner })).body as RunProgressView;

  const sleepingStatements = () => database.sleepingStatements(world.db);

  async function expectEachResultOnce(runId: string, checks: number): Promise<void> {
    const rows = await world.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM run_results WHERE run_id = $1 GROUP BY check_id`,
      [runId],
    );
    expect(rows).toHaveLength(checks);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  }

  async function trigger(suiteId: string): Promise<string> {
    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, { token: owner });
    expect(triggered.status).toBe(201);
    return (triggered.body as { id: string }).id;
  }

  const ended = (runId: string) =>
    pollUntil(
      () => progress(runId),
      (p) => TERMINAL_RUN_STATES.includes(p.status),
      `run ${runId} to end`,
      90_000,
    );

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint, amount double precision)`);
      await client.query(`INSERT INTO public.orders VALUES (1, 10), (2, 20), (3, -5)`);
      await client.query(
        `CREATE VIEW public.slow_orders AS SELECT o.* FROM public.orders o, LATERAL (SELECT pg_sleep(6)) s`,
      );
    });

    [redis, nats] = await Promise.all([startPrivateRedis(), startPrivateNats()]);
    world = await GatewayWorld.create('dependency-restart');
    const services = { REDIS_URL: redis.url, NATS_URL: nats.url };
    const gateway = await world.startGateway({
      ...LOOPBACK_EGRESS,
      ...services,
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
    });
    api = `${gateway.url}/api/v1`;
    // One run at a time, so a second trigger stays queued while the first works.
    await world.startRunner({ ...LOOPBACK_EGRESS, ...services, RUNS_CONCURRENCY: '1' });
    world.runners.push(
      await startApp('scheduler', {
        ...world.env.env,
        ...services,
        RUN_REQUEUE_INTERVAL_MS: '1000',
        RUN_REQUEUE_AFTER_MS: '2000',
      }),
    );
    owner = await world.mintToken('owner@example.test', 'member');
    const admin = await world.mintToken('admin@example.test', 'admin');
    const connectionId = await database.connect(api, admin, 'orders-db');
    const suite = async (target: string): Promise<string> => {
      const created = await call(api, 'POST', '/suites', {
        token: owner,
        body: {
          name: `suite-${randomUUID()}`,
          connection_id: connectionId,
          target,
        },
      });
      expect(created.status).toBe(201);
      const id = (created.body as { id: string }).id;
      const check = await call(api, 'POST', `/suites/${id}/checks`, {
        token: owner,
        body: {
          name: 'amount positive',
          kind: 'expectation',
          config: {
            expectation_type: 'expect_column_values_to_be_between',
            kwargs: { column: 'amount', min_value: 0 },
          },
        },
      });
      expect(check.status).toBe(201);
      return id;
    };
    slowSuite = await suite('public.slow_orders');
    fastSuite = await suite('public.orders');
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await Promise.all([redis?.destroy(), nats?.destroy()]);
    await database.drop();
  });

  it('Redis: the running run completes, the queued run whose job was lost is queued again and runs', async () => {
    const running = await trigger(slowSuite);
    await pollUntil(sleepingStatements, (n) => n > 0, 'the slow statement to start');
    const queued = await trigger(fastSuite);
    expect((await progress(queued)).status).toBe('queued');

    // Restarted without persistence: every job and lock is gone.
    await redis.stop();
    await redis.start();

    const first = await ended(running);
    expect(first.status).toBe('succeeded');
    await expectEachResultOnce(running, 1);
    const second = await ended(queued);
    expect(second.status).toBe('succeeded');
    await expectEachResultOnce(queued, 1);
    // It ran because the scheduler queued it again, not by chance.
    expect(world.output()).toContain('queued runs had no live job');
  });

  it('NATS: the run completes and its completion event is on the stream', async () => {
    const running = await trigger(slowSuite);
    await pollUntil(sleepingStatements, (n) => n > 0, 'the slow statement to start');

    await nats.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await nats.start();

    const run = await ended(running);
    expect(run.status).toBe('succeeded');
    await expectEachResultOnce(running, 1);
    const event = await pollUntil(
      () =>
        lastStreamMessage({ natsUrl: nats.url, namespace: world.env.namespace }, Events.RunCompleted.subject),
      (message) => message['run_id'] === running,
      'the completion event',
      30_000,
    );
    expect(event).toMatchObject({ run_id: running, status: 'succeeded' });
  });
});
