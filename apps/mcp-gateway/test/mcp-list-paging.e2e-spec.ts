/**
 * The MCP list tools page and filter as their REST twins do: `limit` and `cursor` in, `{items,
 * next_cursor}` out, the same filters, the same 422 for a bad limit or cursor. list_connections
 * answers summaries unless `full` asks for each connection whole, so an assistant's context holds
 * a page of names, kinds and health instead of every connection's config and capabilities.
 */
import { type AppProcess, call, GatewayWorld, McpTestClient } from '@dq/testing';

const GATEWAY_ENV = { RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' };

interface Page {
  items: Record<string, unknown>[];
  next_cursor: string | null;
}

describe('MCP list tools: paging, filters and small answers', () => {
  let world: GatewayWorld;
  let api: string;
  let mcp: AppProcess;
  let admin: string;
  let member: string;
  let client: McpTestClient;
  const suiteIds: string[] = [];

  /** Every page of a list tool, following `next_cursor`. */
  async function walk(tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const answer = await client.call(tool, cursor === null ? args : { ...args, cursor });
      expect(answer.isError).toBe(false);
      const body = answer.body as Page;
      items.push(...body.items);
      cursor = body.next_cursor;
      if (cursor === null) return items;
    }
    throw new Error('more than 50 pages');
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('mcp-list-paging');
    const [gateway, mcpGateway] = await Promise.all([
      world.startGateway(GATEWAY_ENV),
      world.startMcpGateway(GATEWAY_ENV),
    ]);
    api = `${gateway.url}/api/v1`;
    mcp = mcpGateway;
    admin = await world.mintToken('admin@example.test', 'admin');
    member = await world.mintToken('member@example.test', 'member');
    // A workspace's worth of connections of several kinds, tested and healthy as they would be.
    const drafts: { name: string; kind: string; config: Record<string, unknown> }[] = [];
    for (let i = 0; i < 12; i += 1)
      drafts.push({
        name: `orders-pg-${String(i).padStart(2, '0')}`,
        kind: 'postgres',
        config: {
          host: `pg-${i}.db.example.test`,
          port: 5432,
          database: 'orders',
          user: 'dq_reader',
          sslmode: 'require',
        },
      });
    for (let i = 0; i < 6; i += 1)
      drafts.push({
        name: `finance-wh-${i}`,
        kind: 'warehouse',
        config: {
          account: `acme-${i}`,
          user: 'DQ_READER',
          warehouse: 'DQ_WH',
          database: 'FINANCE',
          schema: 'PUBLIC',
          role: 'DQ_ROLE',
        },
      });
    for (let i = 0; i < 4; i += 1)
      drafts.push({
        name: `adf-${i}`,
        kind: 'factory',
        config: { subscription_id: `sub-${i}`, resource_group: 'rg-data', factory_name: `factory-${i}` },
      });
    for (const draft of drafts) {
      const created = await call(api, 'POST', '/connections', { token: admin, body: draft });
      expect(created.status).toBe(201);
    }
    await world.db.query(
      `UPDATE connections SET health_status = 'ok', last_auth_success_at = now(),
              capabilities = jsonb_build_object('dangerous_privileges', '[]'::jsonb, 'checked_at', now())
        WHERE kind = 'postgres'`,
    );
    await world.db.query(
      `UPDATE connections SET capabilities = jsonb_build_object('native_dmf', true, 'dangerous_privileges', '[]'::jsonb, 'checked_at', now())
        WHERE kind = 'warehouse'`,
    );
    const pg = (await call(api, 'GET', '/connections?kind=postgres&limit=1', { token: member })).body as Page;
    for (let i = 0; i < 3; i += 1) {
      const suite = await call(api, 'POST', '/suites', {
        token: member,
        body: { name: `mcp suite ${i}`, connection_id: pg.items[0]?.['id'], target: 'public.orders' },
      });
      expect(suite.status).toBe(201);
      suiteIds.push((suite.body as { id: string }).id);
    }
    client = await McpTestClient.connect(mcp.url, { token: member });
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await world?.close();
  });

  it('list_connections answers summaries by default, far smaller than whole connections', async () => {
    const summaries = await client.call('list_connections');
    const whole = await client.call('list_connections', { full: true, limit: 200 });
    expect(summaries.isError).toBe(false);
    const page = summaries.body as Page;
    expect(page.items).toHaveLength(22);
    expect(page.next_cursor).toBeNull();
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(
      [
        'credential_status',
        'has_secret',
        'id',
        'kind',
        'name',
        'privilege_warning',
        'updated_at',
        'version',
      ].sort(),
    );
    expect(JSON.stringify(page)).not.toMatch(/"config"|"capabilities"|dq_reader/);
    // The same connections as the whole answer, in the same order.
    expect(page.items.map((item) => item['id'])).toEqual(
      (whole.body as Page).items.map((item) => item['id']),
    );
    const small = JSON.stringify(summaries.body).length;
    const large = JSON.stringify({ items: (whole.body as Page).items }).length;
    expect(small * 2).toBeLessThan(large);
  });

  it('list_connections pages and filters as GET /connections does', async () => {
    const paged = await walk('list_connections', { limit: 5 });
    expect(paged).toHaveLength(22);
    expect(new Set(paged.map((item) => item['id'])).size).toBe(22);
    const factories = await client.call('list_connections', { kind: 'factory', full: true });
    const rest = await call(api, 'GET', '/connections?kind=factory', { token: member });
    expect(factories.body).toEqual(rest.body);
    const named = (await client.call('list_connections', { name: 'FINANCE-WH-3' })).body as Page;
    expect(named.items.map((item) => item['name'])).toEqual(['finance-wh-3']);
  });

  it('list_suites and list_checks page with limit and cursor', async () => {
    const suites = await walk('list_suites', { limit: 2 });
    expect(suites.map((suite) => suite['name'])).toEqual(['mcp suite 0', 'mcp suite 1', 'mcp suite 2']);
    const mine = (await client.call('list_suites', { owner: 'me', name: 'suite 2' })).body as Page;
    expect(mine.items.map((suite) => suite['name'])).toEqual(['mcp suite 2']);
    for (let i = 0; i < 3; i += 1) {
      const created = await call(api, 'POST', `/suites/${suiteIds[0]}/checks`, {
        token: member,
        body: {
          name: `present ${i}`,
          kind: 'expectation',
          config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
        },
      });
      expect(created.status).toBe(201);
    }
    const checks = await walk('list_checks', { suite_id: suiteIds[0], limit: 2 });
    expect(checks.map((check) => check['name'])).toEqual(['present 0', 'present 1', 'present 2']);
    const rest = await call(api, 'GET', `/suites/${suiteIds[0]}/checks?name=present%201`, { token: member });
    expect((await client.call('list_checks', { suite_id: suiteIds[0], name: 'present 1' })).body).toEqual(
      rest.body,
    );
  });

  it('refuses a bad limit or cursor as REST does, with validation_failed', async () => {
    for (const args of [{ limit: 0 }, { limit: 201 }, { cursor: 'garbage' }]) {
      const answer = await client.call('list_connections', args);
      expect(answer.isError).toBe(true);
      expect(answer.body).toMatchObject({ error: { code: 'validation_failed' }, status: 422 });
    }
    const runsCursor = await client.call('list_suites', { cursor: 'eyJ4Ijox' });
    expect(runsCursor.isError).toBe(true);
    expect(runsCursor.body).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
