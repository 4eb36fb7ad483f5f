import { DatasourceErrorClass, isFileEncoding } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';
import { encodingError } from './csv-text';

/** Removes every absolute path from a DuckDB message: spooled file names must never reach a user. */
export function stripPaths(message: string, workDir: string): string {
  return message
    .split(workDir)
    .join('<spool>')
    .replace(/<spool>[^\s"'`),]*/g, '<file>')
    .replace(/(^|[\s"'`(=])\/(?:[^\s"'`),/]+\/)*[^\s"'`),/]*/g, '$1<path>');
}

const MAX_MESSAGE_LENGTH = 2000;

/**
 * The part of a DuckDB message that says what went wrong, without what is DuckDB's own: the
 * statement it ran echoed after `LINE n:` (ours, such as `DESCRIBE SELECT * FROM read_csv(...)`),
 * its "Possible Solution"/"Possible fixes" advice (options no user can set), the reader's option
 * dump (`file = …`, `new_line = Single-Line File`), and the raw text of a CSV line (`Original
 * Line:`, data the suite's column policy may protect). A value a conversion could not read is
 * not repeated either.
 */
export function problemText(message: string): string {
  const lines: string[] = [];
  for (const line of message.split('\n')) {
    if (/^LINE \d+:/.test(line) || /^Possible (solutions?|fixes)\b/i.test(line) || /^\s+\w+ = /.test(line))
      break;
    if (/^Original Line:/.test(line) || /^\s*\^\s*$/.test(line)) continue;
    if (line.trim() === '' && lines.length > 0) break;
    if (line.trim() !== '') lines.push(line.trim());
  }
  return lines
    .join(' ')
    .replace(/\b(Could not convert string) (["'])(?:(?!\2 to ).)*\2( to )/g, 'Could not convert a value$3')
    .slice(0, MAX_MESSAGE_LENGTH);
}

function invalid(message: string, detail: Record<string, unknown>, cause: unknown): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, message, { cause, detail });
}

/**
 * A DuckDB error as a user may read it: `invalid` (DuckDB's errors are all about the query or the
 * data), with our own words for the file-reading kinds (`detail.reason`: `encoding`,
 * `csv_dialect`, `csv_format`) and DuckDB's problem statement otherwise (see `problemText`), with
 * no local path.
 */
export function classifyDuckDbMessage(text: string, workDir: string, cause?: unknown): DatasourceError {
  const line = /\bCSV Error on Line: (\d+)/.exec(text)?.[1];
  const at = line ? ` at line ${line}` : '';
  if (/Invalid unicode|byte sequence mismatch|not [\w-]+ encoded/i.test(text)) {
    const named = /not ([\w-]+) encoded/i.exec(text)?.[1]?.toLowerCase();
    const classified = encodingError(
      isFileEncoding(named) ? named : 'utf-8',
      `an invalid byte sequence${at}`,
    );
    return invalid(classified.message, classified.detail, cause);
  }
  if (text.includes(INTEGER_TYPE_GUARD))
    return invalid(
      'The CSV file could not be read: a column whose first rows are integers holds a number with a decimal point or an exponent further on, among values that are not all numbers',
      { reason: 'csv_format' },
      cause,
    );
  if (/Error when sniffing file|not possible to automatically detect the CSV parsing dialect/i.test(text))
    return invalid(
      'The CSV file could not be read: no delimiter and quoting (RFC 4180, `"` quotes) fit its rows',
      { reason: 'csv_dialect' },
      cause,
    );
  if (line) {
    const problem = stripPaths(problemText(text.slice(text.indexOf('\n') + 1)), workDir);
    return invalid(
      `The CSV file could not be read${at}${problem ? `: ${problem}` : ''}`,
      { reason: 'csv_format', line: Number(line) },
      cause,
    );
  }
  const problem = stripPaths(problemText(text), workDir);
  return new DatasourceError(
    DatasourceErrorClass.Invalid,
    problem || 'The flat-file engine could not run the query',
    {
      cause,
    },
  );
}

/** DuckDB's refusal to pad short rows while reading a file with quoted line ends in parallel. */
export function isParallelPaddingRefusal(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /parallel scanner does not support null_padding/i.test(text);
}

/** Raised by the guard of a CSV batch read with one file's sniffed types on a value that does not fit them. */
export const BATCH_TYPE_GUARD = 'CSV batch value outside the sniffed type of its column';

/**
 * A failure a CSV batch read with the first file's sniffed types may hit on a later file that
 * differs (a value its type cannot hold, another shape of row): the batch is then read again with
 * each file sniffed (docs/decisions/0052).
 */
export function isBatchTypeFailure(error: unknown): boolean {
  return messageOf(error).includes(BATCH_TYPE_GUARD) || isReadFailure(error);
}

/**
 * Raised by the check of a CSV column its sample typed as integers on text with a decimal point or
 * an exponent, which DuckDB's integer cast would round (docs/decisions/0054).
 */
export const INTEGER_TYPE_GUARD =
  'CSV value with a decimal point or exponent in a column sniffed as integers';

/** An error's message, by shape: DuckDB's errors may come from another realm (a test sandbox). */
function messageOf(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(error);
}

/** The check of a column sniffed as integers met a decimal point or an exponent. */
export function isIntegerTypeGuard(error: unknown): boolean {
  return messageOf(error).includes(INTEGER_TYPE_GUARD);
}

/** A value DuckDB could not convert, or a CSV it could not read: a view reading differently may report it otherwise. */
export function isReadFailure(error: unknown): boolean {
  return /^Conversion Error\b|\bCSV Error\b/.test(messageOf(error));
}
