import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, ErrorCode } from '@dq/contracts';
import { EgressGuard } from './egress-guard';
import { GuardedFetchError, guardedFetch } from './guarded-fetch';
import type { HostResolver } from './guarded-lookup';

/** A real loopback HTTP peer that counts what reached it, per path. */
class LoopbackPeer {
  readonly hits: Record<string, number> = {};
  /** TCP connections accepted: a kept-alive socket serves several requests on one. */
  connections = 0;
  private server?: Server;

  async start(host = '127.0.0.1', port = 0): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', () => (this.connections += 1));
    await new Promise<void>((ready) => this.server!.listen(port, host, ready));
    return `http://${host}:${(this.server.address() as AddressInfo).port}`;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  closeIdle(): void {
    this.server?.closeIdleConnections();
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    this.hits[path] = (this.hits[path] ?? 0) + 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (path === '/ok') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
      } else if (path === '/echo') {
        res.writeHead(201).end(Buffer.concat(chunks));
      } else if (path === '/redirect') {
        res.writeHead(302, { location: '/target' }).end();
      } else if (path === '/big-declared') {
        res.writeHead(200, { 'content-length': String(64 * 1024) }).end(Buffer.alloc(64 * 1024, 1));
      } else if (path === '/big-chunked') {
        // No content-length: the cap must hold on the streamed bytes.
        res.writeHead(200);
        const block = Buffer.alloc(8 * 1024, 2);
        for (let i = 0; i < 16; i += 1) res.write(block);
        res.end();
      } else if (path === '/hang') {
        res.writeHead(200);
        res.write('partial');
      } else {
        res.writeHead(404).end();
      }
    });
  }
}

