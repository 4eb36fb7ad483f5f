/**
 * A CSV column DuckDB's sample (its first 20,480 rows) types as integers, with a decimal or an
 * exponent further on (docs/decisions/0054): read from a local store, and from the S3 and ADLS peers
 * both while it downloads (through pipes) and spooled whole, each answer compared with Python's
 * `csv` and `Decimal` reading the same bytes.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DatasourceErrorClass } from '@dq/contracts';
import { peersBin } from '@dq/testing';
import { type StorePeers, spooledWhole, startStorePeers } from '../../test/store-peers';
import { type CallOptions, DatasourceError } from '../adapter/datasource-adapter';
import { FlatFileReader } from './flat-file-reader';
import { LocalFileStore } from './local-file-store';
import { type RemoteFileStore } from './remote-file-store';

const run = promisify(execFile);
const BUCKET = 'dq-csv-integers';
const FILESYSTEM = 'lake-csv-integers';
const CALL: CallOptions = { timeoutMs: 120_000 };
/** Past DuckDB's sample of 20,480 rows, and past the 64 KiB head so the remote read streams. */
const INTEGER_ROWS = 30_000;

/** `INTEGER_ROWS` integer rows of `a`, then `tail` (values of `a`) each followed by more integers. */
function csvWith(tail: readonly string[], first: (row: number) => string): string {
  const lines = ['a,b,c'];
  for (let row = 0; row < INTEGER_ROWS; row += 1) lines.push(`${first(row)},r${row % 11},${row % 7}.25`);
  tail.forEach((value, index) => {
    lines.push(`${value},t${index},0.5`);
    for (let row = 0; row < 400; row += 1) lines.push(`${row * 3 - 600},u${index},1.75`);
  });
  return `${lines.join('\n')}\n`;
}

const small = (row: number): string => String(((row * 7919) % 100_003) - 50_000);
/** Integers past 2^53 (exact only as BIGINT), the extremes included. */
const large = (row: number): string =>
  row === 0
    ? '9223372036854775807'
    : row === 1
      ? '-9223372036854775808'
      : (9_007_199_254_740_993n + BigInt(row) * 1_000_003n).toString();

const FILES: Record<string, string> = {
  'decimals.csv': csvWith(['1.5', '-2.5', '1e-1'], small),
  'integers.csv': csvWith(['17', '-3'], large),
  'hex.csv': csvWith(['0x1e', '0x10'], small),
  'word-with-e.csv': csvWith(['none'], small),
  'word.csv': csvWith(['abc'], small),
  'decimal-and-word.csv': csvWith(['1.5', 'n/a'], small),
  // Text the sniffer does not take for a number, which the integer cast reads leniently.
  'signed-decimal.csv': csvWith(['+1.5', '007'], small),
  // A batch whose headers differ, so each file is sniffed from its sample: the longer one samples
  // its integers only.
  'batch/part_1.csv': 'b,a,c\nx,1,0.5\ny,2,0.25\n',
  'batch/part_2.csv': csvWith(['1.5', '-2.5', '1e-1'], small),
  // Quoted line ends and a short last record: DuckDB reads it serially only, checked or not.
  'ragged.csv': `${csvWith(['1.5', '-2.5', '1e-1'], small).replace(/,r3,/g, ',"r\n3",')}7,t9\n`,
};

/** Python's csv reader over the file, `a` summed with `Decimal`: the exact answers. */
const REFERENCE = `
import csv, json, sys
from decimal import Decimal
with open(sys.argv[1], newline='', encoding='utf-8') as handle:
    rows = list(csv.DictReader(handle))
values = [Decimal(row['a']) for row in rows]
print(json.dumps({'n': len(values), 'sum': str(sum(values).quantize(Decimal('0.001'))),
                  'min': str(min(values)), 'max': str(max(values)),
                  'tail': [str(value) for value, row in zip(values, rows) if row['b'].startswith('t')]}))
`;

