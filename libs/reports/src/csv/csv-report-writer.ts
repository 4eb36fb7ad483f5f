import type { Writable } from 'node:stream';
import { neutraliseFormula } from '../cells/neutralise-formula';
import type {
  ReportCell,
  ReportRow,
  ReportSection,
  ReportWriteOptions,
  ReportWriteResult,
  ReportWriter,
} from '../report-writer';
import type { DestinationGuard } from '../streaming/destination-guard';
import { runReport } from '../streaming/run-report';

export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvReportOptions {
  /**
   * Write a UTF-8 byte-order mark first (default `true`): without it Excel reads a CSV in the
   * machine's legacy code page and garbles every non-ASCII character. Turn it off for consumers
   * that do not skip a BOM.
   */
  readonly bom?: boolean;
  /** Field delimiter: `,` (the default, RFC 4180), `;` or tab. */
  readonly delimiter?: CsvDelimiter;
}

const BOM = '\uFEFF';
const LINE_END = '\r\n';
/** Lines are gathered into chunks of about this many characters before they are written. */
const CHUNK_CHARACTERS = 64 * 1024;
/** A partial chunk is written after this long anyway, so a slow source still streams. */
const FLUSH_AFTER_MS = 100;
/**
 * Fields holding any of these are quoted. RFC 4180 asks it for the delimiter, quotes, CR and LF; the
 * other common delimiters are quoted too, so a spreadsheet that splits on its locale's list
 * separator (`;` in much of Europe) cannot cut a field in two and expose a formula after the cut.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * A field's text: `null` empty, numbers as JavaScript prints them (a negative number stays a number),
 * booleans `true`/`false`, dates as ISO-8601 UTC (`2024-05-01T12:00:00.000Z`); every text, and the
 * text of a non-finite number, is neutralised against formula injection.
 */
export function csvCellText(cell: ReportCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : neutraliseFormula(String(cell));
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : neutraliseFormula(cell.toISOString());
  return neutraliseFormula(String(cell));
}

/** One RFC 4180 field: the cell's text, quoted (quotes doubled) when it needs to be. */
export function csvField(cell: ReportCell | undefined): string {
  const text = csvCellText(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line with its CRLF; a row shorter than `width` is padded with empty fields. */
export function csvLine(row: ReportRow, width: number, delimiter: CsvDelimiter = ','): string {
  const fields: string[] = [];
  for (let index = 0; index < Math.max(width, row.length); index++) fields.push(csvField(row[index]));
  return fields.join(delimiter) + LINE_END;
}

/**
 * CSV (RFC 4180: CRLF line ends, fields quoted as needed), UTF-8 with a byte-order mark by default.
 * Sections follow each other, each its header line then its rows, separated by one empty line; their
 * names are not written (a single-table consumer passes a single section).
 */
export class CsvReportWriter implements ReportWriter {
  readonly format = 'csv' as const;
  readonly contentType = 'text/csv; charset=utf-8';
  readonly fileExtension = 'csv' as const;
  private readonly bom: boolean;
  private readonly delimiter: CsvDelimiter;

  constructor(options: CsvReportOptions = {}) {
    this.bom = options.bom ?? true;
    this.delimiter = options.delimiter ?? ',';
    if (![',', ';', '\t'].includes(this.delimiter))
      throw new TypeError('The CSV delimiter must be , ; or tab');
  }

  write(
    sections: readonly ReportSection[],
    destination: Writable,
    options?: ReportWriteOptions,
  ): Promise<ReportWriteResult> {
    return runReport(sections, destination, options, async (run) => {
      const out = new ChunkedOutput(run.guard);
      try {
        if (this.bom) out.push(BOM);
        for (const [index, section] of sections.entries()) {
          if (index > 0) out.push(LINE_END);
          const width = section.header.length;
          out.push(csvLine(section.header, width, this.delimiter));
          for (let row = await run.nextRow(index); row !== undefined; row = await run.nextRow(index)) {
            out.push(csvLine(row, width, this.delimiter));
            run.rows++;
            await out.flushIfFull();
          }
        }
        await out.flush();
        await run.guard.end();
      } finally {
        out.dispose();
      }
    });
  }
}

/** Gathers lines into chunks; writes a chunk when it is full or has waited `FLUSH_AFTER_MS`. */
class ChunkedOutput {
  private parts: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly guard: DestinationGuard) {}

  push(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    this.timer ??= setTimeout(() => this.flushLate(), FLUSH_AFTER_MS).unref();
  }

  async flushIfFull(): Promise<void> {
    if (this.size >= CHUNK_CHARACTERS) await this.flush();
    else await this.guard.drained();
  }

  async flush(): Promise<void> {
    const chunk = this.take();
    if (chunk !== '') await this.guard.write(chunk);
    else await this.guard.drained();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The timer's write: the next `flushIfFull` sees any backpressure it causes. */
  private flushLate(): void {
    this.timer = undefined;
    if (this.guard.aborted !== null) return;
    const chunk = this.take();
    if (chunk !== '') this.guard.destination.write(chunk);
  }

  private take(): string {
    this.dispose();
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    return chunk;
  }
}
