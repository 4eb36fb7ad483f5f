/**
 * Lakehouse (Databricks SQL) connection tests through a real gateway AND a real runner over NATS,
 * against a TCLIService-over-HTTP peer on loopback (both apps allow loopback for tests only). The
 * token travels sealed from the gateway to the runner; no token appears in any response, log line
 * or stored row.
 */
import { randomBytes } from 'node:crypto';
import {
  type AppProcess,
  call,
  type DatabricksSqlPeer,
  freePort,
  GatewayWorld,
  type HttpResult,
  startDatabricksSqlPeer,
} from '@dq/testing';

const TOKEN = `dapi${randomBytes(16).toString('hex')}`;
const WRONG_TOKEN = `dapi${randomBytes(16).toString('hex')}`;
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

describe('lakehouse connection tests through the runner, against a Databricks SQL peer', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let peer: DatabricksSqlPeer;
  let api: string;
  const tokens = {} as Record<'admin' | 'member', string>;
  const responses: HttpResult[] = [];

  const send = async (method: string, path: string, token: string, body?: unknown): Promise<HttpResult> => {
    const result = await call(api, method, path, { token, ...(body !== undefined ? { body } : {}) });
    responses.push(result);
    return result;
  };
  let counter = 0;
  const create = async (config: Record<string, unknown> = {}, token = TOKEN): Promise<string> => {
    counter += 1;
    const created = await send('POST', '/connections', tokens.admin, {
      name: `lakehouse-${counter}`,
      kind: 'lakehouse',
      config: { workspace_url: peer.workspaceUrl, http_path: peer.httpPath, ...config },
      credential: { token },
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
    world = await GatewayWorld.create('connections-lakehouse');
    peer = await startDatabricksSqlPeer({
      token: TOKEN,
      tables: [
        {
          catalog: 'lake',
          schema: 'sales',
          name: 'orders',
          columns: [{ name: 'id', type: 'BIGINT', nullable: false }],
          rows: [[1], [2]],
        },
      ],
    });
    [gateway] = await Promise.all([
      world.startGateway({ LOG_LEVEL: 'debug', ...LOOPBACK }),
      world.startRunner({ LOG_LEVEL: 'debug', ...LOOPBACK }),
    ]);
    api = `${gateway.url}/api/v1`;
    for (const role of ['admin', 'member'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
  }, 180_000);

  afterAll(async () => {
    for (const secret of [TOKEN, WRONG_TOKEN]) {
      for (const response of responses) expect(response.text).not.toContain(secret);
      expect(world.output()).not.toContain(secret);
      expect(await stored()).not.toContain(secret);
    }
    await world?.close();
    await peer?.stop();
  });

  it('tests a lakehouse connection as a Member: ok, and health becomes healthy', async () => {
    const id = await create();
    expect((await health(id)).status).toBe('unknown');
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      ok: true,
      error: null,
      details: { server_version: '3.0.0-dq-peer', catalog: 'lake' },
    });
    expect(await health(id)).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });
    expect(peer.calls).toEqual(expect.arrayContaining(['OpenSession', 'GetInfo', 'ExecuteStatement']));
  });

  it('classifies a wrong token as auth and moves health to failing', async () => {
    const id = await create({}, WRONG_TOKEN);
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    const result = tested.body as TestResult;
    expect(result).toMatchObject({ ok: false, error: { class: 'auth' } });
    expect(result.error?.message).not.toContain(peer.httpPath);
    expect(result.error?.message).not.toContain('127.0.0.1');
    expect(await health(id)).toMatchObject({
      status: 'failing',
      consecutive_auth_failures: 1,
      last_error: { class: 'auth' },
    });
  });

  it('answers an unknown host with 502 and leaves health untouched', async () => {
    const id = await create({ workspace_url: 'https://no-such-workspace.invalid' });
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect((tested.body as { error: { code: string } }).error.code).toBe('datasource_unreachable');
    expect(await health(id)).toEqual(before);
  });

  it('answers a closed port with 502 and leaves health untouched', async () => {
    const id = await create({ workspace_url: `http://127.0.0.1:${await freePort()}` });
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect(await health(id)).toEqual(before);
  });
});
