/**
 * API fuzzing: Schemathesis runs every operation of the served OpenAPI document against a real
 * gateway and runner, once as an admin, a member and a viewer, with its stateful phase following
 * the document's links. The bar: no 5xx, no status the operation does not document, no body or
 * content type the document does not describe. The bounds and the checks live in
 * fuzzing/schemathesis.toml.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { type WorkspaceRole } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld, peersBin, startApp, waitFor } from '@dq/testing';

const run = promisify(execFile);
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const CONFIG = path.join(__dirname, 'fuzzing/schemathesis.toml');
/** The services the gateway's readiness pings besides the runner: all up, /readyz is fuzzed at 200. */
const DOWNSTREAM_APPS = ['scheduler', 'orchestration-observer', 'lineage', 'alerting', 'llm-worker'] as const;
/** Five apps boot at once on a small machine. */
const BOOT_TIMEOUT_MS = 120_000;
/** One role's run; the configured bounds keep it far below this. */
const RUN_TIMEOUT_MS = 240_000;

interface FuzzRun {
  exitCode: number;
  output: string;
}

describe('API fuzzing (Schemathesis, per role)', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let reportDir: string;
  const downstream: AppProcess[] = [];
  const tokens = {} as Record<WorkspaceRole, string>;

  async function created(token: string, pathname: string, body: unknown): Promise<string> {
    const result = await call(`${gateway.url}/api/v1`, 'POST', pathname, { token, body });
    expect(`${pathname} ${result.status}`).toBe(`${pathname} 201`);
    return (result.body as { id: string }).id;
  }

  /** Schemathesis against the served document with `token`; its exit code and its report. */
  async function fuzz(role: WorkspaceRole): Promise<FuzzRun> {
    const schemathesis = await peersBin('schemathesis');
    const args = [
      '--config-file',
      CONFIG,
      'run',
      `${gateway.url}/api/v1/openapi.json`,
      '--no-color',
      '--report',
      'junit',
      '--report-dir',
      path.join(reportDir, role),
    ];
    const env = {
      PATH: process.env['PATH'] ?? '',
      HOME: reportDir,
      DQ_FUZZ_BASE_URL: gateway.url,
      DQ_FUZZ_TOKEN: tokens[role],
    };
    try {
      const { stdout, stderr } = await run(schemathesis, args, {
        env,
        cwd: reportDir,
        maxBuffer: 64 * 1024 * 1024,
        timeout: RUN_TIMEOUT_MS,
      });
      return { exitCode: 0, output: `${stdout}${stderr}` };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return {
        exitCode: typeof failed.code === 'number' ? failed.code : -1,
        output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
      };
    }
  }

  beforeAll(async () => {
    reportDir = await mkdtemp(path.join(tmpdir(), 'dq-fuzz-'));
    world = await GatewayWorld.create('api-fuzzing');
    [gateway] = await Promise.all([
      world.startGateway({
        ...LOOPBACK,
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
        RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '100000',
      }),
      world.startRunner(LOOPBACK),
    ]);
    // After the two the world waits on, so their boots do not compete with five more.
    await Promise.all(
      DOWNSTREAM_APPS.map(async (app) => {
        downstream.push(await startApp(app, world.gatewayEnv(LOOPBACK), { timeoutMs: BOOT_TIMEOUT_MS }));
      }),
    );
    await waitFor('the gateway to be ready', async () => (await gateway.get('/readyz')).status === 200, {
      timeoutMs: BOOT_TIMEOUT_MS,
    });
    for (const role of ['admin', 'member', 'viewer'] as const)
      tokens[role] = await world.mintToken(`fuzz-${role}@example.test`, role);

    // A real table on the loopback PostgreSQL, in this world's own database, for the connection.
    const database = new URL(world.env.databaseUrl).pathname.slice(1);
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    await client.query(
      `CREATE TABLE public.fuzz_orders (order_id bigint PRIMARY KEY, customer text, amount numeric(10,2));
       INSERT INTO public.fuzz_orders VALUES (1, 'a', 10.5), (2, 'b', 20), (3, NULL, 7.25)`,
    );
    await client.end();

    // Ids for the operations that take one: a connection, a suite, checks and a finished run.
    const connectionId = await created(tokens.admin, '/connections', {
      name: 'fuzz-orders',
      kind: 'postgres',
      config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
      credential: { password: 'fuzz-secret-password' },
    });
    const suiteId = await created(tokens.member, '/suites', {
      name: 'fuzz-orders-suite',
      connection_id: connectionId,
      target: 'public.fuzz_orders',
    });
    await created(tokens.member, `/suites/${suiteId}/checks`, {
      name: 'order id not null',
      kind: 'expectation',
      config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'order_id' } },
    });
    await created(tokens.member, `/suites/${suiteId}/checks`, {
      name: 'row count',
      kind: 'anomaly',
      config: { metric: 'row_count' },
    });
    const triggered = await call(`${gateway.url}/api/v1`, 'POST', `/suites/${suiteId}/run`, {
      token: tokens.member,
    });
    expect([200, 201]).toContain(triggered.status);
    const runId = (triggered.body as { id: string }).id;
    await waitFor('the run to finish', async () => {
      const detail = await call(`${gateway.url}/api/v1`, 'GET', `/runs/${runId}`, { token: tokens.member });
      return (detail.body as { finished_at: string | null }).finished_at !== null;
    });
  }, BOOT_TIMEOUT_MS + 120_000);

  afterAll(async () => {
    await Promise.all(downstream.map((app) => app.stop()));
    await world?.close();
    if (reportDir) await rm(reportDir, { recursive: true, force: true });
  });

  it.each(['admin', 'member', 'viewer'] as const)(
    'as %s: no server error and no response the document does not describe',
    async (role) => {
      const result = await fuzz(role);
      // Every finding, as Schemathesis prints it, is the failure message.
      if (result.exitCode !== 0)
        throw new Error(`Schemathesis as ${role} exited ${result.exitCode}:\n${result.output}`);
      // Every phase ran, and the stateful one followed links (a create, then its id used).
      for (const phase of ['Coverage', 'Fuzzing', 'Stateful'])
        expect(`${role}: ${new RegExp(`✅\\s+${phase} \\(in`).test(result.output)}`).toBe(`${role}: true`);
      expect(result.output).toMatch(/API Links:\s+[1-9]\d* covered/);
    },
    RUN_TIMEOUT_MS + 30_000,
  );
});
