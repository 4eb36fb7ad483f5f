/**
 * Hostile tool arguments never answer 5xx: every tool of the catalogue, called over raw JSON-RPC
 * as an Admin on real objects with a runner behind, gets a bounded set of hostile arguments (a NUL
 * or lone surrogate in every declared argument, null, a lone string and mixed junk where arrays
 * are expected, nesting 3,000 deep, invalid UTF-8 bytes). The HTTP answer stays below 500 and no
 * tool reports a 5xx status in its result.
 */
import { type AppProcess, GatewayWorld, McpTestClient, ScratchDatabase, call } from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

const DEEP = '{"a":'.repeat(2999) + '{}' + '}'.repeat(2999);

interface ToolCallAnswer {
  status: number;
  text: string;
  /** The tool's reported status when it failed (`{error, status}` in the text content). */
  toolStatus: number | undefined;
}

describe('hostile MCP tool arguments', () => {
  let world: GatewayWorld;
  let mcp: AppProcess;
  let admin: string;
  let suiteId: string;
  let connectionId: string;
  let tools: { name: string; properties: string[] }[];
  const database = new ScratchDatabase('hostile_mcp_e2e');

  const post = (body: string | Uint8Array, token = admin): Promise<Response> =>
    fetch(`${mcp.url}/mcp/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });

  const callTool = async (name: string, args: unknown): Promise<ToolCallAnswer> => {
    const response = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    );
    const text = await response.text();
    let toolStatus: number | undefined;
    try {
      const content = (JSON.parse(text) as { result?: { content?: { text?: string }[] } }).result?.content;
      const inner = content?.[0]?.text ? (JSON.parse(content[0].text) as { status?: unknown }) : undefined;
      if (typeof inner?.status === 'number') toolStatus = inner.status;
    } catch {
      // Not a tool result (an HTTP-level refusal): the HTTP status says it all.
    }
    return { status: response.status, text, toolStatus };
  };

  /** Real ids for the arguments that name the suite or connection; any other id is unknown. */
  const withIds = (name: string, args: Record<string, unknown>): Record<string, unknown> => ({
    ...args,
    ...(name.includes('connection') ? { connection_id: connectionId } : {}),
    suite_id: suiteId,
  });

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.t (a int, b text)`);
      await client.query(`INSERT INTO public.t VALUES (1, 'x'), (2, NULL)`);
    });
    world = await GatewayWorld.create('hostile-mcp');
    const [gateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK_EGRESS, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' }),
      world.startRunner(LOOPBACK_EGRESS),
    ]);
    mcp = await world.startMcpGateway({ ...LOOPBACK_EGRESS, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' });
    const api = `${gateway.url}/api/v1`;
    admin = await world.mintToken('admin@example.test', 'admin');
    connectionId = await database.connect(api, admin, 'hostile-db');
    const suite = await call(api, 'POST', '/suites', {
      token: admin,
      body: { name: 'hostile', connection_id: connectionId, target: 'public.t' },
    });
    expect(suite.status).toBe(201);
    suiteId = (suite.body as { id: string }).id;
    const client = await McpTestClient.connect(mcp.url, { token: admin });
    tools = (await client.tools()).map((tool) => ({
      name: tool.name,
      properties: Object.keys((tool.inputSchema as { properties?: object }).properties ?? {}),
    }));
    await client.close();
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await database.drop();
  });

  it('refuses nesting 3,000 deep and invalid UTF-8 with 422 before authentication', async () => {
    const deep = await post(DEEP, '');
    expect(deep.status).toBe(422);
    expect(await deep.json()).toMatchObject({
      error: { code: 'invalid_json', detail: { reason: 'too_deep' } },
    });
    const invalid = await post(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]));
    expect(invalid.status).toBe(422);
  });

  it('refuses a NUL or lone surrogate in tool arguments with 422 naming the path', async () => {
    const answer = await callTool('profile_column', { suite_id: suiteId, columns: ['a\u0000'] });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toMatchObject({
      error: { code: 'validation_failed', detail: { fields: [{ field: 'params.arguments.columns.0' }] } },
    });
    expect((await callTool('profile_column', { suite_id: suiteId, columns: ['\ud800'] })).status).toBe(422);
  });

  it('refuses null or a lone string as profile and suggest columns with 422 (the runner threw: 500)', async () => {
    for (const name of ['profile_column', 'suggest_column_policy']) {
      for (const columns of [null, 'x']) {
        const answer = await callTool(name, { suite_id: suiteId, columns });
        expect({ name, columns, status: answer.status, tool: answer.toolStatus }).toEqual({
          name,
          columns,
          status: 200,
          tool: 422,
        });
      }
    }
  });

  it('answers every tool below 500 for every hostile argument set', async () => {
    expect(tools.length).toBeGreaterThan(30);
    const fivexx: string[] = [];
    for (const tool of tools) {
      const fields = tool.properties.length > 0 ? tool.properties : ['unexpected'];
      const every = (value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
      for (const [label, args] of [
        ['NUL', every('a\u0000b')],
        ['lone surrogate', every('a\udc00')],
        ['null', withIds(tool.name, every(null))],
        ['string', withIds(tool.name, every('x'))],
        ['junk array', withIds(tool.name, every(['x', 1, null, {}, []]))],
        ['junk object', withIds(tool.name, every({ 0: 'x', length: 1 }))],
        ['deep', every(JSON.parse('{"a":'.repeat(60) + '{}' + '}'.repeat(60)) as unknown)],
      ] as const) {
        const answer = await callTool(tool.name, args);
        if (answer.status >= 500 || (answer.toolStatus ?? 0) >= 500) {
          fivexx.push(`${tool.name} ${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      }
    }
    expect(fivexx).toEqual([]);
  });
});
