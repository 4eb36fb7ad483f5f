import * as fs from 'node:fs';
import * as path from 'node:path';
import { DatasourceErrorClass, DEFAULT_FILE_ENCODING, type FileEncoding } from '@dq/contracts';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import { asCallerWork, rethrowCallerFailure } from '../adapter/caller-work';
import { quoteIdentifier } from '../adapter/qualified-name';
import {
  type CallOptions,
  type ColumnInfo,
  DatasourceError,
  type FileEntry,
  type QueryResult,
  type ScanOptions,
  type ScanSession,
  type TargetMetadata,
} from '../adapter/datasource-adapter';
import { encodingProblem, firstRecordEnd, lastRecordEnd, oneColumnMisread } from './csv-text';
import {
  abortReason,
  DuckDbEngine,
  sqlString,
  stoppedError,
  timerDelay,
  type ViewColumn,
  type ViewDefinition,
  type ViewStage,
} from './duckdb-engine';
import {
  BATCH_TYPE_GUARD,
  INTEGER_TYPE_GUARD,
  isBatchTypeFailure,
  isIntegerTypeGuard,
  isReadFailure,
} from './duckdb-messages';
import { textOf } from './duckdb-values';
import { type FileTarget, parseFileTarget } from './file-target';
import { fetchParquetTail, footerOnlyFile, rangedParquetView } from './ranged-parquet';
import { type RemoteFileStore } from './remote-file-store';
import { spoolFiles } from './spool-files';
import { streamedCsvView } from './streamed-csv';

/** How much of a CSV is read for its columns: a header and enough rows to sniff types. */
export const CSV_SAMPLE_BYTES = 64 * 1024;

function invalid(message: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, message);
}

function noMatch(): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.NotFound, 'No file matches the target');
}

/** Arrival order: oldest first, the path breaking ties so the order is stable. */
function byArrival(a: FileEntry, b: FileEntry): number {
  return a.last_modified_at.localeCompare(b.last_modified_at) || a.path.localeCompare(b.path);
}

function fileList(localPaths: readonly string[]): string {
  return `[${localPaths.map(sqlString).join(', ')}]`;
}

/** How CSV files are read: the suite's encoding, and whether DuckDB may split a file across threads. */
export interface CsvReadOptions {
  encoding: FileEncoding;
  /** One thread per file: DuckDB's parallel reader cannot pad short rows of a file with quoted line ends. */
  serial?: boolean;
  /** Columns read as the type given whatever their sniffed one (`types`). */
  types?: readonly ViewColumn[];
  /** Types sniffed from every row instead of DuckDB's sample (`sample_size = -1`). */
  sampleAll?: boolean;
}

/**
 * The view over CSV files: header row, sniffed delimiter and types, columns matched by name across
 * a batch. The quote is fixed to `"` (RFC 4180): left to sniff, DuckDB picks `'` for a file whose
 * every field is `"`-quoted when one row has a space before a quote, and then splits quoted
 * newlines. A record with fewer fields than the header (a ragged last line) reads with the
 * missing fields null, as an RFC 4180 reader's row mapped to the header does: without
 * `null_padding` the sniffer rejects every dialect that sees it and settles on one column named
 * after the whole header line. No row is ever skipped (`ignore_errors` is off): one that cannot be
 * read fails the read.
 */
export function csvViewSql(localPaths: readonly string[], read: CsvReadOptions): string {
  const options = [
    'header = true',
    'auto_detect = true',
    'union_by_name = true',
    `quote = '"'`,
    `escape = '"'`,
    'null_padding = true',
  ];
  if (read.encoding !== DEFAULT_FILE_ENCODING) options.push(`encoding = ${sqlString(read.encoding)}`);
  if (read.serial) options.push('parallel = false');
  if (read.types?.length)
    options.push(
      `types = {${read.types.map(({ name, type }) => `${sqlString(name)}: ${sqlString(type)}`).join(', ')}}`,
    );
  if (read.sampleAll) options.push('sample_size = -1');
  return `SELECT * FROM read_csv(${fileList(localPaths)}, ${options.join(', ')})`;
}

/** DuckDB's integer types: its text-to-integer cast rounds `'1.5'` to 2 (docs/decisions/0054). */
const INTEGER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'UHUGEINT',
]);

