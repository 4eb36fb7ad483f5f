import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { runWithLogContext } from './log-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const REQUEST_ID_LOCAL = 'requestId';

/** The request id of a request that went through `requestContextMiddleware`. */
export function requestIdOf(res: Response): string | undefined {
  return res.locals[REQUEST_ID_LOCAL] as string | undefined;
}

/**
 * First middleware of every app: takes a well-formed `X-Request-Id` or mints a UUID, echoes it,
 * runs the request in a log context carrying it, and writes one line per finished request. The
 * line names method, path (never the query string, which may carry secrets), status and duration;
 * never headers or bodies.
 */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const offered = req.get(REQUEST_ID_HEADER);
    const requestId = offered !== undefined && WELL_FORMED_REQUEST_ID.test(offered) ? offered : randomUUID();
    res.locals[REQUEST_ID_LOCAL] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    let logged = false;
    const logCompletion = (): void => {
      if (logged) return;
      logged = true;
      const line = {
        request_id: requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      logger.info(line, 'request completed');
    };
    res.once('finish', logCompletion);
    res.once('close', logCompletion);
    runWithLogContext({ request_id: requestId }, next);
  };
}

/**
 * Re-enters the request's log context. Body parsers resume the chain from stream callbacks, which
 * lose the AsyncLocalStorage context, so this runs right after them.
 */
export function reenterRequestContextMiddleware() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const requestId = requestIdOf(res);
    if (requestId === undefined) return next();
    runWithLogContext({ request_id: requestId }, next);
  };
}
