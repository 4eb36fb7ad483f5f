/**
 * Redis or NATS restarted while a run works loses nothing: the run in flight ends `succeeded` with
 * each result recorded once, a run that was only queued (its job gone with a Redis that keeps
 * nothing on disk) is queued again by the scheduler and runs, and the completion event of a run
 * that finished around a NATS restart is on the stream. Private Redis and NATS instances, so the
 * restarts disturb no other test.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Events, type RunProgressView } from '@dq/contracts';
import {
  type PrivateService,
  lastStreamMessage,
  startApp,
  startPrivateNats,
  startPrivateRedis,
} from '@dq/testing';
import { GatewayWorld, call } from './support/gateway-world';

const TERMINAL = ['succeeded', 'failed', 'cancelled'];

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined as T);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('Redis or NATS restarted during a run', () => {
  let world: GatewayWorld;
  let redis: PrivateService;
  let nats: PrivateService;
  let api: string;
  let owner: string;
  let slowSuite: string;
  let fastSuite: string;
  const database = `restart_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  const progress = async (runId: string): Promise<RunProgressView> =>
    (await call(api, 'GET', `/runs/${runId}/progress`, { token: owner })).body as RunProgressView;

  async function sleepingStatements(): Promise<number> {
    const [row] = await world.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = $1 AND state = 'active' AND wait_event = 'PgSleep'`,
      [database],
    );
    return row.n;
  }

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
    waitFor(
      () => progress(runId),
      (p) => TERMINAL.includes(p.status),
      `run ${runId} to end`,
      90_000,
    );

  beforeAll(async () => {
    const root = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await root.connect();
    await root.query(`CREATE DATABASE ${database}`);
    await root.end();
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    await client.query(`CREATE TABLE public.orders (order_id bigint, amount double precision)`);
    await client.query(`INSERT INTO public.orders VALUES (1, 10), (2, 20), (3, -5)`);
    await client.query(
      `CREATE VIEW public.slow_orders AS SELECT o.* FROM public.orders o, LATERAL (SELECT pg_sleep(6)) s`,
    );
    await client.end();

    [redis, nats] = await Promise.all([startPrivateRedis(), startPrivateNats()]);
    world = await GatewayWorld.create('dependency-restart');
    const services = { REDIS_URL: redis.url, NATS_URL: nats.url };
    const gateway = await world.startGateway({ ...services, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    api = `${gateway.url}/api/v1`;
    // One run at a time, so a second trigger stays queued while the first works.
    await world.startRunner({ ...services, RUNS_CONCURRENCY: '1' });
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
    const connection = await call(api, 'POST', '/connections', {
      token: admin,
      body: {
        name: 'orders-db',
        kind: 'postgres',
        config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
        credential: { password: 'unused-with-trust' },
      },
    });
    expect(connection.status).toBe(201);
    const suite = async (target: string): Promise<string> => {
      const created = await call(api, 'POST', '/suites', {
        token: owner,
        body: {
          name: `suite-${randomUUID()}`,
          connection_id: (connection.body as { id: string }).id,
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
    const root = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await root.connect();
    await root.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await root.end();
  });

  it('Redis: the running run completes, the queued run whose job was lost is queued again and runs', async () => {
    const running = await trigger(slowSuite);
    await waitFor(sleepingStatements, (n) => n > 0, 'the slow statement to start');
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
    await waitFor(sleepingStatements, (n) => n > 0, 'the slow statement to start');

    await nats.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await nats.start();

    const run = await ended(running);
    expect(run.status).toBe('succeeded');
    await expectEachResultOnce(running, 1);
    const event = await waitFor(
      () =>
        lastStreamMessage({ natsUrl: nats.url, namespace: world.env.namespace }, Events.RunCompleted.subject),
      (message) => message['run_id'] === running,
      'the completion event',
      30_000,
    );
    expect(event).toMatchObject({ run_id: running, status: 'succeeded' });
  });
});
