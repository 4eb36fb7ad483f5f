import { type DatasourceErrorClass } from '@dq/contracts';
import { LAKEHOUSE_ERROR_MESSAGES, classifyDatabricksError } from './classify-databricks-error';

function withFields(fields: Record<string, unknown>, message = 'driver text'): Error {
  return Object.assign(new Error(message), fields);
}

/** The shape of the driver's THTTPException: a status code and the node-fetch response. */
function httpFailure(status: number, reason = ''): Error {
  const headers = new Map([['x-databricks-reason-phrase', reason]]);
  return withFields({
    statusCode: status,
    response: { status, headers: { get: (k: string) => headers.get(k) ?? null } },
  });
}

/** The shape of the driver's OperationStateError: a state code and the TGetOperationStatusResp. */
function operationFailure(errorCode: string, sqlState?: string, errorMessage?: string): Error {
  return withFields({ errorCode, response: { status: { statusCode: 0 }, sqlState, errorMessage } });
}

describe('classifyDatabricksError', () => {
  const table: [string, unknown, DatasourceErrorClass][] = [
    ['HTTP 401 (no or invalid token)', httpFailure(401, 'Invalid access token.'), 'auth'],
    ['HTTP 403 with an invalid token', httpFailure(403, 'Invalid access token.'), 'auth'],
    [
      'HTTP 403 PERMISSION_DENIED on the warehouse',
      httpFailure(403, 'PERMISSION_DENIED: no CAN_USE'),
      'permission',
    ],
    ['HTTP 404 (no warehouse at that path)', httpFailure(404), 'not_found'],
    [
      'HTTP 503 (warehouse starting), retries used up',
      withFields({ errorCode: 'ATTEMPTS_EXCEEDED', payload: { response: { status: 503 } } }),
      'unreachable',
    ],
    ['refused port', withFields({ code: 'ECONNREFUSED', type: 'system' }), 'unreachable'],
    ['unknown host', withFields({ code: 'ENOTFOUND', type: 'system' }), 'unreachable'],
    [
      'refused port after retries',
      withFields({ errorCode: 'ATTEMPTS_EXCEEDED', payload: withFields({ code: 'ECONNREFUSED' }) }),
      'unreachable',
    ],
    ['TLS to a plain-http port', withFields({ code: 'EPROTO' }), 'unreachable'],
    ['untrusted certificate', withFields({ code: 'SELF_SIGNED_CERT_IN_CHAIN' }), 'unreachable'],
    ['the driver socket deadline', new Error('Request timed out'), 'timeout'],
    ['operation TIMEDOUT_STATE', operationFailure('TIMEOUT'), 'timeout'],
    ['operation cancelled by the server', operationFailure('CANCELED'), 'timeout'],
    [
      'missing table',
      operationFailure(
        'ERROR',
        '42P01',
        '[TABLE_OR_VIEW_NOT_FOUND] The table or view `x` cannot be found. SQLSTATE: 42P01',
      ),
      'not_found',
    ],
    [
      'missing schema',
      operationFailure('ERROR', '42704', '[SCHEMA_NOT_FOUND] The schema cannot be found. SQLSTATE: 42704'),
      'not_found',
    ],
    [
      'missing catalog (class only)',
      operationFailure('ERROR', undefined, '[CATALOG_NOT_FOUND] The catalog `c` was not found.'),
      'not_found',
    ],
    ['42P01 without a class', operationFailure('ERROR', '42P01', 'Table not found'), 'not_found'],
    [
      'denied grant',
      operationFailure(
        'ERROR',
        '42501',
        '[INSUFFICIENT_PERMISSIONS] Insufficient privileges: User does not have SELECT on Table. SQLSTATE: 42501',
      ),
      'permission',
    ],
    [
      'PERMISSION_DENIED',
      operationFailure('ERROR', undefined, '[PERMISSION_DENIED] User does not have USE CATALOG on Catalog.'),
      'permission',
    ],
    [
      'syntax error',
      operationFailure(
        'ERROR',
        '42601',
        '[PARSE_SYNTAX_ERROR] Syntax error at or near SELEC. SQLSTATE: 42601',
      ),
      'invalid',
    ],
    [
      'unresolved column',
      operationFailure('ERROR', '42703', '[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column cannot be resolved.'),
      'invalid',
    ],
    [
      'statement timeout on the warehouse',
      operationFailure('ERROR', undefined, '[STATEMENT_TIMEOUT] The statement timed out.'),
      'timeout',
    ],
    [
      'an error TStatus (StatusError) naming the class',
      withFields({ name: 'Status Error', code: -1 }, '[TABLE_OR_VIEW_NOT_FOUND] x SQLSTATE: 42P01'),
      'not_found',
    ],
    [
      'an error TStatus with a SQLSTATE only',
      withFields({ name: 'Status Error' }, 'Something SQLSTATE: 42501'),
      'permission',
    ],
    ['not Thrift at that address', withFields({ name: 'TProtocolException' }), 'unreachable'],
    ['not an error object', 'boom', 'invalid'],
    ['null', null, 'invalid'],
  ];

  it.each(table)('%s -> %s', (_label, error, expected) => {
    expect(classifyDatabricksError(error)).toBe(expected);
  });

  it('has one fixed message per class that names nothing specific', () => {
    for (const message of Object.values(LAKEHOUSE_ERROR_MESSAGES)) {
      expect(message).toMatch(/^The /);
      expect(message).not.toMatch(/"|'|@|:\d|\//);
    }
    expect(LAKEHOUSE_ERROR_MESSAGES.auth).toBe('The datasource refused the credentials');
  });
});
