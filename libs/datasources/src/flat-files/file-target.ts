import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';

export type FlatFileFormat = 'csv' | 'parquet';

/** A flat-file suite target: one file, or a batch of files matching one `*` in the file name. */
export interface FileTarget {
  /** The target as given (`dir/sub/file.csv` or `dir/prefix_*.csv`). */
  raw: string;
  format: FlatFileFormat;
  /** True for a batch pattern. */
  isPattern: boolean;
  /** What to list: the whole path for one file, everything before the `*` for a pattern. */
  listPrefix: string;
  /** True when `path` is this target (the file itself, or a file the pattern matches). */
  matches(path: string): boolean;
}

const FORMAT_BY_EXTENSION: Readonly<Record<string, FlatFileFormat>> = {
  csv: 'csv',
  tsv: 'csv',
  txt: 'csv',
  parquet: 'parquet',
};

function invalid(message: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, message);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Parses and checks a target. The format comes from the extension (`.tsv`/`.txt` are read as CSV
 * with a sniffed delimiter). Paths are store-relative: no leading slash, no `..`, no backslash,
 * so a target can never name anything outside the store's root.
 */
export function parseFileTarget(raw: string): FileTarget {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalid('The target is empty');
  if (raw !== raw.trim()) throw invalid('The target has leading or trailing spaces');
  if (raw.startsWith('/')) throw invalid('The target must not start with a slash');
  if (raw.includes('\\')) throw invalid('The target must not contain a backslash');
  if (/[\u0000-\u001f]/.test(raw)) throw invalid('The target must not contain control characters');
  const segments = raw.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw invalid('The target must not contain empty, "." or ".." path segments');
  const stars = raw.split('*').length - 1;
  const fileName = segments[segments.length - 1] ?? '';
  if (stars > 1) throw invalid('A batch pattern has exactly one "*"');
  if (stars === 1 && !fileName.includes('*'))
    throw invalid('The "*" of a batch pattern must be in the file name, not in a directory');
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const format = FORMAT_BY_EXTENSION[extension];
  if (!format || extension.includes('*'))
    throw invalid('The target must be a .csv, .tsv, .txt or .parquet file or batch pattern');

  if (stars === 0) return { raw, format, isPattern: false, listPrefix: raw, matches: (path) => path === raw };
  const [before = '', after = ''] = raw.split('*');
  const pattern = new RegExp(`^${escapeRegExp(before)}[^/]*${escapeRegExp(after)}$`);
  return { raw, format, isPattern: true, listPrefix: before, matches: (path) => pattern.test(path) };
}
