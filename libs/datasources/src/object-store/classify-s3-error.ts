import { DatasourceErrorClass } from '@dq/contracts';
import { NETWORK_FAILURE_CODES, SOCKET_TIMED_OUT, property, stringProperty } from '../adapter/error-facts';

/**
 * The one message shown per class. The service's text is never shown: S3 errors echo the bucket,
 * the key, the access key id or the host (`Resource`, `BucketName`, `AWSAccessKeyId`, `HostId`).
 */
export const OBJECT_STORE_ERROR_MESSAGES: Readonly<Record<DatasourceErrorClass, string>> = {
  auth: 'The object store refused the credentials',
  permission: 'The credentials lack a permission this needs on the bucket or object',
  not_found: 'The bucket or object does not exist on the object store',
  unreachable: 'The object store did not answer',
  timeout: 'The object store did not finish in time',
  invalid: 'The object store rejected the request',
  cancelled: 'The object store call was cancelled',
};

/** S3 error codes (AWS and the S3-compatible stores keep the same ones). */
const BY_S3_CODE: Readonly<Record<string, DatasourceErrorClass>> = {
  InvalidAccessKeyId: 'auth', // no such key id
  SignatureDoesNotMatch: 'auth', // wrong secret
  ExpiredToken: 'auth',
  InvalidToken: 'auth',
  TokenRefreshRequired: 'auth',
  InvalidSecurity: 'auth',
  AccessDenied: 'permission',
  AllAccessDisabled: 'permission',
  AccountProblem: 'permission',
  NoSuchBucket: 'not_found',
  NoSuchKey: 'not_found',
  NotFound: 'not_found', // HEAD of a missing key: no body, the SDK names it from the 404
  SlowDown: 'unreachable',
  ServiceUnavailable: 'unreachable',
  InternalError: 'unreachable',
  RequestTimeout: 'timeout',
};

// The SDK's retry middleware turns a thrown value that is not an `Error` of its own realm (a socket
// error crossing a VM boundary, as under a test runner) into `new Error('AWS SDK error wrapper for
// <the value as text>')`: the socket code then survives only in that text.
const WRAPPED_PREFIX = 'AWS SDK error wrapper for ';

function wrappedSocketCode(message: string): string | undefined {
  if (!message.startsWith(WRAPPED_PREFIX)) return undefined;
  return [...NETWORK_FAILURE_CODES, SOCKET_TIMED_OUT].find((code) =>
    new RegExp(`\\b${code}\\b`).test(message),
  );
}

// @smithy/node-http-handler names a connect timeout `TimeoutError` too: the host never answered.
const CONNECT_TIMEOUT_TEXT = 'did not establish a connection';

function httpStatus(error: unknown): number | undefined {
  const status = property(property(error, '$metadata'), 'httpStatusCode');
  return typeof status === 'number' ? status : undefined;
}

/** The error, its `cause`s and (for a multi-address connect) the errors of an `AggregateError`. */
function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  const pending = [error];
  while (pending.length > 0 && found.length < 10) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null) continue;
    found.push(current);
    pending.push(property(current, 'cause'));
    const errors = property(current, 'errors');
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return found;
}

function classifyServiceAnswer(error: unknown, status: number): DatasourceErrorClass {
  const code = stringProperty(error, 'Code') ?? stringProperty(error, 'name') ?? '';
  const known = BY_S3_CODE[code];
  if (known) return known;
  // A HEAD answer has no body, so no code: a bare 403 may be a bad signature or a missing grant.
  // It is called `permission` here because only `auth` moves credential health; the store settles
  // the doubt with a GET, whose answer names the code.
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'unreachable';
  return 'invalid';
}

/**
 * The class of a failure thrown by `@aws-sdk/client-s3` (or the network under it). Pure: looks
 * at S3 codes, HTTP statuses, socket codes and the HTTP handler's fixed texts only. The caller
 * decides `cancelled` and the call's own deadline before asking.
 */
export function classifyS3Error(error: unknown): DatasourceErrorClass {
  const status = httpStatus(error);
  if (status !== undefined && status > 0) return classifyServiceAnswer(error, status);
  for (const current of chain(error)) {
    const code = stringProperty(current, 'code');
    if (code !== undefined && NETWORK_FAILURE_CODES.has(code)) return 'unreachable';
  }
  if (wrappedSocketCode(stringProperty(error, 'message') ?? '') !== undefined) return 'unreachable';
  const name = stringProperty(error, 'name');
  if (name === 'TimeoutError') {
    // A connect that never completed (the handler's connect timeout, or the OS's) is an unreachable host.
    const neverConnected =
      (stringProperty(error, 'message') ?? '').includes(CONNECT_TIMEOUT_TEXT) ||
      stringProperty(error, 'syscall') === 'connect';
    return neverConnected ? 'unreachable' : 'timeout';
  }
  if (name === 'AbortError') return 'timeout';
  if (stringProperty(error, 'code') === SOCKET_TIMED_OUT) return 'unreachable';
  return 'invalid';
}
