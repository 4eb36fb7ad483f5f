/**
 * One run per suite at a time, through REST and MCP alike: a trigger while the suite's run is
 * `running` returns that run (200, `deduplicated: true`) and writes no second run row; a run that
 * was asked to cancel is not joined (a new run is queued); `allow_concurrent` still makes another.
 * No runner runs here: the running run is a row in the `running` state, as a runner leaves it.
 */
import { randomUUID } from 'node:crypto';
import { type TriggeredRunView } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld, McpTestClient, ScratchDatabase } from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

describe('a trigger while the suite runs', () => {
  const database = new ScratchDatabase('trigger_while_running');
  let world: GatewayWorld;
  let gateway: AppProcess;
  let mcpGateway: AppProcess;
  let api: string;
  let owner: string;
  let mcp: McpTestClient;
  let connectionId: string;

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint, amount double precision)`);
      await client.query(`INSERT INTO public.orders VALUES (1, 10), (2, 20)`);
    });
    world = await GatewayWorld.create('trigger-while-running');
    [gateway, mcpGateway] = await Promise.all([
      world.startGateway(LOOPBACK_EGRESS),
      world.startMcpGateway(LOOPBACK_EGRESS),
    ]);
    api = `${gateway.url}/api/v1`;
    owner = await world.mintToken('owner@example.test', 'member');
    const admin = await world.mintToken('admin@example.test', 'admin');
    connectionId = await database.connect(api, admin, 'orders-db');
    mcp = await McpTestClient.connect(mcpGateway.url, { token: owner });
  }, 120_000);

  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    await world?.close();
    await database.drop();
  });

  async function suite(): Promise<string> {
    const created = await call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `suite-${randomUUID()}`, connection_id: connectionId, target: 'public.orders' },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const check = { name: 'rows', kind: 'volume', config: { min_rows: 1 } };
    expect((await call(api, 'POST', `/suites/${id}/checks`, { token: owner, body: check })).status).toBe(201);
    return id;
  }

  const restTrigger = (suiteId: string, body?: unknown) =>
    call(api, 'POST', `/suites/${suiteId}/run`, { token: owner, ...(body !== undefined ? { body } : {}) });

  /** What a runner does when it claims a queued run. */
  const markRunning = (runId: string) =>
    world.db.query(
      `UPDATE runs SET status = 'running', started_at = now(), attempt = 1, worker_id = 'test-worker',
         lease_expires_at = now() + interval '10 minutes' WHERE id = $1`,
      [runId],
    );

  const runRows = async (suiteId: string): Promise<{ id: string; status: string }[]> =>
    world.db.query(`SELECT id, status FROM runs WHERE suite_id = $1 ORDER BY created_at, id`, [suiteId]);

  it('REST: returns the running run, deduplicated, and writes no second row', async () => {
    const suiteId = await suite();
    const first = await restTrigger(suiteId);
    expect(first.status).toBe(201);
    const runId = (first.body as TriggeredRunView).id;
    await markRunning(runId);

    const again = await restTrigger(suiteId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: runId, status: 'running', total_checks: 1, deduplicated: true });
    const explicit = await restTrigger(suiteId, { allow_concurrent: false });
    expect(explicit.status).toBe(200);
    expect(explicit.body).toMatchObject({ id: runId, deduplicated: true });
    expect(await runRows(suiteId)).toEqual([{ id: runId, status: 'running' }]);
  });

  it('MCP: trigger_suite_run answers the running run as REST does, and writes no second row', async () => {
    const suiteId = await suite();
    const first = await mcp.call('trigger_suite_run', { suite_id: suiteId });
    expect(first.isError).toBe(false);
    const runId = (first.body as TriggeredRunView).id;
    await markRunning(runId);

    const viaTool = await mcp.call('trigger_suite_run', { suite_id: suiteId });
    expect(viaTool.isError).toBe(false);
    expect(viaTool.body).toEqual({ id: runId, status: 'running', total_checks: 1, deduplicated: true });
    const viaRest = await restTrigger(suiteId);
    expect(viaRest.body).toEqual(viaTool.body);
    expect(await runRows(suiteId)).toEqual([{ id: runId, status: 'running' }]);
  });

  it('a run asked to cancel is not joined; allow_concurrent still makes another run', async () => {
    const suiteId = await suite();
    const runId = ((await restTrigger(suiteId)).body as TriggeredRunView).id;
    await markRunning(runId);
    const cancel = await call(api, 'POST', `/runs/${runId}/cancel`, { token: owner });
    expect(cancel.status).toBe(202);
    expect(cancel.body).toMatchObject({ id: runId, status: 'running' });

    const after = await mcp.call('trigger_suite_run', { suite_id: suiteId });
    expect(after.body).toMatchObject({ status: 'queued', deduplicated: false });
    const nextId = (after.body as TriggeredRunView).id;
    expect(nextId).not.toBe(runId);
    // The new queued run is the one later triggers join.
    const joined = await restTrigger(suiteId);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: nextId, deduplicated: true });

    const overlapping = await restTrigger(suiteId, { allow_concurrent: true });
    expect(overlapping.status).toBe(201);
    expect(overlapping.body).toMatchObject({ status: 'queued', deduplicated: false });
    expect((await runRows(suiteId)).map((row) => row.id)).toEqual([
      runId,
      nextId,
      (overlapping.body as TriggeredRunView).id,
    ]);
  });
});
