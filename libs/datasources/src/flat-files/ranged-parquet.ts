import * as fs from 'node:fs';
import * as path from 'node:path';
import { DatasourceErrorClass } from '@dq/contracts';
import { type DuckDBConnection } from '@duckdb/node-api';
import {
  type CallOptions,
  DatasourceError,
  type FileEntry,
  type TransferTally,
} from '../adapter/datasource-adapter';
import { quoteIdentifier } from '../adapter/qualified-name';
import { type DuckDbEngine, sqlString, type ViewDefinition } from './duckdb-engine';
import { textOf } from './duckdb-values';
import { type RemoteFileStore } from './remote-file-store';
import { statementColumns } from './statement-columns';

/** Footers beyond this are refused rather than fetched: no real file needs 64 MiB of metadata. */
const MAX_PARQUET_FOOTER_BYTES = 64 * 1024 * 1024;
const PARQUET_MAGIC = 'PAR1';
/**
 * The first footer read takes this much of the file's end: most footers fit, so one ranged read
 * (instead of the 8-byte tail, then the footer) serves them — a round trip saved per remote file.
 */
export const SPECULATIVE_FOOTER_BYTES = 64 * 1024;
/** Two wanted ranges closer than this are fetched as one: a round trip costs more than the bytes. */
export const COALESCE_GAP_BYTES = 64 * 1024;
/** One request fetches at most this much, so parallel reads hold a bounded amount of memory. */
const MAX_REQUEST_BYTES = 8 * 1024 * 1024;
/** Ranged requests in flight at once per call. */
const PARALLEL_RANGE_READS = 8;
/**
 * Files whose footers (or whole small objects) are read at once: a batch of many small files is
 * bound by round trips, not bytes (docs/decisions/0053).
 */
export const PARALLEL_FOOTER_READS = 16;
/**
 * A file at most this large is fetched whole in one GET instead of its footer and then its chunks:
 * about what a store sends in one round trip's time, so the extra bytes cost less than the second
 * request; in-flight memory stays under the ranged reads' bound (docs/decisions/0053).
 */
export const WHOLE_OBJECT_BYTES = 2 * 1024 * 1024;

/** `store` with every request and every byte it returns counted into `tally`. */
export function countingStore(store: RemoteFileStore, tally: TransferTally): RemoteFileStore {
  return {
    list: (prefix, options) => {
      tally.requests += 1;
      return store.list(prefix, options);
    },
    stat: (file, options) => {
      tally.requests += 1;
      return store.stat(file, options);
    },
    readRange: async (file, start, end, options) => {
      tally.requests += 1;
      const bytes = await store.readRange(file, start, end, options);
      tally.bytes += bytes.byteLength;
      return bytes;
    },
    openStream: async (file, options) => {
      tally.requests += 1;
      const stream = await store.openStream(file, options);
      stream.on('data', (chunk: Uint8Array) => {
        tally.bytes += chunk.byteLength;
      });
      return stream;
    },
    ...(store.linkTo ? { linkTo: store.linkTo.bind(store) } : {}),
  };
}

function notParquet(file: FileEntry): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, `The file ${file.path} is not a Parquet file`);
}

/** The end of a Parquet file that holds its whole footer: bytes `[start, size)`. */
export interface ParquetTail {
  start: number;
  bytes: Buffer;
  footerLength: number;
}

/**
 * Fetches a Parquet file's footer: one ranged read of its last 64 KiB, and a second of only the
 * missing part when the footer is longer. Refuses a file without the Parquet magic at its end.
 */
