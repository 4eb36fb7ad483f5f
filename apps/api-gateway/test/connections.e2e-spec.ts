/**
 * Connections through a real gateway: credentials sealed (the database holds ciphertext only) and
 * never echoed — not in responses, versions, audit rows or log lines; credential_redirect writes
 * nothing; user-supplied URLs to internal addresses are refused.
 */
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

const SECRET = 'pg-secret-Zx81!';

describe('connections', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  let admin: string;

  beforeAll(async () => {
    world = await GatewayWorld.create('connections');
    gateway = await world.startGateway({ LOG_LEVEL: 'debug' });
    api = `${gateway.url}/api/v1`;
    admin = await world.mintToken('admin@example.test', 'admin');
  });

  afterAll(async () => {
    expect(world?.output() ?? '').not.toContain(SECRET);
    await world?.close();
  });

  const versionCount = async (id: string): Promise<number> => {
    const rows: { count: number }[] = await world.db.query(
      'SELECT count(*)::int AS count FROM connection_versions WHERE connection_id = $1',
      [id],
    );
    return rows[0].count;
  };

  it('seals the credential, never echoes it, and keeps a version history without it', async () => {
    const created = await call(api, 'POST', '/connections', {
      token: admin,
      body: {
        name: 'orders-db',
        kind: 'postgres',
        config: {
          host: 'db.example.test',
          port: 5432,
          database: 'orders',
          user: 'reader',
          sslmode: 'require',
        },
        credential: { password: SECRET },
      },
    });
    expect(created.status).toBe(201);
    expect(created.text).not.toContain(SECRET);
    const connection = created.body as {
      id: string;
      has_secret: boolean;
      credential_health: { status: string };
    };
    expect(connection.has_secret).toBe(true);
    expect(connection.credential_health.status).toBe('unknown');

    const [stored] = await world.db.query<{ secret_ciphertext: string; config: string }[]>(
      'SELECT secret_ciphertext, config::text AS config FROM connections WHERE id = $1',
      [connection.id],
    );
    expect(stored.secret_ciphertext).toMatch(/^v2\.test\./);
    expect(stored.secret_ciphertext).not.toContain(SECRET);
    expect(stored.config).not.toContain(SECRET);

    for (const path of [
      `/connections/${connection.id}`,
      '/connections',
      `/connections/${connection.id}/versions`,
    ]) {
      const read = await call(api, 'GET', path, { token: admin });
      expect(read.status).toBe(200);
      expect(read.text).not.toContain(SECRET);
    }
    const audit: { row: string }[] = await world.db.query(
      'SELECT row_to_json(a)::text AS row FROM audit_events a',
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((a) => !a.row.includes(SECRET))).toBe(true);
    const versions: { row: string }[] = await world.db.query(
      'SELECT row_to_json(v)::text AS row FROM connection_versions v',
    );
    expect(versions.every((v) => !v.row.includes(SECRET))).toBe(true);
  });

  it('a change of where the credential goes without the credential is 422 credential_redirect and writes nothing', async () => {
    const created = await call(api, 'POST', '/connections', {
      token: admin,
      body: {
        name: 'billing-db',
        kind: 'postgres',
        config: {
          host: 'billing.example.test',
          port: 5432,
          database: 'billing',
          user: 'reader',
          sslmode: 'require',
        },
        credential: { password: SECRET },
      },
    });
    const id = (created.body as { id: string }).id;
    const before = await versionCount(id);
    const redirected = await call(api, 'PATCH', `/connections/${id}`, {
      token: admin,
      body: { config: { host: 'attacker.example.test' } },
    });
    expect(redirected.status).toBe(422);
    const body = redirected.body as { error: { code: string; detail: { required: string[] } } };
    expect(body.error.code).toBe('credential_redirect');
    expect(body.error.detail.required).toEqual(['credential']);
    expect(await versionCount(id)).toBe(before);
    const after = await call(api, 'GET', `/connections/${id}`, { token: admin });
    expect(after.text).toContain('billing.example.test');
    expect(after.text).not.toContain('attacker.example.test');
  });

  it('refuses a user-supplied URL that points inside the network, writing nothing', async () => {
    for (const endpoint_url of [
      'https://127.0.0.1:9000',
      'https://169.254.169.254/',
      'http://s3.example.test',
    ]) {
      const refused = await call(api, 'POST', '/connections', {
        token: admin,
        body: {
          name: `lake-${endpoint_url.length}-${endpoint_url.charCodeAt(8)}`,
          kind: 'object_store',
          config: { bucket: 'raw', endpoint_url },
          credential: { access_key_id: 'AKIAEXAMPLE', secret_access_key: SECRET },
        },
      });
      expect(`${endpoint_url}: ${refused.status}`).toBe(`${endpoint_url}: 422`);
      expect((refused.body as { error: { code: string } }).error.code).toBe('url_forbidden');
    }
    const rows: { count: number }[] = await world.db.query(
      "SELECT count(*)::int AS count FROM connections WHERE kind = 'object_store'",
    );
    expect(rows[0].count).toBe(0);
  });

  it('a deleted connection is gone: read and versions are 404', async () => {
    const created = await call(api, 'POST', '/connections', {
      token: admin,
      body: {
        name: 'temp-db',
        kind: 'postgres',
        config: { host: 'temp.example.test', port: 5432, database: 't', user: 'u', sslmode: 'disable' },
        credential: { password: SECRET },
      },
    });
    const id = (created.body as { id: string }).id;
    expect((await call(api, 'DELETE', `/connections/${id}`, { token: admin })).status).toBe(204);
    expect((await call(api, 'GET', `/connections/${id}`, { token: admin })).status).toBe(404);
    expect((await call(api, 'GET', `/connections/${id}/versions`, { token: admin })).status).toBe(404);
    const [row] = await world.db.query<{ secret_ciphertext: string | null }[]>(
      'SELECT secret_ciphertext FROM connections WHERE id = $1',
      [id],
    );
    expect(row?.secret_ciphertext ?? null).toBeNull();
  });
});
