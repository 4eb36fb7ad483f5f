import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { type CallOptions, type FileEntry, type TransferTally } from '../adapter/datasource-adapter';
import { rowsOfEach, wholeParquetRows } from '../../test/statement-rows';
import { DuckDbEngine } from './duckdb-engine';
import { textOf } from './duckdb-values';
import { FlatFileReader } from './flat-file-reader';
import { LocalFileStore } from './local-file-store';
import {
  coalesce,
  countingStore,
  type RangedTesting,
  rangedParquetView,
  SPECULATIVE_FOOTER_BYTES,
  WHOLE_OBJECT_BYTES,
} from './ranged-parquet';
import { type RemoteFileStore } from './remote-file-store';
import { statementColumns } from './statement-columns';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const CALL: CallOptions = { timeoutMs: 60_000 };
/** Fills every byte the ranged reader did not fetch: a read of one fails or changes a result. */
const POISON = 0xa5;

/** Every Parquet file under `directory`, relative to it. */
function parquetFiles(directory: string): string[] {
  return (fs.readdirSync(directory, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.parquet'))
    .sort();
}

/** A store over a local directory that, unlike `LocalFileStore`, cannot hard-link: it reads as a remote one does. */
function remoteLike(root: string): RemoteFileStore {
  const local = new LocalFileStore(root);
  return {
    list: (prefix, options) => local.list(prefix, options),
    stat: (file, options) => local.stat(file, options),
    readRange: (file, start, end, options) => local.readRange(file, start, end, options),
    openStream: (file, options) => local.openStream(file, options),
  };
}

describe('ranged Parquet reads', () => {
  let root: string;
  let spoolRoot: string;
  let engine: DuckDbEngine;
  let reader: FlatFileReader;
  let store: RemoteFileStore;
  const generated: string[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-ranged-root-'));
    spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-ranged-spool-'));
    fs.cpSync(path.join(REPO_ROOT, 'fixtures/csv-parquet/parquet'), path.join(root, 'csv-parquet'), {
      recursive: true,
    });
    fs.cpSync(path.join(REPO_ROOT, 'fixtures/iceberg'), path.join(root, 'iceberg'), { recursive: true });
    fs.mkdirSync(path.join(root, 'gen'));
    const generator = await DuckDBInstance.create(':memory:');
    const connection = await generator.connect();
    const gen = (name: string): string => path.join(root, 'gen', name);
    // Several row groups; a dictionary-encoded string, nested struct, list and map columns, nulls.
    await connection.run(
      `COPY (SELECT range::BIGINT AS id,
                    ['red', 'green', 'blue'][1 + range % 3] AS colour,
                    CASE WHEN range % 7 = 0 THEN NULL ELSE range * 1.25 END AS amount,
                    {'a': range % 11, 'b': 'x' || (range % 5)} AS pair,
                    [range, range + 1] AS items,
                    MAP {'k': range % 4} AS tags,
                    (TIMESTAMP '2024-01-01' + INTERVAL (range) SECOND) AS ts,
                    md5(range::VARCHAR) AS digest
             FROM range(200000)) TO '${gen('groups.parquet')}' (FORMAT parquet, ROW_GROUP_SIZE 40000)`,
    );
    // A footer far larger than the first read from the end.
    const wide = Array.from(
      { length: 1500 },
      (_, index) => `range + ${index} AS column_with_a_long_name_${index}`,
    );
    await connection.run(
      `COPY (SELECT ${wide.join(', ')} FROM range(50)) TO '${gen('wide.parquet')}' (FORMAT parquet)`,
    );
    connection.closeSync();
    generator.closeSync();
    generated.push('gen/groups.parquet', 'gen/wide.parquet');
    engine = new DuckDbEngine({ spoolRoot });
    reader = new FlatFileReader({ egress: undefined as never, spoolDir: spoolRoot });
    store = remoteLike(root);
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(spoolRoot, { recursive: true, force: true });
  });

  /** The rows of each statement over the ranged view, every unfetched byte poisoned, and what was fetched. */
  async function rangedRows(
    file: string,
    statements: readonly string[],
    testing: RangedTesting = {},
  ): Promise<{ results: unknown[]; tally: TransferTally }> {
    const tally: TransferTally = { bytes: 0, requests: 0 };
    const counted = countingStore(store, tally);
    const entry: FileEntry = await store.stat(file, CALL);
    const directory = await engine.createCallDirectory();
    try {
      const results = await engine.withView(
        () =>
          rangedParquetView(engine, counted, [entry], directory, CALL, { unfetchedByte: POISON, ...testing }),
        CALL,
        (scan) => rowsOfEach(scan, statements),
      );
      return { results, tally };
    } finally {
      await engine.removeCallDirectory(directory);
    }
  }

  /** The rows of each statement over the whole file, as a full download reads it. */
  function fullRows(file: string, statements: readonly string[]): Promise<unknown[]> {
    return wholeParquetRows(engine, path.join(root, file), statements, CALL);
  }

  async function columnsOf(file: string): Promise<string[]> {
    return (await reader.columns(store, file, CALL)).map((column) => column.name);
  }

  /** One statement per column, one per pair of neighbours with a filter, a count and the whole row. */
  function statementsFor(columns: readonly string[]): string[] {
    const quoted = columns.map((name) => `"${name.replace(/"/g, '""')}"`);
    const statements = quoted.slice(0, 40).map((name) => `SELECT ${name} FROM target`);
    for (let index = 0; index + 1 < Math.min(quoted.length, 40); index += 1)
      statements.push(
        `SELECT count(*) AS n, count(${quoted[index + 1]}) AS c FROM target WHERE ${quoted[index]} IS NOT NULL`,
      );
    statements.push('SELECT count(*) AS n FROM target', 'SELECT * FROM target LIMIT 500');
    return statements;
  }

  const fixtureFiles = (): string[] => [
    ...parquetFiles(path.join(REPO_ROOT, 'fixtures/csv-parquet/parquet')).map(
      (name) => `csv-parquet/${name}`,
    ),
    ...parquetFiles(path.join(REPO_ROOT, 'fixtures/iceberg')).map((name) => `iceberg/${name}`),
  ];

  it('finds fixture files to read', () => {
    expect(fixtureFiles().length).toBeGreaterThan(20);
  });

  it('gives every fixture file (nested, dictionary-encoded, empty, Iceberg data and delete files) the rows a full download gives', async () => {
    for (const file of [...fixtureFiles(), ...generated]) {
      const statements = statementsFor(await columnsOf(file));
      // The footer read on its own (8 bytes first), never the whole file: each fixture goes through its planned chunks.
      const ranged = await rangedRows(file, statements, { tailBytes: 8, wholeObjectBytes: -1 });
      expect({ file, results: ranged.results }).toEqual({ file, results: await fullRows(file, statements) });
    }
  }, 300_000);

  it('fetches a small file whole in one request, with the rows a full download gives', async () => {
    for (const file of [...fixtureFiles(), ...generated]) {
      const size = fs.statSync(path.join(root, file)).size;
      if (size > WHOLE_OBJECT_BYTES) continue;
      const statements = statementsFor(await columnsOf(file));
      const whole = await rangedRows(file, statements);
      expect({ file, results: whole.results }).toEqual({ file, results: await fullRows(file, statements) });
      expect({ file, ...whole.tally }).toEqual({ file, requests: 1, bytes: size });
    }
  }, 300_000);

  it('fetches the footer and the chunks of the named columns only, of every row group', async () => {
    const size = fs.statSync(path.join(root, 'gen/groups.parquet')).size;
    // Above the whole-object size: read by ranges.
    expect(size).toBeGreaterThan(WHOLE_OBJECT_BYTES);
    const one = await rangedRows('gen/groups.parquet', ['SELECT sum(id) AS s FROM target']);
    expect(one.results).toEqual(await fullRows('gen/groups.parquet', ['SELECT sum(id) AS s FROM target']));
    expect(one.tally.bytes).toBeLessThan(size / 3);
    // The footer, the first 4 bytes, and one range per row group (5) at most.
    expect(one.tally.requests).toBeLessThanOrEqual(1 + 1 + 1 + 5);

    const all = await rangedRows('gen/groups.parquet', ['SELECT * FROM target']);
    expect(all.tally.bytes).toBeGreaterThanOrEqual(size - SPECULATIVE_FOOTER_BYTES);
    expect(all.tally.bytes).toBeLessThanOrEqual(size + SPECULATIVE_FOOTER_BYTES);
  }, 60_000);

  it('fetches more columns for a later statement of the same session, and nothing twice', async () => {
    const statements = [
      'SELECT count(colour) AS c FROM target',
      'SELECT count(DISTINCT colour) AS c, max(digest) AS d FROM target',
      'SELECT colour, digest FROM target WHERE id % 1000 = 0',
    ];
    const ranged = await rangedRows('gen/groups.parquet', statements);
    expect(ranged.results).toEqual(await fullRows('gen/groups.parquet', statements));
    const size = fs.statSync(path.join(root, 'gen/groups.parquet')).size;
    expect(ranged.tally.bytes).toBeLessThan(size);
  }, 60_000);

  it('reads a footer larger than the first tail read with one more ranged read', async () => {
    const statements = ['SELECT column_with_a_long_name_1499 AS v FROM target'];
    const ranged = await rangedRows('gen/wide.parquet', statements, { wholeObjectBytes: -1 });
    expect(ranged.results).toEqual(await fullRows('gen/wide.parquet', statements));
    const size = fs.statSync(path.join(root, 'gen/wide.parquet')).size;
    expect(ranged.tally.bytes).toBeLessThan(size);
  }, 60_000);

  it('reads whole-row references (a table alias as a value, positional references) over every column', async () => {
    const statements = [
      'SELECT t FROM target t LIMIT 3',
      'SELECT #2 FROM target LIMIT 3',
      "SELECT COLUMNS('^c') FROM target LIMIT 3",
      'WITH w AS (SELECT id, colour FROM target) SELECT w FROM w LIMIT 3',
      'SELECT x FROM target AS t(x) ORDER BY x LIMIT 3',
      'SELECT count(*) AS n FROM (SELECT * FROM target LIMIT 100) NATURAL JOIN (SELECT * FROM target LIMIT 50)',
    ];
    const ranged = await rangedRows('gen/groups.parquet', statements);
    expect(ranged.results).toEqual(await fullRows('gen/groups.parquet', statements));
  }, 60_000);

  it('reads a remote Parquet target through the flat-file reader without downloading it whole', async () => {
    let streams = 0;
    const watched: RemoteFileStore = {
      ...store,
      openStream: (file, options) => {
        streams += 1;
        return store.openStream(file, options);
      },
    };
    const result = await reader.scan(watched, 'gen/groups.parquet', 'SELECT max(amount) AS m FROM target', {
      ...CALL,
      maxRows: 1,
    });
    expect(result.rows).toEqual([{ m: 249998.75 }]);
    expect(streams).toBe(0);
    // Not Parquet: spooled whole, and DuckDB's own refusal is the answer.
    fs.writeFileSync(path.join(root, 'gen/fake.parquet'), 'id,name\n1,a\n');
    const refused = await reader
      .scan(watched, 'gen/fake.parquet', 'SELECT count(*) FROM target', { ...CALL, maxRows: 1 })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ errorClass: 'invalid' });
    expect(streams).toBe(1);
  }, 60_000);
});

