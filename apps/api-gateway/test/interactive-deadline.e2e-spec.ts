/**
 * Interactive work past the deadline, end to end with a small INTERACTIVE_DEADLINE_MS: a dry run
 * and a profile on the real PostgreSQL answer 504 `datasource_timeout` (REST and the MCP tool
 * alike) soon after the deadline, and the statement no longer runs at the server afterwards.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type AppProcess, call, GatewayWorld, McpTestClient } from '@dq/testing';

const DEADLINE = { INTERACTIVE_DEADLINE_MS: '1500' };
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
/** Reads a hundred billion rows and keeps none: minutes of work. */
const ENDLESS_SQL =
  'SELECT a.n FROM generate_series(1, 100000000) AS a(n) CROSS JOIN generate_series(1, 1000) AS b(m) WHERE a.n + b.m < 0';

interface ErrorBody {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

describe('interactive work past its deadline answers 504 datasource_timeout', () => {
  const database = `deadline_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let world: GatewayWorld;
  let gateway: AppProcess;
  let mcp: AppProcess;
  let api: string;
  let token: string;
  let suiteId: string;
  let endlessSuiteId: string;
  let admin: Client;

  /** Statements still running at the server in the test database. */
  async function running(): Promise<string[]> {
    const { rows } = await admin.query<{ query: string }>(
      "SELECT query FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()",
      [database],
    );
    return rows.map(({ query }) => query);
  }

  async function noneRunningSoon(): Promise<string[]> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const left = await running();
      if (left.length === 0) return left;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return running();
  }

  function expectTimeout(status: number, body: unknown): void {
    expect(status).toBe(504);
    const { error } = body as ErrorBody;
    expect(error.code).toBe('datasource_timeout');
    expect(error.detail).toMatchObject({ deadline_seconds: 1.5 });
  }

  beforeAll(async () => {
    admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    await client.query(`CREATE TABLE public.orders (order_id bigint, amount numeric);
      INSERT INTO public.orders VALUES (1, 10), (2, 20);
      CREATE VIEW public.endless AS
        SELECT a.n FROM generate_series(1, 100000000) AS a(n) CROSS JOIN generate_series(1, 1000) AS b(m);`);
    await client.end();

    world = await GatewayWorld.create('interactive-deadline');
    [gateway, mcp] = await Promise.all([
      world.startGateway({ ...LOOPBACK, ...DEADLINE }),
      world.startMcpGateway({ ...LOOPBACK, ...DEADLINE }),
      world.startRunner({ ...LOOPBACK, ...DEADLINE }),
    ]);
    api = `${gateway.url}/api/v1`;
    token = await world.mintToken('admin@example.test', 'admin');
    const connection = await call(api, 'POST', '/connections', {
      token,
      body: {
        name: 'pg',
        kind: 'postgres',
        config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
        credential: { password: 'unused-with-trust' },
      },
    });
    expect(connection.status).toBe(201);
    const connectionId = (connection.body as { id: string }).id;
    for (const [name, target] of [
      ['orders', 'public.orders'],
      ['endless', 'public.endless'],
    ] as const) {
      const suite = await call(api, 'POST', '/suites', {
        token,
        body: { name, connection_id: connectionId, target },
      });
      expect(suite.status).toBe(201);
      if (name === 'orders') suiteId = (suite.body as { id: string }).id;
      else endlessSuiteId = (suite.body as { id: string }).id;
    }
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  it('REST: a dry run past the deadline is 504, answered soon after it, and the statement is cancelled', async () => {
    const started = Date.now();
    const response = await call(api, 'POST', `/suites/${suiteId}/checks/dryrun`, {
      token,
      body: { name: 'endless', kind: 'custom_sql', config: { sql: ENDLESS_SQL } },
    });
    expect(Date.now() - started).toBeLessThan(1500 + 5000);
    expectTimeout(response.status, response.body);
    expect(await noneRunningSoon()).toEqual([]);
  });

  it('REST: a profile past the deadline is the same 504', async () => {
    const response = await call(api, 'POST', `/suites/${endlessSuiteId}/profile`, { token, body: {} });
    expectTimeout(response.status, response.body);
    expect(await noneRunningSoon()).toEqual([]);
  });

  it('MCP: the dry-run tool answers the same envelope', async () => {
    const client = await McpTestClient.connect(mcp.url, { token });
    try {
      const answer = await client.call('dry_run_check', {
        suite_id: suiteId,
        name: 'endless',
        kind: 'custom_sql',
        config: { sql: ENDLESS_SQL },
      });
      expect(answer.isError).toBe(true);
      const failure = answer.body as { status?: number } & ErrorBody;
      expectTimeout(failure.status ?? -1, failure);
    } finally {
      await client.close();
    }
    expect(await noneRunningSoon()).toEqual([]);
  });

  it('work inside the deadline still answers', async () => {
    const response = await call(api, 'POST', `/suites/${suiteId}/checks/dryrun`, {
      token,
      body: {
        name: 'none',
        kind: 'custom_sql',
        config: { sql: 'SELECT order_id FROM public.orders WHERE false' },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'pass' });
  });
});
