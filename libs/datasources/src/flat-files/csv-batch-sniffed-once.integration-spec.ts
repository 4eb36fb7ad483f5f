import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type StorePeers, startStorePeers } from '../../test/store-peers';
import { type CallOptions, type QueryResult } from '../adapter/datasource-adapter';
import { toJsonSafe } from './duckdb-values';
import { csvViewSql, FlatFileReader } from './flat-file-reader';
import { type RemoteFileStore } from './remote-file-store';

// CSV batches whose files share one header, read with the first file's sniff through the S3 (moto)
// and ADLS (Azurite) peers: every answer equals the view that sniffs each file, whether the batch
// is read as one dataset, falls back to that view mid-session, or is read by it from the start
// (docs/decisions/0052).

const FILES = 40;
const ROWS_PER_FILE = 25;
const BUCKET = 'dq-csv-batches';
const FILESYSTEM = 'csvbatches';
const CALL: CallOptions = { timeoutMs: 120_000 };
const HEADER = 'id,category,amount,qty,flag,day,seen_at,note';

const pad = (value: number): string => String(value).padStart(2, '0');

/** One row of each type the batch view checks: integer, double (quarters), boolean, date, timestamp, text. */
function row(id: number): string[] {
  const note = id % 7 === 0 ? '' : `"note ${id % 11}, kept"`;
  return [
    String(id),
    `cat_${id % 13}`,
    String(((id * 37) % 1000) / 4),
    String(id % 9),
    id % 2 === 0 ? 'true' : 'false',
    `2024-01-${pad(1 + (id % 28))}`,
    `2024-01-01 ${pad(id % 24)}:${pad(id % 60)}:00`,
    note,
  ];
}

/** The batches: each a list of file contents, changed from the shared rows where the case needs it. */
function batches(): Record<string, string[]> {
  const files = (
    change: (file: number, cells: string[]) => void = () => undefined,
    header: (file: number) => string = () => HEADER,
  ) =>
    Array.from({ length: FILES }, (_, file) => {
      const rows = Array.from({ length: ROWS_PER_FILE }, (_, index) => {
        const cells = row(file * ROWS_PER_FILE + index);
        change(file, cells);
        return cells.join(',');
      });
      return `${header(file)}\n${rows.join('\n')}\n`;
    });
  return {
    same: files(),
    // A later file's integer column holds a decimal: typed DOUBLE when each file is sniffed.
    decimal: files((file, cells) => {
      if (file === 25 && cells[0] === String(25 * ROWS_PER_FILE + 3)) cells[3] = '2.5';
    }),
    // The first file's qty is empty throughout: sniffed as text there, BIGINT from the others.
    nulls: files((file, cells) => {
      if (file === 0) cells[3] = '';
    }),
    // A later file's numeric column holds a word: the column is text when each file is sniffed.
    text: files((file, cells) => {
      if (file === 30 && cells[0] === String(30 * ROWS_PER_FILE + 7)) cells[2] = 'n/a';
    }),
    // One file names its columns in another order.
    headers: files(
      (file, cells) => {
        if (file === 10) cells.reverse();
      },
      (file) => (file === 10 ? HEADER.split(',').reverse().join(',') : HEADER),
    ),
  };
}

const partName = (batch: string, index: number): string =>
  `${batch}/part_${String(index).padStart(4, '0')}.csv`;

const STATEMENTS = [
  'SELECT * FROM target ORDER BY id',
  `SELECT count(*) AS n, count(note) AS notes, sum(amount) AS amount_sum, min(amount) AS amount_min,
     max(amount) AS amount_max, sum(qty) AS qty_sum, count(DISTINCT category) AS categories,
     sum(CASE WHEN flag THEN 1 ELSE 0 END) AS flags, min(day) AS first_day, max(seen_at) AS last_seen FROM target`,
  'SELECT category, count(*) AS n, sum(amount) AS total FROM target GROUP BY category ORDER BY category',
];

/** A statement's rows and column types, or the first line of the error it failed with. */
type Answer = (Pick<QueryResult, 'rows'> & { types: string[] }) | { error: string };

function answerOf(result: QueryResult): Answer {
  return { types: result.columns.map((column) => column.type), rows: result.rows };
}

function failureOf(error: unknown): Answer {
  // By shape, not instanceof: DuckDB's errors may come from another realm (the test sandbox).
  const message = (error as { message?: unknown } | null)?.message;
  return { error: (typeof message === 'string' ? message : String(error)).split('\n')[0] ?? '' };
}

/** The reader's answer as the reference's: the same rows and types, or a failure saying the same. */
function expectSameAnswer(answer: Answer, reference: Answer): void {
  if ('error' in reference) expect(answer).toEqual({ error: expect.stringContaining(reference.error) });
  else expect(answer).toEqual(reference);
}

