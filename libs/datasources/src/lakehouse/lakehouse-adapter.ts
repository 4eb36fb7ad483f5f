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
import { LAKEHOUSE_ERROR_MESSAGES, classifyDatabricksError } from './classify-databricks-error';
import { lakehouseTimestamp, statisticsRowCount } from './lakehouse-metadata';
import { readOnlyStatement } from './lakehouse-read-only';
import { type LakehouseSession, withLakehouseSession } from './lakehouse-session';
import {
  type LakehouseTarget,
  lakehouseTableName,
  metadataPatternLiteral,
  parseLakehouseTarget,
} from './lakehouse-target';

/** DESCRIBE TABLE EXTENDED lists every column before the table details: room for wide tables. */
const METADATA_ROWS = 10_000;

function notFound(): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.NotFound, LAKEHOUSE_ERROR_MESSAGES.not_found);
}

async function resolvedCatalog(session: LakehouseSession, target: LakehouseTarget): Promise<string> {
  if (target.catalog !== null) return target.catalog;
  const { rows } = await session.run('SELECT current_catalog() AS catalog', { maxRows: 1 });
  const catalog = rows[0]?.['catalog'];
  if (typeof catalog !== 'string' || catalog === '') throw notFound();
  return catalog;
}

/**
 * A Databricks SQL warehouse (or cluster) through @databricks/sql: TCLIService over HTTPS with a
 * personal access token. Each call opens its own client and session, with the call's deadline as
 * the statement timeout and cancellation of the running operation on abort.
 */
export class LakehouseAdapter implements DatasourceAdapter {
  readonly kind = ConnectionKind.Lakehouse;

  constructor(private readonly dependencies: AdapterDependencies) {}

  /** A session is opened (the token is checked), then one statement runs. No user name is returned. */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    return withLakehouseSession(this.dependencies, connection, options, async (session) => {
      const serverVersion = await session.serverVersion();
      const { rows } = await session.run('SELECT current_catalog() AS catalog', { maxRows: 1 });
      return { server_version: serverVersion, catalog: rows[0]?.['catalog'] ?? null };
    });
  }

  /**
   * Through the GetColumns metadata call, which works for Unity Catalog and the legacy metastore
   * alike; the names travel as escaped patterns, never spliced into SQL.
   */
  async columns(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    const table = parseLakehouseTarget(target);
    return withLakehouseSession(this.dependencies, connection, options, async (session) => {
      const catalog = await resolvedCatalog(session, table);
      const { rows } = await session.columnRows(
        catalog,
        metadataPatternLiteral(table.schema),
        metadataPatternLiteral(table.table),
      );
      if (rows.length === 0) throw notFound();
      return [...rows]
        .sort((a, b) => Number(a['ORDINAL_POSITION']) - Number(b['ORDINAL_POSITION']))
        .map((row) => ({
          name: String(row['COLUMN_NAME']),
          type: lakehouseTypeName(row),
          nullable: Number(row['NULLABLE']) !== 0,
        }));
    });
  }

  /**
   * One reading statement, capped at `maxRows` (fetched lazily: a huge result is never
   * transferred). A SQL warehouse has no read-only session, so the statement must pass the
   * lexical read-only check first. `params` bind to `?` markers.
   */
  async query(
    connection: DatasourceConnection,
    sql: string,
    options: CallOptions & { maxRows: number; params?: unknown[] },
  ): Promise<QueryResult> {
    const { maxRows } = options;
    if (!Number.isInteger(maxRows) || maxRows < 0)
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'maxRows must be a non-negative integer');
    const statement = readOnlyStatement(sql);
    return withLakehouseSession(this.dependencies, connection, options, (session) =>
      session.run(statement, { maxRows, params: options.params }),
    );
  }

  /**
   * Freshness from `DESCRIBE DETAIL` (Delta's `lastModified`; null for a view); the row count from
   * the table statistics of `DESCRIBE TABLE EXTENDED`, which exist only once the table was analyzed.
   */
  async metadata(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<TargetMetadata> {
    const name = lakehouseTableName(parseLakehouseTarget(target));
    return withLakehouseSession(this.dependencies, connection, options, async (session) => {
      // First: it fails as not_found for a missing table, for views and Delta tables alike.
      const extended = await session.run(`DESCRIBE TABLE EXTENDED ${name}`, { maxRows: METADATA_ROWS });
      let lastModified: unknown = null;
      try {
        const detail = await session.run(`DESCRIBE DETAIL ${name}`, { maxRows: 1 });
        lastModified = detail.rows[0]?.['lastModified'];
      } catch (error) {
        // A view or a non-Delta table has no DESCRIBE DETAIL: no freshness, not a failure.
        if (classifyDatabricksError(error) !== DatasourceErrorClass.Invalid) throw error;
      }
      return {
        row_count: statisticsRowCount(extended.rows),
        last_modified_at: lakehouseTimestamp(lastModified),
        // Table statistics are as old as the last ANALYZE.
        row_count_exact: false,
      };
    });
  }
}

/**
 * A column's type from a GetColumns row. Databricks names a decimal with its precision and scale
 * (`DECIMAL(10,2)`, Spark's type SQL); should a server name it bare, `COLUMN_SIZE` and
 * `DECIMAL_DIGITS` (the JDBC precision and scale) are added, so schema drift sees them.
 */
export function lakehouseTypeName(row: Record<string, unknown>): string {
  const type = String(row['TYPE_NAME']);
  const precision = row['COLUMN_SIZE'];
  if (/^(DECIMAL|DEC|NUMERIC)$/i.test(type) && typeof precision === 'number' && precision > 0) {
    const scale = typeof row['DECIMAL_DIGITS'] === 'number' ? row['DECIMAL_DIGITS'] : 0;
    return `${type}(${precision},${scale})`;
  }
  return type;
}
