import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { httpRequestSeconds, routeLabelOf } from '../metrics/http-metrics';
import { startSpan } from '../tracing/spans';
import { TRACEPARENT_HEADER, parseTraceparent, traceLogFields } from '../tracing/trace-context';
import { type LogContext, runWithLogContext } from './log-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const REQUEST_ID_LOCAL = 'requestId';
const LOG_CONTEXT_LOCAL = 'logContext';

/** The request id of a request that went through `requestContextMiddleware`. */
export function requestIdOf(res: Response): string | undefined {
  return res.locals[REQUEST_ID_LOCAL] as string | undefined;
}

/**
 * First middleware of every app: takes a well-formed `X-Request-Id` or mints a UUID, echoes it,
 * continues the caller's W3C `traceparent` in a new span (or starts a trace), runs the request in
 * a log context carrying both, writes one line per finished request and observes its duration by
 * route pattern and status. The line names method, path (never the query string, which may carry
 * secrets), status and duration; never headers or bodies.
 */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const offered = req.get(REQUEST_ID_HEADER);
    const requestId = offered !== undefined && WELL_FORMED_REQUEST_ID.test(offered) ? offered : randomUUID();
    res.locals[REQUEST_ID_LOCAL] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const span = startSpan(req.method, parseTraceparent(req.get(TRACEPARENT_HEADER)), 'server', {
      'http.request.method': req.method,
    });
    const context: LogContext = { request_id: requestId, ...traceLogFields(span.context) };
    res.locals[LOG_CONTEXT_LOCAL] = context;
    const started = process.hrtime.bigint();
    let logged = false;
    const logCompletion = (): void => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabelOf(req);
      httpRequestSeconds.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      span.end({ 'http.route': route, 'http.response.status_code': res.statusCode });
      // Below the level (warn in tests and benchmarks) the line's fields are not gathered.
      if (!logger.isLevelEnabled('info')) return;
      const line = {
        ...context,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        duration_ms: Math.round(seconds * 1e5) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      logger.info(line, 'request completed');
    };
    res.once('finish', logCompletion);
    res.once('close', logCompletion);
    runWithLogContext(context, next);
  };
}

/**
 * Re-enters the request's log context. Body parsers resume the chain from stream callbacks, which
 * lose the AsyncLocalStorage context, so this runs right after them.
 */
export function reenterRequestContextMiddleware() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const context = res.locals[LOG_CONTEXT_LOCAL] as LogContext | undefined;
    if (context === undefined) return next();
    runWithLogContext(context, next);
  };
}
