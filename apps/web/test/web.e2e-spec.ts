import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
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

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4096))});`;

/** A built app as Vite lays it out: index.html, hashed assets, precompressed copies of the script. */
function writeBuiltApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets/app-3f9a1c.js'), APP_JS);
  writeFileSync(join(dir, 'assets/app-3f9a1c.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(dir, 'assets/app-3f9a1c.js.gz'), gzipSync(APP_JS));
  writeFileSync(join(dir, 'assets/style-77aa01.css'), 'body{margin:0}');
  return dir;
}

/** A GET whose body is returned as sent (fetch would decode it), with the request headers given. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('web host (e2e)', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let app: INestApplication;
  let web: string;
  let appDir: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    appDir = writeBuiltApp();
    // Through loadConfig, as main.ts does: and no DATABASE_URL, REDIS_URL or NATS_URL at all.
    const config = loadConfig(WebConfig, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'fatal',
      HOST: '127.0.0.1',
      PORT: '0',
      API_GATEWAY_URL: upstream.url,
      WEB_APP_DIR: appDir,
    });
    const started = await createServiceApp(webServiceOptions(config, { handleSignals: false }));
    app = started.app;
    web = started.url;
  });

  afterAll(async () => {
    await app?.close();
    if (upstream?.server.listening) await stop(upstream.server);
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    upstream.received.length = 0;
  });

  it("serves the app's index.html at /, revalidated on each visit, under a strict CSP", async () => {
    const res = await fetch(`${web}/`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(INDEX_HTML);
    expect(upstream.received).toHaveLength(0);
  });

  it('answers a deep link with index.html, but never /api, /healthz or /readyz', async () => {
    for (const deepLink of ['/me', '/suites/8c1f0b52-2f4b-4a59-9a7e-2f7d4b1e0c11/runs?page=2', '/apix/v1']) {
      const res = await fetch(`${web}${deepLink}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX_HTML);
    }
    expect(upstream.received).toHaveLength(0);

    const api = await fetch(`${web}/api/v1/missing/thing`);
    expect(api.status).toBe(404);
    expect(await api.text()).toBe(UPSTREAM_NOT_FOUND);
    const health = await fetch(`${web}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });

  it('serves hashed assets for a year, brotli or gzip as the client accepts, the same bytes once decoded', async () => {
    const br = await rawGet(`${web}/assets/app-3f9a1c.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);

    const gzip = await rawGet(`${web}/assets/app-3f9a1c.js`, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(APP_JS.length);

    const plain = await rawGet(`${web}/assets/app-3f9a1c.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);

    const css = await rawGet(`${web}/assets/style-77aa01.css`, { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing asset with 404, not the page', async () => {
    for (const missing of ['/assets/app-000000.js', '/favicon.ico', '/../package.json']) {
      const res = await fetch(`${web}${missing}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(upstream.received).toHaveLength(0);
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
    const res = await fetch(`${web}/apix/v1`, { method: 'POST', body: '{}' });

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
