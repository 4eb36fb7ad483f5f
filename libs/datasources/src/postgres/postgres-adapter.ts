import { ConnectionKind, DatasourceErrorClass } from '@dq/contracts';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceAdapter,
  type DatasourceConnection,
  DatasourceError,
  type DatasourceSession,
  type QueryResult,
  type SessionOptions,
  type TargetMetadata,
} from '../adapter/datasource-adapter';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import { asCallerWork } from '../adapter/caller-work';
import { POSTGRES_ERROR_MESSAGES } from './classify-postgres-error';
import { type PostgresSession, classifiedPostgresCall, withReadOnlySession } from './postgres-session';
import { type PostgresTarget, parsePostgresTarget } from './postgres-target';

/**
 * The columns as `information_schema.columns` lists them (the same type names, nullability, order,
 * relation kinds and column-privilege rule), read from pg_catalog directly and prepared once per
 * pooled connection: the information_schema view costs the server a plan per call.
 * The integration spec compares both over every kind of type. `decimal_type` is a numeric's
 * declared precision and scale (`numeric(10,2)`, what information_schema's `numeric_precision` and
 * `numeric_scale` say), null for an unconstrained numeric and every other type.
 */
export const COLUMNS_SQL = `
  SELECT a.attname AS column_name,
    CASE WHEN t.typtype = 'd' THEN
           CASE WHEN bt.typelem <> 0 AND bt.typlen = -1 THEN 'ARRAY'
                WHEN nbt.nspname = 'pg_catalog' THEN pg_catalog.format_type(t.typbasetype, NULL)
                ELSE 'USER-DEFINED' END
         ELSE
           CASE WHEN t.typelem <> 0 AND t.typlen = -1 THEN 'ARRAY'
                WHEN nt.nspname = 'pg_catalog' THEN pg_catalog.format_type(a.atttypid, NULL)
                ELSE 'USER-DEFINED' END
    END AS data_type,
    coalesce(bt.typname, t.typname) AS udt_name,
    CASE WHEN a.attnotnull OR (t.typtype = 'd' AND t.typnotnull) THEN 'NO' ELSE 'YES' END AS is_nullable,
    CASE WHEN t.typtype = 'd' AND t.typbasetype = 1700 AND t.typtypmod <> -1
           THEN pg_catalog.format_type(t.typbasetype, t.typtypmod)
         WHEN t.oid = 1700 AND a.atttypmod <> -1 THEN pg_catalog.format_type(a.atttypid, a.atttypmod)
    END AS decimal_type
  FROM pg_catalog.pg_attribute a
  JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
  JOIN pg_catalog.pg_namespace nc ON nc.oid = c.relnamespace
  JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
  JOIN pg_catalog.pg_namespace nt ON nt.oid = t.typnamespace
  LEFT JOIN (pg_catalog.pg_type bt JOIN pg_catalog.pg_namespace nbt ON nbt.oid = bt.typnamespace)
    ON t.typtype = 'd' AND t.typbasetype = bt.oid
  WHERE nc.nspname = $1 AND c.relname = $2
    AND a.attnum > 0 AND NOT a.attisdropped
    AND c.relkind IN ('r', 'v', 'f', 'p')
    AND (pg_catalog.pg_has_role(c.relowner, 'USAGE')
         OR pg_catalog.has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT, UPDATE, REFERENCES'))
  ORDER BY a.attnum`;

// pg_class is readable by every role, unlike information_schema (which shows granted columns only).
const RELATION_SQL = `
  SELECT c.reltuples::float8 AS reltuples
  FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`;

const TYPE_NAMES_SQL = `
  SELECT oid::int8 AS oid, pg_catalog.format_type(oid, NULL) AS name
  FROM pg_catalog.pg_type WHERE oid = ANY($1::oid[])`;

/**
 * information_schema says `USER-DEFINED` / `ARRAY` for enums, domains and arrays: name them. A
 * numeric carries its precision and scale (`numeric(10,2)`), as every other kind reports decimals.
 */
function typeName(row: Record<string, unknown>): string {
  if (typeof row['decimal_type'] === 'string') return row['decimal_type'];
  const dataType = String(row['data_type']);
  return dataType === 'USER-DEFINED' || dataType === 'ARRAY' ? String(row['udt_name']) : dataType;
}

