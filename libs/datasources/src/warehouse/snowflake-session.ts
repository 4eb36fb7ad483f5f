// Must stay the first import: it switches off the connector's platform probes before it loads.
import './snowflake-platform-detection-off';
import snowflake, { type Binds, type Column, type Connection, type RowStatement } from 'snowflake-sdk';
import { AppError, DatasourceErrorClass } from '@dq/contracts';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceConnection,
  DatasourceError,
} from '../adapter/datasource-adapter';
import { SNOWFLAKE_ERROR_MESSAGES, classifySnowflakeError } from './classify-snowflake-error';
import { snowflakeAccount, snowflakeConnectionOptions } from './snowflake-connection-options';

export interface SnowflakeResult {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  /** Rows the statement produced, fetched or not. */
  total: number;
}

function classified(errorClass: DatasourceErrorClass): DatasourceError {
  return new DatasourceError(errorClass, SNOWFLAKE_ERROR_MESSAGES[errorClass]);
}

// The connector logs to the console by default, with account URLs and statement texts in it.
let connectorConfigured = false;
function configureConnectorOnce(): void {
  if (connectorConfigured) return;
  snowflake.configure({ logLevel: 'OFF' });
  connectorConfigured = true;
}

/** The connector's column type (`fixed`, `text`, `timestamp_ntz`...) as Snowflake names it. */
function typeName(column: Column): string {
  const type = column.getType();
  if (type === 'fixed') return 'NUMBER';
  if (type === 'real') return 'FLOAT';
  return type.toUpperCase();
}

/** Snowflake's (and the peer's) spellings of a FLOAT's special values. */
const SPECIAL_FLOATS: Readonly<Record<string, number>> = {
  nan: Number.NaN,
  inf: Number.POSITIVE_INFINITY,
  infinity: Number.POSITIVE_INFINITY,
  '-inf': Number.NEGATIVE_INFINITY,
  '-infinity': Number.NEGATIVE_INFINITY,
};

/**
 * Values as JSON carries them: timestamps and dates as ISO 8601 (UTC); a FLOAT (fetched as text
 * with every number) as the double it is, so NaN and the infinities read as they do on every other
 * kind; the rest as fetched.
 */
function plainValue(value: unknown, type: string | undefined): unknown {
  if (value instanceof Date) return value.toISOString();
  if (type === 'FLOAT' && typeof value === 'string')
    return SPECIAL_FLOATS[value.toLowerCase()] ?? Number(value);
  return value;
}

/** Why a call stopped early, decided by the caller's signal or the call's deadline. */
type Interruption = typeof DatasourceErrorClass.Cancelled | typeof DatasourceErrorClass.Timeout;

/**
 * One logged-in Snowflake session. Every statement is bounded by the warehouse's own
 * STATEMENT_TIMEOUT_IN_SECONDS (so the warehouse stops working even if the runner goes away) and
 * by the call's deadline and signal, which cancel the running statement on the warehouse.
 */
export class SnowflakeSession {
  private running?: RowStatement;
  private interruption?: Interruption;
  private readonly interrupted: Promise<never>;
  private interrupt!: (reason: Interruption) => void;

  constructor(
    private readonly connection: Connection,
    private readonly statementTimeoutSeconds: number,
  ) {
    this.interrupted = new Promise<never>((_resolve, reject) => {
      this.interrupt = (reason) => {
        if (this.interruption !== undefined) return;
        this.interruption = reason;
        this.running?.cancel(() => undefined);
        reject(classified(reason));
      };
    });
    // Nobody may be awaiting it when it fires (between statements): that is not a failure by itself.
    this.interrupted.catch(() => undefined);
  }

  /** Stops the call: cancels the running statement and fails every pending and later statement. */
  stop(reason: Interruption): void {
    this.interrupt(reason);
  }

