import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatasourceErrorClass } from '@dq/contracts';
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import {
  type CallOptions,
  type ColumnInfo,
  DatasourceError,
  type QueryResult,
  type ScanOptions,
  type ScanSession,
} from '../adapter/datasource-adapter';
import { passCallerFailure } from '../adapter/caller-work';
import { classifyDuckDbMessage, isParallelPaddingRefusal } from './duckdb-messages';
import { textOf, toJsonSafe } from './duckdb-values';

export { stripPaths } from './duckdb-messages';

export interface DuckDbEngineOptions {
  /** DuckDB's `memory_limit` in MiB; past it, sorts, joins and aggregates spill to disk. Default 512. */
  memoryLimitMb?: number;
  /** DuckDB worker threads. Default 2. */
  threads?: number;
  /** Parent of the engine's own directory (spooled files, DuckDB's temp files). Default OS temp. */
  spoolRoot?: string;
}

const DEFAULT_MEMORY_LIMIT_MB = 512;
const DEFAULT_THREADS = 2;

/** Thrown messages for a stopped call; DuckDB's own text is not needed for these. */
const STOPPED_MESSAGES = {
  timeout: 'The flat-file query did not finish in time',
  cancelled: 'The flat-file query was cancelled',
} as const;

type StopReason = keyof typeof STOPPED_MESSAGES;

/** Why a signal fired: `AbortSignal.timeout()` is a deadline, any other abort a cancellation. */
export function abortReason(signal: AbortSignal): StopReason {
  const reason: unknown = signal.reason;
  // By name, not instanceof: the DOMException may come from another realm (a vm context, a test sandbox).
  const name =
    typeof reason === 'object' && reason !== null ? (reason as { name?: unknown }).name : undefined;
  return name === 'TimeoutError' ? 'timeout' : 'cancelled';
}

export function stoppedError(reason: StopReason): DatasourceError {
  return new DatasourceError(
    reason === 'timeout' ? DatasourceErrorClass.Timeout : DatasourceErrorClass.Cancelled,
    STOPPED_MESSAGES[reason],
  );
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Table functions that compute rows and touch no file, allowed in scan queries. */
const PURE_TABLE_FUNCTIONS = new Set(['range', 'generate_series', 'unnest']);

function tableFunctionName(node: Record<string, unknown>): string {
  const call = node['function'];
  return typeof call === 'object' && call !== null
    ? textOf((call as Record<string, unknown>)['function_name']).toLowerCase()
    : '';
}

/**
 * Finds what a scan query may not reference in DuckDB's parse tree: table functions other than
 * pure generators (`read_csv('/etc/…')`, `glob(…)`) and tables named by a path or a qualified name. A scan reads
 * the view `target` (and its own CTEs) only. DuckDB's file-system lockdown stops the rest anyway;
 * this gives a clear error and keeps other calls' spooled files out of reach.
 */
function forbiddenReference(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = forbiddenReference(item);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const record = node as Record<string, unknown>;
  if (record['type'] === 'TABLE_FUNCTION' && !PURE_TABLE_FUNCTIONS.has(tableFunctionName(record)))
    return 'table functions that read files';
  if (record['type'] === 'BASE_TABLE') {
    const name = textOf(record['table_name']);
    if (!IDENTIFIER.test(name) || record['schema_name'] || record['catalog_name'])
      return 'tables other than the view target';
  }
  for (const value of Object.values(record)) {
    const found = forbiddenReference(value);
    if (found) return found;
  }
  return undefined;
}

function invalid(message: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, message);
}

/**
 * DuckDB errors are all about the query or the data: a user's SQL, a file that is not the CSV or
 * Parquet it claims to be. They are `invalid`, in words a user can act on (`classifyDuckDbMessage`).
 */
