import { type ConnectionKind, type DatasourceErrorClass, type FileEncoding } from '@dq/contracts';

/** A connection as an adapter receives it in the runner: config plus the opened credential. */
export interface DatasourceConnection {
  /** Null for an unsaved draft under test. */
  id: string | null;
  kind: ConnectionKind;
  config: Record<string, unknown>;
  credential: Record<string, unknown> | null;
}

/** Bounds every datasource call carries: a deadline and a way to cancel it. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** Flat-file kinds: the text encoding of the target's CSV files (the suite's); UTF-8 by default. */
  fileEncoding?: FileEncoding;
  /** File, object and Iceberg stores: counts the requests made and the bytes fetched for the call. */
  transfer?: TransferTally;
}

/** Requests made to a remote store and the bytes it returned, for one target of a run. */
export interface TransferTally {
  bytes: number;
  requests: number;
  /**
   * Statements over a CSV read while it downloaded that ran again over the whole file once it was
   * in (docs/decisions/0055); absent when none did.
   */
  reruns?: number;
}

export interface ColumnInfo {
  name: string;
  /** The datasource's own type name, as it reports it. */
  type: string;
  nullable: boolean;
}

export interface QueryResult {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  /** True when the row cap cut the result. */
  truncated: boolean;
}

export interface TargetMetadata {
  /** Row count from metadata (statistics, table metadata), or null where there is none. */
  row_count: number | null;
  /** Last modification time from metadata, or null where there is none. */
  last_modified_at: string | null;
  /**
   * True when `row_count` is the exact live row count (Parquet footers, a Snowflake table's
   * ROW_COUNT, an Iceberg snapshot without equality deletes); false for planner statistics
   * (PostgreSQL's reltuples, Databricks table statistics), which a volume check must not trust.
   */
  row_count_exact?: boolean;
}

/** One file of a file or object store, as listed (batch patterns, arrival times). */
export interface FileEntry {
  /** Path inside the filesystem or bucket, without a leading slash. */
  path: string;
  size: number;
  /** When the file arrived (its last-modified time), ISO 8601 UTC. */
  last_modified_at: string;
}

/**
 * A scan query: DuckDB-dialect SQL run in-process over the target bound as the view `target`
 * (files, Iceberg). Checks compile to the same aggregate shapes over `target` as over a table.
 */
export interface ScanOptions extends CallOptions {
  maxRows: number;
}

/**
 * Several statements over one prepared scan target (files spooled once, an Iceberg scan planned
 * once): a suite run sends its fused scan and then the failing-sample queries through one session.
 */
export interface ScanSession {
  /** DuckDB SQL over the view `target`: one SELECT, at most `maxRows` rows returned. */
  query(sql: string, maxRows: number): Promise<QueryResult>;
}

/**
 * Several reads of SQL targets through one connection: a suite run reads the target's columns,
 * sends its fused statement and its failing-sample queries without a new connection or
 * transaction for each. A failed statement does not end the session. Failures are classified as
 * the adapter's own calls' are.
 */
export interface DatasourceSession {
  columns(target: string): Promise<ColumnInfo[]>;
  /** A read-only query, capped at `maxRows`, as `DatasourceAdapter.query` runs it. */
  query(sql: string, options: { maxRows: number; params?: unknown[] }): Promise<QueryResult>;
}

export interface SessionOptions {
  /**
   * Every statement of the session is one the check engine compiled (identifiers quoted, values
   * bound): none a user wrote. An adapter may then skip what only user SQL needs (PostgreSQL: the
   * explicit transaction whose rollback undoes any session change a statement made).
   */
  compiledOnly?: boolean;
}

/**
 * One datasource kind. Every method throws `DatasourceError` for a failure of the datasource
 * (classified), never a driver error carrying hosts, users or secrets.
 */
export interface DatasourceAdapter {
  readonly kind: ConnectionKind;
  /** Connects, authenticates and runs the cheapest real round trip; returns facts (version...). */
  test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>>;
  /** Column names and types of a target (`schema.table`, `namespace.table`, a file or a pattern). */
  columns(connection: DatasourceConnection, target: string, options: CallOptions): Promise<ColumnInfo[]>;
  /** SQL kinds only: a read-only query, capped at `maxRows`. */
  query?(
    connection: DatasourceConnection,
    sql: string,
    options: CallOptions & { maxRows: number; params?: unknown[] },
  ): Promise<QueryResult>;
  /**
   * SQL kinds that can: `work` with a session whose columns and queries share one connection and
   * one read-only transaction, within the call's deadline and cancellation.
   */
  withSession?<T>(
    connection: DatasourceConnection,
    options: CallOptions,
    work: (session: DatasourceSession) => Promise<T>,
    sessionOptions?: SessionOptions,
  ): Promise<T>;
  /** Scan kinds only (files, Iceberg): `sql` over the view `target`, evaluated in-process. */
  scan?(
    connection: DatasourceConnection,
    target: string,
    sql: string,
    options: ScanOptions,
  ): Promise<QueryResult>;
  /**
   * Scan kinds only: prepares the target once and runs `work` with a session over it, within one
   * deadline; everything prepared (spooled files, the engine connection) is released afterwards.
   */
  withScan?<T>(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
    work: (scan: ScanSession) => Promise<T>,
  ): Promise<T>;
  /** File and object stores: the files a target (one file or `<prefix>_*.ext`) matches, oldest first. */
  listFiles?(connection: DatasourceConnection, target: string, options: CallOptions): Promise<FileEntry[]>;
  /** Row count and freshness from metadata where the datasource keeps them. */
  metadata?(connection: DatasourceConnection, target: string, options: CallOptions): Promise<TargetMetadata>;
  /**
   * False when `metadata` never gives an exact row count (PostgreSQL's is the planner's estimate):
   * a volume check then counts in the fused scan without asking for metadata first.
   */
  readonly exactRowCountMetadata?: boolean;
}

/**
 * A classified datasource failure. `message` is safe to show: no host, user, path or secret.
 * `detail` says more where a class has kinds (`reason: encoding` for a file that is not text in
 * the suite's encoding); it is as safe to show as the message.
 */
export class DatasourceError extends Error {
  readonly detail: Record<string, unknown>;

  constructor(
    readonly errorClass: DatasourceErrorClass,
    message: string,
    options?: { cause?: unknown; detail?: Record<string, unknown> },
  ) {
    super(message, options);
    this.name = 'DatasourceError';
    this.detail = options?.detail ?? {};
  }
}
