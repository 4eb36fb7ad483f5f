import { type CallOptions, type FileEntry } from '../adapter/datasource-adapter';

/**
 * What the flat-file reader needs from a file or object store (F: ADLS Gen2, O: S3). Each store
 * adapter implements it over its own SDK; listing, globbing, spooling and the DuckDB engine are
 * shared (`FlatFileReader`). Every method throws a classified `DatasourceError`.
 */
export interface RemoteFileStore {
  /** Files whose path starts with `prefix` (no wildcard), any order; directories left out. */
  list(prefix: string, options: CallOptions): Promise<FileEntry[]>;
  /** One file's entry; `not_found` when there is none. */
  stat(path: string, options: CallOptions): Promise<FileEntry>;
  /** Bytes `[start, end)` of a file (Parquet footers, CSV header samples) without reading the rest. */
  readRange(path: string, start: number, end: number, options: CallOptions): Promise<Uint8Array>;
  /** The whole file as a stream; the reader spools it to disk, never to memory. */
  openStream(path: string, options: CallOptions): Promise<NodeJS.ReadableStream>;
  /**
   * Local stores only: hard-links the file at `destination` instead of copying it, when both are
   * on one filesystem; false when it cannot (the reader then streams a copy).
   */
  linkTo?(path: string, destination: string): Promise<boolean>;
}