describe('CSV batches read with their first file sniffed once, on the S3 and ADLS peers', () => {
  let workDir: string;
  let spoolDir: string;
  let reader: FlatFileReader;
  let storePeers: StorePeers | undefined;
  let reference: DuckDBInstance;
  const contents = batches();
  /** The view statements the engine ran, in order (observed, not replaced). */
  let views: string[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'dq-csv-batch-'));
    spoolDir = await mkdtemp(path.join(tmpdir(), 'dq-csv-batch-spool-'));
    const objects: Array<{ key: string; body: string }> = [];
    for (const [batch, files] of Object.entries(contents)) {
      await mkdir(path.join(workDir, batch));
      for (const [index, body] of files.entries()) {
        objects.push({ key: partName(batch, index), body });
        await writeFile(path.join(workDir, partName(batch, index)), body);
      }
    }
    const whole = contents['same']?.map((body) => body.slice(HEADER.length + 1)).join('') ?? '';
    objects.push({ key: 'whole/all.csv', body: `${HEADER}\n${whole}` });
    storePeers = await startStorePeers({ bucket: BUCKET, filesystem: FILESYSTEM, objects });
    reader = new FlatFileReader({ egress: storePeers.egress, spoolDir });
    reference = await DuckDBInstance.create(':memory:', { threads: '2' });
    const run = DuckDBConnection.prototype.run;
    jest.spyOn(DuckDBConnection.prototype, 'run').mockImplementation(function (
      this: DuckDBConnection,
      sql,
      ...rest
    ) {
      if (/^CREATE (OR REPLACE )?TEMP VIEW target AS /.test(sql)) views.push(sql);
      return run.call(this, sql, ...rest);
    });
  }, 300_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    reference?.closeSync();
    await storePeers?.stop();
    await rm(workDir, { recursive: true, force: true });
    await rm(spoolDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    views = [];
  });

  /** `sql` over the view that sniffs every file (today's batch view), on local copies of the batch. */
  async function sniffedEach(batch: string, sql: string): Promise<Answer> {
    const files = contents[batch]?.map((_, index) => path.join(workDir, partName(batch, index))) ?? [];
    const connection = await reference.connect();
    try {
      await connection.run(`CREATE OR REPLACE VIEW target AS ${csvViewSql(files, { encoding: 'utf-8' })}`);
      let result;
      try {
        result = await connection.runAndReadAll(sql);
      } catch (error) {
        return failureOf(error);
      }
      const names = result.columnNames();
      return {
        types: result.columnTypes().map(String),
        rows: result
          .getRows()
          .map((values) =>
            Object.fromEntries(names.map((name, index) => [name, toJsonSafe(values[index] ?? null)])),
          ),
      };
    } finally {
      connection.closeSync();
    }
  }

  /**
   * What kind of view each view statement made: the batch read with one sniff, or each file sniffed
   * (its integer columns checked for decimals, docs/decisions/0054).
   */
  const viewKinds = (): string[] =>
    views.map((sql) =>
      sql.includes('union_by_name = true')
        ? sql.includes('SELECT * REPLACE (')
          ? 'sniffed-each-checked'
          : 'sniffed-each'
        : sql.includes('auto_detect = false')
          ? 'sniffed-once'
          : 'other',
    );

  describe.each(['S3 (moto)', 'ADLS (Azurite)'])('%s', (name) => {
    const open = (): Promise<RemoteFileStore> =>
      name === 'S3 (moto)'
        ? (storePeers as StorePeers).openS3(spoolDir, CALL)
        : (storePeers as StorePeers).openAdls(spoolDir, CALL);

    it('reads a batch whose files share a header as one dataset: as one file of the same rows, as each file sniffed', async () => {
      const store = await open();
      for (const sql of STATEMENTS) {
        views = [];
        const many = answerOf(await reader.scan(store, 'same/part_*.csv', sql, { ...CALL, maxRows: 10_000 }));
        expect(viewKinds()).toEqual(['sniffed-once']);
        const one = answerOf(await reader.scan(store, 'whole/all.csv', sql, { ...CALL, maxRows: 10_000 }));
        expect(many).toEqual(one);
        expect(many).toEqual(await sniffedEach('same', sql));
        expect('rows' in many && many.rows.length).toBeGreaterThan(0);
      }
    }, 180_000);

    const once = ['sniffed-once'];
    // The fallback's files are not counted against the sniff sample: its integer columns are checked.
    const fellBack = ['sniffed-once', 'sniffed-each', 'sniffed-each-checked'];
    const each = ['sniffed-each'];
    // The views each of STATEMENTS ran over: a statement that reads no misfit is answered by the batch view.
    it.each([
      ['decimal', 'a later file with a decimal in an integer column', [fellBack, fellBack, once]],
      // Today's view types the column as text: the sum over it fails alike.
      ['text', 'a later file with a word in a numeric column', [fellBack, fellBack, fellBack]],
      ['nulls', 'a first file whose column is empty throughout', [each, each, each]],
      ['headers', 'a file whose header differs', [each, each, each]],
    ])(
      'answers %s (%s) as the view that sniffs each file',
      async (batch, _case, kinds) => {
        const store = await open();
        const pattern = `${batch}/part_*.csv`;
        for (const [index, sql] of STATEMENTS.entries()) {
          views = [];
          const answer = await reader
            .scan(store, pattern, sql, { ...CALL, maxRows: 10_000 })
            .then(answerOf, failureOf);
          expectSameAnswer(answer, await sniffedEach(batch, sql));
          expect({ sql, views: viewKinds() }).toEqual({ sql, views: kinds[index] });
        }
      },
      180_000,
    );

    it('switches a session to the view that sniffs each file at the first statement that meets a misfit, for good', async () => {
      const store = await open();
      const statements = [
        // Reads no column with a misfit: answered by the batch view.
        'SELECT count(*) AS n, count(DISTINCT category) AS categories FROM target',
        // Reads the decimal in the integer column: the check fails, the statement runs again.
        'SELECT sum(qty) AS qty_sum, max(qty) AS qty_max FROM target',
        ...STATEMENTS,
      ];
      const kindsAfter: string[][] = [];
      await reader.withScan(store, 'decimal/part_*.csv', CALL, async (scan) => {
        for (const sql of statements) {
          expectSameAnswer(answerOf(await scan.query(sql, 10_000)), await sniffedEach('decimal', sql));
          kindsAfter.push(viewKinds());
        }
      });
      expect(kindsAfter[0]).toEqual(['sniffed-once']);
      for (const kinds of kindsAfter.slice(1)) expect(kinds).toEqual(fellBack);
    }, 180_000);
  });
});
