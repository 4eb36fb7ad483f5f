import type { Bind } from 'snowflake-sdk';
import { ConnectionKind, DatasourceErrorClass } from '@dq/contracts';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceAdapter,
  type DatasourceConnection,
  DatasourceError,
  type QueryResult,
  type TargetMetadata,
} from '../adapter/datasource-adapter';
import { SNOWFLAKE_ERROR_MESSAGES } from './classify-snowflake-error';
import { type SnowflakeSession, withSnowflakeSession } from './snowflake-session';
import { assertReadOnlyStatement, informationSchemaView, parseWarehouseTarget } from './warehouse-sql';

/** The system DMFs the native engine runs (null count, null percent, duplicate count, unique count). */
export const ENGINE_DATA_METRIC_FUNCTIONS = ['NULL_COUNT', 'NULL_PERCENT', 'DUPLICATE_COUNT', 'UNIQUE_COUNT'];

/**
 * SHOW lists only the data metric functions the role may use: on an edition without them the
 * command fails, and without USAGE on them (the SNOWFLAKE.DATA_METRIC_USER database role) the
 * system ones are missing. Calling a DMF by hand needs exactly that USAGE plus SELECT on the table.
 */
const DMF_PROBE_SQL = 'SHOW DATA METRIC FUNCTIONS IN SCHEMA SNOWFLAKE.CORE';

/** True when every system DMF the native engine calls is listed (SHOW's `name` column). */
export function nativeDmfAvailable(rows: Record<string, unknown>[]): boolean {
  const listed = new Set(
    rows.map((row) => {
      const name = row['name'] ?? row['NAME'];
      return typeof name === 'string' ? name.toUpperCase() : '';
    }),
  );
  return ENGINE_DATA_METRIC_FUNCTIONS.every((name) => listed.has(name));
}

function bindOf(value: unknown): Bind {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as Bind;
  throw new DatasourceError(
    DatasourceErrorClass.Invalid,
    'A query parameter is not a string, number or boolean',
  );
}

/**
 * Whether the native data-metric functions are usable. Never fails the test: any error of the
 * probe means `false` (the result is a caveat in the check editor, not a gate). A stopped call
 * (cancel, deadline) still fails as such.
 */
async function probeNativeDmf(session: SnowflakeSession): Promise<boolean> {
  try {
    return nativeDmfAvailable((await session.run(DMF_PROBE_SQL)).rows);
  } catch (error) {
    if (session.stoppedBy !== undefined) throw error;
    return false;
  }
}

/** Roles whose sessions administer the account: what Snowflake has of PostgreSQL's superuser. */
const DANGEROUS_ROLES = ['ACCOUNTADMIN', 'SECURITYADMIN', 'ORGADMIN'] as const;

/**
 * The session's primary role as a dangerous privilege (`role:ACCOUNTADMIN`), an empty list for any
 * other role, undefined when it could not be read. Roles granted to it are not walked: cheap only.
 */
export function dangerousPrivilegesOfRole(role: unknown): string[] | undefined {
  if (typeof role !== 'string' || role.length === 0) return undefined;
  const name = role.toUpperCase();
  return (DANGEROUS_ROLES as readonly string[]).includes(name) ? [`role:${name}`] : [];
}

async function probeDangerousRole(session: SnowflakeSession): Promise<string[] | undefined> {
  try {
    const { rows } = await session.run('SELECT CURRENT_ROLE() AS R');
    return dangerousPrivilegesOfRole(rows[0]?.['R']);
  } catch (error) {
    if (session.stoppedBy !== undefined) throw error;
    return undefined;
  }
}

/**
 * A Snowflake cloud data warehouse (`snowflake-sdk`), by password or key pair. Every call logs in
 * on a session of its own and logs out after. Snowflake has no read-only session, so `query` takes
 * one read-only statement only; the connection's role should hold read grants only as well.
 */
export class WarehouseAdapter implements DatasourceAdapter {
  readonly kind = ConnectionKind.Warehouse;

  constructor(private readonly dependencies: AdapterDependencies) {}