function notFound(): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.NotFound, POSTGRES_ERROR_MESSAGES.not_found);
}

async function relationStats(session: PostgresSession, target: PostgresTarget): Promise<number | undefined> {
  const { rows } = await session.run(RELATION_SQL, [target.schema, target.table], {
    prepared: 'dq_relation',
  });
  const [row] = rows;
  return row ? Number(row['reltuples']) : undefined;
}

async function columnsIn(session: PostgresSession, target: string): Promise<ColumnInfo[]> {
  const table = parsePostgresTarget(target);
  const { rows } = await session.run(COLUMNS_SQL, [table.schema, table.table], { prepared: 'dq_columns' });
  if (rows.length > 0)
    return rows.map((row) => ({
      name: String(row['column_name']),
      type: typeName(row),
      nullable: row['is_nullable'] === 'YES',
    }));
  // No visible column: either there is no such table, or the role may see none of it.
  if ((await relationStats(session, table)) === undefined) throw notFound();
  throw new DatasourceError(DatasourceErrorClass.Permission, POSTGRES_ERROR_MESSAGES.permission);
}

function checkMaxRows(maxRows: number): void {
  if (!Number.isInteger(maxRows) || maxRows < 0)
    throw new DatasourceError(DatasourceErrorClass.Invalid, 'maxRows must be a non-negative integer');
}

/**
 * One round trip: the statement runs as a subquery under `LIMIT maxRows + 1`, so a huge result is
 * never transferred and `truncated` is exact. Only a query can stand there: any other statement is
 * a syntax error, and a data-modifying WITH is refused below the top level (besides, the
 * transaction is read-only). The statement goes on lines of its own, so a trailing `--` comment
 * cannot swallow the closing parenthesis.
 */
async function queryIn(
  session: PostgresSession,
  sql: string,
  options: { maxRows: number; params?: unknown[] },
): Promise<QueryResult> {
  const { maxRows } = options;
  const statement = sql.trim().replace(/;+\s*$/, '');
  const fetched = await session.run(
    `SELECT * FROM (\n${statement}\n) AS dq_query LIMIT ${maxRows + 1}`,
    options.params ?? [],
  );
  const names = await typeNames(
    session,
    fetched.fields.map((f) => f.dataTypeID),
  );
  return {
    columns: fetched.fields.map((f) => ({
      name: f.name,
      type: names.get(f.dataTypeID) ?? String(f.dataTypeID),
      nullable: true,
    })),
    rows: fetched.rows.slice(0, maxRows),
    truncated: fetched.rows.length > maxRows,
  };
}

/** Objects below this oid are built in: the same type name in every database of every server. */
const FIRST_NORMAL_OBJECT_ID = 16_384;
const builtInTypeNames = new Map<number, string>();

/** The names of result column types; built-in ones are read once per process, user types each time. */
async function typeNames(session: PostgresSession, oids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const unknown = new Set<number>();
  for (const oid of oids) {
    const builtIn = builtInTypeNames.get(oid);
    if (builtIn === undefined) unknown.add(oid);
    else names.set(oid, builtIn);
  }
  if (unknown.size === 0) return names;
  const { rows } = await session.run(TYPE_NAMES_SQL, [[...unknown]]);
  for (const row of rows) {
    const oid = Number(row['oid']);
    const name = String(row['name']);
    names.set(oid, name);
    if (oid < FIRST_NORMAL_OBJECT_ID) builtInTypeNames.set(oid, name);
  }
  return names;
}

/**
 * What lets a role reach beyond the data it reads: superuser; CREATEROLE (before PostgreSQL 16 it
 * may grant itself the predefined roles below); server file reads and writes; server programs.
 */
const DANGEROUS_PRIVILEGES = [
  'superuser',
  'createrole',
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
] as const;

/** The session role's dangerous privileges, membership through other roles included. */
const DANGEROUS_PRIVILEGES_SQL = `SELECT r.rolsuper AS superuser, r.rolcreaterole AS createrole,
  pg_has_role(current_user, 'pg_read_server_files', 'MEMBER') AS pg_read_server_files,
  pg_has_role(current_user, 'pg_write_server_files', 'MEMBER') AS pg_write_server_files,
  pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER') AS pg_execute_server_program
  FROM pg_roles r WHERE r.rolname = current_user`;

