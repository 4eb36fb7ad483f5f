import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import { EgressGuard } from '@dq/security';
import { type CallOptions, DatasourceError, type FileEntry } from '../adapter/datasource-adapter';
import { DuckDbEngine, sqlString } from './duckdb-engine';
import {
  batchViewSql,
  CSV_SAMPLE_BYTES,
  csvViewSql,
  FlatFileReader,
  integerCheckedStage,
  integerCheckedViewSql,
  sameHeaderRecord,
  type SniffedCsv,
} from './flat-file-reader';
import { LocalFileStore } from './local-file-store';
import { type RemoteFileStore } from './remote-file-store';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures/csv-parquet');
const CALL: CallOptions = { timeoutMs: 20_000 };
const SCAN = { ...CALL, maxRows: 1000 };

/** Counts what the reader asks of a store: range bytes and whole-file downloads. */
class CountingStore implements RemoteFileStore {
  rangeBytes = 0;
  rangeReads = 0;
  streamsOpened = 0;
  constructor(private readonly inner: RemoteFileStore) {}
  list(prefix: string, options: CallOptions): Promise<FileEntry[]> {
    return this.inner.list(prefix, options);
  }
  stat(filePath: string, options: CallOptions): Promise<FileEntry> {
    return this.inner.stat(filePath, options);
  }
  async readRange(filePath: string, start: number, end: number, options: CallOptions): Promise<Uint8Array> {
    const bytes = await this.inner.readRange(filePath, start, end, options);
    this.rangeReads += 1;
    this.rangeBytes += bytes.byteLength;
    return bytes;
  }
  openStream(filePath: string, options: CallOptions): Promise<NodeJS.ReadableStream> {
    this.streamsOpened += 1;
    return this.inner.openStream(filePath, options);
  }
}

async function failure(promise: Promise<unknown>): Promise<DatasourceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DatasourceError);
    return error as DatasourceError;
  }
  throw new Error('The call succeeded');
}

