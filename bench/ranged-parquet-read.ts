/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Ranged Parquet reads: a 3-column suite over a 10-million-row, 10-column Parquet file, read through
// the object-store (O, S3 on moto and on s3rver) and file-store (F, ADLS on Azurite) adapters, side
// by side with DuckDB reading the local file. Reports bytes fetched, requests and wall time. See bench/README.md.
//   npm run bench:ranged-parquet
//   DQ_BENCH_SCALE=0.01 npm run bench:ranged-parquet   # a quick trial, not recorded
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { DuckDBInstance, version as duckdbVersion } from '@duckdb/node-api';
import { EgressGuard } from '@dq/security';
import { type S3Peer, startRangedS3Peer } from '@dq/testing';
import {
  type DatasourceAdapter,
  type DatasourceConnection,
  type TransferTally,
} from '../libs/datasources/src/adapter/datasource-adapter';
import { FileStoreAdapter } from '../libs/datasources/src/file-store/file-store-adapter';
import { toJsonSafe } from '../libs/datasources/src/flat-files/duckdb-values';
import { ObjectStoreAdapter } from '../libs/datasources/src/object-store/object-store-adapter';
import {
  BUCKET,
  benchS3Client,
  objectStoreConnection,
  startStorePeers,
  uploadToS3,
  uploadToStorePeers,
} from './flat-file-peers';
import { recordResults, runBenchmark } from './bench-results';

const DATA_DIR = path.join(__dirname, '.data');
const RESULTS_FILE = path.join(__dirname, 'results', 'ranged-parquet-read.json');
const SCALE = Number(process.env['DQ_BENCH_SCALE'] ?? '1');
const ROWS = Math.round(10_000_000 * SCALE);
const THREADS = 2;
const TIMEOUT_MS = 3_600_000;

const COLUMNS = `range::BIGINT AS id, 'category_' || (range % 50)::VARCHAR AS category,
  ((range * 7919) % 100000 / 100)::DECIMAL(12,2) AS amount, TIMESTAMP '2024-01-01' + to_seconds(range) AS ts,
  md5((range % 100000)::VARCHAR) AS text, (range % 997)::INTEGER AS store_id, (range * 31 % 1000003)::BIGINT AS sku,
  ((range % 1000) / 10.0)::DOUBLE AS discount, 'note ' || (range % 7919)::VARCHAR AS note, (range % 2 = 0) AS flag`;
/** The suite's three columns, and its statements: the fused scan and one sample read. */
const SUITE_COLUMNS = ['id', 'category', 'amount'];
const STATEMENTS = [
  `SELECT count(*) AS n, count(id) AS ids, count(DISTINCT id) AS distinct_ids, count(category) AS categories,
          min(amount) AS min_amount, max(amount) AS max_amount, round(sum(amount), 2) AS total FROM target`,
  `SELECT id, category, amount FROM target WHERE amount > 999 LIMIT 20`,
];