function isNumberType(type: string | undefined): boolean {
  return (
    type !== undefined &&
    (INTEGER_TYPES.has(type) || type === 'FLOAT' || type === 'DOUBLE' || type.startsWith('DECIMAL'))
  );
}

/**
 * `csvViewSql` with the given integer columns read as text and cast back to their sniffed types
 * behind a check that fails the statement (`INTEGER_TYPE_GUARD`, no value in it) on text with a
 * decimal point or an exponent, which the cast would round. Hex text with an `e` fails it too.
 * With `numbersOnly` it fails on such text only where it reads as a number, the rest left to the
 * cast (which fails on a word as the plain view does).
 */
export function integerCheckedViewSql(
  localPaths: readonly string[],
  read: CsvReadOptions,
  integers: readonly ViewColumn[],
  numbersOnly = false,
): string {
  const replaced = integers.map(({ name, type }) => {
    const column = quoteIdentifier(name);
    let suspect = ['.', 'e', 'E'].map((mark) => `contains(${column}, ${sqlString(mark)})`).join(' OR ');
    if (numbersOnly) suspect = `(${suspect}) AND TRY_CAST(${column} AS DOUBLE) IS NOT NULL`;
    const checked = `CASE WHEN ${suspect} THEN error(${sqlString(INTEGER_TYPE_GUARD)}) ELSE ${column} END`;
    return `CAST(${checked} AS ${type}) AS ${column}`;
  });
  const text = csvViewSql(localPaths, {
    ...read,
    types: integers.map(({ name }) => ({ name, type: 'VARCHAR' })),
  });
  return text.replace(/^SELECT \* /, `SELECT * REPLACE (${replaced.join(', ')}) `);
}

/**
 * What replaces a CSV view sniffed from a sample whose `columns` include integers (docs/decisions/0054):
 * the view with those columns checked, undefined when there are none. When the check trips, the
 * file is sniffed whole, so a decimal makes its column DOUBLE as in a file whose sample held it; the
 * view then reads the integer columns as that sniff typed them (`types`), its other columns as the
 * sample did, so later statements bind with the sample's sniff only. When that whole-file sniff types any column other than the sample did
 * (text among the integers), the view checks again, tripping on numbers only: a word fails the cast
 * and is reported by the plain view (`plain`) as it always was, a decimal fails the check, never
 * rounded. Any value the checked views cannot convert is reported by the plain view.
 */
export function integerCheckedStage(
  localPaths: readonly string[],
  encoding: FileEncoding,
  columns: readonly ViewColumn[],
  plain: ViewStage,
): ViewStage | undefined {
  const integers = columns.filter((column) => INTEGER_TYPES.has(column.type));
  if (integers.length === 0) return undefined;
  const checked = (numbersOnly: boolean): ViewStage => ({
    viewSql: integerCheckedViewSql(localPaths, { encoding }, integers, numbersOnly),
    serialViewSql: integerCheckedViewSql(localPaths, { encoding, serial: true }, integers, numbersOnly),
  });
  const reported = (error: unknown): ViewStage | undefined => (isReadFailure(error) ? plain : undefined);
  const wholeFile: ViewStage = {
    viewSql: csvViewSql(localPaths, { encoding, sampleAll: true }),
    serialViewSql: csvViewSql(localPaths, { encoding, sampleAll: true, serial: true }),
    refine: (sniffed) => {
      const typeOf = new Map(sniffed.map((column) => [column.name, column.type]));
      const same =
        sniffed.length === columns.length &&
        columns.every(({ name, type }) =>
          INTEGER_TYPES.has(type) ? isNumberType(typeOf.get(name)) : typeOf.get(name) === type,
        );
      if (!same) return { ...checked(true), fallback: reported };
      const types = integers.map(({ name }) => ({ name, type: typeOf.get(name) as string }));
      return {
        viewSql: csvViewSql(localPaths, { encoding, types }),
        serialViewSql: csvViewSql(localPaths, { encoding, types, serial: true }),
        fallback: reported,
      };
    },
  };
  return {
    ...checked(false),
    fallback: (error) => (isIntegerTypeGuard(error) ? wholeFile : reported(error)),
  };
}

/** What DuckDB's `sniff_csv` found in a CSV file: its dialect and column types. */
export interface SniffedCsv {
  delimiter: string;
  quote: string;
  escape: string;
  newLine: string;
  skipRows: number;
  hasHeader: boolean;
  comment: string;
  columns: Array<{ name: string; type: string }>;
  dateFormat: string | null;
  timestampFormat: string | null;
}

