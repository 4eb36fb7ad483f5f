import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { rowsOfEach, wholeParquetRows } from '../../test/statement-rows';
import { type StorePeers, startStorePeers } from '../../test/store-peers';
import {
  type CallOptions,
  type DatasourceAdapter,
  type DatasourceConnection,
  type TransferTally,
} from '../adapter/datasource-adapter';
import { DuckDbEngine } from './duckdb-engine';
import { WHOLE_OBJECT_BYTES } from './ranged-parquet';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const BUCKET = 'dq-ranged';
const FILESYSTEM = 'lake-ranged';
const CALL: CallOptions = { timeoutMs: 60_000 };

/** Every Parquet file under `directory`, relative to it. */
function parquetFiles(directory: string): string[] {
  return (fs.readdirSync(directory, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.parquet'))
    .sort();
}

/** A statement per column, a filtered pair, a count and whole rows: what a suite's fused scan and samples send. */
function statementsFor(columns: readonly string[]): string[] {
  const quoted = columns.slice(0, 20).map((name) => `"${name.replace(/"/g, '""')}"`);
  const statements = quoted.map((name) => `SELECT ${name} FROM target`);
  if (quoted.length > 1)
    statements.push(
      `SELECT count(*) AS n, count(${quoted[1]}) AS c FROM target WHERE ${quoted[0]} IS NOT NULL`,
    );
  statements.push('SELECT count(*) AS n FROM target', 'SELECT * FROM target LIMIT 200');
  return statements;
}

describe('ranged Parquet reads against the S3 (moto) and ADLS (Azurite) peers', () => {
  let workDir: string;
  let engine: DuckDbEngine;
  let peers: StorePeers;
  let objectStore: DatasourceAdapter;
  let fileStore: DatasourceAdapter;
  /** Object key → local path of the same bytes. */
  const objects = new Map<string, string>();
  /** The chunks of `amount` and `colour` in `groups.parquet` plus its footer: the least a ranged read of them fetches. */
  let groupsNeeded = 0;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-ranged-peers-'));
    const generator = await DuckDBInstance.create(':memory:');
    const connection = await generator.connect();
    const groups = path.join(workDir, 'groups.parquet');
    await connection.run(
      `COPY (SELECT range::BIGINT AS id, ['red', 'green', 'blue'][1 + range % 3] AS colour,
                    CASE WHEN range % 7 = 0 THEN NULL ELSE range * 1.25 END AS amount,
                    {'a': range % 11, 'b': 'x' || (range % 5)} AS pair, [range, range + 1] AS items,
                    md5(range::VARCHAR) AS digest
             FROM range(150000)) TO '${groups}' (FORMAT parquet, ROW_GROUP_SIZE 30000)`,
    );
    const chunks = await connection.runAndReadAll(
      `SELECT sum(total_compressed_size)::BIGINT AS bytes FROM parquet_metadata('${groups}')
       WHERE path_in_schema IN ('amount', 'colour')`,
    );
    const footer = fs.readFileSync(groups).subarray(-8).readUInt32LE(0) + 8;
    groupsNeeded = Number(chunks.getRowObjectsJson()[0]?.['bytes']) + footer;
    const wide = path.join(workDir, 'wide.parquet');
    const columns = Array.from(
      { length: 1500 },
      (_, index) => `range + ${index} AS column_with_a_long_name_${index}`,
    );
    // Enough rows to be read by ranges rather than whole.
    await connection.run(`COPY (SELECT ${columns.join(', ')} FROM range(400)) TO '${wide}' (FORMAT parquet)`);
    connection.closeSync();
    generator.closeSync();
    objects.set('gen/groups.parquet', groups);
    objects.set('gen/wide.parquet', wide);
    const fixtures = path.join(REPO_ROOT, 'fixtures/csv-parquet/parquet');
    for (const name of parquetFiles(fixtures)) objects.set(`fixtures/${name}`, path.join(fixtures, name));
    const iceberg = path.join(REPO_ROOT, 'fixtures/iceberg');
    for (const name of parquetFiles(iceberg)) objects.set(`iceberg/${name}`, path.join(iceberg, name));

    peers = await startStorePeers({
      bucket: BUCKET,
      filesystem: FILESYSTEM,
      objects: [...objects].map(([key, local]) => ({ key, body: new Uint8Array(fs.readFileSync(local)) })),
    });

    const spoolDir = path.join(workDir, 'spool');
    ({ objectStore, fileStore } = peers.adapters(spoolDir));
    engine = DuckDbEngine.shared({ spoolRoot: spoolDir });
  }, 180_000);

  afterAll(async () => {
    await peers?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  const stores: Array<[string, () => { adapter: DatasourceAdapter; connection: DatasourceConnection }]> = [
    ['S3', () => ({ adapter: objectStore, connection: peers.s3Connection })],
    ['ADLS', () => ({ adapter: fileStore, connection: peers.adlsConnection })],
  ];

  /** Each statement's rows over the remote object, and what was fetched for them. */
  async function remoteRows(
    store: () => { adapter: DatasourceAdapter; connection: DatasourceConnection },
    key: string,
    statements: readonly string[],
  ): Promise<{ results: unknown[]; tally: TransferTally }> {
    const { adapter, connection } = store();
    const tally: TransferTally = { bytes: 0, requests: 0 };
    const results = await adapter.withScan!(connection, key, { ...CALL, transfer: tally }, (scan) =>
      rowsOfEach(scan, statements),
    );
    return { results, tally };
  }

  /** Each statement's rows over the local copy, read whole. */
  function localRows(key: string, statements: readonly string[]): Promise<unknown[]> {
    return wholeParquetRows(engine, objects.get(key) as string, statements, CALL);
  }

  describe.each(stores)('%s', (_name, store) => {
    it('gives every fixture Parquet file and Iceberg data file the rows of a full download', async () => {
      for (const key of objects.keys()) {
        const { adapter, connection } = store();
        const columns = (await adapter.columns(connection, key, CALL)).map((column) => column.name);
        const statements = statementsFor(columns);
        const remote = await remoteRows(store, key, statements);
        expect({ key, results: remote.results }).toEqual({ key, results: await localRows(key, statements) });
        // A small object costs its stat and one GET of all of it, whatever the statements.
        const size = fs.statSync(objects.get(key) as string).size;
        if (size <= WHOLE_OBJECT_BYTES)
          expect({ key, ...remote.tally }).toEqual({ key, requests: 2, bytes: size });
      }
    }, 300_000);

    it('fetches less than the object for a column subset, and counts its requests', async () => {
      const size = fs.statSync(objects.get('gen/groups.parquet') as string).size;
      expect(size).toBeGreaterThan(WHOLE_OBJECT_BYTES);
      const statements = [
        'SELECT count(*) AS n, count(amount) AS a, min(colour) AS c FROM target',
        'SELECT amount, colour FROM target WHERE amount IS NULL LIMIT 10',
      ];
      const remote = await remoteRows(store, 'gen/groups.parquet', statements);
      expect(remote.results).toEqual(await localRows('gen/groups.parquet', statements));
      expect(remote.tally.bytes).toBeLessThan(size / 2);
      // The bytes goal: at most 1.1 times the needed chunks plus the footer (the speculative tail read included).
      expect(remote.tally.bytes).toBeLessThanOrEqual(1.1 * groupsNeeded);
      // A stat, the footer, then at most one range per row group (5) and column (2), and the magic.
      expect(remote.tally.requests).toBeGreaterThanOrEqual(3);
      expect(remote.tally.requests).toBeLessThanOrEqual(2 + 1 + 5 * 2);

      const wideSize = fs.statSync(objects.get('gen/wide.parquet') as string).size;
      expect(wideSize).toBeGreaterThan(WHOLE_OBJECT_BYTES);
      const wideStatements = ['SELECT sum(column_with_a_long_name_7) AS s FROM target'];
      const wide = await remoteRows(store, 'gen/wide.parquet', wideStatements);
      expect(wide.results).toEqual(await localRows('gen/wide.parquet', wideStatements));
      expect(wide.tally.bytes).toBeLessThan(wideSize);
    }, 60_000);
  });
});
