import { DatasourceErrorClass } from '@dq/contracts';
import { NETWORK_FAILURE_CODES, SOCKET_TIMED_OUT, property } from '../adapter/error-facts';

/**
 * The one message shown per class. The connector's text is never shown: it names the account
 * URL, the user, the role, objects, or echoes part of the statement.
 */
export const SNOWFLAKE_ERROR_MESSAGES: Readonly<Record<DatasourceErrorClass, string>> = {
  auth: 'The datasource refused the credentials',
  permission: 'The credentials lack a privilege this needs on the datasource',
  // Snowflake answers "does not exist or not authorized" for both: it never says which.
  not_found: 'The database, schema or table does not exist on the datasource, or the role may not see it',
  unreachable: 'The datasource did not answer',
  timeout: 'The datasource did not finish in time',
  invalid: 'The datasource rejected the statement',
  cancelled: 'The datasource call was cancelled',
};

/** Snowflake's error codes (the connector passes them as `code`, six digits, as text). */
const BY_SNOWFLAKE_CODE: Readonly<Record<string, DatasourceErrorClass>> = {
  '390100': 'auth', // incorrect username or password
  '390101': 'auth', // user disabled
  '390102': 'auth', // user temporarily locked
  '390113': 'auth', // user locked
  '390114': 'auth', // authentication token expired
  '390144': 'auth', // JWT token invalid (key-pair: wrong key, or no public key registered)
  '390303': 'auth', // invalid OAuth access token
  '390318': 'auth', // OAuth access token expired
  '394300': 'auth', // key-pair authentication failed
  '394304': 'auth', // authentication (JWT) expired or not yet valid
  '390186': 'permission', // role in the connect string not granted to the user
  '390189': 'permission', // role in the connect string does not exist or not authorized
  '390422': 'permission', // network policy: the runner's address may not log in
  '390201': 'not_found', // database in the connect string does not exist or not authorized
  '002003': 'not_found', // object does not exist or not authorized
  '002043': 'not_found', // object does not exist, or operation cannot be performed
  '003001': 'permission', // insufficient privileges to operate on an object
  '000630': 'timeout', // statement reached its statement or warehouse timeout and was cancelled
  '000604': 'timeout', // statement cancelled (a user cancel is decided by the caller, not here)
  '001003': 'invalid', // SQL compilation error: syntax error
  '000008': 'invalid', // statement count does not match MULTI_STATEMENT_COUNT
};

// The connector's own codes: 401001 NetworkError (socket failures), 401002 RequestFailedError (an
// HTTP answer that is not Snowflake's JSON, e.g. a proxy or load balancer error page).
const CONNECTOR_UNREACHABLE_CODES = new Set(['401001', '401002', '401003']);

const isSocketFailure = (code: string): boolean =>
  NETWORK_FAILURE_CODES.has(code) || code === SOCKET_TIMED_OUT;

function codeOf(error: unknown): string | undefined {
  const code = property(error, 'code');
  if (typeof code === 'string') return code;
  if (typeof code === 'number') return String(code);
  return undefined;
}

/**
 * The class of a failure thrown by snowflake-sdk (or the network under it). Pure: looks at codes
 * and the connector's fixed error names only.
 */
export function classifySnowflakeError(error: unknown): DatasourceErrorClass {
  const code = codeOf(error);
  if (code !== undefined) {
    const known = BY_SNOWFLAKE_CODE[code];
    if (known) return known;
    if (CONNECTOR_UNREACHABLE_CODES.has(code) || isSocketFailure(code)) return 'unreachable';
    // Node's crypto refusing the private key or its passphrase: the credential itself is wrong.
    if (code.startsWith('ERR_OSSL') || code === 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE') return 'auth';
  }
  const cause = property(error, 'cause');
  if (cause !== undefined && cause !== error) {
    const causeCode = codeOf(cause);
    if (causeCode !== undefined && isSocketFailure(causeCode)) return 'unreachable';
  }
  const name = property(error, 'name');
  if (name === 'NetworkError' || name === 'RequestTimeoutError') return 'unreachable';
  const message = property(error, 'message');
  if (typeof message === 'string' && message.startsWith('Network error')) return 'unreachable';
  // Everything else the warehouse refused (unknown column or function, bad cast, ...) is the
  // statement's fault.
  return 'invalid';
}
