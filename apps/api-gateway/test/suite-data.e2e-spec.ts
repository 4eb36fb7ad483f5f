/**
 * Suite endpoints that read live data, through a real gateway and a real runner over NATS: the
 * columns of a PostgreSQL table and of a CSV in an S3-compatible store (moto), the files a batch
 * pattern matches now, schema-drift rebaselines from the live columns, and the failures a user
 * can act on (a table that is not there 422, a datasource that is not reachable 502).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  type AppProcess,
  call,
  createS3PeerBucket,
  createS3PeerUser,
  enableS3PeerAuth,
  freePort,
  GatewayWorld,
  putS3PeerObject,
  type S3Peer,
  type S3PeerAccessKey,
  startS3Peer,
} from '@dq/testing';

const BUCKET = 'dq-suite-data';
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

interface ErrorBody {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

describe('suite data endpoints through the runner', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let moto: S3Peer;
  let key: S3PeerAccessKey;
  let api: string;
  let owner: string;
  let viewer: string;
  const database = `suite_data_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let postgresId: string;
  let bucketId: string;

  async function connection(body: Record<string, unknown>): Promise<string> {
    const admin = await world.mintToken('admin@example.test', 'admin');
    const created = await call(api, 'POST', '/connections', { token: admin, body });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function suite(connectionId: string, target: string): Promise<string> {
    const created = await call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `suite-${randomUUID()}`, connection_id: connectionId, target },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  beforeAll(async () => {
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    await client.query(
      `CREATE TABLE public.orders (order_id bigint NOT NULL, customer text, amount numeric(10,2))`,
    );
    await client.end();

    world = await GatewayWorld.create('suite-data');
    moto = await startS3Peer();
    key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, BUCKET);
    await putS3PeerObject(moto, BUCKET, 'landing/orders_2026-11-01.csv', 'order_id,customer\n1,a\n');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await putS3PeerObject(moto, BUCKET, 'landing/orders_2026-11-02.csv', 'order_id,customer\n2,b\n');
    await putS3PeerObject(moto, BUCKET, 'landing/returns_2026-11-02.csv', 'x\n1\n');
    await enableS3PeerAuth(moto);
    [gateway] = await Promise.all([world.startGateway(LOOPBACK), world.startRunner(LOOPBACK)]);
    api = `${gateway.url}/api/v1`;
    owner = await world.mintToken('owner@example.test', 'member');
    viewer = await world.mintToken('viewer@example.test', 'viewer');
    postgresId = await connection({
      name: 'local-pg',
      kind: 'postgres',
      config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
      credential: { password: 'unused-with-trust' },
    });
    bucketId = await connection({
      name: 'landing',
      kind: 'object_store',
      config: { bucket: BUCKET, endpoint_url: moto.endpoint, force_path_style: true },
      credential: { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
    });
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await moto?.stop();
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('lists the columns of a PostgreSQL table and of a CSV file in an object store', async () => {
    const tableSuite = await suite(postgresId, 'public.orders');
    const columns = await call(api, 'GET', `/suites/${tableSuite}/columns`, { token: owner });
    expect(columns.status).toBe(200);
    expect(columns.body).toEqual([
      { name: 'order_id', type: 'bigint', nullable: false },
      { name: 'customer', type: 'text', nullable: true },
      { name: 'amount', type: 'numeric(10,2)', nullable: true },
    ]);
    const fileSuite = await suite(bucketId, 'landing/orders_2026-11-01.csv');
    const fileColumns = await call(api, 'GET', `/suites/${fileSuite}/columns`, { token: owner });
    expect(fileColumns.status).toBe(200);
    expect((fileColumns.body as { name: string }[]).map((column) => column.name)).toEqual([
      'order_id',
      'customer',
    ]);
  });

  it('previews the files a batch pattern matches, newest first; only flat-file suites have files', async () => {
    const batch = await suite(bucketId, 'landing/orders_*.csv');
    const preview = await call(api, 'GET', `/suites/${batch}/batch-preview`, { token: owner });
    expect(preview.status).toBe(200);
    const body = preview.body as { files: { path: string }[]; total_matched: number; truncated: boolean };
    expect(body.files.map((file) => file.path)).toEqual([
      'landing/orders_2026-11-02.csv',
      'landing/orders_2026-11-01.csv',
    ]);
    expect(body).toMatchObject({ total_matched: 2, truncated: false });
    const tableSuite = await suite(postgresId, 'public.orders');
    const refused = await call(api, 'GET', `/suites/${tableSuite}/batch-preview`, { token: owner });
    expect(refused.status).toBe(422);
  });

  it('rebaselines a schema-drift check from the live columns', async () => {
    const tableSuite = await suite(postgresId, 'public.orders');
    const created = await call(api, 'POST', `/suites/${tableSuite}/checks`, {
      token: owner,
      body: { name: 'schema', kind: 'schema_drift', config: {} },
    });
    expect(created.status).toBe(201);
    const path = `/suites/${tableSuite}/checks/${(created.body as { id: string }).id}`;
    const rebaselined = await call(api, 'POST', `${path}/rebaseline`, { token: owner });
    expect(rebaselined.status).toBe(200);
    expect(rebaselined.body).toMatchObject({
      kind: 'schema_drift',
      baseline: {
        columns: [
          { name: 'order_id', type: 'bigint' },
          { name: 'customer', type: 'text' },
          { name: 'amount', type: 'numeric(10,2)' },
        ],
      },
    });
    const read = await call(api, 'GET', `${path}/baseline`, { token: owner });
    expect(read.body).toEqual(rebaselined.body);
  });

  it('answers a table that is not there with 422 and an unreachable datasource with 502', async () => {
    const missing = await suite(postgresId, 'public.no_such_table');
    const notThere = await call(api, 'GET', `/suites/${missing}/columns`, { token: owner });
    expect(notThere.status).toBe(422);
    expect((notThere.body as ErrorBody).error.detail['class']).toBe('not_found');

    const closedPort = await freePort();
    const nowhere = await connection({
      name: 'nowhere',
      kind: 'postgres',
      config: { host: '127.0.0.1', port: closedPort, database, user: 'postgres', sslmode: 'disable' },
      credential: { password: 'x' },
    });
    const unreachable = await call(api, 'GET', `/suites/${await suite(nowhere, 'public.orders')}/columns`, {
      token: owner,
    });
    expect(unreachable.status).toBe(502);
    expect((unreachable.body as ErrorBody).error.code).toBe('datasource_unreachable');
  });

  it('keeps hidden suites hidden here too', async () => {
    const tableSuite = await suite(postgresId, 'public.orders');
    for (const path of ['columns', 'batch-preview'])
      expect((await call(api, 'GET', `/suites/${tableSuite}/${path}`, { token: viewer })).status).toBe(404);
  });
});
