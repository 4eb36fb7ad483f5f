import type { EventEmitter } from 'node:events';
import type { stream, Worksheet } from 'exceljs';

/**
 * The two places where the XLSX writer reaches past exceljs's public API. exceljs is pinned exactly
 * in package.json and `xlsx-report-writer.spec.ts` fails if its version or these shapes change.
 *
 * Why: exceljs's streaming writer hands each 64 KiB of sheet XML to the PassThrough the zip archive
 * reads that entry from and ignores that write's result, so a producer faster than deflate plus the
 * destination grows that buffer with the row count. Watching its length and waiting for its `drain`
 * is the backpressure exceljs lacks (figures with and without: `bench/README.md`).
 */

/** The buffer feeding one worksheet's zip entry: its pending bytes and the stream that drains it. */
export interface PendingSheetXml {
  readonly bytes: number;
  readonly stream: EventEmitter;
}

interface WritableLike extends EventEmitter {
  writableLength?: number;
  _writableState?: { length?: number };
}

export function pendingSheetXml(sheet: Worksheet): PendingSheetXml | undefined {
  const buffer = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  const pipes = buffer?.pipes;
  const entry = Array.isArray(pipes) ? (pipes[0] as WritableLike | undefined) : undefined;
  if (entry === undefined || typeof entry.once !== 'function') return undefined;
  // readable-stream 2 (archiver-utils' PassThrough) has no `writableLength` getter.
  const bytes = entry.writableLength ?? entry._writableState?.length;
  return typeof bytes === 'number' ? { bytes, stream: entry } : undefined;
}

/** The archiver instance of a streaming workbook: errors surface there, and `abort()` releases it. */
export interface WorkbookArchive extends EventEmitter {
  abort(): unknown;
  unpipe(destination?: NodeJS.WritableStream): unknown;
}

export function workbookArchive(workbook: stream.xlsx.WorkbookWriter): WorkbookArchive | undefined {
  const zip = (workbook as unknown as { zip?: Partial<WorkbookArchive> }).zip;
  return zip !== undefined && typeof zip.abort === 'function' && typeof zip.on === 'function'
    ? (zip as WorkbookArchive)
    : undefined;
}
