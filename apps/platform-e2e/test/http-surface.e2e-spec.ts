/**
 * The REST skeleton as a client meets it, through the frontend host's same-origin `/api` proxy:
 * errors in the spec's envelope, body limits, OpenAPI outside production only, and `/mcp` -> `/mcp/`.
 */
import {
  type AppProcess,
  type IsolatedEnvironment,
  createIsolatedEnvironment,
  startApp,
  waitFor,
} from '@dq/testing';

interface Envelope {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

describe('HTTP surface', () => {
  let env: IsolatedEnvironment;
  let gateway: AppProcess;
  let web: AppProcess;
  let mcp: AppProcess;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    env = await createIsolatedEnvironment('http-surface');
    gateway = await startApp('api-gateway', { ...env.env, LOG_LEVEL: 'info' });
    web = await startApp('web', { NODE_ENV: 'test', LOG_LEVEL: 'warn', API_GATEWAY_URL: gateway.url });
    mcp = await startApp('mcp-gateway', env.env);
    apps.push(gateway, web, mcp);
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await env?.cleanup();
  });

  it('an unknown route is a 404 in the envelope, directly and through the frontend host', async () => {
    for (const base of [gateway.url, web.url]) {
      const response = await fetch(`${base}/api/v1/no-such-thing?x=1`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as Envelope;
      expect(body.error.code).toBe('route_not_found');
      expect(typeof body.error.message).toBe('string');
      expect(body.error.detail).toEqual(expect.any(Object));
    }
  });

  it('a body over 1 MiB is refused with 413 in the envelope before any handler sees it', async () => {
    const response = await fetch(`${gateway.url}/api/v1/suites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Envelope).error.code).toBe('payload_too_large');
  });

  it('malformed JSON is a 422 in the envelope, and no stack trace leaks', async () => {
    const response = await fetch(`${gateway.url}/api/v1/suites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect((JSON.parse(text) as Envelope).error.code).toBe('invalid_json');
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('serves OpenAPI outside production, through the frontend host too', async () => {
    const direct = await fetch(`${gateway.url}/api/v1/docs-json`);
    expect(direct.status).toBe(200);
    const document = (await direct.json()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    expect((await fetch(`${web.url}/api/v1/docs`)).status).toBe(200);
  });

  it('does not serve OpenAPI in production', async () => {
    const production = await startApp('api-gateway', { ...env.env, NODE_ENV: 'production' });
    apps.push(production);
    for (const path of ['/api/v1/docs', '/api/v1/docs-json']) {
      const response = await fetch(`${production.url}${path}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as Envelope).error.code).toBe('route_not_found');
    }
  });

  it('the frontend host serves the page that says what the service is', async () => {
    const response = await fetch(`${web.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/data[- ]quality/i);
  });

  it('/mcp answers 307 to /mcp/, keeping the method', async () => {
    const response = await fetch(`${mcp.url}/mcp`, { method: 'POST', redirect: 'manual', body: '{}' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/mcp/');
  });

  it('every response carries a request id, and a well-formed one sent by the client is kept', async () => {
    const response = await fetch(`${gateway.url}/api/v1/nothing`, {
      headers: { 'x-request-id': 'client-chosen-id.1' },
    });
    expect(response.headers.get('x-request-id')).toBe('client-chosen-id.1');
    const generated = await fetch(`${gateway.url}/api/v1/nothing`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs JSON lines carrying the request id, and never the token a client sent', async () => {
    const token = `svc_live_${'Ab3'.repeat(12)}`;
    await fetch(`${gateway.url}/api/v1/nothing?access_token=${token}`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'log-probe-1' },
    });
    const line = await waitFor('the request log line', () =>
      gateway.jsonLogs().find((entry) => entry['request_id'] === 'log-probe-1'),
    );
    expect(line['status']).toBe(404);
    expect(gateway.output.join('\n')).not.toContain(token);
    expect(gateway.output.join('\n')).not.toContain('Ab3Ab3Ab3');
  });
});
