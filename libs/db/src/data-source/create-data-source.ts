import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../migrations';
import { type EntityTarget, loadedEntities } from './loaded-entities';

export interface DataSourceConfig {
  /** `postgres://user[:password]@host:port/database` */
  url: string;
  /** Shown in `pg_stat_activity`, so an operator can tell which service holds a connection. */
  applicationName: string;
  /** Maximum pooled connections. Default 10. */
  poolSize?: number;
  /** Server-side limit on one statement in milliseconds; 0 disables it. Default 60 s. */
  statementTimeoutMs?: number;
  /** How long a pooled connection may sit idle before it is closed. Default 5 minutes. */
  idleConnectionMs?: number;
  /** Log every query through TypeORM's logger (development only). Default false. */
  logging?: boolean;
  /** The entities to map. Default: every entity class loaded in this process. */
  entities?: readonly EntityTarget[];
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 60_000;
/**
 * Idle connections are kept far longer than node-postgres's default: a reopened connection is a
 * new server process with cold caches and unprepared statements, paid by the first requests after a
 * lull. Connections are few (the pool size bounds them) and an idle one costs the server little.
 */
export const DEFAULT_IDLE_CONNECTION_MS = 5 * 60_000;
export const MIGRATIONS_TABLE_NAME = 'schema_migrations';

/**
 * Builds (does not connect) the one PostgreSQL data source shape every service uses. The schema is
 * owned by migrations only: `synchronize` is never on, not even in tests.
 */
export function createDataSource(config: DataSourceConfig): DataSource {
  return new DataSource({
    type: 'postgres',
    url: config.url,
    applicationName: config.applicationName,
    entities: [...(config.entities ?? loadedEntities())],
    migrations: [...MIGRATIONS],
    migrationsTableName: MIGRATIONS_TABLE_NAME,
    synchronize: false,
    migrationsRun: false,
    dropSchema: false,
    logging: config.logging ?? false,
    poolSize: config.poolSize ?? DEFAULT_POOL_SIZE,
    // gen_random_uuid() is built into PostgreSQL 13+: no extension to install at connect time.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      // Every session reads and writes timestamps in UTC, whatever the server's default.
      options: '-c TimeZone=UTC',
      statement_timeout: config.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      idleTimeoutMillis: config.idleConnectionMs ?? DEFAULT_IDLE_CONNECTION_MS,
    },
  });
}