interface Reference {
  n: number;
  sum: string;
  min: string;
  max: string;
  tail: string[];
}

/** The statements a run sends: an aggregate, the later rows, a count that does not read `a`. */
const STATEMENTS = {
  totals: `SELECT count(a) AS n, sum(a::DECIMAL(38, 3))::VARCHAR AS sum, min(a) AS min, max(a) AS max FROM target`,
  tail: `SELECT a FROM target WHERE b LIKE 't%'`,
  others: `SELECT count(*) AS n, sum(c) AS c FROM target`,
  types: `SELECT typeof(a) AS a, typeof(b) AS b, typeof(c) AS c FROM target LIMIT 1`,
};

type Answers = Record<keyof typeof STATEMENTS, Array<Record<string, unknown>>>;

async function answers(reader: FlatFileReader, store: RemoteFileStore, file: string): Promise<Answers> {
  return reader.withScan(store, file, CALL, async (scan) => {
    const result: Partial<Answers> = {};
    for (const [name, sql] of Object.entries(STATEMENTS))
      result[name as keyof Answers] = (await scan.query(sql, 100)).rows;
    return result as Answers;
  });
}

async function failure(
  reader: FlatFileReader,
  store: RemoteFileStore,
  file: string,
): Promise<DatasourceError> {
  const error = await answers(reader, store, file).then(
    () => new Error('expected a failure, the read succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

/**
 * The decimals after the integer sample are kept: totals and later values as `Decimal` gives them,
 * and the column typed as the whole-file sniff types a file whose sample held a decimal, DOUBLE.
 */
function expectDecimalsKept(answer: Answers, expected: Reference, tail: readonly string[]): void {
  expect(answer.totals).toEqual([
    { n: expected.n, sum: expected.sum, min: Number(expected.min), max: Number(expected.max) },
  ]);
  expect(answer.tail.map((row) => row['a'])).toEqual(expected.tail.map(Number));
  expect(expected.tail).toEqual(tail);
  expect(answer.types).toEqual([{ a: 'DOUBLE', b: 'VARCHAR', c: 'DOUBLE' }]);
}

describe('CSV columns sniffed as integers from a sample, with decimals further on', () => {
  let workDir: string;
  let reader: FlatFileReader;
  let storePeers: StorePeers;
  const references = new Map<string, Reference>();

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-csv-integers-'));
    fs.mkdirSync(path.join(workDir, 'files', 'batch'), { recursive: true });
    for (const [name, text] of Object.entries(FILES)) {
      const file = path.join(workDir, 'files', name);
      fs.writeFileSync(file, text);
      if (
        ['decimals.csv', 'integers.csv', 'ragged.csv', 'batch/part_1.csv', 'batch/part_2.csv'].includes(name)
      ) {
        const { stdout } = await run(await peersBin('python'), ['-c', REFERENCE, file]);
        references.set(name, JSON.parse(stdout) as Reference);
      }
    }
    storePeers = await startStorePeers({
      bucket: BUCKET,
      filesystem: FILESYSTEM,
      objects: Object.entries(FILES).map(([key, body]) => ({ key, body })),
    });
    reader = new FlatFileReader({ egress: storePeers.egress, spoolDir: path.join(workDir, 'spool') });
  }, 300_000);

  afterAll(async () => {
    await storePeers?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  const stores: Array<[string, () => Promise<RemoteFileStore>]> = [
    ['a local store', async () => new LocalFileStore(path.join(workDir, 'files'))],
    ['S3, read while it downloads', () => storePeers.openS3(workDir, CALL)],
    ['S3, spooled whole', async () => spooledWhole(await storePeers.openS3(workDir, CALL))],
    ['ADLS, read while it downloads', () => storePeers.openAdls(workDir, CALL)],
  ];

  describe.each(stores)('%s', (_name, openStore) => {
    it('keeps the decimals of a column whose sample is integers: sum, min, max and values as Decimal gives them', async () => {
      const store = await openStore();
      const expected = references.get('decimals.csv') as Reference;
      const answer = await answers(reader, store, 'decimals.csv');
      expectDecimalsKept(answer, expected, ['1.5', '-2.5', '0.1']);
      expect(answer.others[0]?.['n']).toBe(expected.n);
    }, 120_000);

    it('keeps them in a batch read file by file whose longer file samples integers only', async () => {
      const store = await openStore();
      const [first, second] = ['batch/part_1.csv', 'batch/part_2.csv'].map(
        (name) => references.get(name) as Reference,
      );
      const answer = await answers(reader, store, 'batch/part_*.csv');
      expect(answer.tail.map((row) => row['a'])).toEqual(second.tail.map(Number));
      expect(second.tail).toEqual(['1.5', '-2.5', '0.1']);
      expect(answer.types).toEqual([{ a: 'DOUBLE', b: 'VARCHAR', c: 'DOUBLE' }]);
      expect(answer.totals).toEqual([
        {
          n: first.n + second.n,
          sum: (Number(first.sum) + Number(second.sum)).toFixed(3),
          min: Math.min(Number(first.min), Number(second.min)),
          max: Math.max(Number(first.max), Number(second.max)),
        },
      ]);
    }, 120_000);

    it('keeps them in a file DuckDB reads serially only (quoted line ends, a short last record)', async () => {
      const store = await openStore();
      const expected = references.get('ragged.csv') as Reference;
      expectDecimalsKept(await answers(reader, store, 'ragged.csv'), expected, ['1.5', '-2.5', '0.1', '7']);
    }, 120_000);

    it('reads a file of integers only as BIGINT, exactly, past 2^53 included', async () => {
      const store = await openStore();
      const expected = references.get('integers.csv') as Reference;
      const answer = await answers(reader, store, 'integers.csv');
      expect(answer.types).toEqual([{ a: 'BIGINT', b: 'VARCHAR', c: 'DOUBLE' }]);
      expect(answer.totals).toEqual([
        { n: expected.n, sum: expected.sum, min: expected.min, max: expected.max },
      ]);
      expect(answer.tail.map((row) => String(row['a']))).toEqual(expected.tail);
    }, 120_000);

    it('reads hex integers whose `e` trips the check with the whole-file sniff: BIGINT, exact', async () => {
      const store = await openStore();
      const answer = await answers(reader, store, 'hex.csv');
      expect(answer.types).toEqual([{ a: 'BIGINT', b: 'VARCHAR', c: 'DOUBLE' }]);
      expect(answer.tail).toEqual([{ a: 30 }, { a: 16 }]);
    }, 120_000);

    it('fails on a word in such a column as before, and on a decimal it cannot keep, never rounding it', async () => {
      const store = await openStore();
      // A word (with an `e` or without) fails as the plain view always failed on it, at its line.
      for (const file of ['word.csv', 'word-with-e.csv']) {
        const word = await failure(reader, store, file);
        expect(word.errorClass).toBe(DatasourceErrorClass.Invalid);
        expect(word.detail).toMatchObject({ reason: 'csv_format', line: INTEGER_ROWS + 2 });
        expect(word.message).toMatch(
          /^The CSV file could not be read at line 30002: .*Could not convert a value/,
        );
        expect(word.message).not.toMatch(/abc|none/);
      }
      // `+1.5` is text to the whole-file sniff: no type keeps it, so the read fails instead of giving 2.
      const signed = await failure(reader, store, 'signed-decimal.csv');
      expect(signed.message).toBe(
        'The CSV file could not be read: a column whose first rows are integers holds a number with a decimal point or an exponent further on, among values that are not all numbers',
      );
      // A decimal and a word: the read fails, on whichever it meets first.
      const both = await failure(reader, store, 'decimal-and-word.csv');
      expect(both.message).toMatch(
        /^The CSV file could not be read(: a column whose first rows are integers| at line)/,
      );
      expect(both.message).not.toMatch(/n\/a|1\.5/);
    }, 120_000);
  });
});