/**
 * The sniffed types a batch may be read with from one file's sniff, each with the text it is read
 * from (an RE2 pattern, whole value, or none for text): only text the sniffer itself would have
 * given the same type in any file, so that a value another file's sniff would have typed otherwise
 * (a decimal, a leading zero or a sign in an integer column, `1`/`0` in a boolean one, a time in a
 * date one, a date alone in a timestamp one: the sniffer types a file mixing it with timestamps as
 * text) fails the statement instead of being cast leniently (`'1.5'` to the integer 2).
 */
const BATCH_TYPE_TEXT: Readonly<Record<string, string | null>> = {
  VARCHAR: null,
  BIGINT: '-?(0|[1-9][0-9]*)',
  DOUBLE: '-?(0|[1-9][0-9]*)(\\.[0-9]*)?([eE][+-]?[0-9]+)?|-?\\.[0-9]+([eE][+-]?[0-9]+)?',
  BOOLEAN: '(?i)true|false|t|f',
  DATE: '[0-9]{4}-[0-9]{2}-[0-9]{2}',
  TIMESTAMP: '[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?',
};
/** The date and timestamp formats the guards above are written for (ISO 8601; null: DuckDB's default). */
const ISO_DATE_FORMATS = new Set([null, '%Y-%m-%d']);
const ISO_TIMESTAMP_FORMATS = new Set([null, '%Y-%m-%d %H:%M:%S']);
/** The line ends DuckDB's sniffer reports, as `read_csv` takes them. */
const NEW_LINES = new Set(['\\n', '\\r\\n', '\\r']);

/**
 * Whether every file of a batch starts with the same header record, byte for byte (line end and any
 * byte order mark included): then one file's sniff may stand for all (`batchViewSql`).
 */
export function sameHeaderRecord(heads: readonly Uint8Array[], encoding: FileEncoding): boolean {
  const [first] = heads;
  const end = first ? firstRecordEnd(first, encoding) : 0;
  if (!first || end === 0 || heads.length < 2) return false;
  const header = first.subarray(0, end);
  return heads.every(
    (head) => firstRecordEnd(head, encoding) === end && Buffer.compare(head.subarray(0, end), header) === 0,
  );
}

/**
 * The view over a batch whose files share one header, read with the dialect and types sniffed from
 * its first file instead of sniffing every file (docs/decisions/0052): every column is read as text
 * (`auto_detect = false`) and cast to its sniffed type in the view, after a check that fails the
 * statement (`BATCH_TYPE_GUARD`) on text that type's sniff would not have accepted. Null when the
 * sniff found what this view does not reproduce (rows skipped, a comment character, a type or a
 * date format without a guard, names that collide): the batch is then read as `csvViewSql` reads it.
 */
export function batchViewSql(
  localPaths: readonly string[],
  sniffed: SniffedCsv,
  read: CsvReadOptions,
): string | null {
  const usual =
    sniffed.hasHeader &&
    sniffed.skipRows === 0 &&
    sniffed.quote === '"' &&
    sniffed.escape === '"' &&
    ['', '(empty)'].includes(sniffed.comment) &&
    NEW_LINES.has(sniffed.newLine) &&
    ISO_DATE_FORMATS.has(sniffed.dateFormat) &&
    ISO_TIMESTAMP_FORMATS.has(sniffed.timestampFormat) &&
    sniffed.columns.length > 0 &&
    new Set(sniffed.columns.map((column) => column.name.toLowerCase())).size === sniffed.columns.length &&
    sniffed.columns.every((column) => Object.hasOwn(BATCH_TYPE_TEXT, column.type));
  if (!usual) return null;
  const select = sniffed.columns.map(({ name, type }) => {
    const column = quoteIdentifier(name);
    const text = BATCH_TYPE_TEXT[type];
    if (!text) return column;
    const checked = `CASE WHEN ${column} IS NULL OR regexp_full_match(${column}, ${sqlString(text)}) THEN ${column} ELSE error(${sqlString(BATCH_TYPE_GUARD)}) END`;
    return `CAST(${checked} AS ${type}) AS ${column}`;
  });
  const columns = sniffed.columns.map(({ name }) => `${sqlString(name)}: 'VARCHAR'`).join(', ');
  const options = [
    'header = true',
    'auto_detect = false',
    `delim = ${sqlString(sniffed.delimiter)}`,
    `quote = '"'`,
    `escape = '"'`,
    `new_line = ${sqlString(sniffed.newLine)}`,
    'null_padding = true',
    `columns = {${columns}}`,
  ];
  if (read.encoding !== DEFAULT_FILE_ENCODING) options.push(`encoding = ${sqlString(read.encoding)}`);
  if (read.serial) options.push('parallel = false');
  return `SELECT ${select.join(', ')} FROM read_csv(${fileList(localPaths)}, ${options.join(', ')})`;
}

