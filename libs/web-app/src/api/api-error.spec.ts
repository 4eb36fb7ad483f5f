import {
  ApiError,
  UNKNOWN_ERROR_CODE,
  apiErrorOf,
  fieldErrorOf,
  isUnauthenticated,
  messageOf,
  networkError,
  shouldRetry,
} from './api-error';

describe('API error mapping', () => {
  it("keeps the envelope's code, message and detail", () => {
    const error = apiErrorOf(429, {
      error: { code: 'sign_in_code_limited', message: 'Too many codes', detail: { retry_after_seconds: 60 } },
    });

    // The API client's own error class: one error type from the client to the screens.
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'sign_in_code_limited', message: 'Too many codes' });
    expect(error.detail).toEqual({ retry_after_seconds: 60 });
    expect(messageOf(error)).toBe('Too many codes');
  });

  it('answers a plain message when the body is not an envelope (a proxy page, nothing)', () => {
    const proxyPage = apiErrorOf(502, '<html>bad gateway</html>');
    expect(proxyPage.code).toBe(UNKNOWN_ERROR_CODE);
    expect(messageOf(proxyPage)).toBe('The service is unreachable; try again shortly.');
    expect(messageOf(apiErrorOf(418, undefined))).toBe('The service answered 418.');
    expect(apiErrorOf(500, { error: { code: 1 } }).code).toBe(UNKNOWN_ERROR_CODE);
  });

  it('maps a request without an answer to status 0', () => {
    expect(networkError(new TypeError('Failed to fetch'))).toMatchObject({
      status: 0,
      message: 'The service could not be reached; check your connection.',
    });
    expect(messageOf(networkError(new TypeError('x')))).toBe(
      'The service could not be reached; check your connection.',
    );
    expect(networkError(new DOMException('aborted', 'AbortError')).message).toBe(
      'The request was cancelled.',
    );
  });

  it('tells a 401 from every other failure', () => {
    expect(isUnauthenticated(apiErrorOf(401, undefined))).toBe(true);
    expect(isUnauthenticated(apiErrorOf(403, undefined))).toBe(false);
    expect(isUnauthenticated(new Error('401'))).toBe(false);
  });

  it('retries server and network failures twice, never a client error', () => {
    expect(shouldRetry(0, apiErrorOf(503, undefined))).toBe(true);
    expect(shouldRetry(1, networkError(new TypeError('x')))).toBe(true);
    expect(shouldRetry(2, apiErrorOf(503, undefined))).toBe(false);
    expect(shouldRetry(0, apiErrorOf(401, undefined))).toBe(false);
    expect(shouldRetry(0, apiErrorOf(422, undefined))).toBe(false);
  });

  it("reads one field's problems from a validation failure", () => {
    const error = apiErrorOf(422, {
      error: {
        code: 'validation_failed',
        message: 'Validation failed',
        detail: {
          fields: [
            { field: 'name', problems: ['name must be longer than or equal to 1 characters'] },
            { field: 'expires_in_days', problems: ['must not be greater than 365', 'must be an integer'] },
          ],
        },
      },
    });

    expect(fieldErrorOf(error, 'expires_in_days')).toBe('must not be greater than 365; must be an integer');
    expect(fieldErrorOf(error, 'display_name')).toBeUndefined();
    expect(fieldErrorOf(new Error('x'), 'name')).toBeUndefined();
  });

  it('shows a generic message for a non-error value', () => {
    expect(messageOf('boom')).toBe('Something went wrong.');
  });
});
