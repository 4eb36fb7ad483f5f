/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Flat-file read benchmark: a 10-million-row Parquet file and a ~1 GB CSV, read through the
// object-store (O, S3 on moto) and file-store (F, ADLS on Azurite) adapters from their peers,
// against DuckDB reading the same local file directly. See bench/README.md.
//   npm run bench:flat-files
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance, version as duckdbVersion } from '@duckdb/node-api';
import {
  type ChildReport,
  type ChildRequest,
  type DownloadVariant,
  type Variant,
} from './flat-file-read-child';
import {
  CORES,
  connectionsThrough,
  cpuOf,
  readInChildWithPeer,
  round,
  type StorePeers,
  type StoreVariant,
  startStorePeers,
  uploadToStorePeers,
} from './flat-file-peers';
import { startPacedRelay } from './paced-relay';
import { recordResults, runBenchmark } from './bench-results';

const DATA_DIR = path.join(__dirname, '.data');
const RESULTS_FILE = path.join(__dirname, 'results', 'flat-file-read.json');
// DQ_BENCH_SCALE (default 1) shrinks both files for a quick trial; only a full-size run is recorded.
const SCALE = Number(process.env['DQ_BENCH_SCALE'] ?? '1');
const PARQUET_ROWS = Math.round(10_000_000 * SCALE);
// ~80 bytes a row: ~1 GB.
const CSV_ROWS = Math.round(13_500_000 * SCALE);
// The reader's defaults (FlatFileReader without options), used for the baseline too.
const MEMORY_LIMIT_MB = 512;
const THREADS = 2;
// Rounded: a CSV's amount is sniffed as DOUBLE, and a parallel sum of doubles differs in the last bits run to run.
const SQL =
  'SELECT count(*) AS n, round(sum(amount), 2) AS total, count(DISTINCT category) AS categories FROM target';
// The throttled link in front of each store for the CSV: MiB/s from the peer to the client (0: none),
// shared by all connections (`link`) or given to each (`connection`).
const LINK_MIB_PER_SECOND = Number(process.env['DQ_BENCH_LINK_MBPS'] ?? '200');
const LINK_SCOPE = process.env['DQ_BENCH_LINK_SCOPE'] === 'connection' ? 'connection' : 'link';
/** The CSV goal: a read's wall time at most this many times the bare download's. */
const DOWNLOAD_GOAL = 1.2;

interface BenchFile {
  name: string;
  format: 'csv' | 'parquet';
  localFile: string;
  bytes: number;
}

interface Run {
  variant: Variant;
  /** MiB/s of the paced relay the read went through; absent: straight to the peer. */
  link_mib_per_s?: number;
  seconds: number;
  rows_per_second: number;
  peak_rss_mb: number;
  rss_before_read_mb: number;
  /** Wall seconds over the baseline's: 2 means twice as slow. */
  seconds_ratio_to_baseline: number;
  peak_rss_ratio_to_baseline: number;
  /** CSV through a store: the bare download of the same object in the same run, and our time over it. */
  download_seconds?: number;
  seconds_ratio_to_download?: number;
  /** Over the larger of the download and the local read: what reading while downloading can reach. */
  seconds_ratio_to_floor?: number;
  /** CPU seconds of the read: its child process, and the peer that served it. */
  cpu_seconds?: { child: number; peer: number };
  /** The bare download's CPU seconds (child and peer), as above. */
  download_cpu_seconds?: { child: number; peer: number };
  /**
   * (Download CPU s + DuckDB's local read CPU s) / cores: the least wall time of any reader that
   * downloads and parses at once on this host.
   */
  cpu_floor_seconds?: number;
  seconds_ratio_to_cpu_floor?: number;
  /** The CPU floor over the bare download: above the goal's 1.2 the goal cannot be met on this host. */
  cpu_floor_ratio_to_download?: number;
  /** Through the relay: CPU seconds of the bench process that ran it. */
  relay_cpu_seconds?: number;
  result: Record<string, unknown>;
}

/** The bare download measured beside each store's read of a CSV. */
const DOWNLOAD_OF: Partial<Record<Variant, DownloadVariant>> = {
  'object-store': 'object-store-download',
  'file-store': 'file-store-download',
};

const COLUMNS = `range::BIGINT AS id, 'category_' || (range % 50)::VARCHAR AS category,
  ((range * 7919) % 100000 / 100)::DECIMAL(12,2) AS amount,
  TIMESTAMP '2024-01-01' + to_seconds(range) AS ts, md5((range % 100000)::VARCHAR) AS text`;

