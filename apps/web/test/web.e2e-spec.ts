import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { ErrorCode } from '@dq/contracts';
import { createServiceApp, loadConfig } from '@dq/platform';
import { WebConfig } from '../src/web.config';
import { webServiceOptions } from '../src/web-host';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const UPSTREAM_NOT_FOUND = '{"error":{"code":"not_found","message":"Suite not found","detail":{}}}';

/** A stand-in api-gateway: records every request it receives and answers in a fixed way. */
async function startUpstream(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/api/v1/missing')) {
        res.writeHead(404, { 'content-type': 'application/json', 'x-upstream': 'yes' });
        res.end(UPSTREAM_NOT_FOUND);
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ received_bytes: body.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, received };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('web host (e2e)', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let app: INestApplication;
  let web: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    // Through loadConfig, as main.ts does: and no DATABASE_URL, REDIS_URL or NATS_URL at all.
    const config = loadConfig(WebConfig, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'fatal',
      HOST: '127.0.0.1',
      PORT: '0',
      API_GATEWAY_URL: upstream.url,
    });
    const started = await createServiceApp(webServiceOptions(config, { handleSignals: false }));
    app = started.app;
    web = started.url;
  });

  afterAll(async () => {
    await app?.close();
    if (upstream?.server.listening) await stop(upstream.server);
  });

  beforeEach(() => {
    upstream.received.length = 0;
  });

  it('serves the page at /', async () => {
    const res = await fetch(`${web}/`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('data-quality');
    expect(html).toContain('href="/api/v1/docs"');
    expect(html).toContain('/mcp/');
    expect(html).toContain('8081');
    expect(upstream.received).toHaveLength(0);
  });

  it('serves the stylesheet the page links', async () => {
    const res = await fetch(`${web}/styles.css`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers /healthz and /readyz itself', async () => {
    const health = await fetch(`${web}/healthz`);
    const ready = await fetch(`${web}/readyz`);

    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'web' });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    expect(upstream.received).toHaveLength(0);
  });

  it('forwards POST /api/v1/x with path, query, body bytes and headers unchanged', async () => {
    // Odd spacing, key order and a non-ASCII character: any parse and re-serialize would show.
    const body = Buffer.from('{ "zeta" :1,\n  "alpha": "café", "n": 1.50 }', 'utf8');
    const token = 'svc_live_0123456789abcdefghijABCDEFGHIJ012345';

    const res = await fetch(`${web}/api/v1/x?b=2&a=1&a=%20x`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-custom-header': 'kept',
      },
      body,
    });

    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(await res.json()).toEqual({ received_bytes: body.length });
    expect(upstream.received).toHaveLength(1);
    const [got] = upstream.received;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/api/v1/x?b=2&a=1&a=%20x');
    expect(got.body.equals(body)).toBe(true);
    expect(got.headers.authorization).toBe(`Bearer ${token}`);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-custom-header']).toBe('kept');
    expect(got.headers['content-length']).toBe(String(body.length));
  });

  it('sets X-Forwarded-For, -Proto and -Host, and passes its request id on', async () => {
    const res = await fetch(`${web}/api/v1/x`, { headers: { 'x-request-id': 'trace-abc.123' } });

    expect(res.status).toBe(201);
    const [got] = upstream.received;
    expect(got.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(got.headers['x-forwarded-proto']).toBe('http');
    expect(got.headers['x-forwarded-host']).toBe(new URL(web).host);
    expect(got.headers.host).toBe(new URL(web).host);
    expect(got.headers['x-request-id']).toBe('trace-abc.123');
  });

  it('streams a body far over the JSON limit of the other services, untouched', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 'a');

    const res = await fetch(`${web}/api/v1/suites/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

    expect(res.status).toBe(201);
    expect(upstream.received[0].body.equals(body)).toBe(true);
  });

  it('passes a 404 from the gateway through unchanged', async () => {
    const res = await fetch(`${web}/api/v1/missing/123`);

    expect(res.status).toBe(404);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(await res.text()).toBe(UPSTREAM_NOT_FOUND);
  });

  it('does not forward paths that only look like /api', async () => {
    const res = await fetch(`${web}/apix/v1`);

    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'route_not_found' } });
    expect(upstream.received).toHaveLength(0);
  });

  it('answers 502 in the error envelope once the gateway is down', async () => {
    await stop(upstream.server);

    const res = await fetch(`${web}/api/v1/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });

    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      error: { code: ErrorCode.ServiceUnavailable, message: 'API gateway unreachable', detail: {} },
    });
    // The page itself is still served.
    expect((await fetch(`${web}/`)).status).toBe(200);
  });
});
