import { type NextFunction, type Request, type Response } from 'express';
import { AppError, ErrorCode, type ErrorEnvelope } from '@dq/contracts';

export interface McpEdgeOptions {
  /** Browser origins allowed to call `/mcp/` (exact `scheme://host[:port]`); others get 403. */
  allowedOrigins: readonly string[];
  /** Sent with every 401, so a client knows to (re)authenticate. */
  wwwAuthenticate: string;
}

const ENDPOINT = '/mcp/';

function answer(res: Response, error: AppError): void {
  const envelope: ErrorEnvelope = { error: error.toBody() };
  res.status(error.status).json(envelope);
}

/**
 * What `/mcp` answers before any credential is looked at: the 307 from `/mcp` to `/mcp/` (method
 * and body kept), the Origin allow-list (a browser page on another site, or a DNS-rebound name,
 * must not reach the endpoint with the user's network position), and the `WWW-Authenticate`
 * header on every 401 the guard answers later.
 */
export function mcpEdgeMiddleware(options: McpEdgeOptions) {
  const allowed = new Set(options.allowedOrigins.map((origin) => origin.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction): void => {
    const [pathname, query] = splitUrl(req.originalUrl ?? req.url);
    if (pathname === '/mcp') {
      res.redirect(307, `${ENDPOINT}${query}`);
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin.toLowerCase())) {
      answer(res, new AppError(ErrorCode.Forbidden, 'Origin not allowed', { origin_allowed: false }));
      return;
    }
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { writeHead: (...args: unknown[]) => Response }).writeHead = (...args: unknown[]) => {
      const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
      if (status === 401) res.setHeader('WWW-Authenticate', options.wwwAuthenticate);
      return writeHead(...args);
    };
    next();
  };
}

function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index < 0 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}
