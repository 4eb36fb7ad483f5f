import { ApiError, UNKNOWN_ERROR_CODE } from '@dq/api-client';

export { ApiError, UNKNOWN_ERROR_CODE, apiErrorOf } from '@dq/api-client';

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'You are not signed in.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  429: 'Too many requests; wait a moment and try again.',
  502: 'The service is unreachable; try again shortly.',
  503: 'The service is unavailable; try again shortly.',
  504: 'The service took too long to answer; try again.',
};

/** The error for a request that got no answer. */
export function networkError(cause: unknown): ApiError {
  const aborted = cause instanceof DOMException && cause.name === 'AbortError';
  return new ApiError(
    0,
    UNKNOWN_ERROR_CODE,
    aborted ? 'The request was cancelled.' : 'The service could not be reached; check your connection.',
  );
}

/** What to show a person for any error thrown while talking to the API. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    // An answer without the envelope (a proxy's page) gets a plain sentence, not a status line.
    if (error.code === UNKNOWN_ERROR_CODE && error.status > 0) {
      return FALLBACK_MESSAGES[error.status] ?? `The service answered ${error.status}.`;
    }
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** A 401: the session is missing, expired or withdrawn. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Whether a failed read is worth another try: never for a client error (it would answer the same),
 * at most twice for a server or network failure.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The problems the API named for one body field (`detail.fields[].problems`), joined; or undefined. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const fields = error.detail['fields'];
  if (!Array.isArray(fields)) return undefined;
  for (const entry of fields as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field: name, problems } = entry as { field?: unknown; problems?: unknown };
    if (name === field && Array.isArray(problems)) {
      return problems.filter((problem): problem is string => typeof problem === 'string').join('; ');
    }
  }
  return undefined;
}
