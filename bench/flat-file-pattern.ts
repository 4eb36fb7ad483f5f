/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Flat-file batch-pattern benchmark: a pattern of 1,000 files of 10,000 rows each against one file
// of the same rows, CSV and Parquet, read through the object-store (O, S3 on moto) and file-store
// (F, ADLS on Azurite) adapters from their peers, with DuckDB reading the one local file beside
// them. The companion of flat-file-read.ts (same child process, same query). See bench/README.md.
//   node -r ./tools/register.cjs bench/flat-file-pattern.ts
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { type ChildReport, type DownloadVariant, type Variant } from './flat-file-read-child';
import { recordResults, runBenchmark } from './bench-results';
import {
  CORES,
  cpuOf,
  readInChildWithPeer,
  round,
  type StorePeers,
  startStorePeers,
  uploadToStorePeers,
} from './flat-file-peers';

const DATA_DIR = path.join(__dirname, '.data', 'patterns');
const RESULTS_FILE = path.join(__dirname, 'results', 'flat-file-pattern.json');
// DQ_BENCH_SCALE (default 1) shrinks the number of files (never the rows of one); only a full run is recorded.
const SCALE = Number(process.env['DQ_BENCH_SCALE'] ?? '1');
const FILE_COUNT = Math.max(10, Math.round(1000 * SCALE));
const ROWS_PER_FILE = 10_000;
// The reader's defaults, as in flat-file-read.ts.
const MEMORY_LIMIT_MB = 512;
const THREADS = 2;
const SQL =
  'SELECT count(*) AS n, round(sum(amount), 2) AS total, count(DISTINCT category) AS categories FROM target';
const COLUMNS = `range::BIGINT AS id, 'category_' || (range % 50)::VARCHAR AS category,
  ((range * 7919) % 100000 / 100)::DECIMAL(12,2) AS amount,
  TIMESTAMP '2024-01-01' + to_seconds(range) AS ts, md5((range % 100000)::VARCHAR) AS text`;
const UPLOADS_IN_FLIGHT = 16;
/** The bare fetch's requests in flight: the reader's own bound for small files. */
const BARE_FETCHES_IN_FLIGHT = 16;
const DOWNLOAD_OF = { 'object-store': 'object-store-download', 'file-store': 'file-store-download' } as const;

type Format = 'csv' | 'parquet';

interface PatternData {
  format: Format;
  /** The part files (`part_0000.<ext>`...) and the one file holding all their rows. */
  parts: string[];
  whole: string;
  partBytes: number;
  wholeBytes: number;
}

export interface PatternRun {
  format: Format;
  files: number;
  rows: number;
  part_bytes: number;
  whole_bytes: number;
  read_by: Variant;
  pattern_seconds: number;
  one_file_seconds: number;
  /** Pattern seconds over one-file seconds through the same store: the goal is at most 1.5. */
  pattern_ratio: number;
  /** Every part fetched whole with the store's SDK, `BARE_FETCHES_IN_FLIGHT` at a time, and dropped. */
  bare_fetch_seconds: number;
  /** Pattern seconds over the larger of the one file's and the bare fetch's: what the host allows. */
  pattern_ratio_to_floor: number;
  /** CPU seconds of the pattern's read: its child process and the peer that served it. */
  pattern_cpu_seconds: { child: number; peer: number } | null;
  /** CPU seconds of the bare fetch of every part (child and peer). */
  bare_fetch_cpu_seconds: { child: number; peer: number } | null;
  /** duckdb-local: CPU seconds of DuckDB reading the local parts with the pattern's query. */
  local_parts_cpu_seconds: number | null;
  /**
   * (Bare fetch CPU s + DuckDB's local parts read CPU s) / cores: the least wall time of any reader
   * that fetches and parses the parts on this host.
   */
  cpu_floor_seconds: number | null;
  pattern_ratio_to_cpu_floor: number | null;
}