const quietLogger = { warn: (): void => undefined };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('guardedFetch against a real loopback peer', () => {
  const peer = new LoopbackPeer();
  let base: string;
  const testing = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: quietLogger });

  beforeAll(async () => {
    base = await peer.start();
  });

  afterAll(async () => {
    testing.destroy();
    await peer.stop();
  });

  it('with the test allowance: reaches the peer and returns status, headers and body', async () => {
    const response = await guardedFetch(`${base}/ok`, { guard: testing });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json()).toEqual({ hello: 'world' });
  });

  it('sends a request body', async () => {
    const response = await guardedFetch(`${base}/echo`, {
      guard: testing,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'ping ü',
    });
    expect(response.status).toBe(201);
    expect(response.text()).toBe('ping ü');
  });

  it('reaches the peer by the name localhost under the allowance', async () => {
    const response = await guardedFetch(`http://localhost:${peer.port}/ok`, { guard: testing });
    expect(response.status).toBe(200);
  });

  it('without the allowance: refused with 422 url_forbidden and nothing reaches the peer', async () => {
    const before = peer.hits['/ok'] ?? 0;
    for (const url of [
      `${base}/ok`,
      `http://localhost:${peer.port}/ok`,
      `https://localhost:${peer.port}/ok`,
    ]) {
      const error = await failure(guardedFetch(url, { field: 'webhook_url' }));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: ErrorCode.UrlForbidden,
        status: 422,
        detail: { field: 'webhook_url' },
      });
    }
    expect(peer.hits['/ok'] ?? 0).toBe(before);
  });

  it('connects to the address it checked, never to a second DNS answer (no rebinding window)', async () => {
    // The checked answer is 127.0.0.2, where nothing listens; a second lookup would say 127.0.0.1.
    let calls = 0;
    const rebinding: HostResolver = () =>
      Promise.resolve([{ address: calls++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }]);
    const guard = new EgressGuard({
      resolve: rebinding,
      logger: quietLogger,
      allowLoopbackForTests: true,
      nodeEnv: 'test',
    });
    const before = peer.hits['/ok'] ?? 0;
    const error = await failure(guardedFetch(`http://rebind.example:${peer.port}/ok`, { guard }));
    guard.destroy();
    expect(calls).toBe(1);
    expect(error).toMatchObject({ kind: 'network' });
    expect(peer.hits['/ok'] ?? 0).toBe(before);
  });

  describe('kept-alive connections', () => {
    it('reuses one connection for requests to the same host and checked address', async () => {
      const guard = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: quietLogger });
      const before = peer.connections;
      for (let i = 0; i < 4; i += 1) {
        expect((await guardedFetch(`${base}/ok`, { guard })).status).toBe(200);
      }
      guard.destroy();
      expect(peer.connections - before).toBe(1);
    });

    it('never lends a socket to another host name, even one with the same address', async () => {
      const guard = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: quietLogger });
      const before = peer.connections;
      await guardedFetch(`${base}/ok`, { guard });
      await guardedFetch(`http://localhost:${peer.port}/ok`, { guard });
      await guardedFetch(`${base}/ok`, { guard });
      guard.destroy();
      expect(peer.connections - before).toBe(2);
    });

    it('opens a new connection when the host now resolves to another allowed address', async () => {
      const second = new LoopbackPeer();
      await second.start('127.0.0.2', peer.port);
      const answers = ['127.0.0.1', '127.0.0.2', '127.0.0.1'];
      const resolve: HostResolver = () => Promise.resolve([{ address: answers.shift()!, family: 4 }]);
      const guard = new EgressGuard({
        resolve,
        allowLoopbackForTests: true,
        nodeEnv: 'test',
        logger: quietLogger,
      });
      const [firstBefore, secondBefore] = [peer.hits['/ok'] ?? 0, second.hits['/ok'] ?? 0];
      try {
        for (let i = 0; i < 3; i += 1) await guardedFetch(`http://moving.example:${peer.port}/ok`, { guard });
      } finally {
        guard.destroy();
        await second.stop();
      }
      expect((peer.hits['/ok'] ?? 0) - firstBefore).toBe(2);
      expect((second.hits['/ok'] ?? 0) - secondBefore).toBe(1);
      expect(second.connections).toBe(1);
    });

    it('checks DNS on every request: a host now resolving to a forbidden address is refused despite a pooled socket', async () => {
      const answers = ['127.0.0.1', '10.0.0.5', '127.0.0.1'];
      let calls = 0;
      const resolve: HostResolver = () => {
        calls += 1;
        return Promise.resolve([{ address: answers.shift()!, family: 4 }]);
      };
      const guard = new EgressGuard({
        resolve,
        allowLoopbackForTests: true,
        nodeEnv: 'test',
        logger: quietLogger,
      });
      const url = `http://pooled.example:${peer.port}/ok`;
      const [hitsBefore, connectionsBefore] = [peer.hits['/ok'] ?? 0, peer.connections];

      expect((await guardedFetch(url, { guard })).status).toBe(200);
      const refused = await failure(guardedFetch(url, { guard, field: 'webhook_url' }));
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: ErrorCode.UrlForbidden, detail: { field: 'webhook_url' } });
      expect((peer.hits['/ok'] ?? 0) - hitsBefore).toBe(1);
      // The pooled socket survived the refusal unused, and serves the host once it checks out again.
      expect((await guardedFetch(url, { guard })).status).toBe(200);
      guard.destroy();
      expect(calls).toBe(3);
      expect((peer.hits['/ok'] ?? 0) - hitsBefore).toBe(2);
      expect(peer.connections - connectionsBefore).toBe(1);
    });

    it('does not reuse a connection the peer closed: the next request goes out on a fresh one', async () => {
      const guard = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: quietLogger });
      const before = peer.connections;
      await guardedFetch(`${base}/ok`, { guard });
      // The server drops its idle keep-alive sockets; the client learns of it as it reuses one.
      peer.closeIdle();
      const response = await guardedFetch(`${base}/echo`, { guard, method: 'POST', body: 'again' });
      guard.destroy();
      expect(response.status).toBe(201);
      expect(response.text()).toBe('again');
      expect(peer.connections - before).toBe(2);
    });
  });

  it('returns a 3xx as is and does not follow it', async () => {
    const response = await guardedFetch(`${base}/redirect`, { guard: testing });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/target');
    expect(peer.hits['/target']).toBeUndefined();
  });

  it.each(['/big-declared', '/big-chunked'])('cuts an oversize response (%s) with an error', async (path) => {
    const error = await failure(
      guardedFetch(`${base}${path}`, { guard: testing, maxResponseBytes: 32 * 1024 }),
    );
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect((error as GuardedFetchError).kind).toBe('response_too_large');
  });

  it('accepts a response exactly under the cap', async () => {
    const response = await guardedFetch(`${base}/big-declared`, {
      guard: testing,
      maxResponseBytes: 64 * 1024,
    });
    expect(response.body).toHaveLength(64 * 1024);
  });

  it('fails a hanging exchange at its deadline, and on abort', async () => {
    const timedOut = await failure(guardedFetch(`${base}/hang`, { guard: testing, timeoutMs: 200 }));
    expect(timedOut).toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    const pending = failure(guardedFetch(`${base}/hang`, { guard: testing, signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });

  it('classifies a refused connection as a network failure with its cause', async () => {
    const closed = new LoopbackPeer();
    const url = await closed.start();
    await closed.stop();
    const error = await failure(guardedFetch(`${url}/ok`, { guard: testing }));
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect((error as GuardedFetchError).kind).toBe('network');
    expect(((error as GuardedFetchError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });
});
