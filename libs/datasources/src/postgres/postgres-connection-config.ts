import { type ClientConfig } from 'pg';
import { DatasourceErrorClass } from '@dq/contracts';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';

export type PostgresSslMode = 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

/** Reported to the server as the session's application_name, visible in pg_stat_activity. */
export const POSTGRES_APPLICATION_NAME = 'dq-runner';

/** Room past the server's statement_timeout before the client gives up on a silent server. */
const CLIENT_GRACE_MS = 2_000;

/**
 * `prefer` connects without TLS: libpq would try TLS first and fall back, which pg cannot do in one
 * connection attempt; a connection that needs TLS says `require` or stricter.
 * `verify-ca` and `verify-full` both verify the chain and the host name (Node's TLS does both).
 */
export function postgresSsl(mode: string): ClientConfig['ssl'] {
  switch (mode) {
    case 'disable':
    case 'prefer':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-ca':
    case 'verify-full':
      return { rejectUnauthorized: true };
    default:
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'The connection has an unknown sslmode');
  }
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
    password: text(credential, 'password'),
    ssl: postgresSsl(text(config, 'sslmode')),
    application_name: POSTGRES_APPLICATION_NAME,
    connectionTimeoutMillis: timeout,
    statement_timeout: timeout,
    // Server-side limit first; this only ends a call whose server went silent.
    query_timeout: timeout + CLIENT_GRACE_MS,
    // Every transaction of the session is read-only, even one a statement might try to open.
    options: '-c default_transaction_read_only=on',
  };
}
