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