/** The options the reader's view fixes, as `sniff_csv` takes them (see `csvViewSql`). */
function sniffOptions(encoding: FileEncoding): string {
  const options = ['header = true', `quote = '"'`, `escape = '"'`, 'null_padding = true'];
  if (encoding !== DEFAULT_FILE_ENCODING) options.push(`encoding = ${sqlString(encoding)}`);
  return options.join(', ');
}

function sniffedCsv(row: Record<string, unknown>): SniffedCsv {
  const columns = Array.isArray(row['Columns']) ? (row['Columns'] as Array<Record<string, unknown>>) : [];
  const orNull = (value: unknown): string | null =>
    value === null || value === undefined ? null : textOf(value);
  return {
    delimiter: textOf(row['Delimiter']),
    quote: textOf(row['Quote']),
    escape: textOf(row['Escape']),
    newLine: textOf(row['NewLineDelimiter']),
    skipRows: Number(row['SkipRows']),
    hasHeader: row['HasHeader'] === true,
    comment: textOf(row['Comment']),
    columns: columns.map((column) => ({ name: textOf(column['name']), type: textOf(column['type']) })),
    dateFormat: orNull(row['DateFormat']),
    timestampFormat: orNull(row['TimestampFormat']),
  };
}

/**
 * The batch views of `batchViewSql` (parallel and serial) from a sniff of the first file, or null
 * when they do not apply: the sniff is unusual, or a column the first file types as text holds no
 * value there (the sniffer types an all-null column as text, whereas each file sniffed would take
 * its type from the files that have values). Any failure of the sniff leaves the batch to the view
 * that sniffs every file, which reports it as before.
 */
async function sniffedBatchViews(
  engine: DuckDbEngine,
  localPaths: readonly string[],
  encoding: FileEncoding,
  call: CallOptions,
): Promise<{ viewSql: string; serialViewSql: string } | null> {
  const [first] = localPaths;
  if (!first) return null;
  try {
    return await engine.withSession(call, async ({ connection, checkpoint }) => {
      const sniff = await connection.runAndReadAll(
        `SELECT * FROM sniff_csv(${sqlString(first)}, ${sniffOptions(encoding)})`,
      );
      const sniffed = sniffedCsv(sniff.getRowObjectsJson()[0] ?? {});
      const viewSql = batchViewSql(localPaths, sniffed, { encoding });
      const firstViewSql = batchViewSql([first], sniffed, { encoding });
      if (!viewSql || !firstViewSql) return null;
      checkpoint();
      const texts = sniffed.columns.filter((column) => column.type === 'VARCHAR');
      if (texts.length > 0) {
        const counts = texts.map(({ name }, index) => `count(${quoteIdentifier(name)}) AS c${index}`);
        const filled = await connection.runAndReadAll(`SELECT ${counts.join(', ')} FROM (${firstViewSql})`);
        const row = filled.getRowObjectsJson()[0] ?? {};
        if (texts.some((_, index) => Number(row[`c${index}`] ?? 0) === 0)) return null;
      }
      return {
        viewSql,
        serialViewSql: batchViewSql(localPaths, sniffed, { encoding, serial: true }) as string,
      };
    });
  } catch (error) {
    const stopped =
      error instanceof DatasourceError &&
      (error.errorClass === DatasourceErrorClass.Timeout ||
        error.errorClass === DatasourceErrorClass.Cancelled);
    if (stopped || call.signal?.aborted) throw error;
    return null;
  }
}

