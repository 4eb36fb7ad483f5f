import { type components } from './generated/openapi';

/** Every error answer's body: `{ error: { code, message, detail } }`. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
/** The codes the API names its error cases with. */
export type ApiErrorCode = ErrorEnvelope['error']['code'];

/** The code of an error answer that carried no envelope (a proxy's page, an empty body). */
export const UNKNOWN_ERROR_CODE = 'unknown_error';

/** An answer of the API that is not a success: its status and the envelope's code, message and detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | typeof UNKNOWN_ERROR_CODE,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error of an answer from its status and parsed body (anything: the envelope is checked). */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body['error'] : undefined;
  if (isRecord(error) && typeof error['code'] === 'string' && typeof error['message'] === 'string')
    return new ApiError(
      status,
      error['code'] as ApiErrorCode,
      error['message'],
      isRecord(error['detail']) ? error['detail'] : {},
    );
  return new ApiError(status, UNKNOWN_ERROR_CODE, `The API answered ${status} without an error envelope.`);
}

/** What one openapi-fetch call resolves to: the data on success, the parsed error body otherwise. */
export interface ApiResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The typed error of a failed call, or undefined when it succeeded. */
export function errorOf(result: ApiResult<unknown>): ApiError | undefined {
  return result.response.ok ? undefined : apiErrorOf(result.response.status, result.error);
}

/** The call's data; an `ApiError` is thrown when the answer is not a success. */
export function dataOf<Data>(result: ApiResult<Data>): Data {
  const error = errorOf(result);
  if (error) throw error;
  return result.data as Data;
}
