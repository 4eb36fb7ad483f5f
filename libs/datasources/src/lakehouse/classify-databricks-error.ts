import { DatasourceErrorClass } from '@dq/contracts';
import { NETWORK_FAILURE_CODES, SOCKET_TIMED_OUT, property, stringProperty } from '../adapter/error-facts';

/**
 * The one message shown per class. Driver and server text is never shown: it can name the
 * workspace host, the HTTP path, the user or echo part of the statement.
 */
export const LAKEHOUSE_ERROR_MESSAGES: Readonly<Record<DatasourceErrorClass, string>> = {
  auth: 'The datasource refused the credentials',
  permission: 'The credentials lack a privilege this needs on the datasource',
  not_found: 'The catalog, schema or table does not exist on the datasource',
  unreachable: 'The datasource did not answer',
  timeout: 'The datasource did not finish in time',
  invalid: 'The datasource rejected the statement',
  cancelled: 'The datasource call was cancelled',
};

// Databricks error classes (the `[CLASS]` a message begins with), by their leading name.
const BY_ERROR_CLASS: readonly [RegExp, DatasourceErrorClass][] = [
  [
    /^(TABLE_OR_VIEW_NOT_FOUND|SCHEMA_NOT_FOUND|CATALOG_NOT_FOUND|NO_SUCH_CATALOG_EXCEPTION|DELTA_TABLE_NOT_FOUND|DELTA_MISSING_DELTA_TABLE|WAREHOUSE_NOT_FOUND)\b/,
    'not_found',
  ],
  [/^(PERMISSION_DENIED|INSUFFICIENT_PERMISSIONS|UNAUTHORIZED_ACCESS)\b/, 'permission'],
  [/^(UNAUTHENTICATED|INVALID_TOKEN|INVALID_ACCESS_TOKEN)\b/, 'auth'],
  [/^(STATEMENT_TIMEOUT|QUERY_TIMEOUT|OPERATION_TIMEOUT)\b/, 'timeout'],
];

const BY_SQLSTATE: Readonly<Record<string, DatasourceErrorClass>> = {
  '42P01': 'not_found', // undefined table or view
  '42704': 'not_found', // undefined object: schema or catalog
  '3F000': 'not_found', // invalid schema name
  '42501': 'permission', // insufficient privilege
  '28000': 'auth', // invalid authorization specification
  '57014': 'timeout', // query cancelled by a timeout
  '42601': 'invalid', // syntax error
};

/** The driver's RetryError wraps the last failure (an error, or `{ request, response }`) as `payload`. */
function unwrapRetry(error: unknown): unknown {
  const code = stringProperty(error, 'errorCode');
  const payload = property(error, 'payload');
  return (code === 'ATTEMPTS_EXCEEDED' || code === 'TIMEOUT_EXCEEDED') && payload !== undefined
    ? payload
    : error;
}

function headerOf(response: unknown, name: string): string {
  const headers = property(response, 'headers') as { get?: (key: string) => string | null } | undefined;
  return typeof headers?.get === 'function' ? (headers.get(name) ?? '') : '';
}

/** An HTTP refusal by the workspace front door, before any Thrift answer. */
function classifyHttpStatus(status: number, response: unknown): DatasourceErrorClass {
  if (status === 401) return 'auth';
  if (status === 403) {
    // A valid token without access to the warehouse says so; a bad token is refused with 403 too.
    const reason = `${headerOf(response, 'x-databricks-reason-phrase')} ${headerOf(response, 'x-thriftserver-error-message')}`;
    return /PERMISSION_DENIED|does not have|not authorized|permission/i.test(reason) ? 'permission' : 'auth';
  }
  if (status === 404) return 'not_found'; // no warehouse at that HTTP path
  if (status === 429 || status >= 500) return 'unreachable';
  return 'invalid';
}

/** The class of a SQL failure from its message (`[ERROR_CLASS] ... SQLSTATE: xxxxx`) and state. */
function classifySqlFailure(message: string, sqlState: string | undefined): DatasourceErrorClass {
  const errorClass = /^\s*\[([A-Z0-9_.]+)\]/.exec(message)?.[1];
  if (errorClass !== undefined) {
    const known = BY_ERROR_CLASS.find(([pattern]) => pattern.test(errorClass));
    if (known) return known[1];
  }
  const state = sqlState ?? /SQLSTATE:\s*([0-9A-Z]{5})/.exec(message)?.[1];
  if (state !== undefined) {
    const known = BY_SQLSTATE[state];
    if (known) return known;
    if (state.startsWith('08')) return 'unreachable';
  }
  if (/Insufficient privileges|PERMISSION_DENIED/i.test(message)) return 'permission';
  return 'invalid';
}

/**
 * The class of a failure thrown by @databricks/sql (or the network under it). Pure: looks at HTTP
 * statuses, error codes, Databricks error classes and SQL states, never returns text.
 * A client-side cancel or deadline is decided by the caller before this is asked.
 */
export function classifyDatabricksError(error: unknown): DatasourceErrorClass {
  const failure = unwrapRetry(error);
  const status = property(failure, 'statusCode') ?? property(property(failure, 'response'), 'status');
  if (typeof status === 'number' && status !== 200)
    return classifyHttpStatus(status, property(failure, 'response'));

  const code = stringProperty(failure, 'code');
  if (code !== undefined && (NETWORK_FAILURE_CODES.has(code) || code === SOCKET_TIMED_OUT))
    return 'unreachable';

  // OperationStateError: the operation ended in a state other than FINISHED.
  const stateCode = stringProperty(failure, 'errorCode');
  if (stateCode === 'TIMEOUT' || stateCode === 'CANCELED' || stateCode === 'CLOSED') return 'timeout';
  const operationStatus = property(failure, 'response');
  if (stateCode !== undefined && operationStatus !== undefined) {
    const message =
      stringProperty(operationStatus, 'errorMessage') ??
      stringProperty(operationStatus, 'displayMessage') ??
      '';
    return classifySqlFailure(message, stringProperty(operationStatus, 'sqlState'));
  }

  const message = stringProperty(failure, 'message') ?? '';
  if (message === 'Request timed out') return 'timeout'; // the driver's socket deadline
  // The answer was not TCLIService Thrift: something else listens at that address.
  const name = stringProperty(failure, 'name') ?? '';
  if (/^(TApplicationException|TProtocolException)$/.test(name) || failure instanceof SyntaxError)
    return 'unreachable';
  // StatusError: an error TStatus of a request (its message carries the error class and state).
  return classifySqlFailure(message, undefined);
}
