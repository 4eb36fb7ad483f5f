import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ErrorCode } from '@dq/contracts';
import {
  GATEWAY_UNREACHABLE_BODY,
  GATEWAY_UNREACHABLE_STATUS,
  createProxyErrorHandler,
  isApiPath,
} from './api-proxy';

function request(method: string, url: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  return req;
}

/** A real ServerResponse whose body is captured instead of written to a socket. */
function response(req: IncomingMessage): { res: ServerResponse; body: () => string } {
  const res = new ServerResponse(req);
  let captured = '';
  jest.spyOn(res, 'end').mockImplementation(((chunk?: unknown) => {
    if (typeof chunk === 'string') captured += chunk;
    return res;
  }) as ServerResponse['end']);
  return { res, body: () => captured };
}

function connectionRefused(): Error & { code: string } {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8082'), { code: 'ECONNREFUSED' });
}

describe('createProxyErrorHandler', () => {
  const logger = { warn: jest.fn() };
  const handle = createProxyErrorHandler(logger);

  beforeEach(() => logger.warn.mockClear());

  it('answers 502 with the service_unavailable envelope before anything was sent', () => {
    const req = request('POST', '/api/v1/suites');
    const { res, body } = response(req);

    handle(connectionRefused(), req, res);

    expect(res.statusCode).toBe(502);
    expect(GATEWAY_UNREACHABLE_STATUS).toBe(502);
    expect(res.getHeader('content-type')).toBe('application/json; charset=utf-8');
    expect(res.getHeader('cache-control')).toBe('no-store');
    expect(JSON.parse(body())).toEqual({
      error: { code: ErrorCode.ServiceUnavailable, message: 'API gateway unreachable', detail: {} },
    });
    expect(JSON.parse(body())).toEqual(GATEWAY_UNREACHABLE_BODY);
    expect(Number(res.getHeader('content-length'))).toBe(Buffer.byteLength(body()));
  });

  it('never reveals the upstream address or the low-level error to the client', () => {
    const req = request('GET', '/api/v1/runs');
    const { res, body } = response(req);

    handle(connectionRefused(), req, res);

    expect(body()).not.toContain('127.0.0.1');
    expect(body()).not.toContain('ECONNREFUSED');
  });

  it('cuts the connection instead of appending an envelope to a response already under way', () => {
    const req = request('GET', '/api/v1/runs');
    const { res, body } = response(req);
    res.writeHead(200, { 'content-type': 'application/json' });
    Object.defineProperty(res, 'headersSent', { value: true });
    const destroy = jest.spyOn(res, 'destroy').mockImplementation(() => res);

    handle(connectionRefused(), req, res);

    expect(destroy).toHaveBeenCalled();
    expect(res.statusCode).toBe(200);
    expect(body()).toBe('');
  });

  it('destroys a raw socket (an upgrade request) rather than writing HTTP to it', () => {
    const req = request('GET', '/api/v1/stream');
    const socket = new Socket();
    const destroy = jest.spyOn(socket, 'destroy').mockImplementation(() => socket);

    handle(connectionRefused(), req, socket);

    expect(destroy).toHaveBeenCalled();
  });

  it('logs the failure with the path but without the query string', () => {
    const req = request('GET', '/api/v1/runs?token=svc_live_secretvalue');
    const { res } = response(req);

    handle(connectionRefused(), req, res);

    expect(logger.warn).toHaveBeenCalledTimes(1);
    const line = String(logger.warn.mock.calls[0][0]);
    expect(line).toContain('/api/v1/runs');
    expect(line).toContain('ECONNREFUSED');
    expect(line).not.toContain('svc_live_');
    expect(line).not.toContain('?');
  });
});

describe('isApiPath', () => {
  it.each(['/api', '/api/', '/api/v1', '/api/v1/suites/1/run'])('%s goes to the gateway', (path) => {
    expect(isApiPath(path)).toBe(true);
  });

  it.each(['/', '/apidocs', '/api-v1', '/styles.css', '/healthz', '/v1/api'])(
    '%s stays on the web host',
    (path) => {
      expect(isApiPath(path)).toBe(false);
    },
  );
});
