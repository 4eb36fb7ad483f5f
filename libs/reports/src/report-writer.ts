import type { Writable } from 'node:stream';

/** The report formats the writers produce. */
export type ReportFormat = 'csv' | 'xlsx';

/**
 * One cell. `null` is an empty cell; a `Date` is an instant (ISO-8601 UTC text in CSV, a date cell
 * in XLSX); a finite number stays a number; strings are neutralised against formula injection.
 */
export type ReportCell = string | number | boolean | null | Date;

/** One row of cells, in the order of its section's header. */
export type ReportRow = readonly ReportCell[];

/**
 * One table of the report: a sheet in XLSX, a block of lines in CSV (sections are written in order,
 * separated by one empty line). Rows are pulled one at a time, only as fast as the destination
 * takes them; the writer owns `rows` once `write()` is called and closes it (`return()`) whenever
 * it stops early.
 */
export interface ReportSection {
  /** The sheet name in XLSX (1 to 31 characters, none of `[ ] : * ? / \`, unique); not written in CSV. */
  readonly name: string;
  readonly header: readonly string[];
  readonly rows: AsyncIterable<ReportRow> | Iterable<ReportRow>;
}

export interface ReportWriteOptions {
  /** Stops the report like a closed destination does (e.g. on shutdown). */
  readonly signal?: AbortSignal;
}

export interface ReportWriteResult {
  /** Data rows written over every section (header rows and separators not counted). */
  readonly rows: number;
}

/**
 * Streams a tabular report to a Writable (an HTTP response, a file): rows are pulled from the
 * sections' sources as the destination drains, so memory stays bounded whatever the row count.
 *
 * - Resolves once the destination has finished (the writer ends it).
 * - Rejects with `ReportAbortedError` when the destination closes or errors first (the client went
 *   away) or the signal aborts; every section's source is closed so the upstream reads stop.
 * - Rejects with the source's own error when a source throws.
 * - On any early stop a destination still open is destroyed, so a client sees a failed download
 *   rather than a truncated file that looks whole.
 * - Rejects with a `TypeError` before writing anything when the sections are malformed.
 */
export interface ReportWriter {
  readonly format: ReportFormat;
  /** The `Content-Type` to send with the report. */
  readonly contentType: string;
  /** The file name extension, without the dot. */
  readonly fileExtension: ReportFormat;
  write(
    sections: readonly ReportSection[],
    destination: Writable,
    options?: ReportWriteOptions,
  ): Promise<ReportWriteResult>;
}
