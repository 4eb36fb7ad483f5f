import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { AppError, ErrorCode } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import {
  type S3Peer,
  type S3PeerAccessKey,
  createS3PeerBucket,
  createS3PeerUser,
  enableS3PeerAuth,
  freePort,
  putS3PeerObject,
  putS3PeerObjects,
  startS3Peer,
} from '@dq/testing';
import { type CallOptions, type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { ObjectStoreAdapter } from './object-store-adapter';
import { S3RemoteFileStore } from './s3-file-store';

const BUCKET = 'dq-landing-zone';
const OTHER_BUCKET = 'dq-untouched-zone';
const CUSTOMERS_CSV = 'id,name,amount\n1,ada,10.5\n2,grace,20\n3,linus,30.25\n';
const BATCH = [
  'landing/orders_2024-01-01.csv',
  'landing/orders_2024-01-02.csv',
  'landing/orders_2024-01-03.csv',
];
const OPTIONS: CallOptions = { timeoutMs: 10_000 };

/** Ten rows of Parquet written by DuckDB, as bytes. */
async function parquetBytes(directory: string): Promise<Uint8Array> {
  const file = path.join(directory, 'orders.parquet');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(
      `COPY (SELECT range::BIGINT AS order_id, 'c' || range AS customer, range * 1.5 AS amount
             FROM range(10)) TO '${file}' (FORMAT parquet)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return new Uint8Array(await readFile(file));
}

describe('ObjectStoreAdapter against moto (S3 with IAM authentication on)', () => {
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  let spoolDir: string;
  let adapter: ObjectStoreAdapter;
  let peer: S3Peer;
  let reader: S3PeerAccessKey;
  let noGrant: S3PeerAccessKey;
  const thrown: unknown[] = [];

  function connection(
    config: Record<string, unknown> = {},
    credential: Record<string, unknown> = {
      access_key_id: reader.accessKeyId,
      secret_access_key: reader.secretAccessKey,
    },
  ): DatasourceConnection {
    return {
      id: null,
      kind: 'object_store',
      config: { bucket: BUCKET, endpoint_url: peer.endpoint, force_path_style: true, ...config },
      credential,
    };
  }

  /** The failure of `call`, remembered so every message can be checked for leaks. */
  async function failure(call: Promise<unknown>): Promise<unknown> {
    const error = await call.then(
      () => new Error('expected a failure, the call succeeded'),
      (reason: unknown) => reason,
    );
    thrown.push(error);
    return error;
  }

  async function classifiedFailure(call: Promise<unknown>): Promise<DatasourceError> {
    const error = await failure(call);
    expect(error).toBeInstanceOf(DatasourceError);
    return error as DatasourceError;
  }

  beforeAll(async () => {
    spoolDir = await mkdtemp(path.join(tmpdir(), 'dq-object-store-'));
    adapter = new ObjectStoreAdapter({ egress, spoolDir });
    peer = await startS3Peer();
    reader = await createS3PeerUser(peer, { allowS3: true });
    noGrant = await createS3PeerUser(peer, { allowS3: false });
    await createS3PeerBucket(peer, BUCKET);
    await createS3PeerBucket(peer, OTHER_BUCKET);
    await putS3PeerObject(peer, BUCKET, 'dir/customers.csv', CUSTOMERS_CSV);
    await putS3PeerObject(peer, BUCKET, 'dir/orders.parquet', await parquetBytes(spoolDir));
    await putS3PeerObject(peer, BUCKET, 'landing/', '');
    for (const [index, key] of BATCH.entries()) {
      // S3 keeps LastModified in whole seconds: a second apart, the three arrivals are ordered.
      if (index > 0) await sleep(1100);
      await putS3PeerObject(
        peer,
        BUCKET,
        key,
        `order_id,amount\n${index * 2 + 1},${index + 1}\n${index * 2 + 2},1\n`,
      );
    }
    await putS3PeerObject(peer, BUCKET, 'landing/customers_2024-01-01.csv', 'id\n1\n');
    await enableS3PeerAuth(peer);
  }, 120_000);

  afterAll(async () => {
    await peer?.stop();
    egress.destroy();
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
    // No failure may name the bucket, a key, the endpoint, the access key id or the secret.
    const leaks = [BUCKET, 'customers', 'orders', '127.0.0.1', String(peer?.port), 'no-such-host'];
    if (reader) leaks.push(reader.accessKeyId, reader.secretAccessKey, noGrant.accessKeyId);
    for (const error of thrown) {
      const text = `${(error as Error).message} ${JSON.stringify(error)}`;
      for (const leak of leaks) expect(text).not.toContain(leak);
      expect((error as Error).cause).toBeUndefined();
    }
  });

  describe('test', () => {
    it('lists one key of the bucket and reports only that the bucket answered', async () => {
      await expect(adapter.test(connection(), OPTIONS)).resolves.toEqual({ bucket_reachable: true });
    });

    it('classifies a wrong secret as auth (moto checks the signature)', async () => {
      const wrong = { access_key_id: reader.accessKeyId, secret_access_key: `${reader.secretAccessKey}x` };
      const error = await classifiedFailure(adapter.test(connection({}, wrong), OPTIONS));
      expect(error.errorClass).toBe('auth');
      expect(error.message).toBe('The object store refused the credentials');
    });

    it('classifies an unknown access key id as auth', async () => {
      const unknown = { access_key_id: 'AKIAIOSFODNN7UNKNOWN', secret_access_key: 'not-a-secret' };
      expect((await classifiedFailure(adapter.test(connection({}, unknown), OPTIONS))).errorClass).toBe(
        'auth',
      );
    });

    it('classifies a user without an S3 grant as permission', async () => {
      const credential = { access_key_id: noGrant.accessKeyId, secret_access_key: noGrant.secretAccessKey };
      const error = await classifiedFailure(adapter.test(connection({}, credential), OPTIONS));
      expect(error.errorClass).toBe('permission');
    });

    it('classifies a missing bucket as not_found', async () => {
      const error = await classifiedFailure(
        adapter.test(connection({ bucket: 'dq-no-such-bucket' }), OPTIONS),
      );
      expect(error.errorClass).toBe('not_found');
    });

    it('classifies an unknown host as unreachable', async () => {
      const error = await classifiedFailure(
        adapter.test(connection({ endpoint_url: 'http://no-such-host.invalid:9' }), OPTIONS),
      );
      expect(error.errorClass).toBe('unreachable');
    });

    it('classifies a closed port as unreachable, quickly', async () => {
      const started = Date.now();
      const closed = await freePort();
      const error = await classifiedFailure(
        adapter.test(connection({ endpoint_url: `http://127.0.0.1:${closed}` }), OPTIONS),
      );
      expect(error.errorClass).toBe('unreachable');
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('classifies a server that accepts but never answers as timeout, or cancelled on abort', async () => {
      const sockets: Socket[] = [];
      const silent: Server = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      try {
        const started = Date.now();
        const error = await classifiedFailure(
          adapter.test(connection({ endpoint_url: `http://127.0.0.1:${port}` }), { timeoutMs: 400 }),
        );
        expect(error.errorClass).toBe('timeout');
        expect(Date.now() - started).toBeLessThan(3_000);
        // The caller's cancel during the same wait is `cancelled`, not a timeout.
        const cancel = new AbortController();
        setTimeout(() => cancel.abort(), 100);
        const cancelled = await classifiedFailure(
          adapter.test(connection({ endpoint_url: `http://127.0.0.1:${port}` }), {
            timeoutMs: 10_000,
            signal: cancel.signal,
          }),
        );
        expect(cancelled.errorClass).toBe('cancelled');
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it('fails as cancelled when the caller aborts', async () => {
      const error = await classifiedFailure(
        adapter.test(connection(), { timeoutMs: 10_000, signal: AbortSignal.abort() }),
      );
      expect(error.errorClass).toBe('cancelled');
    });

    it('lets a strict egress guard refuse the loopback endpoint with url_forbidden, unwrapped', async () => {
      const strict = new EgressGuard({ nodeEnv: 'test', logger: { warn: () => 0 } });
      try {
        const error = await failure(new ObjectStoreAdapter({ egress: strict }).test(connection(), OPTIONS));
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe(ErrorCode.UrlForbidden);
      } finally {
        strict.destroy();
      }
    });

    it('refuses a host that rebinds to a private address at connect time with url_forbidden', async () => {
      let lookups = 0;
      // Public when the URL is checked, private when the SDK's socket connects (DNS rebinding).
      const rebinding = new EgressGuard({
        nodeEnv: 'test',
        logger: { warn: () => 0 },
        resolve: () =>
          Promise.resolve([{ address: lookups++ === 0 ? '93.184.216.34' : '10.0.0.7', family: 4 }]),
      });
      try {
        const error = await failure(
          new ObjectStoreAdapter({ egress: rebinding }).test(
            connection({ endpoint_url: 'https://rebind.example' }),
            OPTIONS,
          ),
        );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe(ErrorCode.UrlForbidden);
        expect(lookups).toBeGreaterThanOrEqual(2);
      } finally {
        rebinding.destroy();
      }
    });

    it('refuses a region that is not a region name as invalid before any request', async () => {
      const error = await classifiedFailure(adapter.test(connection({ region: 'evil.example#' }), OPTIONS));
      expect(error.errorClass).toBe('invalid');
    });
  });

  describe('S3RemoteFileStore', () => {
    it('lists a prefix with sizes and arrival times, leaving folder markers out', async () => {
      const store = await S3RemoteFileStore.open(connection(), { egress }, OPTIONS);
      const files = await store.list('landing/orders_', OPTIONS);
      expect(files.map((file) => file.path).sort()).toEqual(BATCH);
      for (const file of files) {
        expect(file.size).toBeGreaterThan(0);
        expect(file.last_modified_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      expect((await store.list('landing/', OPTIONS)).map((file) => file.path)).not.toContain('landing/');
    });

    it('pages through listings (one request per 1000 keys)', async () => {
      // moto's ListObjectsV2 honours MaxKeys, so more keys than one page proves the continuation.
      const keys = Array.from({ length: 1005 }, (_, index) => `paged/k${String(index).padStart(4, '0')}.csv`);
      await putS3PeerObjects(
        peer,
        BUCKET,
        keys.map((key) => ({ key, body: 'a\n1\n' })),
      );
      const store = await S3RemoteFileStore.open(connection(), { egress }, OPTIONS);
      const files = await store.list('paged/', { timeoutMs: 30_000 });
      expect(files).toHaveLength(1005);
    }, 120_000);

    it('stats a file and reads a byte range without the rest', async () => {
      const store = await S3RemoteFileStore.open(connection(), { egress }, OPTIONS);
      const entry = await store.stat('dir/customers.csv', OPTIONS);
      expect(entry).toMatchObject({ path: 'dir/customers.csv', size: CUSTOMERS_CSV.length });
      const bytes = await store.readRange('dir/customers.csv', 3, 7, OPTIONS);
      expect(Buffer.from(bytes).toString('utf8')).toBe(CUSTOMERS_CSV.slice(3, 7));
      expect(await store.readRange('dir/customers.csv', 1000, 1010, OPTIONS)).toHaveLength(0);
    });

    it('streams a whole file', async () => {
      const store = await S3RemoteFileStore.open(connection(), { egress }, OPTIONS);
      const chunks: Buffer[] = [];
      for await (const chunk of await store.openStream('dir/customers.csv', OPTIONS))
        chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).toString('utf8')).toBe(CUSTOMERS_CSV);
    });

    it('classifies a missing key as not_found for stat, readRange and openStream', async () => {
      const store = await S3RemoteFileStore.open(connection(), { egress }, OPTIONS);
      // One call at a time: a rejection must not sit unobserved while an earlier one is awaited.
      for (const call of [
        () => store.stat('dir/missing.csv', OPTIONS),
        () => store.readRange('dir/missing.csv', 0, 10, OPTIONS),
        () => store.openStream('dir/missing.csv', OPTIONS),
      ])
        expect((await classifiedFailure(call())).errorClass).toBe('not_found');
    });

    it('tells a wrong secret (auth) from a missing grant (permission) also on HEAD, whose 403 has no code', async () => {
      const wrong = connection({}, { access_key_id: reader.accessKeyId, secret_access_key: 'wrong' });
      const wrongStore = await S3RemoteFileStore.open(wrong, { egress }, OPTIONS);
      expect((await classifiedFailure(wrongStore.stat('dir/customers.csv', OPTIONS))).errorClass).toBe(
        'auth',
      );
      const denied = connection(
        {},
        { access_key_id: noGrant.accessKeyId, secret_access_key: noGrant.secretAccessKey },
      );
      const deniedStore = await S3RemoteFileStore.open(denied, { egress }, OPTIONS);
      expect((await classifiedFailure(deniedStore.stat('dir/customers.csv', OPTIONS))).errorClass).toBe(
        'permission',
      );
    });
  });

  describe('flat files through the reader', () => {
    it('reads the columns of a CSV file', async () => {
      const columns = await adapter.columns(connection(), 'dir/customers.csv', OPTIONS);
      expect(columns.map((column) => column.name)).toEqual(['id', 'name', 'amount']);
      expect(columns[0]?.type).toMatch(/INT/i);
    });

    it('reads the columns of a Parquet file', async () => {
      const columns = await adapter.columns(connection(), 'dir/orders.parquet', OPTIONS);
      expect(columns.map((column) => column.name)).toEqual(['order_id', 'customer', 'amount']);
      expect(columns[0]?.type).toMatch(/INT/i);
    });

    it('scans a Parquet file with an aggregate', async () => {
      const result = await adapter.scan(
        connection(),
        'dir/orders.parquet',
        'SELECT count(*) AS n, sum(amount) AS total FROM target',
        { ...OPTIONS, maxRows: 10 },
      );
      expect(result.truncated).toBe(false);
      expect(result.rows).toHaveLength(1);
      expect(Number(result.rows[0]?.['n'])).toBe(10);
      expect(Number(result.rows[0]?.['total'])).toBeCloseTo(67.5);
    });

    it('lists a batch pattern oldest first with arrival times; metadata is the newest', async () => {
      const files = await adapter.listFiles(connection(), 'landing/orders_*.csv', OPTIONS);
      expect(files.map((file) => file.path)).toEqual(BATCH);
      const times = files.map((file) => Date.parse(file.last_modified_at));
      expect(times[0]).toBeLessThan(times[1] ?? 0);
      expect(times[1]).toBeLessThan(times[2] ?? 0);
      const metadata = await adapter.metadata(connection(), 'landing/orders_*.csv', OPTIONS);
      expect(metadata.last_modified_at).toBe(files[2]?.last_modified_at);
    });

    it('scans a batch pattern over all its files', async () => {
      const result = await adapter.scan(
        connection(),
        'landing/orders_*.csv',
        'SELECT count(*) AS n, max(order_id) AS last_id FROM target',
        { ...OPTIONS, maxRows: 10 },
      );
      expect(Number(result.rows[0]?.['n'])).toBe(6);
      expect(Number(result.rows[0]?.['last_id'])).toBe(6);
    });

    it('classifies a missing key as not_found', async () => {
      const error = await classifiedFailure(adapter.columns(connection(), 'dir/missing.csv', OPTIONS));
      expect(error.errorClass).toBe('not_found');
    });

    it('classifies reading with a wrong secret as auth', async () => {
      const wrong = connection({}, { access_key_id: reader.accessKeyId, secret_access_key: 'wrong' });
      const error = await classifiedFailure(adapter.columns(wrong, 'dir/customers.csv', OPTIONS));
      expect(error.errorClass).toBe('auth');
    });
  });
});