function classifyDuckDbError(error: unknown, workDir: string): DatasourceError {
  if (error instanceof DatasourceError) return error;
  const text = error instanceof Error ? error.message : String(error);
  // The scan query is checked before it runs: a refused file access comes from a view over files
  // outside the engine's directory, a caller's mistake.
  if (/\bPermission Error\b/.test(text))
    return invalid('The flat-file engine may read its own spooled files only');
  if (/\bOut of Memory Error\b/.test(text))
    return invalid('The query needs more memory than the flat-file engine may use');
  return classifyDuckDbMessage(text, workDir, error);
}

/** Engine directories are named `dq-duckdb-<host>-<pid>-<random>`: whose they are is in the name. */
function workDirPrefix(): string {
  return `dq-duckdb-${os.hostname().replace(/[^A-Za-z0-9.]/g, '_')}-`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes engine directories this host's processes left behind when they died without exiting
 * (killed mid-scan, a spooled file of gigabytes in it). Only this host's: another machine sharing
 * the spool volume has its own process ids.
 */
function removeDeadProcessDirectories(spoolRoot: string): void {
  const prefix = workDirPrefix();
  for (const name of fs.readdirSync(spoolRoot)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid))
      fs.rmSync(path.join(spoolRoot, name), { recursive: true, force: true });
  }
}

/** A column of the view `target` as DuckDB defined it. */
export interface ViewColumn {
  name: string;
  /** DuckDB's type name (`BIGINT`, `VARCHAR`, ...). */
  type: string;
}

/** A view over files, the same view read serially, and what replaces it once it is defined or fails. */
export interface ViewStage {
  viewSql: string;
  serialViewSql?: string;
  /**
   * Called once the view is defined, with its columns and their types: a stage returned is
   * defined in its place (and refined in turn), before any statement reads the view.
   */
  refine?: (columns: ViewColumn[]) => ViewStage | undefined;
  /**
   * Called when a statement over the view fails: a stage returned replaces the view for good (a CSV
   * batch read with one file's types meeting a value they do not fit, docs/decisions/0052; an
   * integer column meeting a decimal, docs/decisions/0054) and the statement runs again over it.
   */
  fallback?: (error: unknown) => ViewStage | undefined;
}

export interface ViewDefinition extends ViewStage {
  /** Refuses the view's columns (names in order) by throwing, before any statement reads it. */
  checkColumns?: (names: string[]) => void;
  /**
   * Ranged reads (docs/decisions/0049): prepares what the statement `sql` reads and returns the
   * view to run it over; `all` asks for the view of every column (after a narrowed view failed to bind).
   */
  viewFor?: (sql: string, connection: DuckDBConnection, all: boolean) => Promise<string>;
  /**
   * A view over a file still arriving (docs/decisions/0050): when `failed` fires, the running
   * statement is interrupted and every statement fails with its reason, even one DuckDB finished on
   * the cut-off bytes; `release` runs once the session is done, before its connection closes. A
   * `rerun` event (the whole file is in, docs/decisions/0055) interrupts the running statement and
   * runs it once more, its rows from the first attempt dropped; with no statement running it does nothing.
   */
  source?: { failed: AbortSignal; release: () => Promise<void>; rerun?: EventTarget };
}

/** DuckDB's refusal to bind a statement (a column it does not find in the view, among others). */
function isBinderError(error: unknown): boolean {
  // By shape, not instanceof: DuckDB's errors may come from another realm (a test sandbox).
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && /^Binder Error\b/.test(message);
}

/** DuckDB's error for a statement stopped by `interrupt()`. */
function isInterruptError(error: unknown): boolean {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && /^INTERRUPT Error\b/.test(message);
}

/** Runs one statement on a connection unless the call was stopped in between. */
export interface EngineSession {
  connection: DuckDBConnection;
  /** Throws when the call's deadline passed or its signal fired. */
  checkpoint: () => void;
}

/**
 * The process's DuckDB (in memory, lazily opened): one instance per spool root and limits, so in a
 * runner exactly one. It may touch its own directory only: `enable_external_access` is turned off
 * with that directory as the one allowed path (DuckDB has no network here either: no httpfs or
 * azure extension is installed, remote files are spooled to disk first). `temp_directory` is in it
 * too, so sorts and aggregates past `memory_limit` spill there instead of growing the process.
 */
