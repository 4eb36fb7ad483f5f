/**
 * File-store (ADLS Gen2) connection tests through a real gateway AND a real runner over NATS,
 * against Azurite on loopback (both apps allow loopback for tests only). The account key travels
 * sealed from the gateway to the runner; no key appears in any response, log line or stored row.
 */
import { randomBytes } from 'node:crypto';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import {
  type AppProcess,
  type AzuritePeer,
  call,
  freePort,
  GatewayWorld,
  type HttpResult,
  startAzuritePeer,
} from '@dq/testing';

const FILESYSTEM = 'landing-zone';
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

describe('file_store connection tests through the runner, against Azurite', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let azurite: AzuritePeer;
  let api: string;
  const wrongKey = randomBytes(64).toString('base64');
  const tokens = {} as Record<'admin' | 'member', string>;
  const responses: HttpResult[] = [];

  const send = async (method: string, path: string, token: string, body?: unknown): Promise<HttpResult> => {
    const result = await call(api, method, path, { token, ...(body !== undefined ? { body } : {}) });
    responses.push(result);
    return result;
  };
  let counter = 0;
  const create = async (
    config: Record<string, unknown>,
    credential: Record<string, unknown>,
  ): Promise<string> => {
    counter += 1;
    const created = await send('POST', '/connections', tokens.admin, {
      name: `lake-${counter}`,
      kind: 'file_store',
      config: { account_url: azurite.accountUrl, filesystem: FILESYSTEM, ...config },
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
    world = await GatewayWorld.create('connections-file-store');
    azurite = await startAzuritePeer();
    await new ContainerClient(
      `${azurite.accountUrl}/${FILESYSTEM}`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    ).create();
    [gateway] = await Promise.all([
      world.startGateway({ LOG_LEVEL: 'debug', ...LOOPBACK }),
      world.startRunner({ LOG_LEVEL: 'debug', ...LOOPBACK }),
    ]);
    api = `${gateway.url}/api/v1`;
    for (const role of ['admin', 'member'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
  }, 180_000);

  afterAll(async () => {
    for (const secret of [azurite.accountKey, wrongKey]) {
      for (const response of responses) expect(response.text).not.toContain(secret);
      expect(world.output()).not.toContain(secret);
      expect(await stored()).not.toContain(secret);
    }
    await world?.close();
    await azurite?.stop();
  });

  it('tests a file_store connection as a Member: ok, and health becomes healthy', async () => {
    const id = await create({}, { account_key: azurite.accountKey });
    expect((await health(id)).status).toBe('unknown');
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, error: null, details: { filesystem_reachable: true } });
    expect(await health(id)).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });
  });

  it('classifies a wrong account key as auth and moves health to failing', async () => {
    const id = await create({}, { account_key: wrongKey });
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    const result = tested.body as TestResult;
    expect(result).toMatchObject({ ok: false, error: { class: 'auth' } });
    expect(result.error?.message).not.toContain(azurite.accountName);
    expect(await health(id)).toMatchObject({
      status: 'failing',
      consecutive_auth_failures: 1,
      last_error: { class: 'auth' },
    });
  });

  it('answers an unreachable file store with 502 and leaves health untouched', async () => {
    // A loopback port nobody listens on: the gateway's URL check passes, the runner's socket is refused.
    const id = await create(
      { account_url: `http://127.0.0.1:${await freePort()}/${azurite.accountName}` },
      { account_key: azurite.accountKey },
    );
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect((tested.body as { error: { code: string } }).error.code).toBe('datasource_unreachable');
    expect(await health(id)).toEqual(before);
  });

  it('saves an account URL whose host does not resolve, and its test answers 502 with health untouched', async () => {
    const id = await create(
      { account_url: `http://${azurite.accountName}.no-such-host.invalid:10000` },
      { account_key: azurite.accountKey },
    );
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(502);
    expect((tested.body as { error: { code: string } }).error.code).toBe('datasource_unreachable');
    expect(await health(id)).toEqual(before);
  });

  it('classifies a missing filesystem as not_found and leaves health untouched', async () => {
    const id = await create({ filesystem: 'no-such-filesystem' }, { account_key: azurite.accountKey });
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, error: { class: 'not_found' } });
    expect(await health(id)).toEqual(before);
  });
});
