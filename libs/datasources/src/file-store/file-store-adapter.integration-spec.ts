import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ContainerClient,
  ContainerSASPermissions,
  generateBlobSASQueryParameters,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { DuckDBInstance } from '@duckdb/node-api';
import { AppError } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import { type AzuritePeer, startAzuritePeer } from '@dq/testing';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { adlsSettingsOf } from './adls-connection-config';
import { AdlsRemoteFileStore } from './adls-file-store';
import { FileStoreAdapter } from './file-store-adapter';

const FILESYSTEM = 'lake-raw';
const CALL = { timeoutMs: 10_000 };
const SCAN = { timeoutMs: 20_000, maxRows: 100 };
const ORDERS_CSV = 'id,customer,amount\n1,alice,10.5\n2,bob,20\n3,carol,30.25\n';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A TCP port that accepts connections and never answers: a host that hangs. */
async function silentServer(): Promise<{ server: Server; port: number }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

describe('FileStoreAdapter (ADLS Gen2 over the Blob API) against Azurite', () => {
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const deps: AdapterDependencies = { egress };
  const adapter = new FileStoreAdapter(deps);
  const thrown: unknown[] = [];
  let peer: AzuritePeer;
  let admin: ContainerClient;
  let workDir: string;
  let batchUploadOrder: string[];

  function connection(
    config: Record<string, unknown> = {},
    credential: Record<string, unknown> = { account_key: peer.accountKey },
  ): DatasourceConnection {
    return {
      id: null,
      kind: 'file_store',
      config: { account_url: peer.accountUrl, filesystem: FILESYSTEM, ...config },
      credential,
    };
  }

  function sas(permissions: string, key = peer.accountKey, containerName = FILESYSTEM): string {
    return generateBlobSASQueryParameters(
      {
        containerName,
        permissions: ContainerSASPermissions.parse(permissions),
        startsOn: new Date(Date.now() - 60_000),
        expiresOn: new Date(Date.now() + 3_600_000),
      },
      new StorageSharedKeyCredential(peer.accountName, key),
    ).toString();
  }

  /** The classified failure of `call`, remembered so every message can be checked for leaks. */
  async function failure(call: Promise<unknown>): Promise<DatasourceError> {
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    thrown.push(error);
    expect(error).toBeInstanceOf(DatasourceError);
    return error as DatasourceError;
  }

  async function upload(name: string, body: Buffer | string): Promise<void> {
    const content = typeof body === 'string' ? Buffer.from(body) : body;
    await admin.getBlockBlobClient(name).uploadData(content);
  }

  beforeAll(async () => {
    peer = await startAzuritePeer();
    admin = new ContainerClient(
      `${peer.accountUrl}/${FILESYSTEM}`,
      new StorageSharedKeyCredential(peer.accountName, peer.accountKey),
    );
    await admin.create();
    workDir = await mkdtemp(path.join(tmpdir(), 'dq-adls-'));
    const parquetPath = path.join(workDir, 'events.parquet');
    const duck = await DuckDBInstance.create(':memory:');
    const session = await duck.connect();
    await session.run(
      `COPY (SELECT range::BIGINT AS event_id, 'k' || (range % 3)::VARCHAR AS kind, range * 2 AS weight
        FROM range(50)) TO '${parquetPath}' (FORMAT parquet)`,
    );
    session.closeSync();
    duck.closeSync();
    await upload('sales/orders.csv', ORDERS_CSV);
    await upload('events/events.parquet', await readFile(parquetPath));
    // Arrival order differs from name order; Azure keeps last-modified to the second.
    batchUploadOrder = ['landing/batch_3.csv', 'landing/batch_1.csv', 'landing/batch_2.csv'];
    for (const [index, name] of batchUploadOrder.entries()) {
      if (index > 0) await sleep(1100);
      await upload(name, `id,amount\n${index + 1},${(index + 1) * 100}\n${index + 11},1\n`);
    }
    await upload('landing/other_1.csv', 'id,amount\n99,99\n');
    // How a hierarchical-namespace account lists a directory through the Blob API.
    await admin.getBlockBlobClient('landing/archive').upload('', 0, { metadata: { hdi_isfolder: 'true' } });
  }, 120_000);

  afterAll(async () => {
    await peer?.stop();
    egress.destroy();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  describe('test', () => {
    it('succeeds with the account key', async () => {
      expect(await adapter.test(connection(), CALL)).toEqual({ filesystem_reachable: true });
    });

    it('succeeds with a SAS for the filesystem (read + list), with or without its "?"', async () => {
      expect(await adapter.test(connection({}, { sas_token: sas('rl') }), CALL)).toEqual({
        filesystem_reachable: true,
      });
      expect(await adapter.test(connection({}, { sas_token: `?${sas('rl')}` }), CALL)).toEqual({
        filesystem_reachable: true,
      });
    });

    it('classifies a wrong account key as auth', async () => {
      const wrongKey = randomBytes(64).toString('base64');
      const error = await failure(adapter.test(connection({}, { account_key: wrongKey }), CALL));
      expect(error.errorClass).toBe('auth');
    });

    it('classifies a SAS signed with a wrong key as auth', async () => {
      const forged = sas('rl', randomBytes(64).toString('base64'));
      const error = await failure(adapter.test(connection({}, { sas_token: forged }), CALL));
      expect(error.errorClass).toBe('auth');
    });

    it('classifies a SAS without the list permission as permission (Azurite enforces SAS permissions)', async () => {
      const error = await failure(adapter.test(connection({}, { sas_token: sas('r') }), CALL));
      expect(error.errorClass).toBe('permission');
    });

    it('classifies a missing filesystem as not_found', async () => {
      const error = await failure(adapter.test(connection({ filesystem: 'no-such-filesystem' }), CALL));
      expect(error.errorClass).toBe('not_found');
    });

    it('classifies an unknown host and a refused port as unreachable', async () => {
      const unknown = await failure(
        adapter.test(connection({ account_url: 'https://nosuchaccount.dfs.core.invalid' }), CALL),
      );
      expect(unknown.errorClass).toBe('unreachable');
      const refused = await failure(
        adapter.test(connection({ account_url: 'http://127.0.0.1:1/devstoreaccount1' }), CALL),
      );
      expect(refused.errorClass).toBe('unreachable');
    });

    it('fails a host that never answers as timeout within the deadline', async () => {
      const { server, port } = await silentServer();
      try {
        const started = Date.now();
        const error = await failure(
          adapter.test(connection({ account_url: `http://127.0.0.1:${port}/${peer.accountName}` }), {
            timeoutMs: 1500,
          }),
        );
        expect(error.errorClass).toBe('timeout');
        expect(Date.now() - started).toBeLessThan(4000);
      } finally {
        server.close();
      }
    });

    it('is cancelled by the call signal', async () => {
      const controller = new AbortController();
      controller.abort();
      const error = await failure(adapter.test(connection(), { ...CALL, signal: controller.signal }));
      expect(error.errorClass).toBe('cancelled');
    });

    it('lets the default guard refuse the loopback account_url with url_forbidden, unwrapped', async () => {
      const strict = new FileStoreAdapter({ egress: new EgressGuard({ logger: { warn: () => 0 } }) });
      const error: unknown = await strict.test(connection(), CALL).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'url_forbidden', detail: { field: 'account_url' } });
    });

    it('puts the SDK sockets on the guard: an address that changed since the check is refused', async () => {
      // Public when the URL is checked, loopback when the socket connects (DNS rebinding).
      let answers = 0;
      const rebinding = new EgressGuard({
        logger: { warn: () => 0 },
        resolve: async () => {
          answers += 1;
          return [{ address: answers <= 2 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
        },
      });
      const guarded = new FileStoreAdapter({ egress: rebinding });
      const error: unknown = await guarded
        .test(connection({ account_url: 'https://rebind.dfs.core.windows.net' }), CALL)
        .catch((reason: unknown) => reason);
      rebinding.destroy();
      expect(answers).toBeGreaterThan(2);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'url_forbidden' });
    });
  });

  describe('reading files', () => {
    it('reads CSV columns from a header sample', async () => {
      const columns = await adapter.columns(connection(), 'sales/orders.csv', CALL);
      expect(columns.map((column) => column.name)).toEqual(['id', 'customer', 'amount']);
      expect(columns[0]?.type).toMatch(/INT/);
      expect(columns[2]?.type).toMatch(/DOUBLE|DECIMAL/);
    });

    it('reads Parquet columns from the footer', async () => {
      const columns = await adapter.columns(connection(), 'events/events.parquet', CALL);
      expect(columns.map((column) => [column.name, column.type])).toEqual([
        ['event_id', 'BIGINT'],
        ['kind', 'VARCHAR'],
        ['weight', 'BIGINT'],
      ]);
    });

    it('scans an aggregate over one CSV file and one Parquet file', async () => {
      const csv = await adapter.scan(
        connection(),
        'sales/orders.csv',
        'SELECT count(*) AS n, sum(amount) AS total FROM target',
        SCAN,
      );
      expect(csv.rows).toEqual([{ n: 3, total: 60.75 }]);
      const parquet = await adapter.scan(
        connection(),
        'events/events.parquet',
        `SELECT count(*) AS n, sum(weight) AS total, count(*) FILTER (WHERE kind = 'k0') AS k0 FROM target`,
        SCAN,
      );
      expect(parquet.rows).toEqual([{ n: 50, total: 2450, k0: 17 }]);
    });

    it('reads through a read-only SAS too', async () => {
      const columns = await adapter.columns(
        connection({}, { sas_token: sas('rl') }),
        'sales/orders.csv',
        CALL,
      );
      expect(columns).toHaveLength(3);
    });

    it('lists a batch pattern in arrival order; metadata has the newest arrival', async () => {
      const files = await adapter.listFiles(connection(), 'landing/batch_*.csv', CALL);
      expect(files.map((file) => file.path)).toEqual(batchUploadOrder);
      const arrivals = files.map((file) => Date.parse(file.last_modified_at));
      expect(arrivals[0]).toBeLessThan(arrivals[1] ?? 0);
      expect(arrivals[1]).toBeLessThan(arrivals[2] ?? 0);
      const metadata = await adapter.metadata(connection(), 'landing/batch_*.csv', CALL);
      expect(metadata).toEqual({
        row_count: null,
        last_modified_at: files[2]?.last_modified_at,
        row_count_exact: false,
      });
      const scan = await adapter.scan(
        connection(),
        'landing/batch_*.csv',
        'SELECT count(*) AS n, sum(amount) AS total FROM target',
        SCAN,
      );
      expect(scan.rows).toEqual([{ n: 6, total: 603 }]);
    });

    it('takes the Parquet row count from the footer', async () => {
      const metadata = await adapter.metadata(connection(), 'events/events.parquet', CALL);
      expect(metadata.row_count).toBe(50);
      expect(Date.parse(metadata.last_modified_at ?? '')).toBeGreaterThan(Date.now() - 600_000);
    });

    it('classifies a missing file and reading a pattern that matches nothing as not_found', async () => {
      const missing = await failure(adapter.columns(connection(), 'sales/missing.csv', CALL));
      expect(missing.errorClass).toBe('not_found');
      // An empty batch is a listing result (nothing arrived yet); reading it is not_found.
      expect(await adapter.listFiles(connection(), 'landing/nothing_*.csv', CALL)).toEqual([]);
      const none = await failure(adapter.columns(connection(), 'landing/nothing_*.csv', CALL));
      expect(none.errorClass).toBe('not_found');
    });

    it('classifies a wrong key on a one-file target as auth, not permission', async () => {
      const wrongKey = randomBytes(64).toString('base64');
      const error = await failure(
        adapter.columns(connection({}, { account_key: wrongKey }), 'sales/orders.csv', CALL),
      );
      expect(error.errorClass).toBe('auth');
    });
  });

  describe('the store itself', () => {
    async function store(maxListedFiles?: number): Promise<AdlsRemoteFileStore> {
      return AdlsRemoteFileStore.open(adlsSettingsOf(connection()), deps, CALL, { maxListedFiles });
    }

    it('lists by prefix with size and last-modified, directories and other prefixes left out', async () => {
      const entries = await (await store()).list('landing/', CALL);
      expect(entries.map((entry) => entry.path).sort()).toEqual([
        'landing/batch_1.csv',
        'landing/batch_2.csv',
        'landing/batch_3.csv',
        'landing/other_1.csv',
      ]);
      expect(entries[0]).toMatchObject({ size: expect.any(Number) as number });
    });

    it('refuses a listing beyond the cap as invalid "too many files"', async () => {
      const error = await failure((await store(2)).list('landing/', CALL));
      expect(error.errorClass).toBe('invalid');
      expect(error.message).toMatch(/too many files/);
    });

    it('reads a byte range and streams a whole file', async () => {
      const opened = await store();
      expect(Buffer.from(await opened.readRange('sales/orders.csv', 3, 11, CALL)).toString()).toBe(
        'customer',
      );
      const stream = await opened.openStream('sales/orders.csv', CALL);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      expect(Buffer.concat(chunks).toString()).toBe(ORDERS_CSV);
    });

    it('classifies a missing file on stat, range and stream as not_found', async () => {
      const opened = await store();
      // One call at a time: a rejection must not sit unobserved while an earlier one is awaited.
      for (const call of [
        () => opened.stat('sales/none.csv', CALL),
        () => opened.readRange('sales/none.csv', 0, 4, CALL),
        () => opened.openStream('sales/none.csv', CALL),
      ])
        expect((await failure(call())).errorClass).toBe('not_found');
    });
  });

  it('no failure message carries the key, account, host, filesystem or path', () => {
    expect(thrown.length).toBeGreaterThanOrEqual(14);
    for (const error of thrown) {
      const message = (error as Error).message;
      for (const secret of [
        peer.accountKey,
        peer.accountName,
        '127.0.0.1',
        String(peer.port),
        FILESYSTEM,
        'sales/',
        'nosuchaccount',
        'sig=',
      ])
        expect(message).not.toContain(secret);
      expect((error as Error).cause).toBeUndefined();
    }
  });
});
