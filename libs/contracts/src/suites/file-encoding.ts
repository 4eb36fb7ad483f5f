/**
 * Text encodings a flat-file suite may name for its CSV files: the ones DuckDB's `read_csv` reads
 * without an extension. `utf-16` is little-endian, with or without a byte order mark.
 */
export const FILE_ENCODINGS = ['utf-8', 'utf-16', 'latin-1'] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];
export const DEFAULT_FILE_ENCODING: FileEncoding = 'utf-8';

export function isFileEncoding(value: unknown): value is FileEncoding {
  return typeof value === 'string' && (FILE_ENCODINGS as readonly string[]).includes(value);
}

/** Connection kinds whose suites read flat files, the only ones that may name a file encoding. */
export const FLAT_FILE_CONNECTION_KINDS: readonly string[] = ['file_store', 'object_store'];

/** What is wrong with `file_encoding` on a suite of `connectionKind`, or null (absent or null is fine). */
export function fileEncodingProblem(connectionKind: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!isFileEncoding(value)) return `file_encoding must be one of ${FILE_ENCODINGS.join(', ')}`;
  if (!FLAT_FILE_CONNECTION_KINDS.includes(connectionKind))
    return 'file_encoding applies to file store and object store suites only';
  return null;
}
