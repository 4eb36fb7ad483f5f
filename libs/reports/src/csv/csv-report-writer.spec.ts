import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { ReportAbortedError } from '../report-aborted.error';
import type { ReportRow, ReportSection } from '../report-writer';
import { csvField, csvLine, CsvReportWriter } from './csv-report-writer';

async function* rowsOf(rows: ReportRow[]): AsyncGenerator<ReportRow> {
  for (const row of rows) yield row;
}

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['semi;colon', '"semi;colon"'],
    ['tab\tinside', '"tab\tinside"'],
    ['ünïcödé ✓', 'ünïcödé ✓'],
  ])('writes %j as %j', (cell, expected) => {
    expect(csvField(cell)).toBe(expected);
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['=1,2', `"'=1,2"`],
  ])('neutralises %j as %j', (cell, expected) => {
    expect(csvField(cell)).toBe(expected);
  });

  it('keeps numbers as numbers, negative ones included, and types the rest', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField(1e21)).toBe('1e+21');
    expect(csvField(Number.NaN)).toBe('NaN');
    expect(csvField(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
    expect(csvField(true)).toBe('true');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date(Date.UTC(2024, 4, 1, 12, 30, 5, 7)))).toBe('2024-05-01T12:30:05.007Z');
    expect(csvField(new Date(Number.NaN))).toBe('');
  });

  it('pads a short row to the header width and keeps a long one whole', () => {
    expect(csvLine(['a'], 3)).toBe('a,,\r\n');
    expect(csvLine(['a', 'b', 'c'], 2)).toBe('a,b,c\r\n');
    expect(csvLine(['a', 'b;c'], 2, ';')).toBe('a;"b;c"\r\n');
  });
});

describe('CsvReportWriter', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dq-reports-csv-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a file: BOM, CRLF, sections separated by an empty line, cells typed and neutralised', async () => {
    const path = join(dir, 'report.csv');
    const sections: ReportSection[] = [
      {
        name: 'summary',
        header: ['metric', 'value'],
        rows: [
          ['matched', 3],
          ['mismatch_percent', 25],
        ],
      },
      {
        name: 'rows',
        header: ['id', 'name', 'amount', 'seen', 'active'],
        rows: rowsOf([
          [1, '=cmd|" /C calc"!A0', -12.5, new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), true],
          [2, 'Zoë, "the" one', null, null, false],
          [3, 'multi\r\nline', 0],
        ]),
      },
    ];
    const result = await new CsvReportWriter().write(sections, createWriteStream(path));
    expect(result).toEqual({ rows: 5 });
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1)).toBe(
      [
        'metric,value',
        'matched,3',
        'mismatch_percent,25',
        '',
        'id,name,amount,seen,active',
        `1,"'=cmd|"" /C calc""!A0",-12.5,2024-01-02T03:04:05.000Z,true`,
        '2,"Zoë, ""the"" one",,,false',
        '3,"multi\r\nline",0,,',
        '',
      ].join('\r\n'),
    );
  });

  it('leaves the BOM out and uses another delimiter when asked', async () => {
    const path = join(dir, 'plain.csv');
    await new CsvReportWriter({ bom: false, delimiter: ';' }).write(
      [{ name: 'rows', header: ['a', 'b'], rows: [['x,y', 1.5]] }],
      createWriteStream(path),
    );
    expect(readFileSync(path, 'utf8')).toBe('a;b\r\n"x,y";1.5\r\n');
  });

  it('neutralises header cells too', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new CsvReportWriter({ bom: false }).write(
      [{ name: 'rows', header: ['=evil', 'ok'], rows: [] }],
      sink,
    );
    expect(Buffer.concat(chunks).toString('utf8')).toBe("'=evil,ok\r\n");
  });

  it('refuses malformed sections before writing anything and closes their sources', async () => {
    const sink = new PassThrough();
    const closed: string[] = [];
    async function* tracked(): AsyncGenerator<ReportRow> {
      try {
        yield ['never'];
      } finally {
        closed.push('rows');
      }
    }
    const generator = tracked();
    await expect(
      new CsvReportWriter().write(
        [
          { name: 'rows', header: ['a'], rows: generator },
          { name: 'bad/name', header: ['a'], rows: [] },
        ],
        sink,
      ),
    ).rejects.toThrow(TypeError);
    expect(sink.writableLength).toBe(0);
    expect(sink.destroyed).toBe(false);
    expect(await generator.next()).toEqual({ done: true, value: undefined });
    await expect(new CsvReportWriter().write([], sink)).rejects.toThrow('at least one section');
    await expect(
      new CsvReportWriter().write(
        [
          { name: 'Rows', header: ['a'], rows: [] },
          { name: 'rows', header: ['a'], rows: [] },
        ],
        sink,
      ),
    ).rejects.toThrow('used twice');
    await expect(
      new CsvReportWriter().write([{ name: 'x'.repeat(32), header: ['a'], rows: [] }], sink),
    ).rejects.toThrow('1 to 31');
  });

  it('destroys the destination with the source error, so the client sees a failed download', async () => {
    const failure = new Error('upstream read failed');
    async function* failing(): AsyncGenerator<ReportRow> {
      yield ['first'];
      throw failure;
    }
    const destination = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const errors: unknown[] = [];
    destination.on('error', (error) => errors.push(error));
    await expect(
      new CsvReportWriter().write([{ name: 'rows', header: ['a'], rows: failing() }], destination),
    ).rejects.toBe(failure);
    expect(destination.destroyed).toBe(true);
    expect(errors).toEqual([failure]);
  });

  it('rejects with ReportAbortedError when the destination is already gone', async () => {
    const destination = new PassThrough();
    destination.destroy();
    await expect(
      new CsvReportWriter().write([{ name: 'rows', header: ['a'], rows: [['x']] }], destination),
    ).rejects.toBeInstanceOf(ReportAbortedError);
  });
});