export class DuckDbEngine {
  private static readonly engines = new Map<string, DuckDbEngine>();

  /** The shared engine for these options (created on first use; the same options give the same one). */
  static shared(options: DuckDbEngineOptions = {}): DuckDbEngine {
    const resolved = DuckDbEngine.resolve(options);
    const key = JSON.stringify(resolved);
    let engine = DuckDbEngine.engines.get(key);
    if (!engine) {
      engine = new DuckDbEngine(resolved);
      DuckDbEngine.engines.set(key, engine);
    }
    return engine;
  }

  private static resolve(options: DuckDbEngineOptions): Required<DuckDbEngineOptions> {
    const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
    const threads = options.threads ?? DEFAULT_THREADS;
    if (!Number.isInteger(memoryLimitMb) || memoryLimitMb < 16)
      throw new RangeError('memoryLimitMb must be an integer of at least 16');
    if (!Number.isInteger(threads) || threads < 1) throw new RangeError('threads must be a positive integer');
    return { memoryLimitMb, threads, spoolRoot: path.resolve(options.spoolRoot ?? os.tmpdir()) };
  }

  /** The only directory DuckDB may read or write: spooled files live in per-call directories in it. */
  readonly workDir: string;
  private readonly settings: Required<DuckDbEngineOptions>;
  private instance?: Promise<DuckDBInstance>;
  private readonly removeWorkDir = (): void => fs.rmSync(this.workDir, { recursive: true, force: true });

  constructor(options: DuckDbEngineOptions = {}) {
    this.settings = DuckDbEngine.resolve(options);
    fs.mkdirSync(this.settings.spoolRoot, { recursive: true });
    removeDeadProcessDirectories(this.settings.spoolRoot);
    this.workDir = fs.mkdtempSync(path.join(this.settings.spoolRoot, `${workDirPrefix()}${process.pid}-`));
    process.once('exit', this.removeWorkDir);
  }

  /** A new empty directory for one call's files, inside the engine's allowed directory. */
  async createCallDirectory(): Promise<string> {
    return fs.promises.mkdtemp(path.join(this.workDir, 'call-'));
  }

  async removeCallDirectory(directory: string): Promise<void> {
    if (path.dirname(directory) !== this.workDir) throw new Error('Not a call directory of this engine');
    await fs.promises.rm(directory, { recursive: true, force: true });
  }

  /**
   * Runs `sql` (one SELECT over the view `target`, defined by `viewSql`) and returns at most
   * `maxRows` rows; the result streams, so a cap stops reading rather than trimming a full result.
   */
  async query(
    viewSql: string | (() => Promise<ViewDefinition>),
    sql: string,
    options: ScanOptions,
    serialViewSql?: string,
  ): Promise<QueryResult> {
    return this.withView(viewSql, options, (session) => session.query(sql, options.maxRows), serialViewSql);
  }

