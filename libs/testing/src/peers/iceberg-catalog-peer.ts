import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readFile, readdir, rm, stat, symlink, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type IcebergRestCatalogServer, startIcebergRestCatalogServer } from './iceberg-rest-catalog-server';
import { peersBin } from './python-peers';
import { type S3Peer, startS3Peer } from './s3-peer';

const run = promisify(execFile);

export * from './iceberg-rest-catalog-server';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
/** The real Iceberg tables of the shared fixtures (see its SOURCES.md). */
export const ICEBERG_FIXTURES_DIR = path.resolve(REPO_ROOT, 'fixtures/iceberg');

/** Namespace the fixture tables are served under (`fixtures.<table folder>`). */
export const ICEBERG_FIXTURE_NAMESPACE = 'fixtures';
/** A two-level namespace holding one fixture table again, for multi-level targets (`nested.level2.<table>`). */
export const ICEBERG_NESTED_NAMESPACE = ['nested', 'level2'];
export const ICEBERG_NESTED_TABLE = 'spark-v1-partitioned';

const BUCKET = 'iceberg-warehouse';
const WAREHOUSE_PREFIX = 'warehouse';
// moto accepts any keys; real catalogs vend temporary ones like these in LoadTableResult.config.
const STORAGE_KEYS = { accessKeyId: 'peer-access-key', secretAccessKey: 'peer-secret-key' };

export interface IcebergCatalogPeer {
  /** `http://127.0.0.1:<port>`: the connection's `catalog_uri`. */
  readonly catalogUri: string;
  readonly token: string;
  readonly s3: S3Peer;
  readonly bucket: string;
  readonly server: IcebergRestCatalogServer;
  /** Fixture table folder names, each served as `fixtures.<name>`. */
  readonly tables: string[];
  /** Uploads one more table folder (e.g. written by pyiceberg) and serves it as `namespace.name`. */
  addTable(namespace: string[], name: string, tableDir: string): Promise<void>;
  /**
   * Writes a v2 table with a POSITIONAL delete file with pyiceberg (none of the fixtures has one),
   * serves it, and returns what pyiceberg itself reads back: the oracle for a reader under test.
   */
  addPositionDeletesTable(): Promise<GeneratedIcebergTable>;
  /** Writes a Parquet file's rows as the table `namespace.table` and serves it; the rows read back. */
  addParquetTable(
    parquetPath: string,
    namespace: string,
    table: string,
  ): Promise<{ target: string; rows: number }>;
  stop(): Promise<void>;
}

/** A table written for the tests, with what pyiceberg reads from it (position deletes applied). */
export interface GeneratedIcebergTable {
  /** `namespace.table` */
  target: string;
  snapshotId: string;
  rows: number;
  ids: number[];
}

export interface IcebergCatalogPeerOptions {
  token: string;
  limitedTokens?: Record<string, string[]>;
  clients?: Record<string, string>;
  /** Run against this S3 peer instead of starting one (it is then left running by `stop`). */
  s3?: S3Peer;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    // stat (not lstat): the warehouse tree links to the fixture folders.
    if ((await stat(file)).isDirectory()) out.push(...(await filesUnder(file)));
    else out.push(file);
  }
  return out;
}

/**
 * The fixture Iceberg tables behind a REST catalog on loopback, their files in an S3 peer (moto):
 * metadata locations are `s3://iceberg-warehouse/warehouse/<namespace>/<table>/metadata/<file>`
 * and the catalog vends the store's endpoint and keys with each table, as real catalogs do.
 */
export async function startIcebergCatalogPeer(
  options: IcebergCatalogPeerOptions,
): Promise<IcebergCatalogPeer> {
  const s3 = options.s3 ?? (await startS3Peer());
  const warehouseDir = await mkdtemp(path.join(os.tmpdir(), 'dq-iceberg-warehouse-'));
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: STORAGE_KEYS,
  });
  let server: IcebergRestCatalogServer | undefined;
  try {
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const upload = async (namespace: string[], name: string, tableDir: string): Promise<void> => {
      const linkDir = path.join(warehouseDir, ...namespace);
      await mkdir(linkDir, { recursive: true });
      await symlink(tableDir, path.join(linkDir, name), 'dir');
      for (const file of await filesUnder(tableDir)) {
        const key = [WAREHOUSE_PREFIX, ...namespace, name, path.relative(tableDir, file)].join('/');
        await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: await readFile(file) }));
      }
    };
    const tables: string[] = [];
    for (const name of (await readdir(ICEBERG_FIXTURES_DIR)).sort()) {
      const dir = path.join(ICEBERG_FIXTURES_DIR, name);
      if (!(await stat(dir)).isDirectory() || !(await stat(path.join(dir, 'metadata')).catch(() => null)))
        continue;
      await upload([ICEBERG_FIXTURE_NAMESPACE], name, dir);
      tables.push(name);
    }
    await upload(
      ICEBERG_NESTED_NAMESPACE,
      ICEBERG_NESTED_TABLE,
      path.join(ICEBERG_FIXTURES_DIR, ICEBERG_NESTED_TABLE),
    );

    server = await startIcebergRestCatalogServer({
      warehouseDir,
      locationBase: `s3://${BUCKET}/${WAREHOUSE_PREFIX}`,
      token: options.token,
      limitedTokens: options.limitedTokens,
      clients: options.clients,
      tableConfig: {
        's3.endpoint': s3.endpoint,
        's3.path-style-access': 'true',
        's3.region': s3.region,
        's3.access-key-id': STORAGE_KEYS.accessKeyId,
        's3.secret-access-key': STORAGE_KEYS.secretAccessKey,
      },
    });
    const started = server;
    /** Runs the table-writing script in a folder of its own; its last line is the table as JSON. */
    const writeTable = async <T extends { table_dir: string; namespace: string[]; table: string }>(
      args: string[],
    ): Promise<T> => {
      const workDir = await mkdtemp(path.join(warehouseDir, '.generated-'));
      const { stdout } = await run(
        await peersBin('python'),
        [path.join(__dirname, 'iceberg-table.py'), ...args],
        {
          cwd: workDir,
          timeout: 120_000,
          maxBuffer: 4 * 1024 * 1024,
        },
      );
      const written = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as T;
      await upload(written.namespace, written.table, written.table_dir);
      return written;
    };
    const addPositionDeletesTable = async (): Promise<GeneratedIcebergTable> => {
      const written = await writeTable<{
        table_dir: string;
        namespace: string[];
        table: string;
        snapshot_id: string;
        rows: number;
        ids: number[];
      }>(['position-deletes']);
      return {
        target: [...written.namespace, written.table].join('.'),
        snapshotId: written.snapshot_id,
        rows: written.rows,
        ids: written.ids,
      };
    };
    const addParquetTable = async (
      parquetPath: string,
      namespace: string,
      table: string,
    ): Promise<{ target: string; rows: number }> => {
      const written = await writeTable<{
        table_dir: string;
        namespace: string[];
        table: string;
        rows: number;
      }>(['from-parquet', parquetPath, '--namespace', namespace, '--table', table]);
      return { target: [...written.namespace, written.table].join('.'), rows: written.rows };
    };
    return {
      catalogUri: started.url,
      token: options.token,
      s3,
      bucket: BUCKET,
      server: started,
      tables,
      addTable: upload,
      addPositionDeletesTable,
      addParquetTable,
      stop: async () => {
        await started.close();
        client.destroy();
        if (!options.s3) await s3.stop();
        await rm(warehouseDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.close();
    client.destroy();
    if (!options.s3) await s3.stop();
    await rm(warehouseDir, { recursive: true, force: true });
    throw error;
  }
}
