import { DatasourceErrorClass } from '@dq/contracts';
import { NETWORK_FAILURE_CODES, property, stringProperty } from '../adapter/error-facts';

/**
 * The one message shown per class. Service text is never shown: it can carry the account, the
 * path, a request id or (for a SAS) the string that was signed.
 */
export const ADLS_ERROR_MESSAGES: Readonly<Record<DatasourceErrorClass, string>> = {
  auth: 'The file store refused the credentials',
  permission: 'The credentials lack a permission this needs on the file store',
  not_found: 'The filesystem or file does not exist on the file store',
  unreachable: 'The file store did not answer',
  timeout: 'The file store did not finish in time',
  invalid: 'The file store rejected the request',
  cancelled: 'The file store call was cancelled',
};

// Azure Storage error codes (x-ms-error-code), Blob and Data Lake APIs.
const BY_ERROR_CODE: Readonly<Record<string, DatasourceErrorClass>> = {
  AuthenticationFailed: 'auth', // wrong key, bad or expired SAS signature
  InvalidAuthenticationInfo: 'auth', // bearer token rejected
  NoAuthenticationInformation: 'auth',
  KeyBasedAuthenticationNotPermitted: 'auth', // the account refuses shared keys and SAS
  AuthorizationPermissionMismatch: 'permission', // SAS permission or RBAC role missing
  AuthorizationFailure: 'permission', // network rules, ACLs
  AuthorizationResourceTypeMismatch: 'permission',
  AuthorizationServiceMismatch: 'permission',
  AuthorizationProtocolMismatch: 'permission',
  AuthorizationSourceIPMismatch: 'permission',
  InsufficientAccountPermissions: 'permission',
  ContainerNotFound: 'not_found',
  FilesystemNotFound: 'not_found',
  BlobNotFound: 'not_found',
  PathNotFound: 'not_found',
  ResourceNotFound: 'not_found',
  OperationTimedOut: 'timeout',
  ServerBusy: 'unreachable',
  InternalError: 'unreachable',
};

/**
 * Azurite answers a wrong shared key or SAS signature with `AuthorizationFailure` and the text of
 * `AuthenticationFailed` (Azure says "This request is not authorized…" for a real authorization
 * failure), so that text decides: the credential was rejected.
 */
const AUTHENTICATION_FAILED_TEXT = 'Server failed to authenticate the request';

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ABORT_ERR', 'UND_ERR_CONNECT_TIMEOUT']);

// OAuth error codes of the identity platform (service principal): the credential was rejected.
const IDENTITY_AUTH_ERRORS = new Set([
  'invalid_client',
  'unauthorized_client',
  'invalid_grant',
  'invalid_request',
]);

/** `x-ms-error-code`: in the body for most calls, only in the header for HEAD (no body). */
function storageErrorCode(error: unknown): string | undefined {
  const fromDetails = stringProperty(property(error, 'details'), 'errorCode');
  if (fromDetails !== undefined) return fromDetails;
  const headers = property(property(error, 'response'), 'headers');
  const get = property(headers, 'get');
  if (typeof get === 'function') {
    const header: unknown = (get as (name: string) => unknown).call(headers, 'x-ms-error-code');
    if (typeof header === 'string') return header;
  }
  const code = stringProperty(error, 'code');
  return code !== undefined && BY_ERROR_CODE[code] !== undefined ? code : undefined;
}

function byStatus(status: number): DatasourceErrorClass {
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'unreachable';
  return 'invalid';
}

/** The class of one error, or of its causes (SDKs wrap socket errors). */
function classifyOne(error: unknown): DatasourceErrorClass | undefined {
  const status = property(error, 'statusCode');
  if (stringProperty(error, 'name') === 'AuthenticationError') {
    const oauthError = stringProperty(property(error, 'errorResponse'), 'error');
    if (oauthError !== undefined && IDENTITY_AUTH_ERRORS.has(oauthError)) return 'auth';
    if (typeof status === 'number' && status >= 500) return 'unreachable';
    return 'auth';
  }
  const storageCode = storageErrorCode(error);
  if (storageCode === 'AuthorizationFailure') {
    const message = stringProperty(error, 'message') ?? '';
    return message.startsWith(AUTHENTICATION_FAILED_TEXT) ? 'auth' : 'permission';
  }
  const known = storageCode === undefined ? undefined : BY_ERROR_CODE[storageCode];
  if (known !== undefined) return known;
  if (typeof status === 'number' && status >= 400) return byStatus(status);
  const code = stringProperty(error, 'code');
  if (code !== undefined && NETWORK_FAILURE_CODES.has(code)) return 'unreachable';
  if (code !== undefined && TIMEOUT_CODES.has(code)) return 'timeout';
  if (stringProperty(error, 'name') === 'AbortError' || stringProperty(error, 'name') === 'TimeoutError')
    return 'timeout';
  return undefined;
}

/**
 * The class of a failure thrown by the Azure Storage or Identity SDK (or the network under them).
 * Pure: looks at status, error codes and one fixed service text, never returns any of them.
 */
export function classifyAdlsError(error: unknown): DatasourceErrorClass {
  let current: unknown = error;
  let sendFailed = false;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const found = classifyOne(current);
    if (found !== undefined) return found;
    // The SDK's "could not send": its cause says why (refused, timed out); without one, unreachable.
    sendFailed ||= stringProperty(current, 'code') === 'REQUEST_SEND_ERROR';
    current = property(current, 'cause');
  }
  return sendFailed ? 'unreachable' : 'invalid';
}