describe('FlatFileReader over a local store', () => {
  let root: string;
  let spoolRoot: string;
  let reader: FlatFileReader;
  let store: LocalFileStore;
  let engine: DuckDbEngine;
  let bigParquetSize: number;

  const write = (relative: string, content: string | Buffer, mtime?: Date): void => {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    if (mtime) fs.utimesSync(file, mtime, mtime);
  };
  const callDirectories = (): string[] =>
    fs.readdirSync(engine.workDir).filter((name) => name.startsWith('call-'));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-flat-files-'));
    spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-flat-spool-'));
    fs.cpSync(FIXTURES, path.join(root, 'fixtures'), { recursive: true });
    write('gen/quoted.csv', 'id,note,amount\n1,"a, b",1.5\n2,"say ""hi""",2\n3,"two\nlines",3.25\n');
    write('gen/pipe.csv', 'id|name\n1|x\n2|y\n');
    write('gen/tab.tsv', 'id\tname\n1\tx\n2\ty\n3\tz\n');
    write('gen/crlf.csv', 'id,name\r\n1,x\r\n2,y\r\n');
    write('gen/bom_semicolon.csv', '\uFEFFid;amount\n1;10\n2;20\n');
    write('batch/orders_2024-01-02.csv', 'id,amount\n3,30\n', new Date('2024-01-02T00:00:00Z'));
    write('batch/orders_2024-01-01.csv', 'id,amount\n1,10\n2,20\n', new Date('2024-01-01T00:00:00Z'));
    write('batch/orders_2024-01-03.csv', 'id,amount\n4,40\n5,50\n', new Date('2024-01-03T00:00:00Z'));
    write('batch/orders_old/nested.csv', 'id,amount\n99,990\n');
    write('batch/returns_2024-01-01.csv', 'id,amount\n7,70\n');
    // Quoted line ends in every record and a short last record: DuckDB's parallel reader cannot pad it.
    write(
      'gen/quoted_lines_ragged.csv',
      `id,note,amount\n${Array.from({ length: 20_000 }, (_, i) => `${i},"line a ${i}\nline b",${i}`).join('\n')}\n20000,"tail"\n`,
    );
    // A batch of such files: the second's amount holds a word in one of them.
    for (const [batch, word] of [
      ['ragged', false],
      ['ragged_word', true],
    ] as const)
      for (const part of [0, 1])
        write(
          `gen/${batch}/part_${part}.csv`,
          `id,note,amount\n${Array.from({ length: 20_000 }, (_, i) => `${part * 20_000 + i},"line a ${i}\nline b",${word && part === 1 && i === 5 ? 'n/a' : i}`).join('\n')}\n${part * 20_000 + 20_000},"tail"\n`,
        );
    // UTF-16 past the header sample, its cut falling inside a quoted field of many lines.
    write(
      'gen/utf16_long.csv',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(
          `id,note,city\n${Array.from({ length: 40 }, (_, i) => `${i},"${'line, more\n'.repeat(90)}end",Z\u00fcrich`).join('\n')}\n`,
          'utf16le',
        ),
      ]),
    );
    // A quote never closed: DuckDB falls back to one column named after the header line.
    write('gen/unclosed_quote.csv', 'a,b\n1,"2\n3,4\n');
    // A line longer than DuckDB's 2 MB line limit, and a value past the type sniffer's samples.
    write('gen/long_line.csv', `id,text\n1,${'x'.repeat(2_100_000)}\n`);
    write(
      'gen/late_text.csv',
      `id,n\n${Array.from({ length: 300_000 }, (_, i) => `${i},${i}`).join('\n')}\nsecret-value,1\n`,
    );
    // A header sample must not need the whole file: 2 MB of rows after the header.
    write(
      'gen/wide.csv',
      `id,label\n${Array.from({ length: 200_000 }, (_, i) => `${i},row${i}`).join('\n')}\n`,
    );

    const generator = await DuckDBInstance.create(':memory:');
    const connection = await generator.connect();
    const big = path.join(root, 'parquet/big_1.parquet');
    fs.mkdirSync(path.dirname(big), { recursive: true });
    await connection.run(
      `COPY (SELECT range::BIGINT AS id, (range % 7)::VARCHAR AS category, (range / 100)::DECIMAL(12,2) AS amount,
        TIMESTAMP '2024-01-01' + to_seconds(range) AS ts, md5(range::VARCHAR) AS text
        FROM range(1000000)) TO '${big}' (FORMAT parquet)`,
    );
    await connection.run(
      `COPY (SELECT 1::INTEGER AS id, 'x' AS category) TO '${path.join(root, 'parquet/big_2.parquet')}' (FORMAT parquet)`,
    );
    connection.closeSync();
    generator.closeSync();
    bigParquetSize = fs.statSync(big).size;

    const deps = {
      egress: new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } }),
      spoolDir: spoolRoot,
    };
    reader = new FlatFileReader(deps);
    engine = DuckDbEngine.shared({ spoolRoot });
    store = new LocalFileStore(root);
  }, 120_000);

  afterAll(async () => {
    await engine.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(spoolRoot, { recursive: true, force: true });
  });

  describe('CSV', () => {
    it('reads quoted fields with embedded delimiters, doubled quotes and newlines', async () => {
      const result = await reader.scan(store, 'gen/quoted.csv', 'SELECT * FROM target ORDER BY id', SCAN);
      expect(result.rows).toEqual([
        { id: 1, note: 'a, b', amount: 1.5 },
        { id: 2, note: 'say "hi"', amount: 2 },
        { id: 3, note: 'two\nlines', amount: 3.25 },
      ]);
      expect(result.truncated).toBe(false);
    });

    it('reads the fixture whose every field is quoted and one holds a newline', async () => {
      const target = 'fixtures/csv/all_quotes_newline_in_field.csv';
      expect((await reader.columns(store, target, CALL)).map((c) => c.name)).toEqual([
        'upc',
        'name',
        'description',
        'price',
      ]);
      const result = await reader.scan(store, target, 'SELECT upc, description FROM target', SCAN);
      expect(result.rows).toHaveLength(5);
      expect(result.rows[0]).toEqual({ upc: 33333, description: 'This is the\nbest chocolate' });
      expect(result.rows[4]).toEqual({ upc: 44444, description: "The best, 'chocolate', of the world" });
    });

    it('drops a UTF-8 BOM from the first header and reads CRLF line ends', async () => {
      const columns = await reader.columns(store, 'fixtures/csv/utf8bom_crlf.csv', CALL);
      expect(columns.map((c) => c.name)).toEqual(['id', 'name']);
      const result = await reader.scan(store, 'fixtures/csv/utf8bom_crlf.csv', 'SELECT * FROM target', SCAN);
      expect(result.rows).toEqual([
        { id: 1, name: 'Mark' },
        { id: 2, name: 'Hannes' },
      ]);
      const crlf = await reader.scan(store, 'gen/crlf.csv', 'SELECT * FROM target', SCAN);
      expect(crlf.rows).toEqual([
        { id: 1, name: 'x' },
        { id: 2, name: 'y' },
      ]);
      const bom = await reader.scan(
        store,
        'gen/bom_semicolon.csv',
        'SELECT sum(amount) AS s FROM target',
        SCAN,
      );
      expect(bom.columns.map((c) => c.name)).toEqual(['s']);
      expect(bom.rows).toEqual([{ s: 30 }]);
    });

    it('sniffs ; | and tab delimiters', async () => {
      const semicolon = await reader.scan(
        store,
        'fixtures/csv/semicolon_quoted_delim_noheader.csv',
        'SELECT * FROM target',
        SCAN,
      );
      // No header in this file: its first row names the columns, the quoted ";" stays in its field.
      expect(semicolon.columns.map((c) => c.name)).toEqual(['123', 'TEST10', 'text1']);
      expect(semicolon.rows).toContainEqual({ '123': 567, TEST10: 'TEST10', text1: 'te;xt3' });
      const pipe = await reader.scan(store, 'gen/pipe.csv', 'SELECT count(*) AS n FROM target', SCAN);
      expect(pipe.rows).toEqual([{ n: 2 }]);
      expect((await reader.columns(store, 'gen/pipe.csv', CALL)).map((c) => c.name)).toEqual(['id', 'name']);
      const tab = await reader.scan(
        store,
        'gen/tab.tsv',
        'SELECT max(name) AS m, count(*) AS n FROM target',
        SCAN,
      );
      expect(tab.rows).toEqual([{ m: 'z', n: 3 }]);
      const voters = await reader.columns(store, 'fixtures/csv/ncvoter_tab_quoted_noheader.tsv', CALL);
      expect(voters.length).toBeGreaterThan(20);
      const ontime = await reader.scan(
        store,
        'fixtures/csv/ontime_sample.csv',
        'SELECT count(*) AS n, min(OriginCityName) AS city FROM target',
        SCAN,
      );
      expect(ontime.rows[0]?.['n']).toBe(9);
      expect(String(ontime.rows[0]?.['city'])).toContain(', ');
    });

    it('knows the columns of a header-only file and scans it as 0 rows', async () => {
      expect(await reader.columns(store, 'fixtures/csv/header_only_semicolon.csv', CALL)).toEqual([
        { name: 'foo', type: 'VARCHAR', nullable: true },
        { name: 'bar', type: 'VARCHAR', nullable: true },
      ]);
      const result = await reader.scan(
        store,
        'fixtures/csv/header_only.csv',
        'SELECT count(*) AS n FROM target',
        SCAN,
      );
      expect(result.rows).toEqual([{ n: 0 }]);
      const all = await reader.scan(store, 'fixtures/csv/header_only.csv', 'SELECT * FROM target', SCAN);
      expect(all.columns.map((c) => c.name)).toEqual(['abs_file_name']);
      expect(all.rows).toEqual([]);
    });

    it('refuses an empty (0-byte) file as invalid: it has no header', async () => {
      const columns = await failure(reader.columns(store, 'fixtures/csv/empty.csv', CALL));
      expect(columns.errorClass).toBe('invalid');
      expect(columns.message).toContain('empty');
      const scan = await failure(reader.scan(store, 'fixtures/csv/empty.csv', 'SELECT 1 FROM target', SCAN));
      expect(scan.errorClass).toBe('invalid');
    });

    it('reads a short last record with its missing fields null, serially where DuckDB cannot pad in parallel', async () => {
      const ragged = await reader.scan(
        store,
        'fixtures/csv/ragged_last_line.csv',
        'SELECT * FROM target',
        SCAN,
      );
      expect(ragged.rows).toEqual([
        { id: 1, name: 'ada', amount: 10 },
        { id: 2, name: 'grace', amount: 20 },
        { id: 3, name: 'linus', amount: null },
      ]);
      const sql = 'SELECT count(*) AS n, count(amount) AS amounts, max(note) AS last FROM target';
      const expected = [{ n: 20_001, amounts: 20_000, last: 'tail' }];
      expect((await reader.scan(store, 'gen/quoted_lines_ragged.csv', sql, SCAN)).rows).toEqual(expected);
      await reader.withScan(store, 'gen/quoted_lines_ragged.csv', CALL, async (scan) => {
        expect((await scan.query(sql, 1)).rows).toEqual(expected);
        // The view stays the serial one for the session's next statements.
        expect((await scan.query("SELECT id FROM target WHERE note = 'line a 7\nline b'", 1)).rows).toEqual([
          { id: 7 },
        ]);
      });
    });

    it('reads a batch of such files serially, whether read with one sniff or with each file sniffed', async () => {
      const sql =
        'SELECT count(*) AS n, count(amount) AS amounts, max(note) AS last, typeof(max(amount)) AS type FROM target';
      await reader.withScan(store, 'gen/ragged/part_*.csv', CALL, async (scan) => {
        expect((await scan.query(sql, 1)).rows).toEqual([
          { n: 40_002, amounts: 40_000, last: 'tail', type: 'BIGINT' },
        ]);
        expect((await scan.query("SELECT id FROM target WHERE note = 'line a 7\nline b'", 2)).rows).toEqual([
          { id: 7 },
          { id: 20_007 },
        ]);
      });
      // The word fails the batch view's check: the batch is read again with each file sniffed, serially.
      await reader.withScan(store, 'gen/ragged_word/part_*.csv', CALL, async (scan) => {
        expect((await scan.query(sql, 1)).rows).toEqual([
          { n: 40_002, amounts: 40_000, last: 'tail', type: 'VARCHAR' },
        ]);
        expect((await scan.query("SELECT id FROM target WHERE amount = 'n/a'", 2)).rows).toEqual([
          { id: 20_005 },
        ]);
      });
    });

    it('reads the encoding the call names: UTF-8 by default, UTF-16 and Latin-1 when asked', async () => {
      const cities = [
        { id: 1, city: 'Z\u00fcrich' },
        { id: 2, city: 'S\u00f8borg' },
        { id: 3, city: 'Besan\u00e7on' },
      ];
      for (const [file, fileEncoding] of [
        ['latin1_cities.csv', 'latin-1'],
        ['utf16le_bom_cities.csv', 'utf-16'],
      ] as const) {
        const target = `fixtures/csv/${file}`;
        const call = { ...CALL, fileEncoding };
        expect((await reader.columns(store, target, call)).map((column) => column.name)).toEqual([
          'id',
          'city',
        ]);
        expect(
          (await reader.scan(store, target, 'SELECT * FROM target ORDER BY id', { ...SCAN, fileEncoding }))
            .rows,
        ).toEqual(cities);
        const wrong = await failure(reader.scan(store, target, 'SELECT * FROM target', SCAN));
        expect(wrong).toMatchObject({
          errorClass: 'invalid',
          detail: { reason: 'encoding', encoding: 'utf-8' },
        });
      }
    });

    it('spools nothing for a scan session that sends no statement, and fails each statement of one it cannot prepare', async () => {
      const counting = new CountingStore(store);
      expect(
        await reader.withScan(counting, 'fixtures/csv/latin1_cities.csv', CALL, async () => 'none'),
      ).toBe('none');
      expect(counting.streamsOpened).toBe(0);
      await reader.withScan(counting, 'fixtures/csv/latin1_cities.csv', CALL, async (scan) => {
        for (const sql of ['SELECT count(*) FROM target', 'SELECT 1 FROM target'])
          expect(await failure(scan.query(sql, 1))).toMatchObject({
            errorClass: 'invalid',
            detail: { reason: 'encoding' },
          });
      });
      // Prepared once: the failure is remembered, not downloaded again.
      expect(counting.streamsOpened).toBe(1);
    });

    it('answers files DuckDB cannot read in our words: no statement, advice, option dump or line of the file', async () => {
      const failures = [
        await failure(reader.columns(store, 'fixtures/csv/latin1_cities.csv', CALL)),
        await failure(reader.scan(store, 'gen/long_line.csv', 'SELECT count(*) FROM target', SCAN)),
        await failure(reader.scan(store, 'gen/late_text.csv', 'SELECT sum(id) FROM target', SCAN)),
      ];
      expect(failures.map((error) => [error.errorClass, error.detail['reason']])).toEqual([
        ['invalid', 'encoding'],
        ['invalid', 'csv_format'],
        ['invalid', 'csv_format'],
      ]);
      expect(failures[1]?.message).toContain('Maximum line size');
      expect(failures[2]?.message).toMatch(
        /^The CSV file could not be read at line 300002: .*Could not convert a value/,
      );
      for (const { message } of failures) {
        expect(message).not.toMatch(
          /DESCRIBE|read_csv|SELECT|LINE \d|Possible|Single-Line File|encoding\s*=|sample_size|Original Line|xxxx|secret-value|\/tmp/,
        );
      }
    });

    it('cuts a UTF-16 header sample where a record ends, two bytes a character', async () => {
      const call = { ...CALL, fileEncoding: 'utf-16' as const };
      expect(fs.statSync(path.join(root, 'gen/utf16_long.csv')).size).toBeGreaterThan(CSV_SAMPLE_BYTES);
      expect(await reader.columns(store, 'gen/utf16_long.csv', call)).toEqual([
        { name: 'id', type: 'BIGINT', nullable: true },
        { name: 'note', type: 'VARCHAR', nullable: true },
        { name: 'city', type: 'VARCHAR', nullable: true },
      ]);
      const result = await reader.scan(
        store,
        'gen/utf16_long.csv',
        'SELECT count(*) AS n, min(city) AS city FROM target',
        { ...SCAN, fileEncoding: 'utf-16' },
      );
      expect(result.rows).toEqual([{ n: 40, city: 'Z\u00fcrich' }]);
    });

    it('refuses a file DuckDB would read as one column named after its header line', async () => {
      const errors = [
        await failure(reader.columns(store, 'gen/unclosed_quote.csv', CALL)),
        await failure(reader.scan(store, 'gen/unclosed_quote.csv', 'SELECT count(*) FROM target', SCAN)),
        await failure(
          reader.withScan(store, 'gen/unclosed_quote.csv', CALL, (scan) =>
            scan.query('SELECT 1 FROM target', 1),
          ),
        ),
      ];
      for (const error of errors) {
        expect(error).toMatchObject({ errorClass: 'invalid', detail: { reason: 'csv_dialect' } });
        expect(error.message).toContain('its header has 2 fields separated by ","');
      }
    });

    it('takes the columns of a large CSV from a 64 KiB header sample only', async () => {
      const counting = new CountingStore(store);
      const columns = await reader.columns(counting, 'gen/wide.csv', CALL);
      expect(columns).toEqual([
        { name: 'id', type: 'BIGINT', nullable: true },
        { name: 'label', type: 'VARCHAR', nullable: true },
      ]);
      expect(counting.rangeBytes).toBeLessThanOrEqual(CSV_SAMPLE_BYTES);
      expect(counting.streamsOpened).toBe(0);
      expect(fs.statSync(path.join(root, 'gen/wide.csv')).size).toBeGreaterThan(20 * CSV_SAMPLE_BYTES);
    });

    it('reads a batch of files with the same header, listed oldest first', async () => {
      const files = await reader.listFiles(store, 'batch/orders_*.csv', CALL);
      expect(files.map((f) => f.path)).toEqual([
        'batch/orders_2024-01-01.csv',
        'batch/orders_2024-01-02.csv',
        'batch/orders_2024-01-03.csv',
      ]);
      expect(files[0]).toMatchObject({ last_modified_at: '2024-01-01T00:00:00.000Z' });
      const result = await reader.scan(
        store,
        'batch/orders_*.csv',
        'SELECT count(*) AS n, sum(amount) AS total FROM target',
        SCAN,
      );
      expect(result.rows).toEqual([{ n: 5, total: 150 }]);
      expect(await reader.metadata(store, 'batch/orders_*.csv', CALL)).toEqual({
        row_count: null,
        last_modified_at: '2024-01-03T00:00:00.000Z',
        row_count_exact: false,
      });
    });

    it('lists nothing for a pattern without matches and answers not_found to columns and scan', async () => {
      expect(await reader.listFiles(store, 'batch/invoices_*.csv', CALL)).toEqual([]);
      const columns = await failure(reader.columns(store, 'batch/invoices_*.csv', CALL));
      expect(columns.errorClass).toBe('not_found');
      expect(columns.message).toBe('No file matches the target');
      const scan = await failure(reader.scan(store, 'batch/invoices_*.csv', 'SELECT 1 FROM target', SCAN));
      expect(scan.errorClass).toBe('not_found');
      const missing = await failure(reader.listFiles(store, 'batch/missing.csv', CALL));
      expect(missing.errorClass).toBe('not_found');
      expect((await failure(reader.metadata(store, 'batch/missing.csv', CALL))).errorClass).toBe('not_found');
    });
  });

  describe('Parquet', () => {
    it('takes columns and row counts from the footer alone', async () => {
      const counting = new CountingStore(store);
      const columns = await reader.columns(counting, 'parquet/big_1.parquet', CALL);
      expect(columns.map((c) => [c.name, c.type])).toEqual([
        ['id', 'BIGINT'],
        ['category', 'VARCHAR'],
        ['amount', 'DECIMAL(12,2)'],
        ['ts', 'TIMESTAMP'],
        ['text', 'VARCHAR'],
      ]);
      const footerBytes = counting.rangeBytes;
      expect(counting.rangeReads).toBe(1); // the footer fits the first 64 KiB read from the end
      expect(footerBytes).toBeLessThanOrEqual(64 * 1024);
      expect(footerBytes).toBeLessThan(bigParquetSize / 100);
      expect(counting.streamsOpened).toBe(0);

      const metadata = await reader.metadata(counting, 'parquet/big_*.parquet', CALL);
      expect(metadata.row_count).toBe(1_000_001);
      expect(counting.streamsOpened).toBe(0);
      expect(counting.rangeBytes).toBeLessThan(3 * footerBytes);
    });

    it('reads a footer bigger than the first read in a second ranged read', async () => {
      const generator = await DuckDBInstance.create(':memory:');
      const connection = await generator.connect();
      const wide = Array.from(
        { length: 1500 },
        (_, index) => `${index}::INTEGER AS column_with_a_long_name_${index}`,
      );
      await connection.run(
        `COPY (SELECT ${wide.join(', ')} FROM range(3)) TO '${path.join(root, 'parquet/wide.parquet')}' (FORMAT parquet)`,
      );
      connection.closeSync();
      generator.closeSync();
      const counting = new CountingStore(store);
      const columns = await reader.columns(counting, 'parquet/wide.parquet', CALL);
      expect(columns).toHaveLength(1500);
      expect(columns[1499]).toMatchObject({ name: 'column_with_a_long_name_1499', type: 'INTEGER' });
      expect(counting.rangeReads).toBe(2);
      expect(counting.rangeBytes).toBeGreaterThan(64 * 1024);
      expect((await reader.metadata(counting, 'parquet/wide.parquet', CALL)).row_count).toBe(3);
      expect(counting.streamsOpened).toBe(0);
    });

    it('reads the messy Parquet fixtures: nested types, 0 rows, REQUIRED columns', async () => {
      const nested = await reader.columns(store, 'fixtures/parquet/nullable.impala.parquet', CALL);
      expect(nested.find((c) => c.name === 'int_map')?.type).toBe('MAP(VARCHAR, INTEGER)');
      expect(await reader.metadata(store, 'fixtures/parquet/empty.parquet', CALL)).toMatchObject({
        row_count: 0,
        row_count_exact: true,
      });
      const empty = await reader.scan(
        store,
        'fixtures/parquet/empty.parquet',
        'SELECT count(*) AS n FROM target',
        SCAN,
      );
      expect(empty.rows).toEqual([{ n: 0 }]);
      const nulls = await reader.scan(
        store,
        'fixtures/parquet/bug14120-dict-nulls-only.parquet',
        'SELECT count(*) AS n, count(cancelled_at) AS c FROM target',
        SCAN,
      );
      expect(nulls.rows).toEqual([{ n: 187, c: 0 }]);
      const nestedRows = await reader.scan(
        store,
        'fixtures/parquet/apkwan.parquet',
        'SELECT authors FROM target WHERE len(authors) > 0 LIMIT 1',
        SCAN,
      );
      expect(Array.isArray(nestedRows.rows[0]?.['authors'])).toBe(true);
    });

    it('refuses a file that is not Parquet as invalid', async () => {
      const error = await failure(reader.columns(store, 'gen/pipe.csv'.replace('.csv', '.parquet'), CALL));
      expect(error.errorClass).toBe('not_found');
      write('gen/fake.parquet', 'id,name\n1,x\n');
      const fake = await failure(reader.columns(store, 'gen/fake.parquet', CALL));
      expect(fake.errorClass).toBe('invalid');
      expect(fake.message).toBe('The file gen/fake.parquet is not a Parquet file');
    });
  });

  describe('scan', () => {
    it('evaluates aggregates over the target and converts values to JSON-safe ones', async () => {
      const result = await reader.scan(
        store,
        'parquet/big_1.parquet',
        `SELECT count(*) AS n, sum(amount) AS total, count(DISTINCT category) AS categories,
           max(ts) AS last_ts, 9007199254740993::BIGINT AS huge, 'a'::BLOB AS bytes, min(amount) AS low,
           12345678901234567.89::DECIMAL(38,2) AS long_decimal, DATE '2024-02-29' AS day, 'NaN'::DOUBLE AS nan
         FROM target`,
        SCAN,
      );
      expect(result.columns.map((c) => c.type)).toEqual([
        'BIGINT',
        'DECIMAL(38,2)',
        'BIGINT',
        'TIMESTAMP',
        'BIGINT',
        'BLOB',
        'DECIMAL(12,2)',
        'DECIMAL(38,2)',
        'DATE',
        'DOUBLE',
      ]);
      expect(result.rows).toEqual([
        {
          n: 1_000_000,
          total: 4999995000,
          categories: 7,
          last_ts: '2024-01-12T13:46:39.000Z',
          huge: '9007199254740993',
          bytes: 'YQ==',
          low: 0,
          long_decimal: '12345678901234567.89',
          day: '2024-02-29',
          nan: 'NaN',
        },
      ]);
    });

    it('spools a batch once for a whole scan session, however many statements it sends', async () => {
      const counting = new CountingStore(store);
      const answers = await reader.withScan(counting, 'batch/orders_*.csv', CALL, async (scan) => [
        (await scan.query('SELECT count(*) AS n, sum(amount) AS total FROM target', 10)).rows,
        (await scan.query('SELECT id FROM target WHERE amount > 25 ORDER BY id', 10)).rows,
        (await scan.query('SELECT id FROM target ORDER BY id', 2)).truncated,
      ]);
      expect(answers).toEqual([[{ n: 5, total: 150 }], [{ id: 3 }, { id: 4 }, { id: 5 }], true]);
      expect(counting.streamsOpened).toBe(3);
      expect(callDirectories()).toEqual([]);
    });

    it('refuses a statement of a session that is not one SELECT over the view, and goes on', async () => {
      await reader.withScan(store, 'batch/orders_*.csv', CALL, async (scan) => {
        expect((await failure(scan.query('DROP VIEW target', 1))).errorClass).toBe('invalid');
        expect((await scan.query('SELECT count(*) AS n FROM target', 1)).rows).toEqual([{ n: 5 }]);
      });
    });

    it('caps rows at maxRows and says so', async () => {
      const capped = await reader.scan(store, 'parquet/big_1.parquet', 'SELECT id FROM target', {
        ...CALL,
        maxRows: 3,
      });
      expect(capped.rows).toHaveLength(3);
      expect(capped.truncated).toBe(true);
      const exact = await reader.scan(store, 'batch/orders_*.csv', 'SELECT id FROM target', {
        ...CALL,
        maxRows: 5,
      });
      expect(exact.rows).toHaveLength(5);
      expect(exact.truncated).toBe(false);
    });

    it('stops a slow query within about a second of its signal', async () => {
      const slow = 'SELECT sum(a.range * b.range) AS s FROM range(100000000) a, range(100000000) b, target';
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 300);
      const cancelled = await failure(
        reader.scan(store, 'gen/pipe.csv', slow, { ...SCAN, signal: controller.signal }),
      );
      expect(cancelled.errorClass).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(2000);

      const deadline = Date.now();
      const timedOut = await failure(
        reader.scan(store, 'gen/pipe.csv', slow, { ...SCAN, signal: AbortSignal.timeout(300) }),
      );
      expect(timedOut.errorClass).toBe('timeout');
      expect(Date.now() - deadline).toBeLessThan(2000);

      const ownDeadline = Date.now();
      const ownTimeout = await failure(
        reader.scan(store, 'gen/pipe.csv', slow, { maxRows: 1, timeoutMs: 300 }),
      );
      expect(ownTimeout.errorClass).toBe('timeout');
      expect(Date.now() - ownDeadline).toBeLessThan(2000);
      expect(callDirectories()).toEqual([]);
    });

    it('answers bad SQL as invalid without any local path', async () => {
      const unknownColumn = await failure(
        reader.scan(store, 'gen/pipe.csv', 'SELECT nope FROM target', SCAN),
      );
      expect(unknownColumn.errorClass).toBe('invalid');
      expect(unknownColumn.message).toContain('nope');
      const badCast = await failure(
        reader.scan(
          store,
          'gen/quoted.csv',
          "SELECT CAST(note AS INTEGER) FROM target WHERE note = 'a, b'",
          SCAN,
        ),
      );
      expect(badCast.errorClass).toBe('invalid');
      const fake = await failure(reader.scan(store, 'gen/fake.parquet', 'SELECT * FROM target', SCAN));
      expect(fake.errorClass).toBe('invalid');
      for (const error of [unknownColumn, badCast, fake]) {
        expect(error.message).not.toContain(spoolRoot);
        expect(error.message).not.toContain(root);
        expect(error.message).not.toMatch(/\/tmp|dq-duckdb|call-/);
      }
    });

    it('lets a scan read the view only: no other file, no statement but one SELECT', async () => {
      const cases: Array<[string, string]> = [
        ["SELECT * FROM read_csv('/etc/passwd')", 'table functions'],
        ["SELECT * FROM glob('/tmp/*')", 'table functions'],
        ["SELECT * FROM '/etc/passwd'", 'tables other than'],
        ['SELECT 1 FROM target; SELECT 2', 'one SELECT'],
        ["COPY (SELECT 1) TO '/tmp/out.csv'", 'one SELECT'],
        ["SET memory_limit = '10GB'", 'one SELECT'],
      ];
      for (const [sql, fragment] of cases) {
        const counting = new CountingStore(store);
        const error = await failure(reader.scan(counting, 'gen/pipe.csv', sql, SCAN));
        expect(error.errorClass).toBe('invalid');
        expect(error.message).toContain(fragment);
        // Refused before anything was downloaded.
        expect(counting.streamsOpened).toBe(0);
      }
      const generated = await reader.scan(
        store,
        'gen/pipe.csv',
        'SELECT count(*) AS n FROM target, range(3)',
        SCAN,
      );
      expect(generated.rows).toEqual([{ n: 6 }]);
    });

    it('stops a download that hangs when the signal fires, and removes what it spooled', async () => {
      // A store whose stream sends a few bytes and then nothing: a stalled remote read.
      const stalling: RemoteFileStore = {
        list: (prefix, options) => store.list(prefix, options),
        stat: (filePath, options) => store.stat(filePath, options),
        readRange: (filePath, start, end, options) => store.readRange(filePath, start, end, options),
        openStream: async () => {
          const stream = new PassThrough();
          stream.write('id,amount\n1,10\n');
          return stream;
        },
      };
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = Date.now();
      const error = await failure(
        reader.scan(stalling, 'batch/orders_*.csv', 'SELECT count(*) FROM target', {
          ...SCAN,
          signal: controller.signal,
        }),
      );
      expect(error.errorClass).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(callDirectories()).toEqual([]);
    });

    it('reports a failed download as the store classified it, and removes what it spooled', async () => {
      let opened = 0;
      const failing: RemoteFileStore = {
        list: (prefix, options) => store.list(prefix, options),
        stat: (filePath, options) => store.stat(filePath, options),
        readRange: (filePath, start, end, options) => store.readRange(filePath, start, end, options),
        openStream: async (filePath, options) => {
          opened += 1;
          if (opened === 2) throw new DatasourceError('permission', 'The file may not be read');
          return store.openStream(filePath, options);
        },
      };
      const error = await failure(
        reader.scan(failing, 'batch/orders_*.csv', 'SELECT count(*) FROM target', SCAN),
      );
      expect(error).toMatchObject({ errorClass: 'permission', message: 'The file may not be read' });
      expect(callDirectories()).toEqual([]);
    });

    it('leaves the spool empty after success and after failure', async () => {
      await reader.scan(store, 'batch/orders_*.csv', 'SELECT count(*) AS n FROM target', SCAN);
      expect(callDirectories()).toEqual([]);
      await failure(reader.scan(store, 'batch/orders_*.csv', 'SELECT nope FROM target', SCAN));
      expect(callDirectories()).toEqual([]);
      await failure(reader.columns(store, 'gen/fake.parquet', CALL));
      expect(callDirectories()).toEqual([]);
    });

    it('runs DuckDB within the memory limit it was given', async () => {
      const bounded = new FlatFileReader(
        { egress: new EgressGuard({ nodeEnv: 'test' }), spoolDir: spoolRoot },
        {
          memoryLimitMb: 128,
        },
      );
      const result = await bounded.scan(
        store,
        'gen/pipe.csv',
        "SELECT current_setting('memory_limit') AS m, current_setting('threads') AS t FROM target LIMIT 1",
        SCAN,
      );
      expect(result.rows).toEqual([{ m: '128.0 MiB', t: 2 }]);
      await DuckDbEngine.shared({ spoolRoot, memoryLimitMb: 128 }).close();
    });
  });
});

