import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ApiError, UNKNOWN_ERROR_CODE, createApiClient, dataOf, errorOf } from './index';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback server answering each request with the next scripted answer, recording what it got. */
function startServer(answers: { status: number; body?: string; type?: string }[]) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const answer = answers.shift() ?? { status: 500 };
      response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
      response.end(answer.body ?? '');
    });
  });
  return new Promise<{ origin: string; seen: Seen[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const POSTGRES = { host: 'db', port: 5432, database: 'shop', user: 'reader' };

const envelope = (code: string, message: string, detail: Record<string, unknown>) =>
  JSON.stringify({ error: { code, message, detail } });

describe('createApiClient', () => {
  it('sends the bearer token, the path parameters and a JSON body; answers typed data', async () => {
    const server = await startServer([
      { status: 201, body: JSON.stringify({ id: 'c1', name: 'orders' }) },
      { status: 200, body: JSON.stringify({ id: 'c1', name: 'orders' }) },
    ]);
    try {
      const client = createApiClient({ baseUrl: `${server.origin}/`, token: 'dq_pat_x' });
      const created = await client.POST('/api/v1/connections', {
        body: { name: 'orders', kind: 'postgres', config: POSTGRES },
      });
      expect(created.response.status).toBe(201);
      expect(dataOf(created)).toMatchObject({ id: 'c1' });
      const read = await client.GET('/api/v1/connections/{id}', { params: { path: { id: 'c1' } } });
      expect(dataOf(read).name).toBe('orders');

      expect(server.seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
        'POST /api/v1/connections',
        'GET /api/v1/connections/c1',
      ]);
      expect(server.seen[0].headers['authorization']).toBe('Bearer dq_pat_x');
      expect(server.seen[0].headers['content-type']).toBe('application/json');
      expect(JSON.parse(server.seen[0].body)).toEqual({
        name: 'orders',
        kind: 'postgres',
        config: POSTGRES,
      });
      expect(server.seen[1].body).toBe('');
    } finally {
      await server.close();
    }
  });

  it('sends no authorization header without a token (a browser on its session cookie)', async () => {
    const server = await startServer([{ status: 200, body: '[]' }]);
    try {
      await createApiClient({ baseUrl: server.origin }).GET('/api/v1/suites');
      expect(server.seen[0].headers['authorization']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it("turns an error answer into an ApiError with the envelope's code, message and detail", async () => {
    const server = await startServer([
      { status: 422, body: envelope('validation_failed', 'name is empty', { fields: { name: 'empty' } }) },
      { status: 200, body: '[]' },
      { status: 502, body: '<html>bad gateway</html>', type: 'text/html' },
    ]);
    try {
      const client = createApiClient({ baseUrl: server.origin, token: 't' });
      const refused = await client.POST('/api/v1/connections', {
        body: { name: '', kind: 'postgres', config: POSTGRES },
      });
      const error = errorOf(refused);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 422,
        code: 'validation_failed',
        message: 'name is empty',
        detail: { fields: { name: 'empty' } },
      });
      expect(() => dataOf(refused)).toThrow(ApiError);

      expect(errorOf(await client.GET('/api/v1/suites'))).toBeUndefined();

      const proxied = errorOf(await client.GET('/api/v1/suites'));
      expect(proxied).toMatchObject({ status: 502, code: UNKNOWN_ERROR_CODE, detail: {} });
    } finally {
      await server.close();
    }
  });

  it('uses the fetch it is given', async () => {
    const requests: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://api.invalid',
      fetch: (request) => {
        requests.push(`${request.method} ${request.url}`);
        return Promise.resolve(new Response('{"items":[],"next_cursor":null}', { status: 200 }));
      },
    });
    const { data } = await client.GET('/api/v1/runs');
    expect(data).toEqual({ items: [], next_cursor: null });
    expect(requests).toEqual(['GET http://api.invalid/api/v1/runs']);
  });
});
