/**
 * Connection tests through a real gateway AND a real runner over NATS, against real PostgreSQL
 * servers: the shared one on 127.0.0.1:5432 (trust), a private one that demands a password, and a
 * closed port. The gateway never opens a credential; no credential appears in any response, log
 * line, audit row or version snapshot.
 */
import {
  type AppProcess,
  call,
  freePort,
  GatewayWorld,
  type HttpResult,
  type PrivateService,
  startPrivatePostgres,
} from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

const SECRET = 'pg-right-Secret-5c1e9';
const WRONG = 'pg-wrong-Secret-0b7d2';

interface TestResult {
  ok: boolean;
  error: { class: string; message: string } | null;
  details: Record<string, unknown>;
  duration_ms: number;
}
interface Health {
  status: string;
  consecutive_auth_failures: number;
  last_error: { class: string } | null;
}

describe('connection tests through the runner', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let runner: AppProcess;
  let privatePg: PrivateService;
  let api: string;
  const tokens = {} as Record<'admin' | 'member' | 'viewer', string>;
  const responses: HttpResult[] = [];

  const send = async (method: string, path: string, token: string, body?: unknown): Promise<HttpResult> => {
    const result = await call(api, method, path, { token, ...(body !== undefined ? { body } : {}) });
    responses.push(result);
    return result;
  };
  const pgConfig = (port: number) => ({
    host: '127.0.0.1',
    port,
    database: 'postgres',
    user: 'postgres',
    sslmode: 'disable',
  });
  let counter = 0;
  const create = async (port: number, password: string): Promise<string> => {
    counter += 1;
    const created = await send('POST', '/connections', tokens.admin, {
      name: `pg-${counter}`,
      kind: 'postgres',
      config: pgConfig(port),
      credential: { password },
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
    world = await GatewayWorld.create('connection-tests');
    privatePg = await startPrivatePostgres({ password: SECRET });
    [gateway, runner] = await Promise.all([
      world.startGateway({ ...LOOPBACK_EGRESS, LOG_LEVEL: 'debug' }),
      world.startRunner({ ...LOOPBACK_EGRESS, LOG_LEVEL: 'debug' }),
    ]);
    api = `${gateway.url}/api/v1`;
    for (const role of ['admin', 'member', 'viewer'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
  });

  afterAll(async () => {
    for (const secret of [SECRET, WRONG]) {
      for (const response of responses) expect(response.text).not.toContain(secret);
      expect(world.output()).not.toContain(secret);
      expect(await stored()).not.toContain(secret);
    }
    await world?.close();
    await privatePg?.destroy();
  });

  it('tests a saved connection as a Member: ok, and health becomes healthy', async () => {
    const id = await create(5432, SECRET);
    expect((await health(id)).status).toBe('unknown');
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    const result = tested.body as TestResult;
    expect(result).toMatchObject({ ok: true, error: null });
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
    expect(await health(id)).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });
    expect((await send('POST', `/connections/${id}/test`, tokens.viewer)).status).toBe(403);
  });

  it('a connection with no password and no sslmode: stored as prefer, and its test passes on a server that trusts', async () => {
    const { sslmode: _default, ...config } = pgConfig(5432);
    const created = await send('POST', '/connections', tokens.admin, {
      name: 'pg-trust-no-password',
      kind: 'postgres',
      config,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const read = await send('GET', `/connections/${id}`, tokens.admin);
    expect(read.body).toMatchObject({ config: { ...config, sslmode: 'prefer' } });
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, error: null });
    expect(await health(id)).toMatchObject({ status: 'healthy' });

    // With no credential stored there is none to follow a new host or port: no credential_redirect.
    const closed = await freePort();
    const moved = await send('PATCH', `/connections/${id}`, tokens.admin, { config: { port: closed } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ config: { port: closed, sslmode: 'prefer' } });
    const unreachable = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(unreachable.status).toBe(502);
  });

  it('a connection with a password still needs it re-sent to move: 422 credential_redirect', async () => {
    const id = await create(5432, SECRET);
    const moved = await send('PATCH', `/connections/${id}`, tokens.admin, { config: { port: 5433 } });
    expect(moved.status).toBe(422);
    expect((moved.body as { error: { code: string } }).error.code).toBe('credential_redirect');
  });

  it('a connection with no password to a server that demands one: the test fails as auth', async () => {
    const created = await send('POST', '/connections', tokens.admin, {
      name: 'pg-password-none-given',
      kind: 'postgres',
      config: pgConfig(privatePg.port),
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, error: { class: 'auth' } });
    expect(await health(id)).toMatchObject({ status: 'failing', last_error: { class: 'auth' } });
  });

  it('answers an unreachable datasource with 502 and leaves health untouched', async () => {
    const id = await create(await freePort(), SECRET);
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect((tested.body as { error: { code: string } }).error.code).toBe('datasource_unreachable');
    expect(await health(id)).toEqual(before);
  });

  it('moves health on a wrong password, and reauth with the right one makes it healthy', async () => {
    const id = await create(privatePg.port, WRONG);
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, error: { class: 'auth' } });
    expect(await health(id)).toMatchObject({
      status: 'failing',
      consecutive_auth_failures: 1,
      last_error: { class: 'auth' },
    });

    // A Member may test but not rotate.
    expect(
      (await send('POST', `/connections/${id}/reauth`, tokens.member, { credential: { password: SECRET } }))
        .status,
    ).toBe(403);

    // A failing new credential: 422 with the classified result, nothing stored.
    const before = await stored();
    const refused = await send('POST', `/connections/${id}/reauth`, tokens.admin, {
      credential: { password: `${WRONG}-still` },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: { code: 'validation_failed', detail: { test: { ok: false, error: { class: 'auth' } } } },
    });
    expect(await stored()).toBe(before);

    const rotated = await send('POST', `/connections/${id}/reauth`, tokens.admin, {
      credential: { password: SECRET },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({
      id,
      has_secret: true,
      credential_health: { status: 'healthy', consecutive_auth_failures: 0 },
    });
    const retest = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(retest.body).toMatchObject({ ok: true });
    const versions = await send('GET', `/connections/${id}/versions`, tokens.admin);
    expect((versions.body as { items: { changed_fields: string[] }[] }).items[0]?.changed_fields).toEqual([
      'credential',
    ]);
  });

  it('tests a draft as an Admin only, persisting nothing but one draft_tested event', async () => {
    const count = async (table: string): Promise<number> =>
      (await world.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
    const [connections, versions] = [await count('connections'), await count('connection_versions')];
    const draft = { kind: 'postgres', config: pgConfig(privatePg.port), credential: { password: SECRET } };

    expect((await send('POST', '/connections/test', tokens.member, draft)).status).toBe(403);
    const tested = await send('POST', '/connections/test', tokens.admin, draft);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, error: null });

    const wrong = await send('POST', '/connections/test', tokens.admin, {
      ...draft,
      credential: { password: WRONG },
    });
    expect(wrong.body).toMatchObject({ ok: false, error: { class: 'auth' } });

    const unreachable = await send('POST', '/connections/test', tokens.admin, {
      ...draft,
      config: pgConfig(await freePort()),
    });
    expect(unreachable.status).toBe(502);

    const invalid = await send('POST', '/connections/test', tokens.admin, { kind: 'postgres', config: {} });
    expect(invalid.status).toBe(422);

    expect(await count('connections')).toBe(connections);
    expect(await count('connection_versions')).toBe(versions);
    const events = await world.db.query<{ detail: Record<string, unknown>; target_id: string | null }[]>(
      `SELECT detail, target_id FROM audit_events WHERE action = 'connection.draft_tested' ORDER BY occurred_at`,
    );
    expect(events.map((event) => event.detail)).toEqual([
      { kind: 'postgres', ok: true, error_class: null },
      { kind: 'postgres', ok: false, error_class: 'auth' },
      { kind: 'postgres', ok: false, error_class: 'unreachable' },
    ]);
  });

  it('answers 503 when no runner answers', async () => {
    const id = await create(5432, SECRET);
    await runner.stop();
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(503);
    expect((tested.body as { error: { code: string } }).error.code).toBe('service_unavailable');
  });
});
