import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import * as ExcelJS from 'exceljs';
import { neutraliseFormula } from '../cells/neutralise-formula';
import type {
  ReportCell,
  ReportRow,
  ReportSection,
  ReportWriteOptions,
  ReportWriteResult,
  ReportWriter,
} from '../report-writer';
import { type ReportRun, runReport } from '../streaming/run-report';
import { pendingSheetXml, type WorkbookArchive, workbookArchive } from './exceljs-internals';

/** Excel's limit on the characters of one cell; longer text is cut to it. */
export const XLSX_MAX_CELL_CHARACTERS = 32_767;
/** How date cells display. The instant is written in UTC (exceljs converts with `getTime()`). */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Sheet XML allowed to wait for the zip before rows stop being pulled. */
const MAX_PENDING_SHEET_BYTES = 1024 * 1024;
/** Without the buffer to watch, yield to the event loop every this many rows. */
const FALLBACK_YIELD_ROWS = 256;
/** Excel's date serials are exact from 1900-03-01 (its 1900 leap-year bug) to 9999-12-31. */
const FIRST_EXCEL_DATE_MS = Date.UTC(1900, 2, 1);
const LAST_EXCEL_DATE_MS = Date.UTC(10_000, 0, 1) - 1;
const MIN_COLUMN_WIDTH = 8;
const MAX_COLUMN_WIDTH = 60;
const DATE_COLUMN_WIDTH = 20;

/**
 * A cell as exceljs takes it: `null` empty, finite numbers and booleans typed, dates as date cells
 * (outside Excel's date range: ISO text), text neutralised against formula injection and cut to
 * Excel's cell limit. A non-finite number becomes its neutralised text.
 */
export function xlsxCellValue(cell: ReportCell | undefined): ExcelJS.CellValue {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : neutraliseFormula(String(cell));
  if (typeof cell === 'boolean') return cell;
  if (cell instanceof Date) {
    const time = cell.getTime();
    if (Number.isNaN(time)) return null;
    if (time < FIRST_EXCEL_DATE_MS || time > LAST_EXCEL_DATE_MS) return neutraliseFormula(cell.toISOString());
    return cell;
  }
  return limitCellText(neutraliseFormula(String(cell)));
}

function limitCellText(text: string): string {
  if (text.length <= XLSX_MAX_CELL_CHARACTERS) return text;
  const cut = text.slice(0, XLSX_MAX_CELL_CHARACTERS);
  // Never leave half of a surrogate pair at the end.
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * A real .xlsx workbook (Office Open XML) streamed row by row with exceljs's streaming
 * `WorkbookWriter`: one sheet per section, a bold frozen header row, column widths from the header
 * and the first row, inline strings (no shared-strings table growing with the data).
 */
export class XlsxReportWriter implements ReportWriter {
  readonly format = 'xlsx' as const;
  readonly contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  readonly fileExtension = 'xlsx' as const;

  constructor(private readonly creator = 'Data-quality service') {}

  write(
    sections: readonly ReportSection[],
    destination: Writable,
    options?: ReportWriteOptions,
  ): Promise<ReportWriteResult> {
    return runReport(sections, destination, options, async (run) => {
      run.guard.check();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: destination,
        useStyles: true,
        useSharedStrings: false,
      });
      workbook.creator = this.creator;
      workbook.lastModifiedBy = this.creator;
      const archive = workbookArchive(workbook);
      archive?.once('error', (error: Error) => run.guard.interrupt(error));
      try {
        for (const [index, section] of sections.entries()) {
          await this.writeSheet(workbook, section, index, run);
        }
        run.guard.expectEnd();
        await run.guard.race(workbook.commit());
        await run.guard.finished();
      } catch (error) {
        abandon(archive, destination);
        throw error;
      }
    });
  }

  private async writeSheet(
    workbook: ExcelJS.stream.xlsx.WorkbookWriter,
    section: ReportSection,
    index: number,
    run: ReportRun,
  ): Promise<void> {
    const sheet = workbook.addWorksheet(section.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const width = section.header.length;
    const first = await run.nextRow(index);
    sheet.columns = columnWidths(section.header, first).map((columnWidth) => ({ width: columnWidth }));
    const header = sheet.addRow(section.header.map((name) => xlsxCellValue(name)));
    header.font = { bold: true };
    header.commit();
    let sinceYield = 0;
    for (let row = first; row !== undefined; row = await run.nextRow(index)) {
      const values: ExcelJS.CellValue[] = [];
      for (let column = 0; column < Math.max(width, row.length); column++)
        values.push(xlsxCellValue(row[column]));
      const added = sheet.addRow(values);
      values.forEach((value, column) => {
        if (value instanceof Date) added.getCell(column + 1).numFmt = XLSX_DATE_FORMAT;
      });
      added.commit();
      run.rows++;
      const pending = pendingSheetXml(sheet);
      if (pending === undefined) {
        if (++sinceYield >= FALLBACK_YIELD_ROWS) {
          sinceYield = 0;
          await run.guard.race(nextMacrotask());
        }
      } else if (pending.bytes > MAX_PENDING_SHEET_BYTES) {
        await run.guard.waitFor(pending.stream, 'drain');
      }
    }
    // A sheet is finished before the next begins: the zip reads its entries one after another.
    sheet.commit();
  }
}

/** Column widths in characters, from the header and the first row (dates get room for the format). */
function columnWidths(header: readonly string[], first: ReportRow | undefined): number[] {
  return header.map((name, column) => {
    const cell = first?.[column];
    const cellWidth =
      cell instanceof Date
        ? DATE_COLUMN_WIDTH
        : cell === null || cell === undefined
          ? 0
          : String(cell).length;
    return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, name.length + 2, cellWidth + 2));
  });
}

/** Releases a workbook left half-written: unhooks the archive from the destination and stops it. */
function abandon(archive: WorkbookArchive | undefined, destination: Writable): void {
  if (archive === undefined) return;
  archive.on('error', () => undefined);
  try {
    archive.unpipe(destination);
    archive.abort();
  } catch {
    // Already torn down.
  }
}
