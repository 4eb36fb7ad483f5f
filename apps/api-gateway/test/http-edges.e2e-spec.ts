/**
 * The HTTP edges through a booted gateway: the 401 challenge, TRACE, oversized headers, query and
 * weight bounds, and the sign-in code limiter's 429 with its real wait.
 */
import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { type ErrorEnvelope } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

/** A raw request (fetch refuses TRACE and cannot send a 20 kB header), answered as status, headers and body. */
function raw(
  url: string,
  method: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? (JSON.parse(text) as unknown) : '',
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP edges', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  let admin: string;

  beforeAll(async () => {
    world = await GatewayWorld.create('http-edges');
    gateway = await world.startGateway();
    api = `${gateway.url}/api/v1`;
    admin = await world.mintToken('edges-admin@example.test', 'admin');
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  });

  it('a REST 401 carries WWW-Authenticate: Bearer', async () => {
    for (const token of [undefined, `svc_live_${'x'.repeat(49)}`]) {
      const answer = await call(api, 'GET', '/me', token ? { token } : {});
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('TRACE is 405 method_not_allowed, in the envelope', async () => {
    const answer = await raw(`${api}/me`, 'TRACE', { authorization: `Bearer ${admin}` });
    expect(answer.status).toBe(405);
    expect((answer.body as ErrorEnvelope).error.code).toBe('method_not_allowed');
  });

  it('oversized headers are 431 headers_too_large, in the envelope', async () => {
    const answer = await raw(`${api}/me`, 'GET', { 'x-padding': 'a'.repeat(20_000) });
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({
      error: { code: 'headers_too_large', message: 'Request headers are too large', detail: {} },
    });
  });

  it('a check history limit that is not an integer is 422, before the suite is looked up', async () => {
    const path = `/suites/${randomUUID()}/checks/${randomUUID()}/history`;
    for (const limit of ['abc', '12abc', '1.5', '']) {
      const answer = await call(api, 'GET', `${path}?limit=${limit}`, { token: admin });
      expect(answer.status).toBe(422);
      expect((answer.body as ErrorEnvelope).error.code).toBe('validation_failed');
    }
    expect((await call(api, 'GET', `${path}?limit=5`, { token: admin })).status).toBe(404);
  });

  it('an empty integer query parameter is 422 on every list endpoint, never the default', async () => {
    for (const path of ['/runs?limit=', '/dashboard/summary?days=', '/runs?limit=%20']) {
      const answer = await call(api, 'GET', path, { token: admin });
      expect({ path, status: answer.status }).toEqual({ path, status: 422 });
      expect((answer.body as ErrorEnvelope).error.code).toBe('validation_failed');
    }
  });

  it('a scoring weight above 1000 is 422 and nothing is stored', async () => {
    for (const weights of [
      { warn: 1, fail: 3, critical: 1e308 },
      { warn: 1, fail: 1001, critical: 1001 },
    ]) {
      const refused = await call(api, 'PUT', '/admin/scoring', { token: admin, body: weights });
      expect(refused.status).toBe(422);
      expect((refused.body as ErrorEnvelope).error.code).toBe('validation_failed');
    }
    expect((await call(api, 'GET', '/admin/scoring', { token: admin })).body).toMatchObject({
      is_default: true,
    });
    const top = { warn: 1, fail: 3, critical: 1000 };
    expect((await call(api, 'PUT', '/admin/scoring', { token: admin, body: top })).status).toBe(200);
  });

  it('X-Forwarded-For from a hop not in TRUSTED_PROXIES picks no bucket: the socket address is counted', async () => {
    const strict = await world.startGateway({
      TRUSTED_PROXIES: '192.0.2.1',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '3',
    });
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) {
      const answer = await call(`${strict.url}/api/v1`, 'GET', '/me', {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(answer.status);
    }
    // One bucket for all four (earlier tests' unauthenticated calls from 127.0.0.1 may share it):
    // at most three answered, the fourth refused. Believed, each address would have had its own.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses[3]).toBe(429);
  });

  it("the sign-in code limiter's 429 says the true wait in Retry-After and the body", async () => {
    const email = `limited-${randomUUID()}@example.test`;
    for (let i = 0; i < 5; i += 1)
      expect((await call(api, 'POST', '/auth/otp/request', { body: { email } })).status).toBe(202);
    const refused = await call(api, 'POST', '/auth/otp/request', { body: { email } });
    expect(refused.status).toBe(429);
    expect((refused.body as ErrorEnvelope).error.code).toBe('sign_in_code_limited');
    const seconds = (refused.body as ErrorEnvelope).error.detail['retry_after_seconds'] as number;
    expect(seconds).toBeGreaterThan(800);
    expect(seconds).toBeLessThanOrEqual(900);
    expect(refused.headers.get('retry-after')).toBe(String(seconds));
  });
});