  /**
   * Defines the view `target` once on one connection and runs `work`, which may send several
   * statements over it (each checked like `query`'s), all within `options`' deadline. A view given
   * as a function is prepared (files spooled) when the first statement needs it, and not at all
   * when `work` sends none; a preparation that failed fails every statement alike. When DuckDB
   * refuses to read a CSV in parallel (short rows padded in a file with quoted line ends), the view
   * becomes `serialViewSql` and the statement runs again; likewise the stage the view's `fallback`
   * gives for a failure (a CSV read whose types meet a value they do not fit). A view's `refine`
   * replaces it once defined, from its columns' types.
   */
  async withView<T>(
    view: string | (() => Promise<ViewDefinition>),
    options: CallOptions,
    work: (session: ScanSession) => Promise<T>,
    serialViewSql?: string,
  ): Promise<T> {
    return this.withSession(options, async ({ connection, checkpoint }) => {
      let serialView = serialViewSql;
      let viewFor: ViewDefinition['viewFor'];
      let source: ViewDefinition['source'];
      let fallback: ViewStage['fallback'];
      let serial = false;
      const interrupt = (): void => connection.interrupt();
      // A rerun is asked for the statement scanning now, once per statement ('asked' until its
      // interrupt is seen).
      let scanning = false;
      let rerun: 'none' | 'asked' | 'done' = 'none';
      const askRerun = (): void => {
        if (!scanning || rerun !== 'none') return;
        rerun = 'asked';
        connection.interrupt();
      };
      // Throws the arriving file's failure: a statement that read cut-off bytes never counts as done.
      const sourceCheck = (): void => {
        if (source?.failed.aborted) throw source.failed.reason;
      };
      // The view's columns as stored when it was made: DESCRIBE would bind it (sniff) again.
      const viewColumns = async (): Promise<ViewColumn[]> => {
        const described = await connection.runAndReadAll(
          `SELECT column_name, data_type FROM duckdb_columns() WHERE database_name = 'temp' AND table_name = 'target' ORDER BY column_index`,
        );
        return described
          .getRowObjectsJson()
          .map((row) => ({ name: textOf(row['column_name']), type: textOf(row['data_type']) }));
      };
      // Makes `stage` the view (refined as it asks), its serial form and fallback the session's.
      const install = async (
        stage: ViewStage,
        checkColumns?: ViewDefinition['checkColumns'],
        replace = true,
      ): Promise<void> => {
        await connection.run(`CREATE ${replace ? 'OR REPLACE ' : ''}TEMP VIEW target AS ${stage.viewSql}`);
        let current = stage;
        let columns = checkColumns || current.refine ? await viewColumns() : [];
        checkColumns?.(columns.map((column) => column.name));
        for (let refined = current.refine?.(columns); refined; refined = current.refine?.(columns)) {
          checkpoint();
          sourceCheck();
          current = refined;
          await connection.run(`CREATE OR REPLACE TEMP VIEW target AS ${current.viewSql}`);
          if (current.refine) columns = await viewColumns();
        }
        serialView = current.serialViewSql;
        fallback = current.fallback;
        serial = false;
      };
      let defined: Promise<void> | undefined;
      const define = (): Promise<void> =>
        (defined ??= (async () => {
          checkpoint();
          if (typeof view === 'string') {
            await connection.run(`CREATE TEMP VIEW target AS ${view}`);
            return;
          }
          const { checkColumns, ...stage } = await view();
          ({ viewFor, source } = stage);
          source?.failed.addEventListener('abort', interrupt, { once: true });
          source?.rerun?.addEventListener('rerun', askRerun);
          checkpoint();
          sourceCheck();
          await install(stage, checkColumns, false);
        })());
      if (typeof view === 'string') await define();
      // Streams a statement; interrupted for a rerun, it runs again (a stop or a failed source first).
      const stream = async (sql: string, maxRows: number): Promise<QueryResult> => {
        for (;;) {
          scanning = true;
          try {
            return await this.streamRows(connection, sql, maxRows, checkpoint);
          } catch (error) {
            if (rerun !== 'asked' || !isInterruptError(error)) throw error;
            rerun = 'done';
            checkpoint();
            sourceCheck();
            if (options.transfer) options.transfer.reruns = (options.transfer.reruns ?? 0) + 1;
          } finally {
            scanning = false;
          }
        }
      };
      const runOverView = async (sql: string, maxRows: number): Promise<QueryResult> => {
        try {
          return await stream(sql, maxRows);
        } catch (error) {
          if (serial || serialView === undefined || !isParallelPaddingRefusal(error)) throw error;
          serial = true;
          checkpoint();
          await connection.run(`CREATE OR REPLACE TEMP VIEW target AS ${serialView}`);
          checkpoint();
          return stream(sql, maxRows);
        }
      };
      const run = async (sql: string, maxRows: number): Promise<QueryResult> => {
        if (viewFor) return this.runRanged(connection, viewFor, sql, maxRows, checkpoint);
        for (;;) {
          try {
            return await runOverView(sql, maxRows);
          } catch (error) {
            const next = fallback?.(error);
            if (!next) throw error;
            checkpoint();
            sourceCheck();
            await install(next);
            checkpoint();
          }
        }
      };
      let busy = false;
      const session: ScanSession = {
        query: async (sql, maxRows) => {
          if (!Number.isInteger(maxRows) || maxRows < 0)
            throw invalid('maxRows must be a non-negative integer');
          // One connection runs one statement at a time; a session is not shared across tasks.
          if (busy) throw new Error('a scan session runs one statement at a time');
          busy = true;
          rerun = 'none';
          try {
            checkpoint();
            await this.assertScanQuery(connection, sql);
            await define();
            checkpoint();
            sourceCheck();
            const result = await run(sql, maxRows);
            sourceCheck();
            return result;
          } catch (error) {
            checkpoint();
            sourceCheck();
            throw classifyDuckDbError(error, this.workDir);
          } finally {
            busy = false;
          }
        },
      };
      try {
        return await work(session);
      } finally {
        source?.failed.removeEventListener('abort', interrupt);
        source?.rerun?.removeEventListener('rerun', askRerun);
        await source?.release();
      }
    });
  }