/**
 * The view over the spooled files; for CSV also the same view read serially (see `csvViewSql`) and
 * the check of its columns against the files' first records. A CSV batch whose files share one
 * header is read with its first file's sniff, the view that sniffs every file kept as its fallback
 * (`sniffedBatchViews`, docs/decisions/0052). Integer columns of a view DuckDB sniffs from a sample
 * (one file, a batch with a file longer than the sample, that fallback) are checked for decimals
 * (`integerCheckedStage`, docs/decisions/0054).
 */
async function viewOf(
  format: FileTarget['format'],
  localPaths: readonly string[],
  encoding: FileEncoding,
  /** Where the CSV heads are read, when not at `localPaths` (a file still arriving through a pipe). */
  headPaths: readonly string[] = localPaths,
  /** The engine and call a batch's first file is sniffed with. */
  batch?: { engine: DuckDbEngine; call: CallOptions },
): Promise<ViewDefinition> {
  if (format === 'parquet') return { viewSql: parquetViewSql(localPaths) };
  const heads = await csvHeads(headPaths, encoding);
  const checkColumns = (names: string[]): void => {
    const problem = oneColumnMisread(names, heads, encoding);
    if (problem) throw problem;
  };
  const plainEach: ViewStage = {
    viewSql: csvViewSql(localPaths, { encoding }),
    serialViewSql: csvViewSql(localPaths, { encoding, serial: true }),
  };
  // A file of more rows than DuckDB's sample may hold a decimal past it in an integer column.
  const integerChecked: ViewStage = {
    ...plainEach,
    refine: (columns) => integerCheckedStage(localPaths, encoding, columns, plainEach),
  };
  if (batch && sameHeaderRecord(heads, encoding)) {
    const sniffedOnce = await sniffedBatchViews(batch.engine, localPaths, encoding, batch.call);
    // Its fallback checks the integer columns without counting the batch's rows first: the count
    // reads every file, the check costs only when the fallback is taken.
    if (sniffedOnce)
      return {
        ...sniffedOnce,
        checkColumns,
        fallback: (error) => (isBatchTypeFailure(error) ? integerChecked : undefined),
      };
  }
  // One file may still be arriving through a pipe (never counted); a batch is spooled whole.
  const beyondSample = localPaths.length === 1 || (await anyFileBeyondSniffSample(localPaths));
  return { ...(beyondSample ? integerChecked : plainEach), checkColumns };
}

/** Rows DuckDB's CSV sniffer samples by default (`sample_size`). */
const SNIFF_SAMPLE_ROWS = 20_480;
const LINE_COUNT_CHUNK_BYTES = 1024 * 1024;

/**
 * Whether any of the files has more line ends than DuckDB's sniff sample has rows: a file that has
 * not is typed from every row it holds. Quoted line ends count too, so the answer errs towards yes.
 */
async function anyFileBeyondSniffSample(localPaths: readonly string[]): Promise<boolean> {
  const buffer = Buffer.alloc(LINE_COUNT_CHUNK_BYTES);
  for (const localPath of localPaths) {
    const handle = await fs.promises.open(localPath, 'r');
    try {
      let lines = 0;
      for (let position = 0; ;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        for (let at = buffer.indexOf(0x0a); at !== -1 && at < bytesRead; at = buffer.indexOf(0x0a, at + 1))
          if (++lines > SNIFF_SAMPLE_ROWS) return true;
      }
    } finally {
      await handle.close();
    }
  }
  return false;
}

/** Bytes of each spooled CSV file's head checked against the suite's encoding. */
const ENCODING_CHECK_BYTES = 64 * 1024;
/** Bytes of each file's head kept for the header check: enough to count a header's fields. */
const HEADER_CHECK_BYTES = 4 * 1024;

/**
 * The first bytes of each spooled CSV file, refused when they are not text in `encoding` (see
 * `encodingProblem`); the view checks its header against them (see `oneColumnMisread`).
 */
async function csvHeads(localPaths: readonly string[], encoding: FileEncoding): Promise<Uint8Array[]> {
  const heads: Uint8Array[] = [];
  for (const localPath of localPaths) {
    const handle = await fs.promises.open(localPath, 'r');
    try {
      const head = Buffer.alloc(ENCODING_CHECK_BYTES);
      const { bytesRead } = await handle.read(head, 0, head.byteLength, 0);
      const problem = encodingProblem(head.subarray(0, bytesRead), encoding);
      if (problem) throw problem;
      // Kept for the header check only: its first bytes (a copy, so the 64 KiB buffer is freed).
      heads.push(Buffer.from(head.subarray(0, Math.min(bytesRead, HEADER_CHECK_BYTES))));
    } finally {
      await handle.close();
    }
  }
  return heads;
}

