import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { ErrorCode, type ErrorEnvelope } from '@dq/contracts';

/** Everything under this path belongs to the api-gateway; the web host never answers it itself. */
export const API_PATH_PREFIX = '/api';

/** The MCP endpoint (`{app_host}/mcp/`): forwarded to the mcp-gateway, which answers `/mcp` itself. */
export const MCP_PATH_PREFIX = '/mcp';

/**
 * Status of the "gateway unreachable" answer. 502 (not the 503 the contracts pair with
 * `service_unavailable`): the web host itself is fine, the hop behind it failed.
 */
export const GATEWAY_UNREACHABLE_STATUS = 502;

/** The envelope a client gets when the gateway named `gateway` does not answer. */
export function gatewayUnreachableBody(gateway: string): ErrorEnvelope {
  return { error: { code: ErrorCode.ServiceUnavailable, message: `${gateway} unreachable`, detail: {} } };
}

export const GATEWAY_UNREACHABLE_BODY: ErrorEnvelope = gatewayUnreachableBody('API gateway');

/** Where proxy failures are reported; the app passes its Nest logger. */
export interface ProxyLogger {
  warn(message: string): void;
}

export interface ApiProxyOptions {
  /** Base URL of the api-gateway, e.g. `http://127.0.0.1:8082`. */
  target: string;
  /** How long the gateway may take to start answering before the client gets a 502. */
  timeoutMs: number;
  logger: ProxyLogger;
  /**
   * The request id this host assigned (platform's request-context middleware); sent upstream as
   * `X-Request-Id` so the gateway's log lines carry the same id as this host's.
   */
  requestId?: (res: Response) => string | undefined;
  /** Sees the gateway's response before it is copied to the browser (sign-in cookies are merged in). */
  onProxyResponse?: (proxyRes: IncomingMessage, res: Response) => void;
}

/** `/api` and everything below it; `/apidocs` is not the API. */
export function isApiPath(pathname: string): boolean {
  return pathname === API_PATH_PREFIX || pathname.startsWith(`${API_PATH_PREFIX}/`);
}

/** The MCP endpoint's OAuth protected-resource metadata (RFC 9728), which the mcp-gateway publishes. */
export const MCP_RESOURCE_METADATA_PREFIX = '/.well-known/oauth-protected-resource';

/** `/mcp` and everything below it, and its resource metadata; `/mcpx` is not the MCP endpoint. */
export function isMcpPath(pathname: string): boolean {
  return [MCP_PATH_PREFIX, MCP_RESOURCE_METADATA_PREFIX].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * Answers a failed proxy attempt. Before the gateway sent anything the client gets the spec's
 * envelope; once a response has started, the connection is cut so a truncated body can never
 * pass for a complete one.
 */
export function createProxyErrorHandler(logger: ProxyLogger, gateway = 'API gateway') {
  const unreachable = gatewayUnreachableBody(gateway);
  return (err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket): void => {
    // Only the path: a query string may carry values that do not belong in logs.
    const path = (req.url ?? '').split('?')[0];
    logger.warn(`${gateway} unreachable (${err.code ?? err.message}) for ${req.method ?? '?'} ${path}`);
    if (!isServerResponse(res)) {
      res.destroy();
      return;
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify(unreachable);
    res.statusCode = GATEWAY_UNREACHABLE_STATUS;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(body));
    res.setHeader('cache-control', 'no-store');
    res.end(body);
  };
}

/**
 * Sets X-Forwarded-For/Proto/Host from what Express derived under its `trust proxy` setting, so a
 * client can not forge them past the trust boundary: untrusted hops are dropped, not appended.
 */
export function setForwardedHeaders(proxyReq: ClientRequest, req: Request): void {
  const chain = [...req.ips, req.socket.remoteAddress].filter((hop): hop is string => !!hop);
  proxyReq.setHeader('x-forwarded-for', chain.join(', '));
  proxyReq.setHeader('x-forwarded-proto', req.protocol);
  const host = req.host;
  if (host) proxyReq.setHeader('x-forwarded-host', host);
}

/**
 * The same-origin `/api` proxy. It must be mounted before any body parser: the request body is
 * piped to the gateway byte for byte, never parsed here. Mounted at the root (not at `/api`) so
 * Express does not strip the prefix from the forwarded path.
 */
export function createApiProxy(options: ApiProxyOptions): RequestHandler<Request, Response> {
  return createProxyMiddleware<Request, Response>({
    target: options.target,
    pathFilter: (pathname) => isApiPath(pathname),
    // The gateway sees the browser's Host; X-Forwarded-Host says the same for clarity.
    changeOrigin: false,
    xfwd: false,
    proxyTimeout: options.timeoutMs,
    on: {
      proxyReq: (proxyReq, req, res) => {
        setForwardedHeaders(proxyReq, req);
        const requestId = options.requestId?.(res);
        if (requestId) proxyReq.setHeader('x-request-id', requestId);
      },
      proxyRes: (proxyRes, _req, res) => options.onProxyResponse?.(proxyRes, res),
      error: createProxyErrorHandler(options.logger),
    },
  });
}

export interface McpProxyOptions {
  /** Base URL of the mcp-gateway, e.g. `http://127.0.0.1:8081`. */
  target: string;
  logger: ProxyLogger;
  requestId?: (res: Response) => string | undefined;
}

/**
 * The same-origin MCP endpoint: `/mcp` and below, byte for byte to the mcp-gateway, which does its
 * own authentication (a PAT or an identity-provider token the assistant sends) and Origin check.
 * No timeout: a streamed answer (server-sent events) stays open as long as the tool works.
 */
export function createMcpProxy(options: McpProxyOptions): RequestHandler<Request, Response> {
  return createProxyMiddleware<Request, Response>({
    target: options.target,
    pathFilter: (pathname) => isMcpPath(pathname),
    changeOrigin: false,
    xfwd: false,
    on: {
      proxyReq: (proxyReq, req, res) => {
        setForwardedHeaders(proxyReq, req);
        const requestId = options.requestId?.(res);
        if (requestId) proxyReq.setHeader('x-request-id', requestId);
      },
      error: createProxyErrorHandler(options.logger, 'MCP gateway'),
    },
  });
}

function isServerResponse(res: ServerResponse | Socket): res is ServerResponse {
  return typeof (res as ServerResponse).writeHead === 'function';
}