describe('statementColumns', () => {
  const columns = ['id', 'Colour', 'pair', 'amount'];
  async function tree(sql: string): Promise<unknown> {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS tree', [sql]);
      return JSON.parse(textOf(reader.getRowObjectsJson()[0]?.['tree']));
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }

  it.each([
    ['SELECT count(*) FROM target', []],
    ['SELECT count("colour"), min(ID) FROM target WHERE amount > 1', ['Colour', 'id', 'amount']],
    ['SELECT pair.a FROM target', ['pair']],
    ['SELECT target.amount AS id2 FROM target ORDER BY id2', ['amount']],
    ['SELECT x FROM (SELECT id AS x FROM target) s', ['id']],
  ])('%s reads %j', async (sql, expected) => {
    const found = statementColumns(await tree(sql), columns);
    expect(found === 'all' ? 'all' : [...found].sort()).toEqual([...expected].sort());
  });

  it.each([
    'SELECT * FROM target',
    'SELECT t.* FROM target t',
    "SELECT COLUMNS('a') FROM target",
    'SELECT #1 FROM target',
    'SELECT t FROM target t',
    'SELECT target FROM target',
    'WITH w AS (SELECT id FROM target) SELECT w FROM w',
    'SELECT x FROM target AS t(x)',
    'SELECT count(*) FROM target NATURAL JOIN target AS t2',
    'SELECT pair FROM target AS pair',
    'SUMMARIZE target',
    'PIVOT target ON colour USING sum(amount)',
  ])('%s reads every column', async (sql) => {
    expect(statementColumns(await tree(sql), columns)).toBe('all');
  });

  it('coalesces ranges closer than the gap and keeps the others apart', () => {
    expect(
      coalesce(
        [
          { start: 100, end: 200 },
          { start: 0, end: 50 },
          { start: 52, end: 90 },
          { start: 1000, end: 1100 },
        ],
        5,
      ),
    ).toEqual([
      { start: 0, end: 90 },
      { start: 100, end: 200 },
      { start: 1000, end: 1100 },
    ]);
  });
});
