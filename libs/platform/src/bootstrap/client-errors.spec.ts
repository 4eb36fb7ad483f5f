import { type Server, createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { answerClientErrors } from './client-errors';

/** Sends raw bytes and reads everything the server answers before it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(request);
  });
}

describe('answerClientErrors', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers oversized headers with 431 and the error envelope', async () => {
    const answer = await rawExchange(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain('Content-Type: application/json');
    expect(JSON.parse(body)).toEqual({
      error: { code: 'headers_too_large', message: 'Request headers are too large', detail: {} },
    });
  });

  it('answers a malformed request 400 as Node does, and serves good ones', async () => {
    expect(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/ok$/);
  });
});