  /**
   * Runs `sql` over the view its ranged reads prepared; when that narrowed view does not bind (a
   * column the statement names that was not planned), again over the view of every column.
   */
  private async runRanged(
    connection: DuckDBConnection,
    viewFor: NonNullable<ViewDefinition['viewFor']>,
    sql: string,
    maxRows: number,
    checkpoint: () => void,
  ): Promise<QueryResult> {
    await connection.run(`CREATE OR REPLACE TEMP VIEW target AS ${await viewFor(sql, connection, false)}`);
    checkpoint();
    try {
      return await this.streamRows(connection, sql, maxRows, checkpoint);
    } catch (error) {
      if (!isBinderError(error)) throw error;
      checkpoint();
      await connection.run(`CREATE OR REPLACE TEMP VIEW target AS ${await viewFor(sql, connection, true)}`);
      checkpoint();
      return this.streamRows(connection, sql, maxRows, checkpoint);
    }
  }

  private async streamRows(
    connection: DuckDBConnection,
    sql: string,
    maxRows: number,
    checkpoint: () => void,
  ): Promise<QueryResult> {
    const result = await connection.stream(sql.trim().replace(/;+\s*$/, ''));
    const names = result.deduplicatedColumnNames();
    const types = result.columnTypes();
    const rows: Record<string, unknown>[] = [];
    let more = false;
    while (rows.length <= maxRows) {
      checkpoint();
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      for (const row of chunk.getRows()) {
        if (rows.length === maxRows) {
          more = true;
          break;
        }
        rows.push(rowObject(names, row));
      }
      if (more) break;
    }
    return {
      columns: names.map((name, index) => ({ name, type: String(types[index]), nullable: true })),
      rows,
      truncated: more,
    };
  }

  /** Column names and DuckDB types of the view `viewSql` defines (binds it; reads what binding needs). */
  async describe(viewSql: string, options: CallOptions): Promise<ColumnInfo[]> {
    return this.withSession(options, async ({ connection }) => {
      const reader = await connection.runAndReadAll(`DESCRIBE ${viewSql}`);
      return reader.getRowObjectsJson().map((row) => ({
        name: textOf(row['column_name']),
        type: textOf(row['column_type']),
        nullable: row['null'] !== 'NO',
      }));
    });
  }

