/**
 * Iceberg catalog connection tests through a real gateway AND a real runner over NATS, against the
 * REST catalog peer on loopback (fixture tables in moto); both apps allow loopback for tests only.
 * The catalog token travels sealed from the gateway to the runner; it appears in no response, log
 * line or stored row.
 */
import { randomBytes } from 'node:crypto';
import {
  type AppProcess,
  call,
  freePort,
  GatewayWorld,
  type HttpResult,
  type IcebergCatalogPeer,
  startIcebergCatalogPeer,
} from '@dq/testing';

const TOKEN = `iceberg-tok-${randomBytes(12).toString('hex')}`;
const WRONG = `iceberg-wrong-${randomBytes(12).toString('hex')}`;
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

describe('iceberg_catalog connection tests through the runner, against a REST catalog peer', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let peer: IcebergCatalogPeer;
  let api: string;
  const tokens = {} as Record<'admin' | 'member', string>;
  const responses: HttpResult[] = [];

  const send = async (method: string, path: string, token: string, body?: unknown): Promise<HttpResult> => {
    const result = await call(api, method, path, { token, ...(body !== undefined ? { body } : {}) });
    responses.push(result);
    return result;
  };
  let counter = 0;
  const create = async (config: Record<string, unknown>, secret: string): Promise<string> => {
    counter += 1;
    const created = await send('POST', '/connections', tokens.admin, {
      name: `lake-${counter}`,
      kind: 'iceberg_catalog',
      config: { catalog_uri: peer.catalogUri, secret_property: 'token', ...config },
      credential: { value: secret },
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
    world = await GatewayWorld.create('connections-iceberg');
    peer = await startIcebergCatalogPeer({ token: TOKEN });
    [gateway] = await Promise.all([
      world.startGateway({ LOG_LEVEL: 'debug', ...LOOPBACK }),
      world.startRunner({ LOG_LEVEL: 'debug', ...LOOPBACK }),
    ]);
    api = `${gateway.url}/api/v1`;
    for (const role of ['admin', 'member'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
  }, 180_000);

  afterAll(async () => {
    for (const secret of [TOKEN, WRONG]) {
      for (const response of responses) expect(response.text).not.toContain(secret);
      expect(world.output()).not.toContain(secret);
      expect(await stored()).not.toContain(secret);
    }
    await world?.close();
    await peer?.stop();
  });

  it('tests an iceberg_catalog connection as a Member: ok, and health becomes healthy', async () => {
    const id = await create({}, TOKEN);
    expect((await health(id)).status).toBe('unknown');
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      ok: true,
      error: null,
      details: { catalog_reachable: true, namespaces: 2 },
    });
    expect(await health(id)).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });
  });

  it('classifies a wrong token as auth and moves health to failing', async () => {
    const id = await create({}, WRONG);
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    const result = tested.body as TestResult;
    expect(result).toMatchObject({ ok: false, error: { class: 'auth' } });
    expect(result.error?.message).not.toContain('127.0.0.1');
    expect(await health(id)).toMatchObject({
      status: 'failing',
      consecutive_auth_failures: 1,
      last_error: { class: 'auth' },
    });
  });

  it('answers a catalog on a closed port with 502 and leaves health untouched', async () => {
    const id = await create({ catalog_uri: `http://127.0.0.1:${await freePort()}` }, TOKEN);
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect((tested.body as { error: { code: string } }).error.code).toBe('datasource_unreachable');
    expect(await health(id)).toEqual(before);
  });

  it('answers an unknown catalog host with 502 and leaves health untouched', async () => {
    const id = await create({ catalog_uri: 'http://iceberg-catalog.does-not-exist.invalid:8181' }, TOKEN);
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect((tested.body as { error: { code: string } }).error.code).toBe('datasource_unreachable');
    expect(await health(id)).toEqual(before);
  });
});