describe('CSV batches read with their first file sniffed once', () => {
  const header = (text: string): Uint8Array => Buffer.from(text, 'utf8');
  const sniffed = (overrides: Partial<SniffedCsv> = {}): SniffedCsv => ({
    delimiter: ',',
    quote: '"',
    escape: '"',
    newLine: '\\n',
    skipRows: 0,
    hasHeader: true,
    comment: '(empty)',
    columns: [
      { name: 'id', type: 'BIGINT' },
      { name: 'name', type: 'VARCHAR' },
    ],
    dateFormat: null,
    timestampFormat: null,
    ...overrides,
  });

  it('compares the header record of every head byte for byte, line end included', () => {
    const lf = header('id,name\n1,a\n');
    expect(sameHeaderRecord([lf, header('id,name\n2,b\n3,c\n')], 'utf-8')).toBe(true);
    expect(sameHeaderRecord([lf, header('id,name,extra\n2,b,x\n')], 'utf-8')).toBe(false);
    expect(sameHeaderRecord([lf, header('name,id\nb,2\n')], 'utf-8')).toBe(false);
    expect(sameHeaderRecord([lf, header('id,name\r\n2,b\r\n')], 'utf-8')).toBe(false);
    expect(sameHeaderRecord([lf, header('\uFEFFid,name\n2,b\n')], 'utf-8')).toBe(false);
    expect(sameHeaderRecord([lf, header('id;name\n2;b\n')], 'utf-8')).toBe(false);
    // One file, or a header that does not end within the head: no batch to read as one.
    expect(sameHeaderRecord([lf], 'utf-8')).toBe(false);
    expect(sameHeaderRecord([header('id,name'), header('id,name')], 'utf-8')).toBe(false);
    // A quoted line end belongs to the header record.
    const quoted = header('id,"two\nlines"\n1,a\n');
    expect(sameHeaderRecord([quoted, header('id,"two\nlines"\n2,b\n')], 'utf-8')).toBe(true);
    expect(sameHeaderRecord([quoted, header('id,"two\nother"\n2,b\n')], 'utf-8')).toBe(false);
    const utf16 = (text: string): Uint8Array =>
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(sameHeaderRecord([utf16('id,name\n1,a\n'), utf16('id,name\n2,b\n')], 'utf-16')).toBe(true);
    expect(sameHeaderRecord([utf16('id,name\n1,a\n'), utf16('id,nome\n2,b\n')], 'utf-16')).toBe(false);
  });

  it('reads every column as text and casts the typed ones behind a check, with the sniffed dialect', () => {
    const sql = batchViewSql(['/spool/0000.csv', '/spool/0001.csv'], sniffed({ delimiter: '|' }), {
      encoding: 'latin-1',
    });
    expect(sql).toBe(
      `SELECT CAST(CASE WHEN "id" IS NULL OR regexp_full_match("id", '-?(0|[1-9][0-9]*)') THEN "id" ELSE error('CSV batch value outside the sniffed type of its column') END AS BIGINT) AS "id", "name" ` +
        `FROM read_csv(['/spool/0000.csv', '/spool/0001.csv'], header = true, auto_detect = false, delim = '|', quote = '"', escape = '"', new_line = '\\n', null_padding = true, columns = {'id': 'VARCHAR', 'name': 'VARCHAR'}, encoding = 'latin-1')`,
    );
    const serial = batchViewSql(['/spool/0000.csv'], sniffed(), { encoding: 'utf-8', serial: true });
    expect(serial).toMatch(/null_padding = true, columns = \{[^}]*\}, parallel = false\)$/);
    const quotedName = batchViewSql(
      ['/s.csv'],
      sniffed({ columns: [{ name: 'say "hi"', type: 'VARCHAR' }] }),
      {
        encoding: 'utf-8',
      },
    );
    expect(quotedName).toContain(`SELECT "say ""hi""" FROM`);
  });

  it('leaves to the view that sniffs every file what its checks do not cover', () => {
    const read = { encoding: 'utf-8' } as const;
    const paths = ['/s/0000.csv', '/s/0001.csv'];
    expect(batchViewSql(paths, sniffed(), read)).not.toBeNull();
    expect(batchViewSql(paths, sniffed({ skipRows: 2 }), read)).toBeNull();
    expect(batchViewSql(paths, sniffed({ comment: '#' }), read)).toBeNull();
    expect(batchViewSql(paths, sniffed({ hasHeader: false }), read)).toBeNull();
    expect(batchViewSql(paths, sniffed({ newLine: 'Single-Line File' }), read)).toBeNull();
    expect(batchViewSql(paths, sniffed({ dateFormat: '%d/%m/%Y' }), read)).toBeNull();
    expect(batchViewSql(paths, sniffed({ dateFormat: '%Y-%m-%d' }), read)).not.toBeNull();
    expect(batchViewSql(paths, sniffed({ timestampFormat: '%m/%d/%Y %H:%M' }), read)).toBeNull();
    for (const type of ['TIME', 'TIMESTAMP WITH TIME ZONE', 'HUGEINT', 'DECIMAL(18,3)'])
      expect(batchViewSql(paths, sniffed({ columns: [{ name: 'v', type }] }), read)).toBeNull();
    const twins = [
      { name: 'A', type: 'VARCHAR' },
      { name: 'a', type: 'VARCHAR' },
    ];
    expect(batchViewSql(paths, sniffed({ columns: twins }), read)).toBeNull();
  });

  describe('against DuckDB: a later file answers as when each file is sniffed, or fails the check', () => {
    let directory: string;
    let instance: DuckDBInstance;

    beforeAll(async () => {
      directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-csv-batch-'));
      instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    });

    afterAll(() => {
      instance.closeSync();
      fs.rmSync(directory, { recursive: true, force: true });
    });

    /** The column `v` of the second file through the view that sniffs each file and through the batch view. */
    async function bothViews(
      first: readonly string[],
      later: readonly string[],
    ): Promise<{ sniffedEach: unknown; sniffedOnce: unknown }> {
      const files = [first, later].map((values, index) => {
        const file = path.join(directory, `${index}.csv`);
        fs.writeFileSync(
          file,
          `k,v\n${values.map((value, row) => `${index * 100 + row},${value}`).join('\n')}\n`,
        );
        return file;
      });
      const connection = await instance.connect();
      try {
        const answer = async (viewSql: string): Promise<unknown> => {
          try {
            const reader = await connection.runAndReadAll(
              `SELECT typeof(v) AS type, v::VARCHAR AS v FROM (${viewSql}) WHERE k >= 100 ORDER BY k`,
            );
            return reader.getRowObjectsJson();
          } catch (error) {
            return (error as Error).message.split('\n')[0];
          }
        };
        const sniff = await connection.runAndReadAll(
          `SELECT Columns FROM sniff_csv(${sqlString(files[0])}, header = true, quote = '"', escape = '"', null_padding = true)`,
        );
        const columns = sniff.getRowObjectsJson()[0]?.['Columns'] as SniffedCsv['columns'];
        const once = batchViewSql(files, sniffed({ columns }), { encoding: 'utf-8' }) as string;
        return {
          sniffedEach: await answer(csvViewSql(files, { encoding: 'utf-8' })),
          sniffedOnce: await answer(once),
        };
      } finally {
        connection.closeSync();
      }
    }

    const guard = expect.stringContaining('CSV batch value outside the sniffed type of its column');

    it.each([
      [
        'BIGINT',
        ['1', '2'],
        [['3', '-4', '0'], ['1.5'], ['007'], ['+1'], ['1e3'], ['1_000'], ['0x10'], [' 12']],
      ],
      [
        'DOUBLE',
        ['1.5', '2'],
        [['3', '-0.25', '1.', '.5', '1e5', '1.5E-3', '-.5'], ['inf'], ['nan'], ['007.5'], ['+1.5'], [' 1.5']],
      ],
      ['BOOLEAN', ['true', 'false'], [['TRUE', 'f', 'T'], ['1'], ['yes']]],
      ['DATE', ['2024-01-01', '2024-01-02'], [['2024-02-29'], ['2024-01-01 10:00:00'], ['2024-1-5']]],
      [
        'TIMESTAMP',
        ['2024-01-01 10:00:00', '2024-01-02 11:00:00'],
        [
          ['2024-01-01T10:00:00', '2024-01-01 10:00', '2024-01-01 10:00:00.123456'],
          ['2024-01-03', '2024-01-01 10:00:00'],
          ['2024-01-01 10:00:00+01'],
        ],
      ],
    ])(
      '%s: text the check lets through reads as each file sniffed would; other text fails the check',
      async (type, first, laters) => {
        for (const [index, later] of laters.entries()) {
          const { sniffedEach, sniffedOnce } = await bothViews(first, later);
          const accepted = (sniffedOnce as Array<{ type: string }>)[0]?.type === type;
          // The first later file of each type holds only text the check lets through.
          expect({ later, accepted }).toEqual({ later, accepted: index === 0 });
          if (accepted) expect({ later, answer: sniffedOnce }).toEqual({ later, answer: sniffedEach });
          else expect({ later, answer: sniffedOnce }).toEqual({ later, answer: guard });
        }
      },
    );

    it('casts leniently where it does not check: the reason for the checks', async () => {
      const connection = await instance.connect();
      try {
        const reader = await connection.runAndReadAll(
          `SELECT '1.5'::BIGINT AS rounded, '1'::BOOLEAN AS one, '2024-01-01 10:00:00'::DATE AS day`,
        );
        expect(reader.getRowObjectsJson()).toEqual([{ rounded: '2', one: true, day: '2024-01-01' }]);
      } finally {
        connection.closeSync();
      }
    });
  });
});

