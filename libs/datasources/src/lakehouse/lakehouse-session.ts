import { thrift } from '@databricks/sql';
import type IDBSQLSession from '@databricks/sql/dist/contracts/IDBSQLSession';
import { type ExecuteStatementOptions } from '@databricks/sql/dist/contracts/IDBSQLSession';
import type IOperation from '@databricks/sql/dist/contracts/IOperation';
import { AppError, DatasourceErrorClass } from '@dq/contracts';
import { isEgressRefusal } from '@dq/security';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceConnection,
  DatasourceError,
} from '../adapter/datasource-adapter';
import { LAKEHOUSE_ERROR_MESSAGES, classifyDatabricksError } from './classify-databricks-error';
import { GuardedDatabricksClient } from './guarded-databricks-client';
import { lakehouseEndpoint } from './lakehouse-connection-config';

const WORKSPACE_URL_FIELD = 'workspace_url';
/** Room past the call's deadline before a silent HTTP round trip is abandoned by the driver. */
const SOCKET_GRACE_MS = 5_000;
/** How long closing the operation, session and client may take after the work ended. */
const CLOSE_BUDGET_MS = 3_000;

interface GeneratedEnums {
  TTypeId: Record<string, number>;
  TGetInfoType: Record<string, number>;
}
const generated = thrift.TCLIService_types as unknown as GeneratedEnums;
const TYPE_NAMES = new Map(
  Object.entries(generated.TTypeId).map(([name, id]) => [id, name.replace(/_TYPE$/, '')]),
);

interface ColumnDescriptor {
  columnName: string;
  typeDesc?: {
    types?: {
      primitiveEntry?: {
        type: number;
        typeQualifiers?: {
          qualifiers?: Record<string, { i32Value?: number | null } | undefined> | null;
        } | null;
      } | null;
    }[];
  };
}

function classified(errorClass: DatasourceErrorClass): DatasourceError {
  return new DatasourceError(errorClass, LAKEHOUSE_ERROR_MESSAGES[errorClass]);
}

/** The Databricks type name of a result column: `BIGINT`, `STRING`, `DECIMAL(10,2)`... */
function typeName(column: ColumnDescriptor): string {
  const entry = column.typeDesc?.types?.[0]?.primitiveEntry;
  if (!entry) return 'UNKNOWN';
  const name = TYPE_NAMES.get(entry.type) ?? 'UNKNOWN';
  const qualifiers = entry.typeQualifiers?.qualifiers;
  const precision = qualifiers?.['precision']?.i32Value;
  if (name === 'DECIMAL' && typeof precision === 'number')
    return `DECIMAL(${precision},${qualifiers?.['scale']?.i32Value ?? 0})`;
  return name;
}

/** JSON-safe cells: a 64-bit integer the driver hands over as a bigint travels as text. */
function plainRow(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]),
  );
}

export interface LakehouseRows {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  truncated: boolean;
}

/** One open session on the warehouse; remembers the running operation so an abort can cancel it. */
export class LakehouseSession {
  private running?: IOperation;

  constructor(
    private readonly session: IDBSQLSession,
    private readonly timeoutSeconds: number,
  ) {}

  /** Runs one statement and fetches at most `maxRows` rows (one more to know it was cut). */
  async run(sql: string, options: { maxRows: number; params?: unknown[] }): Promise<LakehouseRows> {
    const operation = await this.session.executeStatement(sql, {
      queryTimeout: this.timeoutSeconds,
      maxRows: options.maxRows + 1,
      // Result files on cloud storage would be fetched from URLs the egress guard never saw.
      useCloudFetch: false,
      ordinalParameters: options.params as ExecuteStatementOptions['ordinalParameters'],
    });
    return this.drain(operation, options.maxRows);
  }

  /** GetColumns (the Thrift metadata call): one row per column, JDBC-shaped. */
  async columnRows(catalog: string, schemaPattern: string, tablePattern: string): Promise<LakehouseRows> {
    const operation = await this.session.getColumns({
      catalogName: catalog,
      schemaName: schemaPattern,
      tableName: tablePattern,
    });
    return this.drain(operation, Number.MAX_SAFE_INTEGER - 1);
  }

  async serverVersion(): Promise<string | null> {
    const info = await this.session.getInfo(generated.TGetInfoType['CLI_DBMS_VER'] ?? 18);
    const value: unknown = info.getValue();
    return typeof value === 'string' ? value : null;
  }

  /** Sends CancelOperation for the running statement, if any. Never rejects. */
  async cancelRunning(): Promise<void> {
    await this.running?.cancel().catch(() => undefined);
  }

