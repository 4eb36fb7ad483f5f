import { DatasourceErrorClass, type FlatFileFormat, parseFlatFileTarget } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';

export type { FlatFileFormat };

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

function invalid(message: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, message);
}

/**
 * Parses and checks a target, throwing a classified `invalid` error. The grammar is shared with
 * the gateway, which refuses a bad target at save time: see `parseFlatFileTarget` in contracts.
 */
export function parseFileTarget(raw: string): FileTarget {
  const parsed = parseFlatFileTarget(raw);
  if ('problem' in parsed) throw invalid(parsed.problem);
  const { format, isPattern, listPrefix, pattern } = parsed;
  return { raw, format, isPattern, listPrefix, matches: (path) => pattern.test(path) };
}
