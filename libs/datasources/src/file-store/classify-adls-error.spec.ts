import { createHttpHeaders, createPipelineRequest, RestError } from '@azure/core-rest-pipeline';
import { AuthenticationError } from '@azure/identity';
import { type DatasourceErrorClass } from '@dq/contracts';
import { ADLS_ERROR_MESSAGES, classifyAdlsError } from './classify-adls-error';

const SECRET_TEXT = 'devstoreaccount1 lake/dir/a_1.csv sig=c2VjcmV0';

/** A storage error as the SDK throws it: the code parsed from the body, or only in the header (HEAD). */
function storageError(status: number, errorCode: string, message = SECRET_TEXT, bodyless = false): RestError {
  const request = createPipelineRequest({ url: 'https://acct.blob.core.windows.net/lake/a.csv' });
  const error = new RestError(bodyless ? '' : message, {
    statusCode: status,
    code: bodyless ? undefined : errorCode,
    request,
    response: {
      status,
      request,
      headers: createHttpHeaders({ 'x-ms-error-code': errorCode }),
    },
  });
  if (!bodyless) error.details = { errorCode };
  return error;
}

function withCode(code: string): Error {
  return Object.assign(new Error(`connect ${code} 10.1.2.3:443`), { code });
}

function sendError(cause: Error): RestError {
  return Object.assign(new RestError('send failed', { code: 'REQUEST_SEND_ERROR' }), { cause });
}

describe('classifyAdlsError', () => {
  const table: [string, unknown, DatasourceErrorClass][] = [
    ['wrong shared key (Azure)', storageError(403, 'AuthenticationFailed'), 'auth'],
    [
      'wrong shared key on a HEAD (Azure, header only)',
      storageError(403, 'AuthenticationFailed', '', true),
      'auth',
    ],
    ['bearer token rejected', storageError(401, 'InvalidAuthenticationInfo'), 'auth'],
    ['anonymous request to a private filesystem', storageError(401, 'NoAuthenticationInformation'), 'auth'],
    ['shared keys disabled on the account', storageError(403, 'KeyBasedAuthenticationNotPermitted'), 'auth'],
    [
      'wrong key or SAS signature (Azurite)',
      storageError(403, 'AuthorizationFailure', 'Server failed to authenticate the request. Make sure…'),
      'auth',
    ],
    ['SAS without the permission', storageError(403, 'AuthorizationPermissionMismatch'), 'permission'],
    [
      'network rules (Azure)',
      storageError(403, 'AuthorizationFailure', 'This request is not authorized to perform this operation.'),
      'permission',
    ],
    ['SAS for another resource type', storageError(403, 'AuthorizationResourceTypeMismatch'), 'permission'],
    ['SAS from another IP range', storageError(403, 'AuthorizationSourceIPMismatch'), 'permission'],
    ['missing container', storageError(404, 'ContainerNotFound'), 'not_found'],
    ['missing filesystem (dfs)', storageError(404, 'FilesystemNotFound'), 'not_found'],
    ['missing blob', storageError(404, 'BlobNotFound'), 'not_found'],
    ['missing blob on a HEAD', storageError(404, 'BlobNotFound', '', true), 'not_found'],
    ['missing path (dfs)', storageError(404, 'PathNotFound'), 'not_found'],
    ['404 without a code', new RestError('', { statusCode: 404 }), 'not_found'],
    ['server-side timeout', storageError(500, 'OperationTimedOut'), 'timeout'],
    ['server busy', storageError(503, 'ServerBusy'), 'unreachable'],
    ['bad gateway without a code', new RestError('', { statusCode: 502 }), 'unreachable'],
    ['range not satisfiable', storageError(416, 'InvalidRange'), 'invalid'],
    ['bad container name', storageError(400, 'InvalidResourceName'), 'invalid'],
    ['refused port', withCode('ECONNREFUSED'), 'unreachable'],
    ['unknown host', withCode('ENOTFOUND'), 'unreachable'],
    ['no route', withCode('EHOSTUNREACH'), 'unreachable'],
    ['TLS name mismatch', withCode('ERR_TLS_CERT_ALTNAME_INVALID'), 'unreachable'],
    [
      'send error without a cause',
      new RestError('send failed', { code: 'REQUEST_SEND_ERROR' }),
      'unreachable',
    ],
    ['send error wrapping a refused socket', sendError(withCode('ECONNREFUSED')), 'unreachable'],
    ['send error wrapping a socket timeout', sendError(withCode('ETIMEDOUT')), 'timeout'],
    ['socket timeout', withCode('ETIMEDOUT'), 'timeout'],
    [
      'aborted request',
      Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }),
      'timeout',
    ],
    [
      'socket error as the cause of an SDK error',
      new Error('request failed', { cause: withCode('ECONNREFUSED') }),
      'unreachable',
    ],
    [
      'service principal: wrong client secret',
      new AuthenticationError(401, { error: 'invalid_client', error_description: 'AADSTS7000215: …' }),
      'auth',
    ],
    [
      'service principal: unknown tenant',
      new AuthenticationError(400, { error: 'invalid_request', error_description: 'AADSTS90002: …' }),
      'auth',
    ],
    [
      'identity platform unavailable',
      new AuthenticationError(503, { error: 'temporarily_unavailable', error_description: '…' }),
      'unreachable',
    ],
    ['not an error object', 'boom', 'invalid'],
    ['null', null, 'invalid'],
  ];

  it.each(table)('%s', (_label, error, expected) => {
    expect(classifyAdlsError(error)).toBe(expected);
  });

  it('has a fixed message per class that names no account, path or key', () => {
    for (const message of Object.values(ADLS_ERROR_MESSAGES)) {
      expect(message).not.toMatch(/devstoreaccount1|lake|a_1\.csv|sig=|windows\.net/);
      expect(message.length).toBeGreaterThan(10);
    }
  });
});