  /**
   * A fresh connection for one call, interrupted when `options.timeoutMs` passes or
   * `options.signal` fires (then the call fails as timeout or cancelled), closed afterwards.
   */
  async withSession<T>(options: CallOptions, work: (session: EngineSession) => Promise<T>): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) throw stoppedError(abortReason(signal));
    const instance = await this.open();
    const connection = await instance.connect();
    let stopped: StopReason | undefined;
    const stop = (reason: StopReason): void => {
      stopped ??= reason;
      connection.interrupt();
    };
    const onAbort = (): void => stop(signal ? abortReason(signal) : 'cancelled');
    const timer = setTimeout(() => stop('timeout'), timerDelay(options.timeoutMs));
    signal?.addEventListener('abort', onAbort, { once: true });
    const checkpoint = (): void => {
      if (stopped) throw stoppedError(stopped);
    };
    try {
      return await work({ connection, checkpoint });
    } catch (error) {
      passCallerFailure(error);
      if (stopped) throw stoppedError(stopped);
      throw classifyDuckDbError(error, this.workDir);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      connection.closeSync();
    }
  }

  /** Closes the instance and removes the engine's directory (tests; the process exit does it too). */
  async close(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    if (instance) (await instance).closeSync();
    for (const [key, engine] of DuckDbEngine.engines) if (engine === this) DuckDbEngine.engines.delete(key);
    process.removeListener('exit', this.removeWorkDir);
    this.removeWorkDir();
  }

  private open(): Promise<DuckDBInstance> {
    // A failed start is not kept: the next call tries again.
    this.instance ??= this.create().catch((error: unknown) => {
      this.instance = undefined;
      throw error;
    });
    return this.instance;
  }

  private async create(): Promise<DuckDBInstance> {
    const { memoryLimitMb, threads } = this.settings;
    const tempDirectory = path.join(this.workDir, 'duckdb-temp');
    const instance = await DuckDBInstance.create(':memory:', {
      memory_limit: `${memoryLimitMb}MiB`,
      threads: String(threads),
      temp_directory: tempDirectory,
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const setup = await instance.connect();
    try {
      // The order matters: allowed_directories can no longer change once external access is off.
      await setup.run(`SET allowed_directories = [${sqlString(`${this.workDir}/`)}]`);
      // Ranged Parquet reads write more of a local file between statements: no block of it may be
      // served from a cache filled before (docs/decisions/0049).
      await setup.run('SET enable_external_file_cache = false');
      await setup.run('SET enable_external_access = false');
      await setup.run('SET lock_configuration = true');
    } finally {
      setup.closeSync();
    }
    return instance;
  }

  /**
   * Refuses what `query` would refuse, before any file is fetched: a statement that is not one
   * SELECT, or one that reaches past the view, or a bad row cap. Costs a parse, no file access.
   */
  async checkScanQuery(sql: string, options: ScanOptions): Promise<void> {
    if (!Number.isInteger(options.maxRows) || options.maxRows < 0)
      throw invalid('maxRows must be a non-negative integer');
    await this.withSession(options, ({ connection }) => this.assertScanQuery(connection, sql));
  }

  private async assertScanQuery(connection: DuckDBConnection, sql: string): Promise<void> {
    const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS tree', [sql]);
    const tree = JSON.parse(textOf(reader.getRowObjectsJson()[0]?.['tree']) || '{}') as Record<
      string,
      unknown
    >;
    if (tree['error'] === true) {
      const message = textOf(tree['error_message']) || 'The scan query could not be parsed';
      throw invalid(
        tree['error_type'] === 'not implemented' ? 'A scan query must be one SELECT statement' : message,
      );
    }
    const statements = tree['statements'];
    if (!Array.isArray(statements) || statements.length !== 1)
      throw invalid('A scan query must be one SELECT statement');
    const forbidden = forbiddenReference(statements);
    if (forbidden) throw invalid(`A scan query may not use ${forbidden}`);
  }
}

function rowObject(names: readonly string[], row: readonly DuckDBValue[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  names.forEach((name, index) => {
    object[name] = toJsonSafe(row[index] ?? null);
  });
  return object;
}

/** Node fires a timer of more than 2^31 - 1 ms at once: clamp (24.8 days is "no deadline" here). */
export function timerDelay(timeoutMs: number): number {
  return Math.min(Math.max(0, timeoutMs), 2 ** 31 - 1);
}

/** A SQL string literal. */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
