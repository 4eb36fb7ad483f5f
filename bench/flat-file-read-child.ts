/* eslint-disable no-console -- a benchmark step: its one output line is its result. */
// One measured read in its own process, so peak RSS belongs to that read alone:
//   node -r ./tools/register.cjs bench/flat-file-read-child.ts '<json of ChildRequest>'
// Prints one JSON line (ChildReport).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { DuckDBInstance } from '@duckdb/node-api';
import { EgressGuard } from '@dq/security';
import {
  type DatasourceConnection,
  type QueryResult,
} from '../libs/datasources/src/adapter/datasource-adapter';
import { FileStoreAdapter } from '../libs/datasources/src/file-store/file-store-adapter';
import { toJsonSafe } from '../libs/datasources/src/flat-files/duckdb-values';
import { ObjectStoreAdapter } from '../libs/datasources/src/object-store/object-store-adapter';
import { ownCpuSeconds } from './process-cpu';

export type Variant = 'duckdb-local' | 'object-store' | 'file-store';
/** The object fetched whole with the store's own SDK and dropped: what a read of it cannot beat. */
export type DownloadVariant = 'object-store-download' | 'file-store-download';

export interface ChildRequest {
  variant: Variant | DownloadVariant;
  sql: string;
  format: 'csv' | 'parquet';
  /** duckdb-local: the local file (or a glob of files). */
  localFile?: string;
  /**
   * duckdb-local, CSV: a file whose sniffed columns the read of `localFile` uses, with DuckDB's
   * detection off (a glob's files are then not sniffed one by one).
   */
  sniffFrom?: string;
  /** object-store / file-store: the target inside the bucket or filesystem, and the connection. */
  target?: string;
  /** A bare download of several objects instead of `target`, `inFlight` at a time. */
  targets?: string[];
  inFlight?: number;
  connection?: DatasourceConnection;
  /** Spool directory of the adapters; DuckDB's temp directory for the baseline. */
  spoolDir: string;
  memoryLimitMb: number;
  threads: number;
}

export interface ChildReport {
  rows: Record<string, unknown>[];
  seconds: number;
  baselineRssMb: number;
  peakRssMb: number;
  /** CPU seconds of the measured step: every thread of the child, and any child it waited for. */
  cpuSeconds: number;
}

const TIMEOUT_MS = 3_600_000;

function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The baseline: DuckDB on the local file, same limits, same view and query as the reader. */
async function duckdbLocal(request: ChildRequest): Promise<QueryResult['rows']> {
  const file = request.localFile ?? '';
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: `${request.memoryLimitMb}MiB`,
    threads: String(request.threads),
    temp_directory: path.join(request.spoolDir, 'duckdb-temp'),
  });
  const connection = await instance.connect();
  const csv = (target: string, options: string): string =>
    `SELECT * FROM read_csv(${sqlString(target)}, header = true, quote = '"', escape = '"', ${options})`;
  let view: string;
  if (request.format === 'parquet') view = `SELECT * FROM read_parquet(${sqlString(file)})`;
  else if (request.sniffFrom === undefined) view = csv(file, 'auto_detect = true');
  else {
    const described = await connection.runAndReadAll(
      `DESCRIBE ${csv(request.sniffFrom, 'auto_detect = true')}`,
    );
    const columns = described
      .getRowObjects()
      .map((row) => `${sqlString(String(row['column_name']))}: ${sqlString(String(row['column_type']))}`);
    view = csv(file, `auto_detect = false, delim = ',', columns = {${columns.join(', ')}}`);
  }
  await connection.run(`CREATE TEMP VIEW target AS ${view}`);
  const reader = await connection.runAndReadAll(request.sql);
  // The reader's own conversion, so both answers compare as equal JSON.
  return reader
    .getRowObjects()
    .map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, toJsonSafe(value)])));
}

async function viaAdapter(request: ChildRequest): Promise<QueryResult['rows']> {
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const deps = { egress, spoolDir: request.spoolDir };
  const adapter =
    request.variant === 'object-store' ? new ObjectStoreAdapter(deps) : new FileStoreAdapter(deps);
  if (!request.connection || !request.target)
    throw new Error('An adapter read needs a connection and a target');
  const result = await adapter.scan(request.connection, request.target, request.sql, {
    timeoutMs: TIMEOUT_MS,
    maxRows: 100,
  });
  return result.rows;
}

/**
 * Bytes of a bare download of the target (or of each of `targets`, `inFlight` at a time), every
 * body read to its end and dropped.
 */
async function bareDownload(request: ChildRequest): Promise<QueryResult['rows']> {
  const { connection } = request;
  const targets = request.targets ?? (request.target === undefined ? [] : [request.target]);
  if (!connection || targets.length === 0) throw new Error('A download needs a connection and a target');
  const config = connection.config as Record<string, string>;
  const credential = connection.credential as Record<string, string>;
  let open: (target: string) => Promise<NodeJS.ReadableStream | undefined>;
  if (request.variant === 'object-store-download') {
    const client = new S3Client({
      endpoint: config['endpoint_url'],
      region: config['region'],
      forcePathStyle: true,
      credentials: {
        accessKeyId: credential['access_key_id'] ?? '',
        secretAccessKey: credential['secret_access_key'] ?? '',
      },
    });
    open = async (target) =>
      (await client.send(new GetObjectCommand({ Bucket: config['bucket'], Key: target }))).Body as
        NodeJS.ReadableStream | undefined;
  } else {
    const accountUrl = config['account_url'] ?? '';
    const container = new ContainerClient(
      `${accountUrl}/${config['filesystem']}`,
      new StorageSharedKeyCredential(accountUrl.split('/').at(-1) ?? '', credential['account_key'] ?? ''),
    );
    open = async (target) => (await container.getBlobClient(target).download()).readableStreamBody;
  }
  let bytes = 0;
  const pending = [...targets];
  await Promise.all(
    Array.from({ length: Math.min(request.inFlight ?? 1, targets.length) }, async () => {
      for (let target = pending.shift(); target !== undefined; target = pending.shift())
        for await (const chunk of (await open(target)) ?? []) bytes += (chunk as Uint8Array).byteLength;
    }),
  );
  return [{ bytes }];
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '{}') as ChildRequest;
  fs.mkdirSync(request.spoolDir, { recursive: true });
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  const cpuBefore = ownCpuSeconds();
  const started = process.hrtime.bigint();
  const rows =
    request.variant === 'duckdb-local'
      ? await duckdbLocal(request)
      : request.variant === 'object-store' || request.variant === 'file-store'
        ? await viaAdapter(request)
        : await bareDownload(request);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuSeconds = ownCpuSeconds() - cpuBefore;
  const report: ChildReport = {
    rows,
    seconds,
    baselineRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds,
  };
  console.log(JSON.stringify(report));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    process.exit(1);
  },
);
