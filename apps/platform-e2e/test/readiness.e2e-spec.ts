/**
 * /readyz follows the real dependencies: a private PostgreSQL, Redis and NATS (own ports, own data)
 * are stopped and started again under a running app, so the shared services other tests use are
 * never touched.
 */
import { GATEWAY_DOWNSTREAM_SERVICES, ServiceName } from '@dq/contracts';
import { ensureDatabase, runMigrations } from '@dq/db';
import {
  type AppProcess,
  type IsolatedEnvironment,
  type PrivateService,
  createIsolatedEnvironment,
  startApp,
  startPrivateNats,
  startPrivatePostgres,
  startPrivateRedis,
  waitFor,
} from '@dq/testing';

interface Readiness {
  status: string;
  checks?: Record<string, { status: string; error?: string }>;
}

async function readiness(app: AppProcess): Promise<{ status: number; body: Readiness }> {
  const { status, body } = await app.get('/readyz');
  return { status, body: body as Readiness };
}

describe('readiness follows PostgreSQL, Redis and NATS', () => {
  let postgres: PrivateService;
  let redis: PrivateService;
  let nats: PrivateService;
  let app: AppProcess;

  beforeAll(async () => {
    [postgres, redis, nats] = await Promise.all([
      startPrivatePostgres(),
      startPrivateRedis(),
      startPrivateNats(),
    ]);
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/dq');
    await ensureDatabase(databaseUrl);
    await runMigrations(databaseUrl);
    app = await startApp(
      'scheduler',
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        NATS_URL: nats.url,
        MESSAGING_NAMESPACE: 'dq_ready',
      },
      { waitFor: 'readyz' },
    );
  }, 120_000);

  afterAll(async () => {
    if (app?.isRunning) await app.stop();
    await Promise.all([postgres?.destroy(), redis?.destroy(), nats?.destroy()]);
  });

  it('is ready with every dependency up, and /healthz is alive', async () => {
    const ready = await readiness(app);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(Object.keys(ready.body.checks ?? {}).sort()).toEqual(['nats', 'postgres', 'redis']);
    expect((await app.get('/healthz')).status).toBe(200);
  });

  it.each([
    ['postgres', () => postgres],
    ['redis', () => redis],
    ['nats', () => nats],
  ])('turns not-ready while %s is stopped and ready again when it is back', async (name, service) => {
    await service().stop();
    const down = await waitFor(`/readyz to report ${name} down`, async () => {
      const current = await readiness(app);
      return current.status === 503 ? current : undefined;
    });
    expect(down.body.status).toBe('not_ready');
    expect(down.body.checks?.[name]?.status).toBe('down');
    // Only the stopped dependency is reported down.
    for (const [other, check] of Object.entries(down.body.checks ?? {})) {
      if (other !== name) expect(check.status).toBe('up');
    }
    // Liveness does not depend on dependencies: the process is alive, restarting it would not help.
    expect((await app.get('/healthz')).status).toBe(200);

    await service().start();
    await waitFor(
      `/readyz to recover after ${name} is back`,
      async () => (await readiness(app)).status === 200,
      {
        timeoutMs: 60_000,
        intervalMs: 250,
      },
    );
    expect(app.isRunning).toBe(true);
  });
});

describe('api-gateway readiness includes each downstream service over NATS', () => {
  let env: IsolatedEnvironment;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    env = await createIsolatedEnvironment('gateway-ready');
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await env?.cleanup();
  });

  it('is not ready while downstream services are missing, and ready once they all answer', async () => {
    const gateway = await startApp('api-gateway', env.env);
    apps.push(gateway);
    const before = await readiness(gateway);
    expect(before.status).toBe(503);
    expect(before.body.checks?.['postgres']?.status).toBe('up');
    const downstream = before.body.checks?.['downstream-services'];
    expect(downstream?.status).toBe('down');
    expect(downstream?.error).toContain(ServiceName.Runner);

    for (const name of GATEWAY_DOWNSTREAM_SERVICES) {
      apps.push(await startApp(name, env.env));
    }
    await waitFor('the gateway to be ready', async () => (await readiness(gateway)).status === 200, {
      timeoutMs: 30_000,
    });
  });
});
