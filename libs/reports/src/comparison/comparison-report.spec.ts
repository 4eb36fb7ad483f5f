import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ExcelJS from 'exceljs';
import { CsvReportWriter } from '../csv/csv-report-writer';
import { XlsxReportWriter } from '../xlsx/xlsx-report-writer';
import {
  cellFromCanonical,
  type ComparisonDifference,
  type ComparisonReportInput,
  comparisonReportSections,
  comparisonSummaryRows,
} from './comparison-report';

async function* differencesOf(items: ComparisonDifference[]): AsyncGenerator<ComparisonDifference> {
  for (const item of items) yield item;
}

function input(): ComparisonReportInput {
  return {
    keyColumns: ['region', 'order_id'],
    summary: {
      matched: 6,
      mismatched: 1,
      onlyInTarget: 1,
      onlyInBaseline: 0,
      mismatchesByColumn: { amount: 1 },
      details: [['check', 'orders match the warehouse']],
    },
    differences: differencesOf([
      {
        side: 'mismatched',
        key: ['eu', '17'],
        column: 'amount',
        targetValue: '-12.5',
        baselineValue: '12.5',
      },
      { side: 'only_in_target', key: ['us', '18'], column: null, targetValue: null, baselineValue: null },
      { side: 'mismatched', key: ['=x', '19'], column: 'note', targetValue: '@evil', baselineValue: '007' },
    ]),
  };
}

describe('comparison report', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dq-reports-comparison-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('summarises the buckets with the mismatch percentage computed from the counts', () => {
    expect(comparisonSummaryRows(input().summary)).toEqual([
      ['check', 'orders match the warehouse'],
      ['matched', 6],
      ['mismatched', 1],
      ['only_in_target', 1],
      ['only_in_baseline', 0],
      ['total_keys', 8],
      ['mismatch_percent', 25],
      ['mismatches_by_column.amount', 1],
    ]);
    expect(
      comparisonSummaryRows({ matched: 0, mismatched: 0, onlyInTarget: 0, onlyInBaseline: 0 }),
    ).toContainEqual(['mismatch_percent', 0]);
    expect(
      comparisonSummaryRows({
        matched: 2,
        mismatched: 1,
        onlyInTarget: 0,
        onlyInBaseline: 0,
        mismatchPercent: 33.3,
      }),
    ).toContainEqual(['mismatch_percent', 33.3]);
  });

  it('turns canonical number text into numbers and keeps any other text', () => {
    expect(cellFromCanonical('-12.5')).toBe(-12.5);
    expect(cellFromCanonical('7')).toBe(7);
    expect(cellFromCanonical('1e+21')).toBe(1e21);
    for (const text of ['007', '1.50', '-0', ' 5', '0x10', 'Infinity', '12345678901234567890', '', 'abc']) {
      expect(cellFromCanonical(text)).toBe(text);
    }
    expect(cellFromCanonical(null)).toBeNull();
  });

  it('writes as CSV: summary lines, an empty line, then one line per difference', async () => {
    const path = join(dir, 'comparison.csv');
    const result = await new CsvReportWriter().write(
      comparisonReportSections(input()),
      createWriteStream(path),
    );
    expect(result.rows).toBe(11);
    expect(readFileSync(path, 'utf8')).toBe(
      '\uFEFF' +
        [
          'metric,value',
          'check,orders match the warehouse',
          'matched,6',
          'mismatched,1',
          'only_in_target,1',
          'only_in_baseline,0',
          'total_keys,8',
          'mismatch_percent,25',
          'mismatches_by_column.amount,1',
          '',
          'side,region,order_id,column,target_value,baseline_value',
          'mismatched,eu,17,amount,-12.5,12.5',
          'only_in_target,us,18,,,',
          "mismatched,'=x,19,note,'@evil,007",
          '',
        ].join('\r\n'),
    );
  });

  it('writes as XLSX: a summary sheet and a differences sheet', async () => {
    const path = join(dir, 'comparison.xlsx');
    await new XlsxReportWriter().write(comparisonReportSections(input()), createWriteStream(path));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['summary', 'differences']);
    const differences = workbook.getWorksheet('differences')!;
    expect(differences.getRow(1).values).toEqual([
      undefined,
      'side',
      'region',
      'order_id',
      'column',
      'target_value',
      'baseline_value',
    ]);
    expect(differences.getRow(2).values).toEqual([undefined, 'mismatched', 'eu', 17, 'amount', -12.5, 12.5]);
    expect(differences.getRow(3).values).toEqual([undefined, 'only_in_target', 'us', 18]);
    expect(differences.getRow(4).values).toEqual([
      undefined,
      'mismatched',
      "'=x",
      19,
      'note',
      "'@evil",
      '007',
    ]);
    expect(workbook.getWorksheet('summary')!.getCell('B8').value).toBe(25);
  });
});