export async function fetchParquetTail(
  store: Pick<RemoteFileStore, 'readRange'>,
  file: FileEntry,
  options: CallOptions,
  tailBytes = SPECULATIVE_FOOTER_BYTES,
): Promise<ParquetTail> {
  if (file.size < 12) throw notParquet(file);
  const endStart = Math.max(0, file.size - Math.max(8, tailBytes));
  const end = Buffer.from(await store.readRange(file.path, endStart, file.size, options));
  if (end.byteLength !== file.size - endStart) throw notParquet(file);
  const last = end.subarray(end.byteLength - 8);
  if (last.toString('latin1', 4) !== PARQUET_MAGIC) throw notParquet(file);
  const footerLength = last.readUInt32LE(0);
  if (footerLength > file.size - 12 || footerLength > MAX_PARQUET_FOOTER_BYTES) throw notParquet(file);
  const footerStart = file.size - 8 - footerLength;
  if (footerStart >= endStart) return { start: endStart, bytes: end, footerLength };
  const missing = Buffer.from(await store.readRange(file.path, footerStart, endStart, options));
  if (missing.byteLength !== endStart - footerStart) throw notParquet(file);
  return { start: footerStart, bytes: Buffer.concat([missing, end]), footerLength };
}

/** `PAR1 <footer> <length> PAR1`: a file DuckDB reads a Parquet file's schema and statistics from, without data. */
export function footerOnlyFile(tail: ParquetTail): Buffer {
  const footerEnd = tail.bytes.byteLength;
  return Buffer.concat([
    Buffer.from(PARQUET_MAGIC),
    tail.bytes.subarray(footerEnd - 8 - tail.footerLength, footerEnd),
  ]);
}

/** A byte range `[start, end)`. */
interface Range {
  start: number;
  end: number;
}

/** One remote file laid out locally: a sparse file of its size with the fetched ranges in place. */
interface RangedFile {
  file: FileEntry;
  localPath: string;
  tailStart: number;
  /** Column chunk ranges of each top-level column (lower-cased name), over every row group. */
  chunks: Map<string, Range[]>;
  /** Bytes before the footer that belong to no column chunk (magic, page indexes, bloom filters). */
  gaps: Range[];
  /** Set when the footer's layout could not be trusted: the whole file is fetched. */
  whole: boolean;
  fetchedColumns: Set<string>;
  gapsFetched: boolean;
}

/** Sorted, merged ranges; ranges closer than `gap` are joined. */
export function coalesce(ranges: readonly Range[], gap: number): Range[] {
  const sorted = ranges.filter((range) => range.end > range.start).sort((a, b) => a.start - b.start);
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start - last.end <= gap) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

function split(range: Range): Range[] {
  const pieces: Range[] = [];
  for (let start = range.start; start < range.end; start += MAX_REQUEST_BYTES)
    pieces.push({ start, end: Math.min(range.end, start + MAX_REQUEST_BYTES) });
  return pieces;
}

function numberOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : NaN;
}

/**
 * The column chunks of a file by top-level column, and the gaps between them, from its footer as
 * DuckDB parses it. Null when the layout is not one a ranged read can trust (a chunk outside the
 * data area, overlapping chunks, an unreadable offset): the file is then fetched whole.
 */
