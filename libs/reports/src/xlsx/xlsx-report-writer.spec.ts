import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import * as ExcelJS from 'exceljs';
import type { ReportRow, ReportSection } from '../report-writer';
import { pendingSheetXml, workbookArchive } from './exceljs-internals';
import { XLSX_DATE_FORMAT, XLSX_MAX_CELL_CHARACTERS, XlsxReportWriter } from './xlsx-report-writer';

async function* rowsOf(rows: ReportRow[]): AsyncGenerator<ReportRow> {
  for (const row of rows) yield row;
}

async function readWorkbook(path: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

describe('XlsxReportWriter', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dq-reports-xlsx-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a workbook exceljs reads back: sheets, values, types, neutralised text', async () => {
    const path = join(dir, 'report.xlsx');
    const seen = new Date(Date.UTC(2024, 4, 1, 12, 30, 5, 250));
    const longText = 'x'.repeat(XLSX_MAX_CELL_CHARACTERS + 10);
    const sections: ReportSection[] = [
      {
        name: 'summary',
        header: ['metric', 'value'],
        rows: [
          ['matched', 3],
          ['mismatch_percent', 12.5],
        ],
      },
      {
        name: 'rows',
        header: ['id', 'text', 'amount', 'seen', 'active', '=header'],
        rows: rowsOf([
          [1, '=SUM(A1:A2)', -12.5, seen, true, 'plain'],
          [2, '+1', -0.001, null, false, '@SUM(A1)'],
          [3, '-1', Number.NEGATIVE_INFINITY, new Date(Date.UTC(1899, 11, 31)), null, '\tx'],
          [4, longText, Number.NaN],
        ]),
      },
    ];
    const result = await new XlsxReportWriter().write(sections, createWriteStream(path));
    expect(result).toEqual({ rows: 6 });

    const workbook = await readWorkbook(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['summary', 'rows']);
    const summary = workbook.getWorksheet('summary')!;
    expect(summary.getRow(1).values).toEqual([undefined, 'metric', 'value']);
    expect(summary.getCell('B2').value).toBe(3);
    expect(summary.getCell('B3').value).toBe(12.5);
    expect(summary.getCell('B3').type).toBe(ExcelJS.ValueType.Number);

    const rows = workbook.getWorksheet('rows')!;
    expect(rows.rowCount).toBe(5);
    expect(rows.getRow(1).values).toEqual([undefined, 'id', 'text', 'amount', 'seen', 'active', "'=header"]);
    expect(rows.getRow(1).font?.bold).toBe(true);

    const first = rows.getRow(2);
    expect(first.getCell(1).value).toBe(1);
    expect(first.getCell(2).value).toBe("'=SUM(A1:A2)");
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(3).value).toBe(-12.5);
    expect(first.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(4).value).toEqual(seen);
    expect(first.getCell(4).numFmt).toBe(XLSX_DATE_FORMAT);
    expect(first.getCell(5).value).toBe(true);
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.Boolean);
    expect(first.getCell(6).value).toBe('plain');

    const second = rows.getRow(3);
    expect(second.getCell(2).value).toBe("'+1");
    expect(second.getCell(3).value).toBe(-0.001);
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(5).value).toBe(false);
    expect(second.getCell(6).value).toBe("'@SUM(A1)");

    const third = rows.getRow(4);
    expect(third.getCell(2).value).toBe("'-1");
    expect(third.getCell(3).value).toBe("'-Infinity");
    // Before Excel's exact date range: ISO text rather than a wrong date.
    expect(third.getCell(4).value).toBe('1899-12-31T00:00:00.000Z');
    expect(third.getCell(5).type).toBe(ExcelJS.ValueType.Null);
    expect(third.getCell(6).value).toBe("'\tx");

    const fourth = rows.getRow(5);
    expect(fourth.getCell(2).value).toBe('x'.repeat(XLSX_MAX_CELL_CHARACTERS));
    expect(fourth.getCell(3).value).toBe('NaN');
    expect(fourth.getCell(6).type).toBe(ExcelJS.ValueType.Null);
  });

  it('writes a sheet with a header only when a section has no rows', async () => {
    const path = join(dir, 'empty.xlsx');
    await new XlsxReportWriter().write(
      [{ name: 'differences', header: ['side', 'id'], rows: [] }],
      createWriteStream(path),
    );
    const sheet = (await readWorkbook(path)).getWorksheet('differences')!;
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'side', 'id']);
  });

  it('destroys the destination with the source error', async () => {
    const failure = new Error('upstream read failed');
    async function* failing(): AsyncGenerator<ReportRow> {
      yield ['first'];
      throw failure;
    }
    const destination = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const errors: unknown[] = [];
    destination.on('error', (error) => errors.push(error));
    await expect(
      new XlsxReportWriter().write([{ name: 'rows', header: ['a'], rows: failing() }], destination),
    ).rejects.toBe(failure);
    expect(destination.destroyed).toBe(true);
    expect(errors).toEqual([failure]);
  });

  it('runs on the exceljs release whose internals exceljs-internals.ts reads', () => {
    const manifest = JSON.parse(readFileSync(require.resolve('exceljs/package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.version).toBe('4.4.0');
  });

  it('finds the exceljs internals its backpressure relies on (a failure here means exceljs changed)', async () => {
    const sink = new PassThrough();
    sink.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink });
    expect(workbookArchive(workbook)).toBeDefined();
    const sheet = workbook.addWorksheet('rows');
    for (let row = 0; row < 2_000; row++) sheet.addRow([row, `row ${row} ${'y'.repeat(50)}`]).commit();
    const pending = pendingSheetXml(sheet);
    expect(pending).toBeDefined();
    expect(typeof pending?.bytes).toBe('number');
    expect(pending!.bytes).toBeGreaterThan(0);
    sheet.commit();
    await workbook.commit();
  });
});
