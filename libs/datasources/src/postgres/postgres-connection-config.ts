import { type ClientConfig } from 'pg';
import { DatasourceErrorClass } from '@dq/contracts';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';

export type PostgresSslMode = 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

/** Reported to the server as the session's application_name, visible in pg_stat_activity. */
export const POSTGRES_APPLICATION_NAME = 'dq-runner';

/** Room past the server's statement_timeout before the client gives up on a silent server. */
const CLIENT_GRACE_MS = 2_000;

/** libpq's default, and ours for a connection that names no `sslmode`. */
export const POSTGRES_DEFAULT_SSL_MODE: PostgresSslMode = 'prefer';

/**
 * The TLS settings of a first attempt. `prefer` asks for TLS without verifying the certificate (as
 * libpq's `prefer` does); pg cannot fall back within one attempt, so the session opens a plain
 * connection when the server declines TLS (`postgresSslFallsBack`). `verify-ca` and `verify-full`
 * both verify the chain and the host name (Node's TLS does both).
 */
export function postgresSsl(mode: string): ClientConfig['ssl'] {
  switch (mode) {
    case 'disable':
      return false;
    case 'prefer':
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-ca':
    case 'verify-full':
      return { rejectUnauthorized: true };
    default:
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'The connection has an unknown sslmode');
  }
}

/** The connection's sslmode; a connection saved without one is `prefer`. */
export function postgresSslMode(connection: DatasourceConnection): string {
  const mode = connection.config['sslmode'];
  return mode === undefined || mode === null ? POSTGRES_DEFAULT_SSL_MODE : text(connection.config, 'sslmode');
}

/**
 * Whether a failed first attempt is `prefer`'s cue to connect again without TLS: the server
 * declined TLS or the TLS handshake failed (libpq falls back on both). Refusals of the credential
 * or the database are not TLS failures: they are answered as they are.
 */
export function postgresSslFallsBack(mode: string, error: unknown): boolean {
  if (mode !== 'prefer' || typeof error !== 'object' || error === null) return false;
  const message = (error as { message?: unknown }).message;
  const code = (error as { code?: unknown }).code;
  return (
    message === 'The server does not support SSL connections' ||
    message === 'There was an error establishing an SSL connection' ||
    (typeof code === 'string' && (code.startsWith('ERR_SSL_') || code === 'EPROTO'))
  );
}

/**
 * The stored password, or, with no credential stored (trust, peer or certificate authentication),
 * a callback `pg` calls only if the server asks for a password: it fails the connection as `auth`
 * instead of letting `pg` look for one in the runner's PGPASSWORD or ~/.pgpass.
 */
function password(credential: Record<string, unknown> | null): ClientConfig['password'] {
  if (credential === null || credential['password'] === undefined) return passwordNotStored;
  return text(credential, 'password');
}

function passwordNotStored(): Promise<string> {
  return Promise.reject(
    new DatasourceError(
      DatasourceErrorClass.Auth,
      'The datasource asks for a password and the connection has none; add one to its credential',
    ),
  );
}

function text(source: Record<string, unknown> | null, key: string): string {
  const value = source?.[key];
  if (typeof value !== 'string' || value === '')
    throw new DatasourceError(DatasourceErrorClass.Invalid, `The connection lacks a valid ${key}`);
  return value;
}

function port(source: Record<string, unknown>): number {
  const value = source['port'];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535)
    throw new DatasourceError(DatasourceErrorClass.Invalid, 'The connection lacks a valid port');
  return value;
}

/**
 * The `pg` client settings for one call. Every field is given explicitly so nothing falls back to
 * the runner's own PG* environment variables.
 */
export function postgresClientConfig(connection: DatasourceConnection, timeoutMs: number): ClientConfig {
  const { config, credential } = connection;
  const timeout = Math.max(1, Math.floor(timeoutMs));
  return {
    host: text(config, 'host'),
    port: port(config),
    database: text(config, 'database'),
    user: text(config, 'user'),
    password: password(credential),
    ssl: postgresSsl(postgresSslMode(connection)),
    application_name: POSTGRES_APPLICATION_NAME,
    connectionTimeoutMillis: timeout,
    statement_timeout: timeout,
    // Server-side limit first; this only ends a call whose server went silent.
    query_timeout: timeout + CLIENT_GRACE_MS,
    // Every transaction of the session is read-only, even one a statement might try to open.
    options: '-c default_transaction_read_only=on',
  };
}