async function chunkLayout(
  connection: DuckDBConnection,
  footerPath: string,
  tailStart: number,
  footerStart: number,
): Promise<{ chunks: Map<string, Range[]>; gaps: Range[] } | null> {
  const schema = (
    await connection.runAndReadAll(`SELECT name, num_children FROM parquet_schema(${sqlString(footerPath)})`)
  ).getRowObjectsJson();
  // Depth-first schema list: the root, then each top-level field followed by its subtree. Leaves
  // are numbered in that order: they are the `column_id`s of the column chunks.
  const topOfLeaf: string[] = [];
  let index = 1;
  const walk = (top: string): void => {
    const children = Number(schema[index]?.['num_children'] ?? 0);
    index += 1;
    if (children === 0) topOfLeaf.push(top);
    for (let child = 0; child < children; child += 1) walk(top);
  };
  while (index < schema.length) walk(textOf(schema[index]?.['name']).toLowerCase());

  const rows = (
    await connection.runAndReadAll(
      `SELECT column_id, dictionary_page_offset, data_page_offset, index_page_offset, total_compressed_size
       FROM parquet_metadata(${sqlString(footerPath)})`,
    )
  ).getRowObjectsJson();
  const chunks = new Map<string, Range[]>();
  const all: Range[] = [];
  for (const row of rows) {
    const top = topOfLeaf[Number(row['column_id'])];
    const data = numberOf(row['data_page_offset']);
    const size = numberOf(row['total_compressed_size']);
    if (top === undefined || data === null || size === null || Number.isNaN(data) || Number.isNaN(size))
      return null;
    let start = data;
    for (const other of [numberOf(row['dictionary_page_offset']), numberOf(row['index_page_offset'])]) {
      if (other === null) continue;
      if (Number.isNaN(other)) return null;
      // Writers put 0 for "no dictionary"; DuckDB ignores offsets below the magic the same way.
      if (other >= 4) start = Math.min(start, other);
    }
    const range = { start, end: start + size };
    if (range.start < 4 || size < 0 || range.end > footerStart) return null;
    all.push(range);
    chunks.set(top, [...(chunks.get(top) ?? []), range]);
  }
  all.sort((a, b) => a.start - b.start);
  const gaps: Range[] = [];
  let position = 0;
  for (const range of all) {
    if (range.start < position) return null;
    if (range.start > position) gaps.push({ start: position, end: range.start });
    position = range.end;
  }
  if (position < tailStart) gaps.push({ start: position, end: tailStart });
  return { chunks, gaps: gaps.map((gap) => ({ start: gap.start, end: Math.min(gap.end, tailStart) })) };
}

/** `work` on each item, `limit` at a time; none starts after a failure or once `signal` fired. */
async function inParallel<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failure && !signal?.aborted) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  signal?.throwIfAborted();
}

/**
 * Tests only: fill unfetched bytes with `unfetchedByte` instead of zeros (a read of one then fails
 * or changes a result), and read `tailBytes` (at least 8) from the end first instead of 64 KiB, so
 * a small file is read through its planned chunks rather than whole with its footer.
 */
export interface RangedTesting {
  unfetchedByte?: number;
  tailBytes?: number;
  /** Files at most this large are fetched whole (`WHOLE_OBJECT_BYTES` unless given; -1: none). */
  wholeObjectBytes?: number;
}

/** Where a ranged file's bytes come from: `readRange` of the store, by the entry's path. */
export type RangeReader = Pick<RemoteFileStore, 'readRange'>;

/**
 * Remote Parquet files laid out locally for ranged reads (docs/decisions/0049): each file's footer
 * is fetched and written into a sparse local file of the object's size, at its original offset;
 * `fetch` then writes the column chunks of the named top-level columns in place (and, once, every
 * byte that is no column chunk). DuckDB may read a file's footer and the chunks fetched, nothing else.
 */
export class RangedParquetFiles {
  private broken = false;

  private constructor(
    private readonly store: RangeReader,
    private readonly options: CallOptions,
    private readonly ranged: RangedFile[],
    /** Footer-only copies (`PAR1 <footer> <length> PAR1`), for schema and metadata reads. */
    readonly footerPaths: string[],
  ) {}

