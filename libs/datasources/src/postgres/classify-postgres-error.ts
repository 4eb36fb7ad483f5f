import { DatasourceErrorClass } from '@dq/contracts';
import { NETWORK_FAILURE_CODES, SOCKET_TIMED_OUT, stringProperty } from '../adapter/error-facts';

/**
 * The one message shown per class. Driver text is never shown: it can name the host, the user,
 * the database or echo part of the statement.
 */
export const POSTGRES_ERROR_MESSAGES: Readonly<Record<DatasourceErrorClass, string>> = {
  auth: 'The datasource refused the credentials',
  permission: 'The credentials lack a privilege this needs on the datasource',
  not_found: 'The database, schema or table does not exist on the datasource',
  unreachable: 'The datasource did not answer',
  timeout: 'The datasource did not finish in time',
  invalid: 'The datasource rejected the statement',
  cancelled: 'The datasource call was cancelled',
};

const BY_SQLSTATE: Readonly<Record<string, DatasourceErrorClass>> = {
  '28P01': 'auth', // invalid_password
  '28000': 'auth', // invalid_authorization_specification (unknown role, no pg_hba entry)
  '42501': 'permission', // insufficient_privilege
  '3D000': 'not_found', // invalid_catalog_name: the database
  '42P01': 'not_found', // undefined_table
  '3F000': 'not_found', // invalid_schema_name
  '57014': 'timeout', // query_canceled: statement_timeout (a user cancel is decided by the caller)
  '25006': 'invalid', // read_only_sql_transaction: a write attempted through the read-only session
  '42601': 'invalid', // syntax_error
  '57P01': 'unreachable', // admin_shutdown
  '57P03': 'unreachable', // cannot_connect_now
  '53300': 'unreachable', // too_many_connections
};

// pg's own errors carry no code; these are its fixed texts (no host or user in them).
const UNREACHABLE_TEXTS = [
  'timeout expired', // connectionTimeoutMillis elapsed
  'Connection terminated',
  'The server does not support SSL connections',
  'There was an error establishing an SSL connection',
];

/** The class of a failure thrown by `pg` (or the network under it). Pure: looks at codes only. */
export function classifyPostgresError(error: unknown): DatasourceErrorClass {
  const code = stringProperty(error, 'code');
  if (code !== undefined) {
    const known = BY_SQLSTATE[code];
    if (known) return known;
    if (code.startsWith('22')) return 'invalid'; // data_exception
    if (code.startsWith('08')) return 'unreachable'; // connection_exception
    if (NETWORK_FAILURE_CODES.has(code) || code === SOCKET_TIMED_OUT) return 'unreachable';
  }
  const message = stringProperty(error, 'message') ?? '';
  if (message === 'Query read timeout') return 'timeout';
  if (message.startsWith('SASL:')) return 'auth';
  if (UNREACHABLE_TEXTS.some((text) => message.startsWith(text))) return 'unreachable';
  // Everything else the server refused (unknown column, bad function, ...) is the statement's fault.
  return 'invalid';
}
