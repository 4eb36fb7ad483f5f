import { ConnectionKind } from '../connections/connection-kind';

export type FlatFileFormat = 'csv' | 'parquet';

/** A flat-file suite target (F, O): one file, or a batch of files matching one `*` in the file name. */
export interface FlatFileTargetShape {
  raw: string;
  format: FlatFileFormat;
  isPattern: boolean;
  /** What to list: the whole path for one file, everything before the `*` for a pattern. */
  listPrefix: string;
  /** The anchored pattern a listed path must match (the file itself for one file). */
  pattern: RegExp;
}

const FORMAT_BY_EXTENSION: Readonly<Record<string, FlatFileFormat>> = {
  csv: 'csv',
  tsv: 'csv',
  txt: 'csv',
  parquet: 'parquet',
};

const TARGET_MAX_LENGTH = 1024;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Parses a flat-file target, or says what is wrong with it. The format comes from the extension
 * (`.tsv`/`.txt` are read as CSV with a sniffed delimiter). Paths are store-relative: no leading
 * slash, no `..`, no backslash, so a target can never name anything outside the store's root.
 * Shared by the gateway (a suite's target is refused at save time) and the runner (which reads it).
 */
export function parseFlatFileTarget(raw: string): FlatFileTargetShape | { problem: string } {
  if (typeof raw !== 'string' || raw.trim() === '') return { problem: 'The target is empty' };
  if (raw.length > TARGET_MAX_LENGTH) return { problem: `The target is longer than ${TARGET_MAX_LENGTH}` };
  if (raw !== raw.trim()) return { problem: 'The target has leading or trailing spaces' };
  if (raw.startsWith('/')) return { problem: 'The target must not start with a slash' };
  if (raw.includes('\\')) return { problem: 'The target must not contain a backslash' };
  if (/[\u0000-\u001f]/.test(raw)) return { problem: 'The target must not contain control characters' };
  const segments = raw.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    return { problem: 'The target must not contain empty, "." or ".." path segments' };
  const stars = raw.split('*').length - 1;
  const fileName = segments[segments.length - 1] ?? '';
  if (stars > 1) return { problem: 'A batch pattern has exactly one "*"' };
  if (stars === 1 && !fileName.includes('*'))
    return { problem: 'The "*" of a batch pattern must be in the file name, not in a directory' };
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const format = FORMAT_BY_EXTENSION[extension];
  if (!format || extension.includes('*'))
    return { problem: 'The target must be a .csv, .tsv, .txt or .parquet file or batch pattern' };

  if (stars === 0) {
    return { raw, format, isPattern: false, listPrefix: raw, pattern: new RegExp(`^${escapeRegExp(raw)}$`) };
  }
  const [before = '', after = ''] = raw.split('*');
  const pattern = new RegExp(`^${escapeRegExp(before)}[^/]*${escapeRegExp(after)}$`);
  return { raw, format, isPattern: true, listPrefix: before, pattern };
}

// One identifier part of a table name: plain, or double-quoted with `""` escapes, or backticked.
const NAME_PART = '(?:[A-Za-z_][A-Za-z0-9_$]*|"(?:[^"]|"")+"|`(?:[^`]|``)+`)';
const TABLE_NAME = new RegExp(`^${NAME_PART}(?:\\.${NAME_PART}){0,2}$`);
const ICEBERG_NAME = new RegExp(`^${NAME_PART}(?:\\.${NAME_PART}){1,4}$`);

/**
 * What is wrong with a suite target for a connection kind, or null when it is well formed:
 * a file or `<prefix>_*.ext` batch pattern for F and O, `namespace.table` for T (nested
 * namespaces allowed), and `table`, `schema.table` or `database.schema.table` for the SQL kinds.
 * Whether the target exists is the runner's question (`GET /suites/{id}/columns`).
 */
export function suiteTargetProblem(kind: ConnectionKind, target: unknown): string | null {
  if (typeof target !== 'string' || target.length === 0) return 'must be a non-empty string';
  if (target.length > TARGET_MAX_LENGTH) return `must be at most ${TARGET_MAX_LENGTH} characters`;
  switch (kind) {
    case ConnectionKind.FileStore:
    case ConnectionKind.ObjectStore: {
      const parsed = parseFlatFileTarget(target);
      return 'problem' in parsed ? parsed.problem : null;
    }
    case ConnectionKind.IcebergCatalog:
      return ICEBERG_NAME.test(target) ? null : 'must be namespace.table (for example sales.orders)';
    case ConnectionKind.Postgres:
    case ConnectionKind.Warehouse:
    case ConnectionKind.Lakehouse:
      return TABLE_NAME.test(target) ? null : 'must be table, schema.table or database.schema.table';
    default:
      return 'this connection kind holds no data a suite can check';
  }
}
