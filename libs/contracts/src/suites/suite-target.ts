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

/** An Iceberg table as the REST catalog names it: namespace levels, then the table. */
export interface IcebergTableName {
  namespace: string[];
  table: string;
}

/** Namespace levels a target may name (the REST spec sets no limit; this is a sanity bound). */
const ICEBERG_MAX_LEVELS = 16;
// A part needs no quotes when it holds no dot, quote, whitespace or control character.
const ICEBERG_PLAIN_PART = /^[^."\s\u0000-\u001f\u007f]+$/;

/**
 * Parses an Iceberg suite target: parts separated by dots, the last the table, the others the
 * namespace levels (at least one). The REST spec allows any string in a level or a table name, so
 * a part is written plain (anything but a dot, a double quote, whitespace or a control character:
 * `fixtures.pyiceberg-v1-overwrite`) or double-quoted with `""` for a quote inside
 * (`sales."orders.v2"`, `sales."say ""hi"""`). Control characters are never allowed (0x1F
 * separates levels in the REST paths). Shared by the gateway (refused at save) and the runner.
 */
export function parseIcebergTableName(raw: string): IcebergTableName | { problem: string } {
  const problem = (why: string) => ({
    problem: `${why}: write namespace.table, a part with a dot, quote or space double-quoted ("a.b"), "" for a quote inside`,
  });
  if (typeof raw !== 'string' || raw.length === 0) return problem('The target is empty');
  if (/[\u0000-\u001f\u007f]/.test(raw)) return problem('The target must not contain control characters');
  const parts: string[] = [];
  let index = 0;
  for (;;) {
    let part: string;
    if (raw[index] === '"') {
      part = '';
      index += 1;
      for (;;) {
        if (index >= raw.length) return problem('A quoted part is not closed');
        if (raw[index] === '"') {
          if (raw[index + 1] === '"') {
            part += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        part += raw[index];
        index += 1;
      }
      if (part === '') return problem('A quoted part is empty');
    } else {
      const end = raw.indexOf('.', index);
      part = raw.slice(index, end === -1 ? raw.length : end);
      index = end === -1 ? raw.length : end;
      if (part === '') return problem('The target has an empty part');
      if (!ICEBERG_PLAIN_PART.test(part))
        return problem(`The part ${JSON.stringify(part)} must be double-quoted`);
    }
    parts.push(part);
    if (index === raw.length) break;
    if (raw[index] !== '.') return problem('A quoted part must be followed by a dot or the end');
    index += 1;
    if (index === raw.length) return problem('The target has an empty part');
  }
  if (parts.length < 2) return problem('The target must name a namespace and a table');
  if (parts.length > ICEBERG_MAX_LEVELS + 1)
    return problem(`The target has more than ${ICEBERG_MAX_LEVELS} namespace levels`);
  return { namespace: parts.slice(0, -1), table: parts[parts.length - 1] };
}

/** The one way to write an Iceberg name as a target: plain parts bare, others double-quoted. */
export function formatIcebergTableName(name: IcebergTableName): string {
  return [...name.namespace, name.table]
    .map((part) => (ICEBERG_PLAIN_PART.test(part) ? part : `"${part.replace(/"/g, '""')}"`))
    .join('.');
}

/**
 * What is wrong with a suite target for a connection kind, or null when it is well formed:
 * a file or `<prefix>_*.ext` batch pattern for F and O, `namespace.table` for T (nested
 * namespaces allowed, parts quoted as `parseIcebergTableName` reads them), and `table`, `schema.table` or `database.schema.table` for the SQL kinds.
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
    case ConnectionKind.IcebergCatalog: {
      const parsed = parseIcebergTableName(target);
      return 'problem' in parsed ? parsed.problem : null;
    }
    case ConnectionKind.Postgres:
    case ConnectionKind.Warehouse:
    case ConnectionKind.Lakehouse:
      return TABLE_NAME.test(target) ? null : 'must be table, schema.table or database.schema.table';
    default:
      return 'this connection kind holds no data a suite can check';
  }
}
