import { randomUUID } from 'node:crypto';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { AppError, type ErrorBody, ErrorCode, type ErrorEnvelope } from '@dq/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';

/** Codes for HttpExceptions Nest or a library throws; a 400 becomes 422 since the spec has no 400. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  422: ErrorCode.ValidationFailed,
  429: ErrorCode.RateLimited,
  503: ErrorCode.ServiceUnavailable,
};

/** body-parser (http-errors) failure types, reached through the HttpException's cause. */
const BODY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  'entity.parse.failed': { code: ErrorCode.InvalidJson, message: 'Request body is not valid JSON' },
  'entity.too.large': { code: ErrorCode.PayloadTooLarge, message: 'Request body is too large' },
  'encoding.unsupported': { code: ErrorCode.UnsupportedMediaType, message: 'Unsupported content encoding' },
  'charset.unsupported': { code: ErrorCode.UnsupportedMediaType, message: 'Unsupported charset' },
};

interface Answer {
  status: number;
  body: ErrorBody;
}

const pathOf = (req: Request): string => (req.originalUrl ?? req.url).split('?')[0];

function bodyParserFailure(exception: HttpException): Answer | undefined {
  const cause = exception.cause as { type?: unknown; limit?: unknown } | undefined;
  const known = typeof cause?.type === 'string' ? BODY_ERRORS[cause.type] : undefined;
  if (!known) return undefined;
  const detail =
    known.code === ErrorCode.PayloadTooLarge && typeof cause?.limit === 'number'
      ? { limit_bytes: cause.limit }
      : {};
  return { status: exception.getStatus() === 400 ? 422 : exception.getStatus(), body: { ...known, detail } };
}

/** Methods no route answers anywhere: a 405, not a 404 that suggests the path is unknown. */
const NEVER_SERVED_METHODS = new Set(['TRACE', 'TRACK']);

/**
 * Headers an answer's status calls for, unless a handler set its own: a 401 names the scheme it
 * takes (RFC 9110; the MCP edge sets its richer challenge itself), a 429 says when to come back
 * (`detail.retry_after_seconds`, whichever limiter refused).
 */
function edgeHeaders(res: Response, answer: Answer): void {
  if (answer.status === 401 && !res.hasHeader('WWW-Authenticate'))
    res.setHeader('WWW-Authenticate', 'Bearer');
  const retryAfter = answer.body.detail['retry_after_seconds'];
  if (answer.status === 429 && typeof retryAfter === 'number' && !res.hasHeader('Retry-After'))
    res.setHeader('Retry-After', String(retryAfter));
}

/** Nest's router throws exactly this for a path no route matched. */
function isUnmatchedRoute(exception: HttpException, req: Request): boolean {
  return exception.getStatus() === 404 && exception.message === `Cannot ${req.method} ${req.originalUrl}`;
}

function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/**
 * The one global filter: EVERYTHING leaves as `{error:{code,message,detail}}`. Expected errors
 * (AppError, 4xx) keep their message and are not logged as errors; anything else is a 500 whose
 * body carries only an `error_id`, while the log line carries the error and its stack.
 */
@Catch()
export class HttpErrorEnvelopeFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    this.respond(
      exception,
      host.switchToHttp().getRequest<Request>(),
      host.switchToHttp().getResponse<Response>(),
    );
  }

  /** Answers `exception` on `res`; also used outside Nest's pipeline (the root fallback of configureHttpApp). */
  respond(exception: unknown, req: Request, res: Response): void {
    const answer = this.answer(exception, req);
    if (res.headersSent) {
      // Too late for an envelope: end the response so the client is not left hanging.
      res.end();
      return;
    }
    const envelope: ErrorEnvelope = { error: answer.body };
    edgeHeaders(res, answer);
    res.status(answer.status).json(envelope);
  }

  private answer(exception: unknown, req: Request): Answer {
    if (exception instanceof AppError) return { status: exception.status, body: exception.toBody() };
    if (exception instanceof HttpException) {
      // The adapter wraps a body parser's failure; ours (hostile-input's verify) carries an AppError.
      if (exception.cause instanceof AppError) {
        return { status: exception.cause.status, body: exception.cause.toBody() };
      }
      const fromBody = bodyParserFailure(exception);
      if (fromBody) return fromBody;
      if (isUnmatchedRoute(exception, req)) {
        if (NEVER_SERVED_METHODS.has(req.method.toUpperCase())) {
          return {
            status: 405,
            body: {
              code: ErrorCode.MethodNotAllowed,
              message: `${req.method} is not served`,
              detail: { method: req.method },
            },
          };
        }
        return {
          status: 404,
          body: {
            code: ErrorCode.RouteNotFound,
            message: 'No such route',
            detail: { method: req.method, path: pathOf(req) },
          },
        };
      }
      const status = exception.getStatus();
      const code = CODE_BY_STATUS[status] ?? (status < 500 ? ErrorCode.ValidationFailed : undefined);
      if (code !== undefined) {
        const mappedStatus =
          status === 400 || (status < 500 && CODE_BY_STATUS[status] === undefined) ? 422 : status;
        return { status: mappedStatus, body: { code, message: httpExceptionMessage(exception), detail: {} } };
      }
    }
    return this.unexpected(exception, req);
  }

  private unexpected(exception: unknown, req: Request): Answer {
    const errorId = randomUUID();
    this.logger.error(
      { err: exception, error_id: errorId, method: req.method, path: pathOf(req) },
      'unexpected error while handling a request',
    );
    return {
      status: 500,
      body: { code: ErrorCode.InternalError, message: 'Internal error', detail: { error_id: errorId } },
    };
  }
}