/**
 * PostgreSQL as a SQL datasource (`pg`), reached only at an address the egress guard allows. Every call runs in a READ ONLY transaction on a pooled
 * connection (a test on a new one), with a statement timeout from the call and cancellation from
 * its signal.
 */
export class PostgresAdapter implements DatasourceAdapter {
  readonly kind = ConnectionKind.Postgres;
  readonly exactRowCountMetadata = false;

  /** `egress` holds the host to the operator's allowlist at every connect. */
  constructor(private readonly dependencies: Pick<AdapterDependencies, 'egress'>) {}

  /** The user name is left out on purpose: the result is shown to every reader of the connection. */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    return withReadOnlySession(
      this.dependencies.egress,
      connection,
      options,
      async (session) => {
        const { rows } = await session.run('SELECT version() AS version, current_database() AS database');
        const [row] = rows;
        const privileges = await session.run(DANGEROUS_PRIVILEGES_SQL);
        const [held] = privileges.rows;
        return {
          server_version: row?.['version'] ?? null,
          database: row?.['database'] ?? null,
          capabilities: {
            dangerous_privileges: DANGEROUS_PRIVILEGES.filter((name) => held?.[name] === true),
          },
        };
      },
      { fresh: true },
    );
  }

  /** Identifiers travel as parameters, never spliced into the SQL. */
  async columns(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    return withReadOnlySession(this.dependencies.egress, connection, options, (session) =>
      columnsIn(session, target),
    );
  }

  /**
   * Runs one query and reads at most `maxRows + 1` of its rows (see `queryIn`), in a read-only
   * transaction. Result columns report `nullable: true`: a query's output cannot promise otherwise.
   */
  async query(
    connection: DatasourceConnection,
    sql: string,
    options: CallOptions & { maxRows: number; params?: unknown[] },
  ): Promise<QueryResult> {
    checkMaxRows(options.maxRows);
    return withReadOnlySession(this.dependencies.egress, connection, options, (session) =>
      queryIn(session, sql, options),
    );
  }

  /**
   * Columns and queries on one connection. With `compiledOnly` (no statement a user wrote) each
   * statement is its own read-only transaction: no BEGIN and ROLLBACK round trips. Otherwise they
   * share one READ ONLY transaction, rolled back after; a failed statement aborts it, so the next
   * one first begins a new one.
   */
  async withSession<T>(
    connection: DatasourceConnection,
    options: CallOptions,
    work: (session: DatasourceSession) => Promise<T>,
    { compiledOnly = false }: SessionOptions = {},
  ): Promise<T> {
    return withReadOnlySession(
      this.dependencies.egress,
      connection,
      options,
      async (session) => {
        let aborted = false;
        const step = <R>(read: () => Promise<R>): Promise<R> =>
          classifiedPostgresCall(options.signal, async () => {
            if (aborted) {
              await session.restartTransaction();
              aborted = false;
            }
            try {
              return await read();
            } catch (error) {
              // Without a transaction there is none to abort.
              aborted = !compiledOnly;
              throw error;
            }
          });
        return asCallerWork(work)({
          columns: (target) => step(() => columnsIn(session, target)),
          query: (sql, queryOptions) => {
            checkMaxRows(queryOptions.maxRows);
            return step(() => queryIn(session, sql, queryOptions));
          },
        });
      },
      { transaction: !compiledOnly },
    );
  }

  /**
   * Row count from the planner statistics (`pg_class.reltuples`; null when never analyzed). No
   * modification time: PostgreSQL keeps none unless track_commit_timestamp is on, and even then not
   * per table, so `last_modified_at` is null.
   */
  async metadata(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<TargetMetadata> {
    const table = parsePostgresTarget(target);
    return withReadOnlySession(this.dependencies.egress, connection, options, async (session) => {
      const reltuples = await relationStats(session, table);
      if (reltuples === undefined) throw notFound();
      // reltuples is the planner's estimate (as of the last VACUUM/ANALYZE), never exact.
      return {
        row_count: reltuples < 0 ? null : Math.round(reltuples),
        last_modified_at: null,
        row_count_exact: false,
      };
    });
  }
}