function parquetViewSql(localPaths: readonly string[]): string {
  return `SELECT * FROM read_parquet(${fileList(localPaths)}, union_by_name = true)`;
}

/** The call's own deadline and cancellation as one signal, so every step (listing, download, SQL) obeys it. */
function callSignal(options: CallOptions): AbortSignal {
  const deadline = AbortSignal.timeout(timerDelay(options.timeoutMs));
  return options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
}

/**
 * Reads CSV and Parquet targets (one file or a `<prefix>_*.ext` batch) of any `RemoteFileStore`
 * with the process-wide DuckDB engine. Columns and row counts come from bounded reads (a Parquet
 * footer, a CSV header sample), never from the whole file; scans spool the files to disk in a
 * per-call directory that is removed afterwards, and DuckDB streams over them within its memory limit.
 */
export class FlatFileReader {
  private readonly engine: DuckDbEngine;
  private readonly rerunBelow?: number;

  constructor(
    deps: AdapterDependencies,
    options: {
      memoryLimitMb?: number;
      threads?: number;
      /**
       * A CSV read while it downloads: the share of the file below which a statement still reading
       * it through a pipe runs again over the whole file (docs/decisions/0055). Tests; 0.25 by default.
       */
      rerunBelowFraction?: number;
    } = {},
  ) {
    const { rerunBelowFraction, ...engine } = options;
    this.engine = DuckDbEngine.shared({ ...engine, spoolRoot: deps.spoolDir });
    this.rerunBelow = rerunBelowFraction;
  }

  /** The files the target matches, oldest first; a missing single file is `not_found`. */
  async listFiles(store: RemoteFileStore, target: string, options: CallOptions): Promise<FileEntry[]> {
    const fileTarget = parseFileTarget(target);
    return this.within(options, (call) => this.matchingFiles(store, fileTarget, call));
  }

  /** Columns of the newest matched file: its Parquet footer, or a CSV header sample of at most 64 KiB. */
  async columns(store: RemoteFileStore, target: string, options: CallOptions): Promise<ColumnInfo[]> {
    const fileTarget = parseFileTarget(target);
    const encoding = options.fileEncoding ?? DEFAULT_FILE_ENCODING;
    return this.within(options, async (call) => {
      const newest = (await this.existingFiles(store, fileTarget, call)).at(-1) as FileEntry;
      return this.withCallDirectory(async (directory) =>
        fileTarget.format === 'parquet'
          ? this.parquetColumns(store, newest, directory, call)
          : this.csvColumns(store, newest, directory, encoding, call),
      );
    });
  }

  /** Runs `sql` over the view `target` on local copies of the matched files. */
  async scan(
    store: RemoteFileStore,
    target: string,
    sql: string,
    options: ScanOptions,
  ): Promise<QueryResult> {
    const fileTarget = parseFileTarget(target);
    const encoding = options.fileEncoding ?? DEFAULT_FILE_ENCODING;
    return this.within(options, async (call) => {
      // A query that cannot run is refused before any download.
      await this.engine.checkScanQuery(sql, { ...call, maxRows: options.maxRows });
      let files = await this.existingFiles(store, fileTarget, call);
      if (fileTarget.format === 'csv') {
        // An empty CSV has no header and no rows: it adds nothing to a batch.
        files = files.filter((file) => file.size > 0);
        if (files.length === 0) throw invalid('The file is empty: it has no header to read columns from');
      }
      return this.withCallDirectory(async (directory) =>
        this.engine.query(() => this.prepareView(store, fileTarget, files, directory, encoding, call), sql, {
          ...call,
          maxRows: options.maxRows,
        }),
      );
    });
  }