describe('CSV columns sniffed as integers, checked for decimals (docs/decisions/0054)', () => {
  const GUARD = `error('CSV value with a decimal point or exponent in a column sniffed as integers')`;
  const plain = { viewSql: 'plain', serialViewSql: 'plain serial' };
  const columns = [
    { name: 'id', type: 'BIGINT' },
    { name: 'say "hi"', type: 'INTEGER' },
    { name: 'name', type: 'VARCHAR' },
    { name: 'amount', type: 'DOUBLE' },
  ];
  const duckDbError = (message: string): Error => new Error(message);

  it('reads the integer columns as text and casts them back behind a check for `.`, `e` and `E`', () => {
    const sql = integerCheckedViewSql(['/spool/0000.csv'], { encoding: 'latin-1' }, columns.slice(0, 2));
    expect(sql).toBe(
      `SELECT * REPLACE (CAST(CASE WHEN contains("id", '.') OR contains("id", 'e') OR contains("id", 'E') THEN ${GUARD} ELSE "id" END AS BIGINT) AS "id", ` +
        `CAST(CASE WHEN contains("say ""hi""", '.') OR contains("say ""hi""", 'e') OR contains("say ""hi""", 'E') THEN ${GUARD} ELSE "say ""hi""" END AS INTEGER) AS "say ""hi""") ` +
        `FROM read_csv(['/spool/0000.csv'], header = true, auto_detect = true, union_by_name = true, quote = '"', escape = '"', null_padding = true, encoding = 'latin-1', types = {'id': 'VARCHAR', 'say "hi"': 'VARCHAR'})`,
    );
    // Everything but the types is the plain view's read, serial included.
    const serial = integerCheckedViewSql(
      ['/s.csv'],
      { encoding: 'utf-8', serial: true },
      columns.slice(0, 1),
    );
    expect(serial).toMatch(/, parallel = false, types = \{'id': 'VARCHAR'\}\)$/);
    expect(serial.slice(serial.indexOf(' FROM '))).toBe(
      ` FROM ${csvViewSql(['/s.csv'], { encoding: 'utf-8', serial: true }).slice('SELECT * FROM '.length).replace(/\)$/, ", types = {'id': 'VARCHAR'})")}`,
    );
    expect(csvViewSql(['/s.csv'], { encoding: 'utf-8', sampleAll: true })).toMatch(/, sample_size = -1\)$/);
  });

  it('checks a one-file view with integer columns only, falling back to a whole-file sniff when the check trips, to numbers-only checks when that sniff finds text', () => {
    expect(integerCheckedStage(['/s.csv'], 'utf-8', columns.slice(2), plain)).toBeUndefined();
    const checked = integerCheckedStage(['/s.csv'], 'utf-8', columns, plain);
    expect(checked?.viewSql).toBe(
      integerCheckedViewSql(['/s.csv'], { encoding: 'utf-8' }, columns.slice(0, 2)),
    );
    expect(checked?.serialViewSql).toContain('parallel = false');
    // A value the cast cannot read is reported by the plain view, as it always was.
    expect(checked?.fallback?.(duckDbError(`Conversion Error: Could not convert string 'x' to INT64`))).toBe(
      plain,
    );
    expect(checked?.fallback?.(duckDbError('Binder Error: column "nope" not found'))).toBeUndefined();
    const wholeFile = checked?.fallback?.(
      duckDbError(
        'Invalid Input Error: CSV value with a decimal point or exponent in a column sniffed as integers',
      ),
    );
    expect(wholeFile?.viewSql).toBe(csvViewSql(['/s.csv'], { encoding: 'utf-8', sampleAll: true }));
    expect(wholeFile?.serialViewSql).toBe(
      csvViewSql(['/s.csv'], { encoding: 'utf-8', sampleAll: true, serial: true }),
    );
    // Integer columns turned numbers, the others as the sample typed them: read with those types, the
    // sample sniffed for the rest (a statement's bind does not sniff the whole file again).
    const retyped = (types: string[]) =>
      columns.map((column, index) => ({ ...column, type: types[index] ?? '' }));
    const typed = wholeFile?.refine?.(retyped(['DOUBLE', 'BIGINT', 'VARCHAR', 'DOUBLE']));
    expect(typed?.viewSql).toBe(
      `SELECT * FROM read_csv(['/s.csv'], header = true, auto_detect = true, union_by_name = true, quote = '"', escape = '"', null_padding = true, types = {'id': 'DOUBLE', 'say "hi"': 'BIGINT'})`,
    );
    expect(typed?.serialViewSql).toContain(
      `parallel = false, types = {'id': 'DOUBLE', 'say "hi"': 'BIGINT'}`,
    );
    expect(typed?.refine).toBeUndefined();
    // A column typed otherwise by the whole-file sniff (text among the integers, a word among the
    // numbers): the checked view stays, its check's error the answer.
    for (const types of [
      ['VARCHAR', 'INTEGER', 'VARCHAR', 'DOUBLE'],
      ['DOUBLE', 'INTEGER', 'VARCHAR', 'VARCHAR'],
    ]) {
      const kept = wholeFile?.refine?.(retyped(types));
      expect(kept?.viewSql).toBe(
        integerCheckedViewSql(['/s.csv'], { encoding: 'utf-8' }, columns.slice(0, 2), true),
      );
      expect(kept?.viewSql).toContain(
        `CASE WHEN (contains("id", '.') OR contains("id", 'e') OR contains("id", 'E')) AND TRY_CAST("id" AS DOUBLE) IS NOT NULL THEN ${GUARD} ELSE "id" END`,
      );
      expect(kept?.fallback?.(duckDbError('Conversion Error: CSV Error on Line: 7'))).toBe(plain);
      expect(
        kept?.fallback?.(
          duckDbError(
            'Invalid Input Error: CSV value with a decimal point or exponent in a column sniffed as integers',
          ),
        ),
      ).toBeUndefined();
    }
    // A column the whole-file sniff lost (another dialect): checked again too.
    expect(wholeFile?.refine?.(retyped(['DOUBLE', 'DOUBLE', 'VARCHAR']).slice(0, 3))?.viewSql).toContain(
      'TRY_CAST',
    );
  });
});
