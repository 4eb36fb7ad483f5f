/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// B2: row count and freshness from metadata against count(*)/max() over the data.
//   npm run bench:metadata       (needs bench:suite-run's data: run that first)
// Parquet footer (a local file and the same file on the S3 peer), Iceberg snapshot summary (the
// fixture tables through our REST catalog peer), PostgreSQL statistics (the 10M-row table).
// Reported: median of 5, alternating order; bytes read or scans started by the metadata path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from 'pg';
import {
  type CallOptions,
  type FileEntry,
  FlatFileReader,
  IcebergAdapter,
  LocalFileStore,
  ObjectStoreAdapter,
  PostgresAdapter,
} from '@dq/datasources';
import { type RemoteFileStore } from '@dq/datasources';
import { EgressGuard } from '@dq/security';
import {
  createS3PeerBucket,
  createS3PeerUser,
  putS3PeerObject,
  startIcebergCatalogPeer,
  startS3Peer,
} from '@dq/testing';

const DATA_DIR = path.join(__dirname, '.data', 'suite-run');
const RESULTS_FILE = path.join(__dirname, 'results', 'metadata-reads.json');
const PG_DATABASE = 'dq_bench_suite_full';
const REPEATS = 5;
const CALL: CallOptions = { timeoutMs: 600_000 };