  /** Settles with `work`, or fails as soon as the call is stopped. */
  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.interrupted]);
  }

  get stoppedBy(): Interruption | undefined {
    return this.interruption;
  }

  /**
   * Runs one statement and keeps at most `maxRows` rows (only those are downloaded).
   * Numbers come as text so NUMBER(38, s) values keep every digit.
   */
  async run(sqlText: string, binds: Binds = [], maxRows = Number.MAX_SAFE_INTEGER): Promise<SnowflakeResult> {
    if (this.interruption !== undefined) throw classified(this.interruption);
    const statement = await this.race(
      new Promise<RowStatement>((resolve, reject) => {
        this.running = this.connection.execute({
          sqlText,
          binds,
          streamResult: true,
          fetchAsString: ['Number'],
          parameters: {
            STATEMENT_TIMEOUT_IN_SECONDS: this.statementTimeoutSeconds,
            MULTI_STATEMENT_COUNT: 1,
          },
          complete: (error, executed) => (error ? reject(error) : resolve(executed)),
        });
      }),
    );
    const columns = (statement.getColumns() ?? []).map((column) => ({
      name: column.getName(),
      type: typeName(column),
      nullable: column.isNullable(),
    }));
    const typeOf = new Map(columns.map((column) => [column.name, column.type]));
    const total = statement.getNumRows();
    const rows: Record<string, unknown>[] = [];
    if (maxRows > 0 && total > 0) {
      const stream = statement.streamRows({ start: 0, end: Math.min(total, maxRows) - 1 });
      await this.race(
        (async () => {
          for await (const row of stream as AsyncIterable<Record<string, unknown>>) {
            if (rows.length >= maxRows) break;
            rows.push(
              Object.fromEntries(
                Object.entries(row).map(([key, value]) => [key, plainValue(value, typeOf.get(key))]),
              ),
            );
          }
        })(),
      );
    }
    this.running = undefined;
    return { columns, rows, total };
  }
}

function connect(connection: Connection): Promise<void> {
  return new Promise((resolve, reject) => {
    connection.connect((error) => (error ? reject(error) : resolve()));
  });
}

function destroy(connection: Connection): Promise<void> {
  return new Promise((resolve) => {
    try {
      connection.destroy(() => resolve());
    } catch {
      resolve();
    }
  });
}

/** Where the connector sends the credential: the account's own host, unless a test points elsewhere. */
export function snowflakeAccessUrl(account: string, dependencies: AdapterDependencies): string {
  return dependencies.warehouseAccessUrlForTests || `https://${account}.snowflakecomputing.com`;
}

/**
 * Logs in, runs `work` and always logs out. Every failure comes out as a classified
 * `DatasourceError` with a fixed message; an egress refusal (`AppError` url_forbidden) passes
 * unchanged. An abort of `options.signal` cancels the running statement on the warehouse and fails
 * the call as `cancelled`; the call's deadline does the same as `timeout`.
 */
export async function withSnowflakeSession<T>(
  dependencies: AdapterDependencies,
  datasource: DatasourceConnection,
  options: CallOptions,
  work: (session: SnowflakeSession) => Promise<T>,
): Promise<T> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
  const accessUrl = snowflakeAccessUrl(snowflakeAccount(datasource), dependencies);
  const settings = snowflakeConnectionOptions(datasource, accessUrl);
  const startedAt = Date.now();
  try {
    await dependencies.egress.assertUrlAllowed(accessUrl, 'account');
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The guard resolves the host first: an account whose host does not resolve is unreachable.
    throw classified(classifySnowflakeError(error));
  }
  configureConnectorOnce();
  const protocol = new URL(accessUrl).protocol;
  const connection = snowflake.createConnection({
    ...settings,
    // Every request of the connector goes through the guard's agent (connect-time address check).
    agentClass: () => dependencies.egress.agentFor(protocol),
  } as snowflake.ConnectionOptions);
  const session = new SnowflakeSession(connection, Math.max(1, Math.ceil(timeoutMs / 1000)));
  const onAbort = (): void => session.stop(DatasourceErrorClass.Cancelled);
  signal?.addEventListener('abort', onAbort, { once: true });
  const deadline = setTimeout(
    () => session.stop(DatasourceErrorClass.Timeout),
    Math.max(0, timeoutMs - (Date.now() - startedAt)),
  );
  let loggedIn = false;
  const login = connect(connection).then(() => {
    loggedIn = true;
  });
  try {
    await session.race(login);
    return await session.race(work(session));
  } catch (error) {
    if (session.stoppedBy !== undefined) throw classified(session.stoppedBy);
    if (error instanceof DatasourceError) throw error;
    throw classified(classifySnowflakeError(error));
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
    // A login still in flight (the call was stopped first) is logged out once it lands.
    if (loggedIn) await destroy(connection);
    else
      void login.then(
        () => destroy(connection),
        () => undefined,
      );
  }
}
