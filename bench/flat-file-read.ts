/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Flat-file read benchmark: a 10-million-row Parquet file and a ~1 GB CSV, read through the
// object-store (O, S3 on moto) and file-store (F, ADLS on Azurite) adapters from their peers,
// against DuckDB reading the same local file directly. See bench/README.md.
//   npm run bench:flat-files
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance, version as duckdbVersion } from '@duckdb/node-api';
import { type ChildReport, type DownloadVariant, type Variant } from './flat-file-read-child';
import { readInChild, round, startStorePeers, uploadToStorePeers } from './flat-file-peers';
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

interface BenchFile {
  name: string;
  format: 'csv' | 'parquet';
  localFile: string;
  bytes: number;
}

interface Run {
  variant: Variant;
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

async function main(): Promise<void> {
  const files = await ensureData();
  const spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-bench-spool-'));
  const peers = await startStorePeers();
  const results: Array<BenchFile & { rows: number; runs: Run[] }> = [];
  try {
    console.log('uploading...');
    await uploadToStorePeers(
      peers,
      files.map((file) => ({ file: file.localFile, key: file.name })),
    );
    const { connections } = peers;
    for (const file of files) {
      const reports: Array<{ variant: Variant; report: ChildReport }> = [];
      for (const variant of ['duckdb-local', 'object-store', 'file-store'] as const) {
        console.log(`reading ${file.name} with ${variant}...`);
        const report = await readInChild({
          variant,
          sql: SQL,
          format: file.format,
          localFile: file.localFile,
          target: file.name,
          connection:
            variant === 'duckdb-local'
              ? undefined
              : {
                  ...connections[variant],
                  config: { ...connections[variant].config },
                  credential: { ...connections[variant].credential },
                },
          spoolDir: path.join(spoolRoot, variant),
          memoryLimitMb: MEMORY_LIMIT_MB,
          threads: THREADS,
        });
        reports.push({ variant, report });
      }
      const downloads = new Map<Variant, number>();
      if (file.format === 'csv')
        for (const [variant, download] of Object.entries(DOWNLOAD_OF) as Array<[Variant, DownloadVariant]>) {
          const connection = connections[variant as keyof typeof connections];
          console.log(`downloading ${file.name} bare (${download})...`);
          const report = await readInChild({
            variant: download,
            sql: '',
            format: file.format,
            target: file.name,
            connection: {
              ...connection,
              config: { ...connection.config },
              credential: { ...connection.credential },
            },
            spoolDir: path.join(spoolRoot, download),
            memoryLimitMb: MEMORY_LIMIT_MB,
            threads: THREADS,
          });
          if (Number(report.rows[0]?.['bytes']) !== file.bytes)
            throw new Error(
              `${download} fetched ${JSON.stringify(report.rows)}, the file has ${file.bytes} bytes`,
            );
          downloads.set(variant, report.seconds);
        }
      const baseline = reports[0]?.report;
      if (!baseline) throw new Error('No baseline run');
      const rowCount = Number(baseline.rows[0]?.['n']);
      for (const { variant, report } of reports)
        if (JSON.stringify(report.rows) !== JSON.stringify(baseline.rows))
          throw new Error(
            `${variant} answered ${JSON.stringify(report.rows)}, the baseline ${JSON.stringify(baseline.rows)}`,
          );
      results.push({
        ...file,
        rows: rowCount,
        runs: reports.map(({ variant, report }) => ({
          variant,
          seconds: round(report.seconds, 3),
          rows_per_second: Math.round(rowCount / report.seconds),
          peak_rss_mb: Math.round(report.peakRssMb),
          rss_before_read_mb: Math.round(report.baselineRssMb),
          seconds_ratio_to_baseline: round(report.seconds / baseline.seconds, 2),
          peak_rss_ratio_to_baseline: round(report.peakRssMb / baseline.peakRssMb, 2),
          ...(downloads.has(variant)
            ? {
                download_seconds: round(downloads.get(variant) ?? 0, 3),
                seconds_ratio_to_download: round(report.seconds / (downloads.get(variant) ?? 1), 2),
                // The read's floor: the larger of the download and DuckDB's own read of the local file.
                seconds_ratio_to_floor: round(
                  report.seconds / Math.max(downloads.get(variant) ?? 0, baseline.seconds),
                  2,
                ),
              }
            : {}),
          result: report.rows[0] ?? {},
        })),
      });
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
  ];
  const lines = results.flatMap((file) =>
    file.runs.map((run) => [
      file.name,
      String(Math.round(file.bytes / 2 ** 20)),
      run.variant,
      run.rows_per_second.toLocaleString('en-US'),
      run.seconds.toFixed(2),
      String(run.peak_rss_mb),
      String(run.rss_before_read_mb),
      `${run.seconds_ratio_to_baseline.toFixed(2)}x`,
      `${run.peak_rss_ratio_to_baseline.toFixed(2)}x`,
      run.download_seconds === undefined ? '' : run.download_seconds.toFixed(2),
      run.seconds_ratio_to_download === undefined ? '' : `${run.seconds_ratio_to_download.toFixed(2)}x`,
      run.seconds_ratio_to_floor === undefined ? '' : `${run.seconds_ratio_to_floor.toFixed(2)}x`,
    ]),
  );
  console.log(`\n${table([header, ...lines])}\n`);
  const output = {
    measured_at: new Date().toISOString(),
    query: SQL,
    settings: { memory_limit_mb: MEMORY_LIMIT_MB, threads: THREADS },
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