class CountingStore implements RemoteFileStore {
  bytes = 0;
  constructor(private readonly inner: RemoteFileStore) {}
  list(prefix: string, options: CallOptions): Promise<FileEntry[]> {
    return this.inner.list(prefix, options);
  }
  stat(file: string, options: CallOptions): Promise<FileEntry> {
    return this.inner.stat(file, options);
  }
  async readRange(file: string, start: number, end: number, options: CallOptions): Promise<Uint8Array> {
    const bytes = await this.inner.readRange(file, start, end, options);
    this.bytes += bytes.byteLength;
    return bytes;
  }
  openStream(file: string, options: CallOptions): Promise<NodeJS.ReadableStream> {
    this.bytes = Number.POSITIVE_INFINITY; // a whole-file read: the metadata path must never do this
    return this.inner.openStream(file, options);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function compare(
  metadata: () => Promise<unknown>,
  scan: () => Promise<unknown>,
): Promise<{ metadata_ms: number; scan_ms: number }> {
  await metadata();
  await scan();
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    if (repeat % 2 === 0) {
      ours.push(await timed(metadata));
      theirs.push(await timed(scan));
    } else {
      theirs.push(await timed(scan));
      ours.push(await timed(metadata));
    }
  }
  return { metadata_ms: Math.round(median(ours) * 10) / 10, scan_ms: Math.round(median(theirs) * 10) / 10 };
}

async function main(): Promise<void> {
  const parquet = path.join(DATA_DIR, 'rows.parquet');
  if (!fs.existsSync(parquet))
    throw new Error('run `npm run bench:suite-run` first: it generates bench/.data/suite-run');
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const report: Record<string, unknown> = {
    measured_at: new Date().toISOString(),
    repeats: REPEATS,
    goal_ms: 20,
  };
  const duck = await (
    await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '512MiB' })
  ).connect();

  // Parquet footer, local.
  {
    const store = new CountingStore(new LocalFileStore(DATA_DIR));
    const reader = new FlatFileReader({ egress });
    const meta = await reader.metadata(store, 'rows.parquet', CALL);
    const bytesPerCall = store.bytes;
    const figures = await compare(
      () => reader.metadata(store, 'rows.parquet', CALL),
      () => duck.runAndReadAll(`SELECT count(*), max(ts) FROM read_parquet('${parquet}')`),
    );
    report['parquet_local'] = {
      ...figures,
      row_count: meta.row_count,
      exact: meta.row_count_exact,
      bytes_read: bytesPerCall,
      file_bytes: fs.statSync(parquet).size,
    };
    console.log('parquet (local):', report['parquet_local']);
  }

  // Parquet footer on the S3 peer: two ranged reads over HTTP.
  {
    const peer = await startS3Peer();
    try {
      const key = await createS3PeerUser(peer, { allowS3: true });
      await createS3PeerBucket(peer, 'bench');
      await putS3PeerObject(peer, 'bench', 'rows.parquet', await fs.promises.readFile(parquet));
      const adapter = new ObjectStoreAdapter({ egress });
      const connection = {
        id: null,
        kind: 'object_store' as const,
        config: { bucket: 'bench', endpoint_url: peer.endpoint, force_path_style: true },
        credential: { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
      };
      await putS3PeerObject(peer, 'bench', 'small.bin', Buffer.alloc(1024));
      const client = new S3Client({
        endpoint: peer.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
      });
      // The floor any footer read pays on this peer: one bare ranged GET of the same object's last
      // 8 bytes (the peer's cost grows with the object's size), and of a 1 KiB object.
      const tailGet = (objectKey: string) => async () => {
        const object = await client.send(
          new GetObjectCommand({ Bucket: 'bench', Key: objectKey, Range: 'bytes=-8' }),
        );
        await object.Body?.transformToByteArray();
      };
      const figures = await compare(
        () => adapter.metadata(connection, 'rows.parquet', CALL),
        () => duck.runAndReadAll(`SELECT count(*), max(ts) FROM read_parquet('${parquet}')`),
      );
      const floor = await compare(tailGet('rows.parquet'), tailGet('small.bin'));
      client.destroy();
      report['parquet_s3'] = {
        ...figures,
        scan_is_local_duckdb: true,
        one_bare_ranged_get_same_object_ms: floor.metadata_ms,
        one_bare_ranged_get_1kib_object_ms: floor.scan_ms,
        requests: 'a HEAD and one ranged GET (the footer fits the first 64 KiB)',
      };
      console.log('parquet (S3 peer):', report['parquet_s3']);
    } finally {
      await peer.stop();
    }
  }

  // Iceberg snapshot summary through the REST catalog peer (the fixture tables).
  {
    const peer = await startIcebergCatalogPeer({ token: 'bench-token' });
    try {
      const adapter = new IcebergAdapter({ egress });
      const connection = {
        id: null,
        kind: 'iceberg_catalog' as const,
        config: { catalog_uri: peer.catalogUri, secret_property: 'token' },
        credential: { value: 'bench-token' },
      };
      const table = 'fixtures.pyiceberg-v1-overwrite';
      const figures = await compare(
        () => adapter.metadata(connection, table, CALL),
        () => adapter.scan(connection, table, 'SELECT count(*) AS n FROM target', { ...CALL, maxRows: 1 }),
      );
      report['iceberg_summary'] = {
        ...figures,
        table,
        note: 'a 4-row fixture: the scan includes planning and spooling its files',
      };
      console.log('iceberg (summary):', report['iceberg_summary']);
    } finally {
      await peer.stop();
    }
  }

  // PostgreSQL statistics against count(*) and max() over the 10M-row table.
  {
    const adapter = new PostgresAdapter({ egress });
    const connection = {
      id: null,
      kind: 'postgres' as const,
      config: { host: '127.0.0.1', port: 5432, database: PG_DATABASE, user: 'postgres', sslmode: 'disable' },
      credential: { password: 'trust' },
    };
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: PG_DATABASE });
    await client.connect();
    const scans = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            "SELECT seq_scan AS n FROM pg_stat_user_tables WHERE relname = 'rows'",
          )
        ).rows[0]?.n,
      );
    const before = await scans();
    await adapter.metadata(connection, 'public.rows', CALL);
    await new Promise((resolve) => setTimeout(resolve, 600)); // statistics are reported asynchronously
    const after = await scans();
    const figures = await compare(
      () => adapter.metadata(connection, 'public.rows', CALL),
      () => client.query('SELECT count(*), max(ts) FROM public.rows'),
    );
    await client.end();
    report['postgres_statistics'] = {
      ...figures,
      sequential_scans_started_by_metadata: after - before,
      exact: false,
    };
    console.log('postgres (statistics):', report['postgres_statistics']);
  }

  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`recorded in ${path.relative(process.cwd(), RESULTS_FILE)}`);
  egress.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
