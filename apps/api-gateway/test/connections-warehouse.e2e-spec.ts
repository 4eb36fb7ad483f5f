/**
 * Warehouse (Snowflake) connection tests through a real gateway AND a real runner over NATS: the
 * runner's snowflake-sdk logs in to fakesnow on loopback (the runner's access URL for tests points
 * it there; both apps allow loopback for tests only). The password and the private key travel
 * sealed from the gateway to the runner; no secret appears in any response, log line or stored row.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  type AppProcess,
  call,
  type FakesnowPeer,
  GatewayWorld,
  type HttpResult,
  startFakesnowPeer,
} from '@dq/testing';

const SECRET = `sf-right-${randomBytes(10).toString('hex')}`;
const WRONG = `sf-wrong-${randomBytes(10).toString('hex')}`;
const PASSPHRASE = `sf-pass-${randomBytes(10).toString('hex')}`;
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

interface TestResult {
  ok: boolean;
  error: { class: string; message: string } | null;
  details: Record<string, unknown>;
}
interface Health {
  status: string;
  consecutive_auth_failures: number;
  last_error: { class: string } | null;
}

describe('warehouse connection tests through the runner, against fakesnow', () => {
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: PASSPHRASE },
  });
  // A line from the middle of the PEM body: enough to find the key anywhere it should not be.
  const keyFragment = keys.privateKey.split('\n')[5] ?? '';
  let world: GatewayWorld;
  let gateway: AppProcess;
  let peer: FakesnowPeer;
  let api: string;
  const tokens = {} as Record<'admin' | 'member', string>;
  const responses: HttpResult[] = [];

  const send = async (method: string, path: string, token: string, body?: unknown): Promise<HttpResult> => {
    const result = await call(api, method, path, { token, ...(body !== undefined ? { body } : {}) });
    responses.push(result);
    return result;
  };
  let counter = 0;
  const create = async (credential: Record<string, unknown>): Promise<string> => {
    counter += 1;
    const created = await send('POST', '/connections', tokens.admin, {
      name: `warehouse-${counter}`,
      kind: 'warehouse',
      config: {
        account: 'dq-e2e-account',
        user: 'DQ_E2E_READER',
        warehouse: 'COMPUTE_WH',
        database: 'E2E_DB',
      },
      credential,
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  };
  const health = async (id: string): Promise<Health> =>
    ((await send('GET', `/connections/${id}`, tokens.admin)).body as { credential_health: Health })
      .credential_health;
  const stored = async (): Promise<string> =>
    JSON.stringify([
      await world.db.query('SELECT * FROM audit_events'),
      await world.db.query('SELECT * FROM connection_versions'),
      await world.db.query('SELECT id, name, config, last_error, secret_ciphertext FROM connections'),
    ]);

  beforeAll(async () => {
    world = await GatewayWorld.create('connections-warehouse');
    peer = await startFakesnowPeer({ password: SECRET, publicKeyPem: keys.publicKey });
    await peer.execute('CREATE DATABASE E2E_DB');
    [gateway] = await Promise.all([
      world.startGateway(LOOPBACK),
      world.startRunner({ ...LOOPBACK, WAREHOUSE_ACCESS_URL_FOR_TESTS: peer.accessUrl }),
    ]);
    api = `${gateway.url}/api/v1`;
    tokens.admin = await world.mintToken('admin@example.test', 'admin');
    tokens.member = await world.mintToken('member@example.test', 'member');
  }, 180_000);

  afterAll(async () => {
    for (const secret of [SECRET, WRONG, PASSPHRASE, keyFragment]) {
      for (const response of responses) expect(response.text).not.toContain(secret);
      expect(world.output()).not.toContain(secret);
      expect(await stored()).not.toContain(secret);
    }
    await world?.close();
    await peer?.stop();
  });

  it('tests as a Member with a password: ok, healthy, native_dmf false', async () => {
    const id = await create({ password: SECRET });
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    const result = tested.body as TestResult;
    expect(result).toMatchObject({
      ok: true,
      error: null,
      details: { database: 'E2E_DB', capabilities: { native_dmf: false } },
    });
    expect(await health(id)).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });
  });

  it('tests with an encrypted private key and its passphrase: ok', async () => {
    const id = await create({ private_key: keys.privateKey, passphrase: PASSPHRASE });
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.body).toMatchObject({ ok: true, details: { capabilities: { native_dmf: false } } });
  });

  it('classifies a wrong password as auth and moves health to failing', async () => {
    const id = await create({ password: WRONG });
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      ok: false,
      error: { class: 'auth', message: 'The datasource refused the credentials' },
    });
    expect(await health(id)).toMatchObject({
      status: 'failing',
      consecutive_auth_failures: 1,
      last_error: { class: 'auth' },
    });
  });
});
