/**
 * `get_secret_sweep` and `run_secret_sweep` through MCP, over real HTTP with the SDK's client,
 * against `GET /admin/secret-sweep` and `POST /admin/secret-sweep/run`: `never_run` alike before any
 * sweep, the run's report (a planted orphan by id, nothing deleted, no sealed material) readable on
 * both surfaces, the MCP run audited like REST's, and members and viewers refused as REST refuses
 * them (403) without a run or a record.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SecretSweepAuditAction, type SecretSweepReport } from '@dq/contracts';
import { type AppProcess, call, type GatewayWorld, McpTestClient } from '@dq/testing';
import { startGatewayPair } from './support/shared-suite-world';

const ROLES = ['admin', 'member', 'viewer'] as const;
type Role = (typeof ROLES)[number];

describe('MCP secret sweep tools answer as REST does', () => {
  let world: GatewayWorld;
  let api: string;
  let mcp: AppProcess;
  const tokens = {} as Record<Role, string>;
  const clients = {} as Record<Role, McpTestClient>;

  const sweepRuns = (): Promise<{ actor_user_id: string }[]> =>
    world.db.query(`SELECT actor_user_id FROM audit_events WHERE action = $1 ORDER BY occurred_at, id`, [
      SecretSweepAuditAction.Run,
    ]);

  beforeAll(async () => {
    ({ world, api, mcp } = await startGatewayPair('mcp-secret-sweep'));
    for (const role of ROLES) {
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
      clients[role] = await McpTestClient.connect(mcp.url, { token: tokens[role] });
    }
  }, 120_000);

  afterAll(async () => {
    for (const client of Object.values(clients)) await client.close();
    await world?.close();
  });

  it('lists both tools in the admin toolset; a read-only assistant sees neither', async () => {
    const tools = await clients.admin.tools();
    const sweepTools = tools.filter((tool) => tool.name.endsWith('_secret_sweep'));
    expect(sweepTools.map((tool) => [tool.name, tool.annotations?.readOnlyHint]).sort()).toEqual([
      ['get_secret_sweep', true],
      ['run_secret_sweep', false],
    ]);
    const readOnly = await McpTestClient.connect(mcp.url, {
      token: tokens.admin,
      headers: { 'X-MCP-Toolsets': 'read' },
    });
    const names = (await readOnly.tools()).map((tool) => tool.name);
    await readOnly.close();
    expect(names).not.toContain('get_secret_sweep');
    expect(names).not.toContain('run_secret_sweep');
  });

  it('refuses members and viewers with REST 403, and runs nothing for them', async () => {
    for (const role of ['member', 'viewer'] as const) {
      for (const [name, method, path] of [
        ['get_secret_sweep', 'GET', '/admin/secret-sweep'],
        ['run_secret_sweep', 'POST', '/admin/secret-sweep/run'],
      ] as const) {
        const restAnswer = await call(api, method, path, { token: tokens[role] });
        expect(restAnswer.status).toBe(403);
        const toolAnswer = await clients[role].call(name);
        expect(toolAnswer.isError).toBe(true);
        expect(toolAnswer.body).toMatchObject({ status: 403, error: { code: 'forbidden' } });
      }
    }
    expect(await sweepRuns()).toEqual([]);
    expect(await world.db.query(`SELECT kind FROM sweep_reports`)).toEqual([]);
  });

  it('never_run alike, then the MCP run: audited, report-only, and what REST reads', async () => {
    const restBefore = await call(api, 'GET', '/admin/secret-sweep', { token: tokens.admin });
    const toolBefore = await clients.admin.call('get_secret_sweep');
    expect(toolBefore.isError).toBe(false);
    expect(toolBefore.body).toEqual(restBefore.body);
    expect(toolBefore.body).toMatchObject({ status: 'never_run', counts: null, orphans: [] });

    const sealed = [
      'v2',
      'retired',
      ...[32, 12, 40].map((size) => randomBytes(size).toString('base64url')),
    ].join('.');
    const [planted] = await world.db.query<{ id: string }[]>(
      `INSERT INTO connections (name, kind, config, secret_ciphertext, deleted_at)
       VALUES ($1, 'postgres', '{}'::jsonb, $2, now()) RETURNING id`,
      [`mcp-sweep-${randomUUID()}`, sealed],
    );

    const ran = await clients.admin.call('run_secret_sweep');
    expect(ran.isError).toBe(false);
    const report = ran.body as SecretSweepReport;
    expect(report).toMatchObject({
      status: 'completed',
      trigger: 'manual',
      counts: { sealed_credentials: 1, orphans: 1, connection_deleted: 1 },
      orphans: [{ connection_id: planted.id, reason: 'connection_deleted', key_id: 'retired' }],
      deleted: 0,
    });
    expect(JSON.stringify(ran.raw)).not.toContain(sealed.split('.')[2]);
    const [stored] = await world.db.query<{ secret_ciphertext: string }[]>(
      `SELECT secret_ciphertext FROM connections WHERE id = $1`,
      [planted.id],
    );
    expect(stored.secret_ciphertext).toBe(sealed);

    const restAfter = await call(api, 'GET', '/admin/secret-sweep', { token: tokens.admin });
    expect(restAfter.body).toEqual(report);
    expect((await clients.admin.call('get_secret_sweep')).body).toEqual(report);

    const adminId = ((await call(api, 'GET', '/me', { token: tokens.admin })).body as { id: string }).id;
    expect(await sweepRuns()).toEqual([{ actor_user_id: adminId }]);
  });
});