/** A read's time, rate and memory, and their ratios to the baseline's. */
function readFigures(
  read: Pick<ChildReport, 'seconds' | 'peakRssMb' | 'baselineRssMb'>,
  rowCount: number,
  baseline: { seconds: number; peakRssMb: number },
): Pick<
  Run,
  | 'seconds'
  | 'rows_per_second'
  | 'peak_rss_mb'
  | 'rss_before_read_mb'
  | 'seconds_ratio_to_baseline'
  | 'peak_rss_ratio_to_baseline'
> {
  return {
    seconds: round(read.seconds, 3),
    rows_per_second: Math.round(rowCount / read.seconds),
    peak_rss_mb: Math.round(read.peakRssMb),
    rss_before_read_mb: Math.round(read.baselineRssMb),
    seconds_ratio_to_baseline: round(read.seconds / baseline.seconds, 2),
    peak_rss_ratio_to_baseline: round(read.peakRssMb / baseline.peakRssMb, 2),
  };
}

/** Generates the files once; later runs reuse them (bench/.data is not committed). */
async function ensureData(): Promise<BenchFile[]> {
  const dataDir = SCALE === 1 ? DATA_DIR : path.join(DATA_DIR, `scale-${SCALE}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const files: Array<Omit<BenchFile, 'bytes'> & { rows: number }> = [
    {
      name: 'rows-10m.parquet',
      format: 'parquet',
      localFile: path.join(dataDir, 'rows-10m.parquet'),
      rows: PARQUET_ROWS,
    },
    { name: 'rows-1gb.csv', format: 'csv', localFile: path.join(dataDir, 'rows-1gb.csv'), rows: CSV_ROWS },
  ];
  const missing = files.filter((file) => !fs.existsSync(file.localFile));
  if (missing.length > 0) {
    const instance = await DuckDBInstance.create(':memory:', { threads: String(THREADS) });
    const connection = await instance.connect();
    for (const file of missing) {
      console.log(`generating ${file.name} (${file.rows} rows)...`);
      const partial = `${file.localFile}.partial`;
      const format = file.format === 'parquet' ? 'FORMAT parquet' : 'FORMAT csv, HEADER';
      await connection.run(`COPY (SELECT ${COLUMNS} FROM range(${file.rows})) TO '${partial}' (${format})`);
      fs.renameSync(partial, file.localFile);
    }
    connection.closeSync();
    instance.closeSync();
  }
  return files.map((file) => ({
    name: file.name,
    format: file.format,
    localFile: file.localFile,
    bytes: fs.statSync(file.localFile).size,
  }));
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')).join('\n');
}

/**
 * Each store behind a relay paced at `LINK_MIB_PER_SECOND`: the bare download and our read through
 * the same relay, the read's answer checked against DuckDB's.
 */
async function throughLink(
  peers: StorePeers,
  file: BenchFile,
  request: (
    variant: Variant | DownloadVariant,
    connection?: StorePeers['connections'][StoreVariant],
  ) => ChildRequest,
  sameAnswer: (what: string, rows: unknown) => void,
  rowCount: number,
  baseline: { seconds: number; peakRssMb: number },
): Promise<Run[]> {
  const bytesPerSecond = LINK_MIB_PER_SECOND * 2 ** 20;
  const relays = {
    'object-store': await startPacedRelay({ upstreamPort: peers.s3.port, bytesPerSecond, scope: LINK_SCOPE }),
    'file-store': await startPacedRelay({
      upstreamPort: peers.azurite.port,
      bytesPerSecond,
      scope: LINK_SCOPE,
    }),
  };
  const runs: Run[] = [];
  try {
    const connections = connectionsThrough(peers, {
      'object-store': relays['object-store'].port,
      'file-store': relays['file-store'].port,
    });
    for (const variant of STORES) {
      const download = DOWNLOAD_OF[variant] as DownloadVariant;
      const measured = async (
        what: Variant | DownloadVariant,
      ): Promise<Awaited<ReturnType<typeof readInChildWithPeer>> & { relayCpuSeconds: number }> => {
        console.log(`${what} of ${file.name} through a ${LINK_MIB_PER_SECOND} MiB/s ${LINK_SCOPE}...`);
        const before = process.cpuUsage();
        const report = await readInChildWithPeer(request(what, connections[variant]), peers.pids[variant]);
        const { user, system } = process.cpuUsage(before);
        return { ...report, relayCpuSeconds: (user + system) / 1e6 };
      };
      const bare = await measured(download);
      checkDownload(download, bare.rows, file.bytes);
      const read = await measured(variant);
      sameAnswer(`${variant} through the link`, read.rows);
      runs.push({
        variant,
        link_mib_per_s: LINK_MIB_PER_SECOND,
        ...readFigures(read, rowCount, baseline),
        download_seconds: round(bare.seconds, 3),
        seconds_ratio_to_download: round(read.seconds / bare.seconds, 2),
        seconds_ratio_to_floor: round(read.seconds / Math.max(bare.seconds, baseline.seconds), 2),
        cpu_seconds: cpuOf(read),
        download_cpu_seconds: cpuOf(bare),
        relay_cpu_seconds: round(read.relayCpuSeconds, 3),
        result: read.rows[0] ?? {},
      });
    }
  } finally {
    await Promise.all(Object.values(relays).map((relay) => relay.stop()));
  }
  return runs;
}

const STORES = ['object-store', 'file-store'] as const;

/** A copy of a connection the child may be handed (its config and credential not shared). */
function copied(
  connection: StorePeers['connections'][StoreVariant],
): StorePeers['connections'][StoreVariant] {
  return { ...connection, config: { ...connection.config }, credential: { ...connection.credential } };
}

/** Fails unless a bare download fetched the whole file. */
function checkDownload(
  download: DownloadVariant,
  rows: ReadonlyArray<Record<string, unknown>>,
  bytes: number,
): void {
  if (Number(rows[0]?.['bytes']) !== bytes)
    throw new Error(`${download} fetched ${JSON.stringify(rows)}, the file has ${bytes} bytes`);
}

async function main(): Promise<void> {
  const files = await ensureData();
  const spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-bench-spool-'));
  const peers = await startStorePeers();
  const results: Array<BenchFile & { rows: number; runs: Run[] }> = [];
  const verdicts: string[] = [];
  try {
    for (const store of STORES)
      if (peers.pids[store].length === 0)
        console.log(`(no process found serving ${store}: its peer CPU reads 0)`);
    console.log('uploading...');
    await uploadToStorePeers(
      peers,
      files.map((file) => ({ file: file.localFile, key: file.name })),
    );
    const { connections } = peers;
    for (const file of files) {
      const request = (
        variant: Variant | DownloadVariant,
        connection?: StorePeers['connections'][StoreVariant],
      ): ChildRequest => ({
        variant,
        sql: variant === 'object-store-download' || variant === 'file-store-download' ? '' : SQL,
        format: file.format,
        localFile: variant === 'duckdb-local' ? file.localFile : undefined,
        target: file.name,
        connection: connection && copied(connection),
        spoolDir: path.join(spoolRoot, variant),
        memoryLimitMb: MEMORY_LIMIT_MB,
        threads: THREADS,
      });
      const reports = [];
      for (const variant of ['duckdb-local', ...STORES] as const) {
        console.log(`reading ${file.name} with ${variant}...`);
        const report =
          variant === 'duckdb-local'
            ? await readInChildWithPeer(request(variant), [])
            : await readInChildWithPeer(request(variant, connections[variant]), peers.pids[variant]);
        reports.push({ variant, report });
      }
      const downloads = new Map<Variant, { seconds: number; cpu: { child: number; peer: number } }>();
      if (file.format === 'csv')
        for (const [variant, download] of Object.entries(DOWNLOAD_OF) as Array<
          [StoreVariant, DownloadVariant]
        >) {
          console.log(`downloading ${file.name} bare (${download})...`);
          const report = await readInChildWithPeer(
            request(download, connections[variant]),
            peers.pids[variant],
          );
          checkDownload(download, report.rows, file.bytes);
          downloads.set(variant, { seconds: report.seconds, cpu: cpuOf(report) });
        }
      const baseline = reports[0]?.report;
      if (!baseline) throw new Error('No baseline run');
      const rowCount = Number(baseline.rows[0]?.['n']);
      const sameAnswer = (what: string, rows: unknown): void => {
        if (JSON.stringify(rows) !== JSON.stringify(baseline.rows))
          throw new Error(
            `${what} answered ${JSON.stringify(rows)}, the baseline ${JSON.stringify(baseline.rows)}`,
          );
      };
      for (const { variant, report } of reports) sameAnswer(variant, report.rows);
      const runs: Run[] = reports.map(({ variant, report }) => {
        const download = downloads.get(variant);
        const cpuFloor =
          download &&
          (download.cpu.child + download.cpu.peer + baseline.cpuSeconds + baseline.peerCpuSeconds) / CORES;
        return {
          variant,
          ...readFigures(report, rowCount, baseline),
          cpu_seconds: cpuOf(report),
          ...(download && cpuFloor !== undefined
            ? {
                download_seconds: round(download.seconds, 3),
                seconds_ratio_to_download: round(report.seconds / download.seconds, 2),
                // The read's floor: the larger of the download and DuckDB's own read of the local file.
                seconds_ratio_to_floor: round(
                  report.seconds / Math.max(download.seconds, baseline.seconds),
                  2,
                ),
                download_cpu_seconds: download.cpu,
                cpu_floor_seconds: round(cpuFloor, 3),
                seconds_ratio_to_cpu_floor: round(report.seconds / cpuFloor, 2),
                cpu_floor_ratio_to_download: round(cpuFloor / download.seconds, 2),
              }
            : {}),
          result: report.rows[0] ?? {},
        };
      });
      for (const run of runs)
        if (run.cpu_floor_ratio_to_download !== undefined && run.download_cpu_seconds && run.cpu_seconds) {
          const { child, peer } = run.download_cpu_seconds;
          verdicts.push(
            `${file.name} ${run.variant}: CPU s of the download ${child.toFixed(2)} (child) + ${peer.toFixed(2)} (peer),` +
              ` of DuckDB's local read ${baseline.cpuSeconds.toFixed(2)}, of our read ${run.cpu_seconds.child.toFixed(2)}` +
              ` (child) + ${run.cpu_seconds.peer.toFixed(2)} (peer); ${CORES} cores`,
            `  cpu floor / download = ${run.cpu_floor_ratio_to_download.toFixed(2)}` +
              (run.cpu_floor_ratio_to_download > DOWNLOAD_GOAL
                ? ` > ${DOWNLOAD_GOAL}: the ${DOWNLOAD_GOAL}x goal is unreachable on this host (the peer, the download and DuckDB share the cores)`
                : ` <= ${DOWNLOAD_GOAL}: the CPU allows the goal on this host`),
          );
        }
      if (file.format === 'csv' && LINK_MIB_PER_SECOND > 0)
        runs.push(...(await throughLink(peers, file, request, sameAnswer, rowCount, baseline)));
      results.push({ ...file, rows: rowCount, runs });
    }
  } finally {
    await peers.stop();
    fs.rmSync(spoolRoot, { recursive: true, force: true });
  }
  const header = [
    'file',
    'size MB',
    'read by',
    'rows/s',
    'wall s',
    'peak RSS MB',
    'RSS before MB',
    'time ratio',
    'RSS ratio',
    'download s',
    'vs download',
    'vs floor',
    'read CPU s',
    'cpu floor s',
    'vs cpu floor',
    'cpu floor / download',
  ];
  const seconds = (value: number | undefined): string => (value === undefined ? '' : value.toFixed(2));
  const ratio = (value: number | undefined): string => (value === undefined ? '' : `${value.toFixed(2)}x`);
  const lines = results.flatMap((file) =>
    file.runs.map((run) => [
      file.name,
      String(Math.round(file.bytes / 2 ** 20)),
      run.link_mib_per_s === undefined ? run.variant : `${run.variant} via ${run.link_mib_per_s} MiB/s`,
      run.rows_per_second.toLocaleString('en-US'),
      run.seconds.toFixed(2),
      String(run.peak_rss_mb),
      String(run.rss_before_read_mb),
      `${run.seconds_ratio_to_baseline.toFixed(2)}x`,
      `${run.peak_rss_ratio_to_baseline.toFixed(2)}x`,
      seconds(run.download_seconds),
      ratio(run.seconds_ratio_to_download),
      ratio(run.seconds_ratio_to_floor),
      seconds(run.cpu_seconds && run.cpu_seconds.child + run.cpu_seconds.peer),
      seconds(run.cpu_floor_seconds),
      ratio(run.seconds_ratio_to_cpu_floor),
      run.cpu_floor_ratio_to_download === undefined ? '' : run.cpu_floor_ratio_to_download.toFixed(2),
    ]),
  );
  console.log(`\n${table([header, ...lines])}\n`);
  for (const verdict of verdicts) console.log(verdict);
  if (LINK_MIB_PER_SECOND > 0)
    console.log(
      `"via": through a loopback relay pacing the peer's bytes at ${LINK_MIB_PER_SECOND} MiB/s a ${LINK_SCOPE}`,
    );
  const output = {
    measured_at: new Date().toISOString(),
    query: SQL,
    settings: {
      memory_limit_mb: MEMORY_LIMIT_MB,
      threads: THREADS,
      link_mib_per_s: LINK_MIB_PER_SECOND,
      link_scope: LINK_SCOPE,
    },
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? null,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      duckdb: duckdbVersion(),
    },
    files: results.map((file) => ({
      file: file.name,
      format: file.format,
      bytes: file.bytes,
      rows: file.rows,
      runs: file.runs,
    })),
  };
  recordResults(RESULTS_FILE, output, SCALE);
}

runBenchmark(main);
