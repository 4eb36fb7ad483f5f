/**
 * The MCP endpoint at `{app_host}/mcp/`: the web host forwards it to a real mcp-gateway, so an
 * assistant configured with the app's address lists and calls tools with its PAT; `/mcp` answers
 * the gateway's redirect; without a token nothing is answered but 401; a stopped mcp-gateway is a
 * 502 envelope, not a hang.
 */
import { type AppProcess, GatewayWorld, McpTestClient, startApp } from '@dq/testing';

describe('the web host forwards /mcp/ to the mcp-gateway (e2e)', () => {
  let world: GatewayWorld;
  let mcp: AppProcess;
  let web: AppProcess;
  let token: string;

  beforeAll(async () => {
    world = await GatewayWorld.create('web-mcp-proxy');
    mcp = await world.startMcpGateway();
    const gateway = await world.startGateway();
    web = await startApp('web', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_GATEWAY_URL: gateway.url,
      MCP_GATEWAY_URL: mcp.url,
    });
    token = await world.mintToken('assistant@example.test', 'member');
  });

  afterAll(async () => {
    await web?.stop();
    await world?.close();
  });

  it('lists and calls tools through the app host with a PAT', async () => {
    const client = await McpTestClient.connect(web.url, { token });
    try {
      const tools = await client.tools();
      expect(tools.map((tool) => tool.name)).toContain('list_suites');
      const answer = await client.call('list_suites');
      expect(answer.isError).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('answers /mcp with the redirect to /mcp/ and refuses a call without a token', async () => {
    const redirect = await fetch(`${web.url}/mcp`, { method: 'POST', redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('location')).toMatch(/\/mcp\/$/);
    const anonymous = await fetch(`${web.url}/mcp/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    // Never the browser app's page for an MCP path.
    expect(anonymous.headers.get('content-type')).not.toMatch(/text\/html/);
  });

  it('answers 502 in the envelope when the mcp-gateway is down', async () => {
    await mcp.stop();
    const answer = await fetch(`${web.url}/mcp/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({
      error: { code: 'service_unavailable', message: 'MCP gateway unreachable', detail: {} },
    });
  });
});