  /**
   * Runs `work` with a session over the view `target`: the matched files are spooled once, when
   * its first statement needs them. A session that sends no statement (a suite of file arrivals)
   * reads no content at all, so a file it cannot decode fails no such check.
   */
  async withScan<T>(
    store: RemoteFileStore,
    target: string,
    options: CallOptions,
    work: (scan: ScanSession) => Promise<T>,
  ): Promise<T> {
    const fileTarget = parseFileTarget(target);
    const encoding = options.fileEncoding ?? DEFAULT_FILE_ENCODING;
    return this.within(options, (call) =>
      this.withCallDirectory((directory) =>
        this.engine.withView(
          async () => {
            let files = await this.existingFiles(store, fileTarget, call);
            if (fileTarget.format === 'csv') {
              files = files.filter((file) => file.size > 0);
              if (files.length === 0)
                throw invalid('The file is empty: it has no header to read columns from');
            }
            return this.prepareView(store, fileTarget, files, directory, encoding, call);
          },
          call,
          asCallerWork(work),
        ),
      ),
    );
  }

  /** Newest arrival time over the matched files; row count summed from Parquet footers, null for CSV. */
  async metadata(store: RemoteFileStore, target: string, options: CallOptions): Promise<TargetMetadata> {
    const fileTarget = parseFileTarget(target);
    return this.within(options, async (call) => {
      const files = await this.existingFiles(store, fileTarget, call);
      const lastModifiedAt = files.at(-1)?.last_modified_at ?? null;
      if (fileTarget.format === 'csv')
        return { row_count: null, last_modified_at: lastModifiedAt, row_count_exact: false };
      const rowCount = await this.withCallDirectory(async (directory) => {
        const footers: string[] = [];
        for (const [index, file] of files.entries())
          footers.push(
            await this.spoolParquetFooter(store, file, path.join(directory, `footer-${index}.parquet`), call),
          );
        return this.engine.withSession(call, async ({ connection }) => {
          const reader = await connection.runAndReadAll(
            `SELECT sum(num_rows)::BIGINT AS row_count FROM parquet_file_metadata(${fileList(footers)})`,
          );
          return Number(reader.getRowObjectsJson()[0]?.['row_count'] ?? 0);
        });
      });
      return { row_count: rowCount, last_modified_at: lastModifiedAt, row_count_exact: true };
    });
  }

  /**
   * The view over the matched files: remote Parquet read by ranges (only the footers and the
   * column chunks the statements name, docs/decisions/0049), anything else spooled whole. A file
   * the ranged reader refuses (not Parquet, a footer it cannot plan) is spooled whole, so DuckDB
   * reports on it exactly as on a full download.
   */
  private async prepareView(
    store: RemoteFileStore,
    target: FileTarget,
    files: FileEntry[],
    directory: string,
    encoding: FileEncoding,
    call: CallOptions,
  ): Promise<ViewDefinition> {
    if (target.format === 'parquet' && !store.linkTo) {
      const rangedDirectory = path.join(directory, 'ranged');
      await fs.promises.mkdir(rangedDirectory);
      try {
        return await rangedParquetView(this.engine, store, files, rangedDirectory, call);
      } catch (error) {
        const refused = error instanceof DatasourceError && error.errorClass === DatasourceErrorClass.Invalid;
        if (!refused || call.signal?.aborted) throw error;
        await fs.promises.rm(rangedDirectory, { recursive: true, force: true });
      }
    }
    const [single] = files;
    if (target.format === 'csv' && files.length === 1 && single && !store.linkTo) {
      // One remote CSV is read while it downloads (docs/decisions/0050).
      const streamed = await streamedCsvView(
        store,
        single,
        directory,
        call,
        (viewPath, headPath) => viewOf('csv', [viewPath], encoding, [headPath]),
        this.rerunBelow,
      );
      if (streamed) return streamed;
    }
    const localPaths = await spoolFiles(store, files, directory, call);
    return viewOf(target.format, localPaths, encoding, localPaths, { engine: this.engine, call });
  }

  private async matchingFiles(
    store: RemoteFileStore,
    target: FileTarget,
    options: CallOptions,
  ): Promise<FileEntry[]> {
    if (!target.isPattern) return [await store.stat(target.raw, options)];
    const listed = await store.list(target.listPrefix, options);
    return listed.filter((entry) => target.matches(entry.path)).sort(byArrival);
  }

  private async existingFiles(
    store: RemoteFileStore,
    target: FileTarget,
    options: CallOptions,
  ): Promise<FileEntry[]> {
    const files = await this.matchingFiles(store, target, options);
    if (files.length === 0) throw noMatch();
    return files;
  }