async function ensureData(): Promise<string> {
  const dataDir = SCALE === 1 ? DATA_DIR : path.join(DATA_DIR, `scale-${SCALE}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'rows-10m-10cols.parquet');
  if (fs.existsSync(file)) return file;
  console.log(`generating ${path.basename(file)} (${ROWS} rows)...`);
  const instance = await DuckDBInstance.create(':memory:', { threads: String(THREADS) });
  const connection = await instance.connect();
  await connection.run(`COPY (SELECT ${COLUMNS} FROM range(${ROWS})) TO '${file}.partial' (FORMAT parquet)`);
  connection.closeSync();
  instance.closeSync();
  fs.renameSync(`${file}.partial`, file);
  return file;
}

/** The bytes the suite needs at least: its columns' chunks in every row group, and the footer. */
async function neededBytes(file: string): Promise<{ chunks: number; footer: number }> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(
    `SELECT sum(total_compressed_size)::BIGINT AS bytes FROM parquet_metadata('${file}')
     WHERE path_in_schema IN (${SUITE_COLUMNS.map((name) => `'${name}'`).join(', ')})`,
  );
  connection.closeSync();
  instance.closeSync();
  const handle = await fs.promises.open(file, 'r');
  const tail = Buffer.alloc(8);
  await handle.read(tail, 0, 8, fs.statSync(file).size - 8);
  await handle.close();
  return { chunks: Number(reader.getRowObjectsJson()[0]?.['bytes']), footer: tail.readUInt32LE(0) + 8 };
}

interface Measured {
  read_by: string;
  seconds: number;
  bytes_fetched: number | null;
  requests: number | null;
  rows: unknown[];
}

async function local(file: string): Promise<Measured> {
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(THREADS),
    memory_limit: '512MiB',
  });
  const connection = await instance.connect();
  const started = process.hrtime.bigint();
  await connection.run(`CREATE TEMP VIEW target AS SELECT * FROM read_parquet('${file}')`);
  const rows: unknown[] = [];
  for (const sql of STATEMENTS) {
    const reader = await connection.runAndReadAll(sql);
    rows.push(
      reader
        .getRowObjects()
        .map((row) =>
          Object.fromEntries(Object.entries(row).map(([name, value]) => [name, toJsonSafe(value)])),
        ),
    );
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  connection.closeSync();
  instance.closeSync();
  return { read_by: 'duckdb-local', seconds, bytes_fetched: null, requests: null, rows };
}

async function remote(
  readBy: string,
  adapter: DatasourceAdapter,
  connection: DatasourceConnection,
  key: string,
): Promise<Measured> {
  const transfer: TransferTally = { bytes: 0, requests: 0 };
  const started = process.hrtime.bigint();
  const rows = await adapter.withScan!(connection, key, { timeoutMs: TIMEOUT_MS, transfer }, async (scan) => {
    const answers: unknown[] = [];
    for (const sql of STATEMENTS) answers.push((await scan.query(sql, 100)).rows);
    return answers;
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { read_by: readBy, seconds, bytes_fetched: transfer.bytes, requests: transfer.requests, rows };
}

/** One bare GET of the whole object from moto, for scale: what the peer costs for any request. */
async function bareGetSeconds(peer: S3Peer, key: string): Promise<number> {
  const client = benchS3Client(peer);
  const started = process.hrtime.bigint();
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key, Range: 'bytes=0-0' }));
  await object.Body?.transformToByteArray();
  client.destroy();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(): Promise<void> {
  const file = await ensureData();
  const key = path.basename(file);
  const size = fs.statSync(file).size;
  const needed = await neededBytes(file);
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-bench-ranged-'));
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const peers = await startStorePeers();
  const rangedS3 = await startRangedS3Peer();
  const runs: Measured[] = [];
  let rangedGetSeconds = 0;
  try {
    console.log('uploading...');
    await uploadToStorePeers(peers, [{ file, key }]);
    const client = benchS3Client(rangedS3);
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    await uploadToS3(client, file, key);
    client.destroy();
    runs.push(await local(file));
    runs.push(
      await remote(
        'object-store',
        new ObjectStoreAdapter({ egress, spoolDir }),
        peers.connections['object-store'],
        key,
      ),
    );
    runs.push(
      await remote(
        'file-store',
        new FileStoreAdapter({ egress, spoolDir }),
        peers.connections['file-store'],
        key,
      ),
    );
    runs.push(
      await remote(
        'object-store (s3rver)',
        new ObjectStoreAdapter({ egress, spoolDir }),
        objectStoreConnection(rangedS3),
        key,
      ),
    );
    rangedGetSeconds = await bareGetSeconds(peers.s3, key);
  } finally {
    await Promise.all([peers.stop(), rangedS3.stop()]);
    egress.destroy();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  }
  const baseline = runs[0];
  for (const run of runs)
    if (JSON.stringify(run.rows) !== JSON.stringify(baseline.rows))
      throw new Error(
        `${run.read_by} answered ${JSON.stringify(run.rows)}, the local read ${JSON.stringify(baseline.rows)}`,
      );
  const neededTotal = needed.chunks + needed.footer;
  const report = runs.map((run) => ({
    read_by: run.read_by,
    seconds: Number(run.seconds.toFixed(3)),
    time_ratio_to_local: Number((run.seconds / baseline.seconds).toFixed(2)),
    bytes_fetched: run.bytes_fetched,
    requests: run.requests,
    bytes_ratio_to_needed:
      run.bytes_fetched === null ? null : Number((run.bytes_fetched / neededTotal).toFixed(3)),
  }));
  console.log(
    `\n${key}: ${(size / 2 ** 20).toFixed(1)} MiB, ${ROWS} rows; the suite's 3 columns' chunks ${(needed.chunks / 2 ** 20).toFixed(1)} MiB + footer ${needed.footer} B`,
  );
  console.table(report);
  console.log(
    `one 1-byte ranged GET of the object from moto: ${rangedGetSeconds.toFixed(3)} s (moto reads the whole object for any range)`,
  );
  const output = {
    measured_at: new Date().toISOString(),
    statements: STATEMENTS,
    file: {
      name: key,
      bytes: size,
      rows: ROWS,
      needed_chunk_bytes: needed.chunks,
      footer_bytes: needed.footer,
    },
    moto_one_byte_range_get_seconds: Number(rangedGetSeconds.toFixed(3)),
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? null,
      node: process.version,
      duckdb: duckdbVersion(),
    },
    runs: report,
  };
  recordResults(RESULTS_FILE, output, SCALE);
}

runBenchmark(main);