  /**
   * Fetches every small file whole and every other file's footer (`PARALLEL_FOOTER_READS` at a
   * time), and plans the column chunks of the files not fetched whole.
   */
  static async open(
    engine: DuckDbEngine,
    store: RangeReader,
    files: readonly FileEntry[],
    directory: string,
    options: CallOptions,
    testing: RangedTesting = {},
  ): Promise<RangedParquetFiles> {
    const footers = files.map((_, index) =>
      path.join(directory, `footer-${String(index).padStart(4, '0')}.parquet`),
    );
    const ranged: RangedFile[] = files.map((file, index) => ({
      file,
      localPath: path.join(directory, `${String(index).padStart(4, '0')}.parquet`),
      tailStart: file.size,
      chunks: new Map(),
      gaps: [],
      whole: true,
      fetchedColumns: new Set(),
      gapsFetched: false,
    }));
    const footerStarts: number[] = files.map(() => 0);
    const wholeObjectBytes = testing.wholeObjectBytes ?? WHOLE_OBJECT_BYTES;
    await inParallel([...ranged.keys()], PARALLEL_FOOTER_READS, options.signal, async (index) => {
      const entry = ranged[index];
      if (entry.file.size <= wholeObjectBytes) {
        // A tail as long as the file: one read of all of it, checked as a footer read is.
        const whole = await fetchParquetTail(store, entry.file, options, entry.file.size);
        Object.assign(entry, { tailStart: 0, gapsFetched: true });
        await fs.promises.writeFile(entry.localPath, whole.bytes, { flag: 'wx' });
        // The file itself serves as its footer: no copy of the footer is written.
        footers[index] = entry.localPath;
        return;
      }
      const tail = await fetchParquetTail(store, entry.file, options, testing.tailBytes);
      entry.tailStart = tail.start;
      footerStarts[index] = entry.file.size - 8 - tail.footerLength;
      await fs.promises.writeFile(footers[index], footerOnlyFile(tail), { flag: 'wx' });
      const handle = await fs.promises.open(entry.localPath, 'wx');
      try {
        await handle.truncate(entry.file.size);
        // Tests fill what is not fetched with a byte DuckDB cannot mistake for data: a read of it fails or shows.
        if (testing.unfetchedByte !== undefined)
          await handle.write(Buffer.alloc(entry.file.size, testing.unfetchedByte), 0, entry.file.size, 0);
        await handle.write(tail.bytes, 0, tail.bytes.byteLength, tail.start);
      } finally {
        await handle.close();
      }
    });
    await engine.withSession(options, async ({ connection }) => {
      for (const [index, entry] of ranged.entries()) {
        // Every byte of it is in place (fetched whole): nothing is left to plan or fetch.
        if (entry.tailStart === 0) continue;
        const layout = await chunkLayout(
          connection,
          footers[index],
          entry.tailStart,
          footerStarts[index],
        ).catch(() => null);
        if (layout) Object.assign(entry, layout, { whole: false });
      }
    });
    return new RangedParquetFiles(store, options, ranged, footers);
  }

  /** The local (sparse) file of each remote file, in the given order. */
  get localPaths(): string[] {
    return this.ranged.map((entry) => entry.localPath);
  }

  /** Compressed bytes of a top-level column's chunks in one file (0 when it has none). */
  columnBytes(index: number, column: string): number {
    let bytes = 0;
    for (const chunk of this.ranged[index]?.chunks.get(column.toLowerCase()) ?? [])
      bytes += chunk.end - chunk.start;
    return bytes;
  }

  /**
   * Fetches into place the chunks of the top-level columns `columnsOf(index)` names in each file
   * (null: every column), coalesced and 8 requests at a time. After a failure every later call fails.
   */
  async fetch(columnsOf: (index: number) => readonly string[] | null): Promise<void> {
    if (this.broken)
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'A ranged read of the target failed');
    const requests: { entry: RangedFile; range: Range }[] = [];
    for (const [index, entry] of this.ranged.entries())
      for (const range of coalesce(wanted(entry, columnsOf(index)), COALESCE_GAP_BYTES))
        for (const piece of split(range)) requests.push({ entry, range: piece });
    const handles = new Map<RangedFile, fs.promises.FileHandle>();
    try {
      for (const entry of new Set(requests.map((request) => request.entry)))
        handles.set(entry, await fs.promises.open(entry.localPath, 'r+'));
      await inParallel(requests, PARALLEL_RANGE_READS, this.options.signal, async ({ entry, range }) => {
        const bytes = await this.store.readRange(entry.file.path, range.start, range.end, this.options);
        // A short answer would leave zeros where DuckDB expects data: refuse it.
        if (bytes.byteLength !== range.end - range.start)
          throw new DatasourceError(
            DatasourceErrorClass.Invalid,
            `The file ${entry.file.path} changed while it was read`,
          );
        await (handles.get(entry) as fs.promises.FileHandle).write(bytes, 0, bytes.byteLength, range.start);
      });
    } catch (error) {
      // What was marked fetched may be missing now: no later statement may trust this layout.
      this.broken = true;
      throw error;
    } finally {
      for (const handle of handles.values()) await handle.close();
    }
  }
}