  /**
   * Reports the version, the session's database, `capabilities.native_dmf` and, when the role is
   * an account administrator, `capabilities.dangerous_privileges`. The user and role are otherwise
   * left out on purpose: the result is shown to every reader of the connection.
   */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    return withSnowflakeSession(this.dependencies, connection, options, async (session) => {
      const { rows } = await session.run('SELECT CURRENT_VERSION() AS V, CURRENT_DATABASE() AS D');
      const [row] = rows;
      const nativeDmf = await probeNativeDmf(session);
      const dangerous = await probeDangerousRole(session);
      return {
        server_version: row?.['V'] ?? null,
        database: row?.['D'] ?? null,
        capabilities: {
          native_dmf: nativeDmf,
          ...(dangerous !== undefined ? { dangerous_privileges: dangerous } : {}),
        },
      };
    });
  }

  /**
   * From INFORMATION_SCHEMA.COLUMNS, names as bind parameters. Snowflake's information schema
   * shows only what the role may see, so a table without visible columns is `not_found` (Snowflake
   * itself never tells "missing" from "not authorized").
   */
  async columns(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    const table = parseWarehouseTarget(target);
    const sql = `SELECT COLUMN_NAME, DATA_TYPE, IS_NULLABLE, NUMERIC_PRECISION, NUMERIC_SCALE FROM ${informationSchemaView(table, 'COLUMNS')}
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`;
    return withSnowflakeSession(this.dependencies, connection, options, async (session) => {
      const { rows } = await session.run(sql, [table.schema, table.table]);
      if (rows.length === 0)
        throw new DatasourceError(DatasourceErrorClass.NotFound, SNOWFLAKE_ERROR_MESSAGES.not_found);
      return rows.map((row) => ({
        name: String(row['COLUMN_NAME']),
        type: warehouseTypeName(row),
        nullable: row['IS_NULLABLE'] === 'YES',
      }));
    });
  }

  /**
   * One read-only statement with `?` binds; only `maxRows` rows are downloaded and `truncated` is
   * exact (the warehouse reports the full row count). Numbers come as text (NUMBER(38, s) keeps
   * every digit), dates and timestamps as ISO 8601 UTC.
   */
  async query(
    connection: DatasourceConnection,
    sql: string,
    options: CallOptions & { maxRows: number; params?: unknown[] },
  ): Promise<QueryResult> {
    const { maxRows } = options;
    if (!Number.isInteger(maxRows) || maxRows < 0)
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'maxRows must be a non-negative integer');
    const statement = assertReadOnlyStatement(sql);
    const binds = (options.params ?? []).map(bindOf);
    return withSnowflakeSession(this.dependencies, connection, options, async (session) => {
      const result = await session.run(statement, binds, maxRows);
      return { columns: result.columns, rows: result.rows, truncated: result.total > maxRows };
    });
  }

  /**
   * ROW_COUNT and LAST_ALTERED from INFORMATION_SCHEMA.TABLES. ROW_COUNT is null for views;
   * LAST_ALTERED moves with DML and DDL alike (Snowflake keeps no separate data-change time).
   */
  async metadata(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<TargetMetadata> {
    const table = parseWarehouseTarget(target);
    const sql = `SELECT ROW_COUNT, LAST_ALTERED FROM ${informationSchemaView(table, 'TABLES')}
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?`;
    return withSnowflakeSession(this.dependencies, connection, options, async (session) => {
      const [row] = (await session.run(sql, [table.schema, table.table])).rows;
      if (!row) throw new DatasourceError(DatasourceErrorClass.NotFound, SNOWFLAKE_ERROR_MESSAGES.not_found);
      const rowCount = row['ROW_COUNT'];
      const lastAltered = row['LAST_ALTERED'];
      return {
        row_count: rowCount === null || rowCount === undefined ? null : Number(rowCount),
        last_modified_at: typeof lastAltered === 'string' ? lastAltered : null,
        // Snowflake keeps a table's ROW_COUNT exact; a view has none.
        row_count_exact: rowCount !== null && rowCount !== undefined,
      };
    });
  }
}

/**
 * `DATA_TYPE` names a decimal bare (`NUMBER`); its precision and scale are beside it, and go with
 * it (`NUMBER(12,2)`) as every kind reports decimals, so schema drift sees a precision change.
 */
function warehouseTypeName(row: Record<string, unknown>): string {
  const type = String(row['DATA_TYPE']);
  const precision = row['NUMERIC_PRECISION'];
  const scale = row['NUMERIC_SCALE'];
  if (
    /^(NUMBER|NUMERIC|DECIMAL)$/i.test(type) &&
    precision !== null &&
    precision !== undefined &&
    precision !== ''
  )
    return `${type}(${Number(precision)},${Number(scale ?? 0)})`;
  return type;
}