/** Generates the parts and the whole file once per scale; later runs reuse them (bench/.data is not committed). */
async function ensureData(format: Format): Promise<PatternData> {
  const dataDir = path.join(DATA_DIR, `${format}-${FILE_COUNT}`);
  const parts = Array.from({ length: FILE_COUNT }, (_, index) =>
    path.join(dataDir, `part_${String(index).padStart(4, '0')}.${format}`),
  );
  const whole = path.join(dataDir, `whole.${format}`);
  if (!fs.existsSync(whole)) {
    console.log(`generating ${FILE_COUNT} ${format} files of ${ROWS_PER_FILE} rows and their whole...`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const instance = await DuckDBInstance.create(':memory:', { threads: String(THREADS) });
    const connection = await instance.connect();
    const options = format === 'parquet' ? 'FORMAT parquet' : 'FORMAT csv, HEADER';
    for (const [index, part] of parts.entries())
      await connection.run(
        `COPY (SELECT ${COLUMNS} FROM range(${index * ROWS_PER_FILE}, ${(index + 1) * ROWS_PER_FILE})) TO '${part}' (${options})`,
      );
    await connection.run(
      `COPY (SELECT ${COLUMNS} FROM range(${FILE_COUNT * ROWS_PER_FILE})) TO '${whole}.partial' (${options})`,
    );
    fs.renameSync(`${whole}.partial`, whole);
    connection.closeSync();
    instance.closeSync();
  }
  const partBytes = parts.reduce((total, part) => total + fs.statSync(part).size, 0);
  return { format, parts, whole, partBytes, wholeBytes: fs.statSync(whole).size };
}

const STORE_OF = {
  'object-store': 'object-store',
  'file-store': 'file-store',
  'object-store-download': 'object-store',
  'file-store-download': 'file-store',
} as const;

/** Every file under `<format>/` in the bucket and the filesystem, a few uploads at a time. */
async function upload(peers: StorePeers, data: PatternData[]): Promise<void> {
  const files = data.flatMap((set) =>
    [...set.parts, set.whole].map((file) => ({ file, key: `${set.format}/${path.basename(file)}` })),
  );
  await uploadToStorePeers(peers, files, UPLOADS_IN_FLIGHT);
}

/**
 * The pattern and the one file through each store, each read in its own process; the answers must
 * match DuckDB's on the local whole file.
 */
export async function benchFilePatterns(peers: StorePeers, spoolRoot: string): Promise<PatternRun[]> {
  const data = await Promise.all((['csv', 'parquet'] as const).map(ensureData));
  console.log(`uploading ${data.length * (FILE_COUNT + 1)} files to each peer...`);
  await upload(peers, data);
  const { connections } = peers;
  const runs: PatternRun[] = [];
  for (const set of data) {
    const localParts = path.join(path.dirname(set.whole), `part_*.${set.format}`);
    const read = (
      variant: Variant | DownloadVariant,
      target?: string,
      targets?: string[],
    ): Promise<ChildReport & { peerCpuSeconds: number }> =>
      readInChildWithPeer(
        {
          variant,
          targets,
          inFlight: BARE_FETCHES_IN_FLIGHT,
          sql: SQL,
          format: set.format,
          localFile: variant === 'duckdb-local' ? (target ?? set.whole) : undefined,
          // The local parts read with the first part's sniffed columns, as the reader's batches are.
          sniffFrom:
            variant === 'duckdb-local' && target !== undefined && set.format === 'csv'
              ? set.parts[0]
              : undefined,
          target: variant === 'duckdb-local' ? undefined : target,
          connection: variant === 'duckdb-local' ? undefined : connections[STORE_OF[variant]],
          spoolDir: path.join(spoolRoot, `${set.format}-${variant}`),
          memoryLimitMb: MEMORY_LIMIT_MB,
          threads: THREADS,
        },
        variant === 'duckdb-local' ? [] : peers.pids[STORE_OF[variant]],
      );
    console.log(`reading the whole ${set.format} locally with DuckDB...`);
    const local = await read('duckdb-local');
    console.log(`reading the local parts with DuckDB (${localParts})...`);
    const localPattern = await read('duckdb-local', localParts);
    if (JSON.stringify(localPattern.rows) !== JSON.stringify(local.rows))
      throw new Error(
        `DuckDB on the local parts answered ${JSON.stringify(localPattern.rows)}, on the whole ${JSON.stringify(local.rows)}`,
      );
    for (const variant of ['object-store', 'file-store'] as const) {
      console.log(`reading ${set.format}/part_*.${set.format} and the whole file with ${variant}...`);
      const pattern = await read(variant, `${set.format}/part_*.${set.format}`);
      const one = await read(variant, `${set.format}/${path.basename(set.whole)}`);
      const partKeys = set.parts.map((part) => `${set.format}/${path.basename(part)}`);
      const bare = await read(DOWNLOAD_OF[variant], undefined, partKeys);
      if (Number(bare.rows[0]?.['bytes']) !== set.partBytes)
        throw new Error(
          `the bare fetch got ${JSON.stringify(bare.rows)}, the parts hold ${set.partBytes} bytes`,
        );
      for (const [what, report] of [
        ['pattern', pattern],
        ['one file', one],
      ] as const)
        if (JSON.stringify(report.rows) !== JSON.stringify(local.rows))
          throw new Error(
            `${variant} ${what} answered ${JSON.stringify(report.rows)}, DuckDB ${JSON.stringify(local.rows)}`,
          );
      const cpuFloor = (bare.cpuSeconds + bare.peerCpuSeconds + localPattern.cpuSeconds) / CORES;
      runs.push({
        format: set.format,
        files: FILE_COUNT,
        rows: FILE_COUNT * ROWS_PER_FILE,
        part_bytes: set.partBytes,
        whole_bytes: set.wholeBytes,
        read_by: variant,
        pattern_seconds: round(pattern.seconds, 3),
        one_file_seconds: round(one.seconds, 3),
        pattern_ratio: round(pattern.seconds / one.seconds, 2),
        bare_fetch_seconds: round(bare.seconds, 3),
        pattern_ratio_to_floor: round(pattern.seconds / Math.max(one.seconds, bare.seconds), 2),
        pattern_cpu_seconds: cpuOf(pattern),
        bare_fetch_cpu_seconds: cpuOf(bare),
        local_parts_cpu_seconds: null,
        cpu_floor_seconds: round(cpuFloor, 3),
        pattern_ratio_to_cpu_floor: round(pattern.seconds / cpuFloor, 2),
      });
    }
    runs.push({
      format: set.format,
      files: FILE_COUNT,
      rows: FILE_COUNT * ROWS_PER_FILE,
      part_bytes: set.partBytes,
      whole_bytes: set.wholeBytes,
      read_by: 'duckdb-local',
      pattern_seconds: round(localPattern.seconds, 3),
      one_file_seconds: round(local.seconds, 3),
      pattern_ratio: round(localPattern.seconds / local.seconds, 2),
      bare_fetch_seconds: Number.NaN,
      pattern_ratio_to_floor: Number.NaN,
      pattern_cpu_seconds: cpuOf(localPattern),
      bare_fetch_cpu_seconds: null,
      local_parts_cpu_seconds: round(localPattern.cpuSeconds, 3),
      cpu_floor_seconds: null,
      pattern_ratio_to_cpu_floor: null,
    });
  }
  return runs;
}

async function main(): Promise<void> {
  const spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-bench-pattern-'));
  const peers = await startStorePeers();
  let runs: PatternRun[];
  try {
    runs = await benchFilePatterns(peers, spoolRoot);
  } finally {
    await peers.stop();
    fs.rmSync(spoolRoot, { recursive: true, force: true });
  }
  console.log(
    '\nformat   files  rows        read by        pattern s  one file s  ratio   bare fetch s  vs floor  pattern CPU s  cpu floor s  vs cpu floor',
  );
  for (const run of runs)
    console.log(
      [
        run.format.padEnd(7),
        String(run.files).padStart(5),
        String(run.rows).padStart(10),
        run.read_by.padEnd(13),
        (Number.isNaN(run.pattern_seconds) ? '' : run.pattern_seconds.toFixed(2)).padStart(9),
        run.one_file_seconds.toFixed(2).padStart(10),
        (Number.isNaN(run.pattern_ratio) ? '' : `${run.pattern_ratio.toFixed(2)}x`).padEnd(6),
        (Number.isNaN(run.bare_fetch_seconds) ? '' : run.bare_fetch_seconds.toFixed(2)).padStart(12),
        (Number.isNaN(run.pattern_ratio_to_floor) ? '' : `${run.pattern_ratio_to_floor.toFixed(2)}x`).padEnd(
          8,
        ),
        (run.pattern_cpu_seconds
          ? (run.pattern_cpu_seconds.child + run.pattern_cpu_seconds.peer).toFixed(2)
          : ''
        ).padStart(13),
        (run.cpu_floor_seconds === null ? '' : run.cpu_floor_seconds.toFixed(2)).padStart(11),
        run.pattern_ratio_to_cpu_floor === null ? '' : `${run.pattern_ratio_to_cpu_floor.toFixed(2)}x`,
      ].join('  '),
    );
  for (const run of runs)
    if (run.bare_fetch_cpu_seconds && run.cpu_floor_seconds !== null) {
      const local = runs.find((other) => other.format === run.format && other.read_by === 'duckdb-local');
      console.log(
        `${run.format} ${run.read_by}: CPU s of the bare fetch ${run.bare_fetch_cpu_seconds.child.toFixed(2)} (child)` +
          ` + ${run.bare_fetch_cpu_seconds.peer.toFixed(2)} (peer), of DuckDB on the local parts` +
          ` ${(local?.local_parts_cpu_seconds ?? 0).toFixed(2)}; ${CORES} cores`,
      );
    }
  recordResults(
    RESULTS_FILE,
    {
      measured_at: new Date().toISOString(),
      query: SQL,
      settings: {
        memory_limit_mb: MEMORY_LIMIT_MB,
        threads: THREADS,
        bare_fetches_in_flight: BARE_FETCHES_IN_FLIGHT,
      },
      runs,
    },
    SCALE,
  );
}

if (require.main === module) runBenchmark(main);