  private async drain(operation: IOperation, maxRows: number): Promise<LakehouseRows> {
    this.running = operation;
    try {
      const rows: object[] = [];
      while (rows.length <= maxRows) {
        const chunk = await operation.fetchChunk({
          maxRows: maxRows + 1 - rows.length,
          disableBuffering: true,
        });
        rows.push(...chunk);
        if (chunk.length === 0 || !(await operation.hasMoreRows())) break;
      }
      const schema = await operation.getSchema();
      const columns = ((schema?.columns ?? []) as ColumnDescriptor[]).map((column) => ({
        name: column.columnName,
        type: typeName(column),
        nullable: true,
      }));
      return { columns, rows: rows.slice(0, maxRows).map(plainRow), truncated: rows.length > maxRows };
    } finally {
      this.running = undefined;
      await operation.close().catch(() => undefined);
    }
  }
}

function settleWithin(work: Promise<unknown>, budgetMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, budgetMs);
    void work
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

/**
 * Checks the workspace URL with the egress guard, connects through the guard's agent, opens a
 * session with the call's statement timeout, runs `work` and always closes the session. Every
 * failure comes out as a classified `DatasourceError` with a fixed message, except the guard's
 * 422 url_forbidden, which propagates unchanged. The call's deadline and an abort of its signal
 * cancel the running operation on the warehouse (CancelOperation) and end the call at once:
 * `timeout` (or `unreachable` if no session was open yet) and `cancelled`.
 */
export async function withLakehouseSession<T>(
  dependencies: AdapterDependencies,
  connection: DatasourceConnection,
  options: CallOptions,
  work: (session: LakehouseSession) => Promise<T>,
): Promise<T> {
  const endpoint = lakehouseEndpoint(connection);
  const { signal } = options;
  if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
  let url: URL;
  try {
    url = await dependencies.egress.assertUrlAllowed(endpoint.workspaceUrl, WORKSPACE_URL_FIELD);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The guard rethrows a DNS failure as is: an unknown host is an unreachable datasource.
    throw classified(DatasourceErrorClass.Unreachable);
  }
  const timeoutMs = Math.max(1, Math.floor(options.timeoutMs));
  const timeoutSeconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const protocol = url.protocol === 'http:' ? 'http:' : 'https:';
  const client = new GuardedDatabricksClient(
    {
      protocol,
      host: url.hostname,
      port: url.port === '' ? (protocol === 'http:' ? 80 : 443) : Number(url.port),
      path: endpoint.httpPath,
      socketTimeoutMs: timeoutMs + SOCKET_GRACE_MS,
    },
    dependencies.egress.agentFor(protocol),
  );
  // A dropped connection is also reported as an event; the call's own promise reports it.
  client.on('error', () => undefined);

  let session: LakehouseSession | undefined;
  let stopped: DatasourceErrorClass | undefined;
  let cancelSent: Promise<void> | undefined;
  let interrupt: (error: DatasourceError) => void = () => undefined;
  const interrupted = new Promise<never>((_resolve, reject) => {
    interrupt = reject;
  });
  const stop = (errorClass: DatasourceErrorClass): void => {
    if (stopped !== undefined) return;
    stopped = errorClass;
    cancelSent = session?.cancelRunning();
    interrupt(classified(errorClass));
  };
  const onAbort = (): void => stop(DatasourceErrorClass.Cancelled);
  signal?.addEventListener('abort', onAbort, { once: true });
  const deadline = setTimeout(
    () => stop(session ? DatasourceErrorClass.Timeout : DatasourceErrorClass.Unreachable),
    timeoutMs,
  );

  const attempt = (async (): Promise<T> => {
    await client.connect({
      host: url.hostname,
      path: endpoint.httpPath,
      token: endpoint.token,
      telemetryEnabled: false,
      // Retries (of idempotent calls on 429/503) stay inside the call's deadline.
      retriesTimeout: timeoutMs,
      retryMaxAttempts: 3,
    });
    const opened = await client.openSession({
      configuration: { STATEMENT_TIMEOUT: String(timeoutSeconds) },
    });
    session = new LakehouseSession(opened, timeoutSeconds);
    if (stopped !== undefined) throw classified(stopped);
    return work(session);
  })();
  // The attempt may settle after an interruption ended the call: its failure is not the answer.
  attempt.catch(() => undefined);

  try {
    return await Promise.race([attempt, interrupted]);
  } catch (error) {
    if (stopped !== undefined) throw classified(stopped);
    if (error instanceof DatasourceError) throw error;
    if (isEgressRefusal(error))
      throw dependencies.egress.refuse(
        WORKSPACE_URL_FIELD,
        'workspace address refused at connect time',
        url.hostname,
      );
    throw classified(classifyDatabricksError(error));
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
    if (cancelSent) await settleWithin(cancelSent, CLOSE_BUDGET_MS);
    // After an interruption inside a session, let the attempt wind down (it sees the cancelled
    // operation and closes it); before a session there is nothing to wait for on a silent host.
    if (session) await settleWithin(attempt, CLOSE_BUDGET_MS);
    await settleWithin(client.close(), CLOSE_BUDGET_MS);
  }
}