/** Every range of `entry` that `columns` (or all, for null) needs and is not in place yet; marks them fetched. */
function wanted(entry: RangedFile, columns: readonly string[] | null): Range[] {
  if (entry.whole) {
    if (entry.gapsFetched) return [];
    entry.gapsFetched = true;
    return [{ start: 0, end: entry.tailStart }];
  }
  const ranges: Range[] = [];
  if (!entry.gapsFetched) {
    ranges.push(...entry.gaps);
    entry.gapsFetched = true;
  }
  const names = columns === null ? [...entry.chunks.keys()] : columns.map((name) => name.toLowerCase());
  for (const name of names) {
    if (entry.fetchedColumns.has(name)) continue;
    entry.fetchedColumns.add(name);
    for (const chunk of entry.chunks.get(name) ?? [])
      ranges.push({ start: chunk.start, end: Math.min(chunk.end, entry.tailStart) });
  }
  return ranges;
}

/** The columns a statement reads (`statementColumns`), by DuckDB's parse of it. */
export async function columnsOfStatement(
  connection: DuckDBConnection,
  sql: string,
  columns: readonly string[],
): Promise<Set<string> | 'all'> {
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS tree', [sql]);
  const tree: unknown = JSON.parse(textOf(reader.getRowObjectsJson()[0]?.['tree']) || '{}');
  return statementColumns(tree, columns);
}

/**
 * The view over remote Parquet files read by ranges (docs/decisions/0049): before each statement
 * the column chunks it references are fetched into place, and the view `target` is narrowed to
 * those columns, so DuckDB reads only bytes that were fetched. A statement whose columns cannot be
 * told reads the view of every column, with every chunk fetched.
 */
export async function rangedParquetView(
  engine: DuckDbEngine,
  store: RemoteFileStore,
  files: readonly FileEntry[],
  directory: string,
  options: CallOptions,
  testing: RangedTesting = {},
): Promise<ViewDefinition> {
  const ranged = await RangedParquetFiles.open(engine, store, files, directory, options, testing);
  const viewColumns = await engine.withSession(options, async ({ connection }) => {
    const described = await connection.runAndReadAll(`DESCRIBE ${viewOver(ranged.footerPaths, null)}`);
    return described.getRowObjectsJson().map((row) => textOf(row['column_name']));
  });

  /** The cheapest column: what a statement that names none (`count(*)`) is given to read. */
  const cheapest = (): string | undefined => {
    let best: { name: string; bytes: number } | undefined;
    for (const name of viewColumns) {
      let bytes = 0;
      for (const index of files.keys()) bytes += ranged.columnBytes(index, name);
      if (!best || bytes < best.bytes) best = { name, bytes };
    }
    return best?.name;
  };

  const viewFor = async (sql: string, connection: DuckDBConnection, all: boolean): Promise<string> => {
    let columns: string[] | null = null;
    if (!all) {
      const needed = await columnsOfStatement(connection, sql, viewColumns);
      if (needed !== 'all') {
        columns = viewColumns.filter((name) => needed.has(name));
        if (columns.length === 0) {
          const narrowest = cheapest();
          columns = narrowest === undefined ? null : [narrowest];
        }
      }
    }
    await ranged.fetch(() => columns);
    return viewOver(ranged.localPaths, columns);
  };

  return { viewSql: viewOver(ranged.localPaths, null), viewFor };
}

/** `read_parquet` over local files, all columns or the named ones. */
function viewOver(paths: readonly string[], columns: readonly string[] | null): string {
  const list = columns === null || columns.length === 0 ? '*' : columns.map(quoteIdentifier).join(', ');
  return `SELECT ${list} FROM read_parquet([${paths.map(sqlString).join(', ')}], union_by_name = true)`;
}
