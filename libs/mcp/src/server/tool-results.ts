import { randomUUID } from 'node:crypto';
import { HttpException } from '@nestjs/common';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, ERROR_STATUS, type ErrorBody, ErrorCode } from '@dq/contracts';

/** REST's statuses of the errors an HttpException from a library may carry. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  422: ErrorCode.ValidationFailed,
  429: ErrorCode.RateLimited,
};

/** What a failed tool call carries: REST's envelope and the status REST would have answered. */
export interface ToolErrorContent {
  error: ErrorBody;
  status: number;
}

/**
 * A successful call: the REST body as JSON text (what every client shows the model) and, for
 * clients that read it, the same value as structured content (an array is given as `items`).
 */
export function toolSuccess(value: unknown): CallToolResult {
  // Plain JSON, exactly what REST serialises: a service may answer class instances (a runner reply)
  // or dates, which the protocol's result schema would refuse as structured content.
  const body: unknown = value === undefined ? { done: true } : JSON.parse(JSON.stringify(value));
  const structured =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : { items: body };
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: structured };
}

/**
 * A refused or failed call as a tool error the model can read and act on, never a protocol error:
 * the same code, message and detail REST answers, plus its status. An unexpected failure gives
 * only an `error_id`; the error itself goes to the log through `logUnexpected`.
 */
export function toolFailure(
  error: unknown,
  logUnexpected: (error: unknown, errorId: string) => void,
): CallToolResult {
  const content = errorContentOf(error, logUnexpected);
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(content) }],
    structuredContent: content as unknown as Record<string, unknown>,
  };
}

function errorContentOf(
  error: unknown,
  logUnexpected: (error: unknown, errorId: string) => void,
): ToolErrorContent {
  if (error instanceof AppError) return { error: error.toBody(), status: error.status };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = CODE_BY_STATUS[status === 400 ? 422 : status];
    if (code) return { error: { code, message: error.message, detail: {} }, status: ERROR_STATUS[code] };
  }
  const errorId = randomUUID();
  logUnexpected(error, errorId);
  return {
    error: { code: ErrorCode.InternalError, message: 'Internal error', detail: { error_id: errorId } },
    status: 500,
  };
}