  /**
   * Columns from the file's first 64 KiB, cut where its last whole record ends: a cut inside a
   * quoted field that spans lines would leave an unclosed quote, after which the sniffer finds no
   * dialect but one column named after the whole header line.
   */
  private async csvColumns(
    store: RemoteFileStore,
    file: FileEntry,
    directory: string,
    encoding: FileEncoding,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    if (file.size === 0) throw invalid('The file is empty: it has no header to read columns from');
    let sample = await store.readRange(file.path, 0, Math.min(file.size, CSV_SAMPLE_BYTES), options);
    const problem = encodingProblem(sample, encoding);
    if (problem) throw problem;
    if (file.size > sample.byteLength) {
      const end = lastRecordEnd(sample, encoding);
      if (end === 0) throw invalid('The CSV header is longer than the 64 KiB sample');
      sample = sample.subarray(0, end);
    }
    const samplePath = path.join(directory, `sample${path.extname(file.path).toLowerCase()}`);
    await fs.promises.writeFile(samplePath, sample, { flag: 'wx' });
    const columns = await this.engine.describe(csvViewSql([samplePath], { encoding }), options);
    const misread = oneColumnMisread(
      columns.map((column) => column.name),
      [sample],
      encoding,
    );
    if (misread) throw misread;
    return columns;
  }

  private async parquetColumns(
    store: RemoteFileStore,
    file: FileEntry,
    directory: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    const footer = await this.spoolParquetFooter(
      store,
      file,
      path.join(directory, 'footer.parquet'),
      options,
    );
    const columns = await this.engine.describe(parquetViewSql([footer]), options);
    const required = await this.requiredParquetColumns(footer, options);
    return columns.map((column) => ({ ...column, nullable: !required.has(column.name) }));
  }

  /**
   * Fetches only a Parquet file's footer (see `fetchParquetTail`) and writes it as
   * `PAR1 <footer> <length> PAR1`: a file DuckDB reads the schema and row counts from exactly as
   * from the original, without any of its data pages.
   */
  private async spoolParquetFooter(
    store: RemoteFileStore,
    file: FileEntry,
    footerPath: string,
    options: CallOptions,
  ): Promise<string> {
    const tail = await fetchParquetTail(store, file, options);
    await fs.promises.writeFile(footerPath, footerOnlyFile(tail), { flag: 'wx' });
    return footerPath;
  }

  /** Top-level columns the footer marks REQUIRED (DuckDB's DESCRIBE reports every column nullable). */
  private async requiredParquetColumns(footerPath: string, options: CallOptions): Promise<Set<string>> {
    return this.engine.withSession(options, async ({ connection }) => {
      const reader = await connection.runAndReadAll(
        `SELECT name, repetition_type, num_children FROM parquet_schema(${sqlString(footerPath)})`,
      );
      const elements = reader.getRowObjectsJson();
      const required = new Set<string>();
      // Depth-first schema list: the root, then each top-level field followed by its subtree.
      let index = 1;
      const skipSubtree = (): void => {
        const children = Number(elements[index]?.['num_children'] ?? 0);
        index += 1;
        for (let child = 0; child < children; child += 1) skipSubtree();
      };
      while (index < elements.length) {
        const element = elements[index];
        if (element?.['repetition_type'] === 'REQUIRED') required.add(textOf(element['name']));
        skipSubtree();
      }
      return required;
    });
  }

  private async withCallDirectory<T>(work: (directory: string) => Promise<T>): Promise<T> {
    const directory = await this.engine.createCallDirectory();
    try {
      return await work(directory);
    } finally {
      await this.engine.removeCallDirectory(directory);
    }
  }

  /**
   * Runs one call under its deadline and signal. A failure after the signal fired is reported as
   * the stop it is (timeout or cancelled), whatever the interrupted step threw.
   */
  private async within<T>(options: CallOptions, work: (call: CallOptions) => Promise<T>): Promise<T> {
    const signal = callSignal(options);
    const startedAt = Date.now();
    if (signal.aborted) throw stoppedError(abortReason(signal));
    try {
      return await work({
        signal,
        timeoutMs: Math.max(0, options.timeoutMs - (Date.now() - startedAt)),
        ...(options.transfer ? { transfer: options.transfer } : {}),
      });
    } catch (error) {
      rethrowCallerFailure(error);
      if (signal.aborted) throw stoppedError(abortReason(signal));
      throw error;
    }
  }
}
