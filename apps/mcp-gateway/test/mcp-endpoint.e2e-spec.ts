/**
 * The MCP endpoint as a client meets it over real HTTP: the 307 from `/mcp`, 401 with
 * `WWW-Authenticate` for a missing, unknown, expired or revoked credential (and for a browser
 * session), the Origin allow-list, the request size bound, toolset narrowing, and the catalogue
 * (names, schemas, truthful annotations) through the SDK's own client.
 */
import { SPEC_DOCUMENTED_TOOLS } from '@dq/mcp';
import { type AppProcess, call, GatewayWorld, McpTestClient, startApp } from '@dq/testing';

const ALLOWED_ORIGIN = 'https://assistant.example.test';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

async function post(
  base: string,
  path: string,
  options: { token?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body ?? JSON.stringify(initialize),
  });
}

describe('the MCP endpoint', () => {
  let world: GatewayWorld;
  let mcp: AppProcess;
  let api: string;
  let member: string;

  beforeAll(async () => {
    world = await GatewayWorld.create('mcp-endpoint');
    const gateway = await world.startGateway();
    api = `${gateway.url}/api/v1`;
    mcp = await world.startMcpGateway({ MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN });
    member = await world.mintToken('member@example.test', 'member');
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  });

  it('/mcp answers 307 to /mcp/ before any credential is looked at, keeping the query', async () => {
    const response = await post(mcp.url, '/mcp');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/mcp/');
    const withQuery = await post(mcp.url, '/mcp?x=1', { token: member });
    expect(withQuery.status).toBe(307);
    expect(withQuery.headers.get('location')).toBe('/mcp/?x=1');
  });

  it('a missing, unknown, expired or revoked credential is the same 401 with WWW-Authenticate', async () => {
    const expired = await world.identityProvider.sign(
      { email: 'member@example.test' },
      { expiresAt: Math.floor(Date.now() / 1000) - 120 },
    );
    const minted = await call(api, 'POST', '/me/api-keys', { token: member, body: { name: 'to revoke' } });
    expect(minted.status).toBe(201);
    const { id, token: revoked } = minted.body as { id: string; token: string };
    expect((await call(api, 'DELETE', `/me/api-keys/${id}`, { token: member })).status).toBe(204);

    const bodies: unknown[] = [];
    for (const token of [undefined, 'svc_live_notarealtokenatall0000000000', expired, revoked]) {
      const response = await post(mcp.url, '/mcp/', token === undefined ? {} : { token });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      bodies.push(await response.json());
    }
    expect(bodies[0]).toMatchObject({ error: { code: 'unauthenticated' } });
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('a browser session is not an MCP credential', async () => {
    const session = await world.signInByEmail(api, 'member@example.test');
    const response = await post(mcp.url, '/mcp/', { token: session });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('an Origin outside the allow-list is refused before anything else; an allowed one and none pass', async () => {
    const refused = await post(mcp.url, '/mcp/', {
      token: member,
      headers: { origin: 'http://evil.example' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'forbidden', message: 'Origin not allowed' },
    });
    // Refused even without a credential: the page never learns whether one would work.
    expect((await post(mcp.url, '/mcp/', { headers: { origin: 'http://evil.example' } })).status).toBe(403);

    const allowed = await post(mcp.url, '/mcp/', { token: member, headers: { origin: ALLOWED_ORIGIN } });
    expect(allowed.status).toBe(200);
    expect((await post(mcp.url, '/mcp/', { token: member })).status).toBe(200);
  });

  it('a body over 1 MiB is a 413 in the envelope', async () => {
    const response = await post(mcp.url, '/mcp/', {
      token: member,
      body: JSON.stringify({ ...initialize, padding: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('initialize names the server; the catalogue lists every tool with a schema and all four hints', async () => {
    const client = await McpTestClient.connect(mcp.url, { token: member });
    try {
      expect(client.client.getServerVersion()).toMatchObject({ name: 'data-quality-service' });
      const tools = await client.tools();
      const names = tools.map((tool) => tool.name);
      expect(new Set(names).size).toBe(names.length);
      for (const documented of SPEC_DOCUMENTED_TOOLS) {
        expect(names).toContain(documented);
      }
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)+$/);
        expect(tool.description?.length).toBeGreaterThan(20);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.annotations).toEqual(
          expect.objectContaining({
            readOnlyHint: expect.any(Boolean),
            destructiveHint: expect.any(Boolean),
            idempotentHint: expect.any(Boolean),
            openWorldHint: expect.any(Boolean),
          }),
        );
        // A read-only tool is never also destructive.
        if (tool.annotations?.readOnlyHint) expect(tool.annotations.destructiveHint).toBe(false);
      }
      const createCheck = tools.find((tool) => tool.name === 'create_check');
      expect(createCheck?.inputSchema.required).toEqual(
        expect.arrayContaining(['suite_id', 'name', 'kind', 'config']),
      );
    } finally {
      await client.close();
    }
  });

  it('X-MCP-Toolsets narrows the catalogue: a read-only client never sees a write tool', async () => {
    const readOnly = await McpTestClient.connect(mcp.url, {
      token: member,
      headers: { 'x-mcp-toolsets': 'read' },
    });
    try {
      const tools = await readOnly.tools();
      expect(tools.length).toBeGreaterThan(10);
      for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tools.map((tool) => tool.name)).not.toContain('trigger_suite_run');
      // A tool outside the kept toolsets cannot be called either.
      await expect(readOnly.client.callTool({ name: 'create_suite', arguments: {} })).rejects.toThrow(
        /Unknown tool/,
      );
    } finally {
      await readOnly.close();
    }

    const operate = await McpTestClient.connect(mcp.url, {
      token: member,
      headers: { 'x-mcp-toolsets': 'Read, operate' },
    });
    try {
      const names = (await operate.tools()).map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['trigger_suite_run', 'cancel_run', 'list_suites']));
      expect(names).not.toContain('create_check');
    } finally {
      await operate.close();
    }

    const unknown = await post(mcp.url, '/mcp/', {
      token: member,
      headers: { 'x-mcp-toolsets': 'read,everything' },
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it("bad arguments are a tool error with REST's 422 envelope, naming every field", async () => {
    const client = await McpTestClient.connect(mcp.url, { token: member });
    try {
      const answer = await client.call('create_check', { suite_id: 42, kind: 'expectation', surprise: true });
      expect(answer.isError).toBe(true);
      expect(answer.body).toMatchObject({ status: 422, error: { code: 'validation_failed' } });
      const fields = (
        answer.body as { error: { detail: { fields: { field: string }[] } } }
      ).error.detail.fields.map((violation) => violation.field);
      expect(fields).toEqual(expect.arrayContaining(['suite_id', 'name', 'config', 'surprise']));
    } finally {
      await client.close();
    }
  });

  it('deployed without an identity provider, the endpoint is not mounted at all (fail closed)', async () => {
    const { OIDC_ISSUER: _issuer, OIDC_AUDIENCE: _audience, ...withoutIdentityProvider } = world.gatewayEnv();
    const deployed = await startApp('mcp-gateway', { ...withoutIdentityProvider, NODE_ENV: 'production' });
    try {
      const response = await post(deployed.url, '/mcp/', { token: member });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'route_not_found' } });
      expect((await post(deployed.url, '/mcp', { token: member })).status).toBe(404);
      expect((await fetch(`${deployed.url}/healthz`)).status).toBe(200);
    } finally {
      await deployed.stop();
    }
  });

  it('in local dev-bypass mode a request without a credential acts as the bypass user', async () => {
    const local = await startApp(
      'mcp-gateway',
      world.gatewayEnv({ AUTH_DEV_BYPASS_EMAIL: 'dev@example.test' }),
    );
    try {
      const client = await McpTestClient.connect(local.url);
      try {
        const answer = await client.call('list_suites');
        expect(answer.isError).toBe(false);
        expect(answer.body).toEqual({ items: [], next_cursor: null });
      } finally {
        await client.close();
      }
    } finally {
      await local.stop();
    }
  });

  it('is rate limited like REST: over the per-minute budget a 429 with Retry-After and the envelope', async () => {
    const limited = await world.startMcpGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '3' });
    const caller = await world.mintToken('limited@example.test', 'member');
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      last = await post(limited.url, '/mcp/', { token: caller });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last?.headers.get('x-ratelimit-limit')).toBe('3');
    expect(await last?.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('is stateless: GET (no server stream) and DELETE (no session) answer 405 with Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${mcp.url}/mcp/`, {
        method,
        headers: { authorization: `Bearer ${member}`, accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    }
  });

  it('an identity-provider access token works as on REST, and acts as the same user', async () => {
    const token = await world.identityProvider.sign(
      { email: 'member@example.test' },
      { subject: 'sub-member' },
    );
    const client = await McpTestClient.connect(mcp.url, { token });
    try {
      const answer = await client.call('list_suites');
      expect(answer.isError).toBe(false);
      const rest = await call(api, 'GET', '/suites', { token });
      expect(rest.status).toBe(200);
      expect((answer.body as { items: unknown[] }).items).toHaveLength((rest.body as unknown[]).length);
    } finally {
      await client.close();
    }
  });

  it('with a public URL and an identity provider, the 401 points OAuth clients at RFC 9728 metadata', async () => {
    const published = await world.startMcpGateway({ MCP_PUBLIC_URL: 'https://dq.example.test/mcp/' });
    const challenge = (await post(published.url, '/mcp/')).headers.get('www-authenticate');
    expect(challenge).toBe(
      'Bearer realm="mcp", resource_metadata="https://dq.example.test/.well-known/oauth-protected-resource/mcp/"',
    );
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp/',
      '/.well-known/oauth-protected-resource',
    ]) {
      const metadata = await fetch(`${published.url}${path}`);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toEqual({
        resource: 'https://dq.example.test/mcp/',
        authorization_servers: [world.identityProvider.issuer],
        bearer_methods_supported: ['header'],
        resource_name: 'Data-quality service (MCP)',
      });
    }
    // Without a public URL there is nothing to publish.
    expect((await fetch(`${mcp.url}/.well-known/oauth-protected-resource/mcp/`)).status).toBe(404);
  });
});
