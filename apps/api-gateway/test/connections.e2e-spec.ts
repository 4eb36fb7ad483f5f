/**
 * Connections through a real gateway: credentials sealed (the database holds ciphertext only) and
 * never echoed — not in responses, versions, audit rows or log lines; credential_redirect writes
 * nothing; user-supplied URLs to internal addresses are refused.
 */
import { type ApiClient, dataOf, errorOf } from '@dq/api-client';
import { GatewayWorld } from '@dq/testing';

const SECRET = 'pg-secret-Zx81!';

describe('connections', () => {
  let world: GatewayWorld;
  let admin: ApiClient;

  beforeAll(async () => {
    world = await GatewayWorld.create('connections');
    await world.startGateway({ LOG_LEVEL: 'debug' });
    admin = world.apiClient(await world.mintToken('admin@example.test', 'admin'));
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
    const created = await admin.POST('/api/v1/connections', {
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
    expect(created.response.status).toBe(201);
    const connection = dataOf(created);
    expect(JSON.stringify(connection)).not.toContain(SECRET);
    expect(connection.has_secret).toBe(true);
    expect(connection.credential_health?.status).toBe('unknown');

    const [stored] = await world.db.query<{ secret_ciphertext: string; config: string }[]>(
      'SELECT secret_ciphertext, config::text AS config FROM connections WHERE id = $1',
      [connection.id],
    );
    expect(stored.secret_ciphertext).toMatch(/^v2\.test\./);
    expect(stored.secret_ciphertext).not.toContain(SECRET);
    expect(stored.config).not.toContain(SECRET);

    const path = { params: { path: { id: connection.id } } };
    for (const read of [
      await admin.GET('/api/v1/connections/{id}', path),
      await admin.GET('/api/v1/connections'),
      await admin.GET('/api/v1/connections/{id}/versions', path),
    ]) {
      expect(read.response.status).toBe(200);
      expect(JSON.stringify(dataOf<unknown>(read))).not.toContain(SECRET);
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
    const created = await admin.POST('/api/v1/connections', {
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
    const { id } = dataOf(created);
    const path = { params: { path: { id } } };
    const before = await versionCount(id);
    const redirected = await admin.PATCH('/api/v1/connections/{id}', {
      ...path,
      body: { config: { host: 'attacker.example.test' } },
    });
    expect(errorOf(redirected)).toMatchObject({
      status: 422,
      code: 'credential_redirect',
      detail: { required: ['credential'] },
    });
    expect(await versionCount(id)).toBe(before);
    const after = dataOf(await admin.GET('/api/v1/connections/{id}', path));
    expect(after.config).toMatchObject({ host: 'billing.example.test' });
    expect(JSON.stringify(after)).not.toContain('attacker.example.test');
  });

  it('refuses a user-supplied URL that points inside the network, writing nothing', async () => {
    for (const endpoint_url of [
      'https://127.0.0.1:9000',
      'https://169.254.169.254/',
      'http://s3.example.test',
    ]) {
      const refused = await admin.POST('/api/v1/connections', {
        body: {
          name: `lake-${endpoint_url.length}-${endpoint_url.charCodeAt(8)}`,
          kind: 'object_store',
          config: { bucket: 'raw', endpoint_url },
          credential: { access_key_id: 'AKIAEXAMPLE', secret_access_key: SECRET },
        },
      });
      const error = errorOf(refused);
      expect(`${endpoint_url}: ${error?.status} ${error?.code}`).toBe(`${endpoint_url}: 422 url_forbidden`);
    }
    const rows: { count: number }[] = await world.db.query(
      "SELECT count(*)::int AS count FROM connections WHERE kind = 'object_store'",
    );
    expect(rows[0].count).toBe(0);
  });

  it('a deleted connection is gone: read and versions are 404', async () => {
    const created = await admin.POST('/api/v1/connections', {
      body: {
        name: 'temp-db',
        kind: 'postgres',
        config: { host: 'temp.example.test', port: 5432, database: 't', user: 'u', sslmode: 'disable' },
        credential: { password: SECRET },
      },
    });
    const path = { params: { path: { id: dataOf(created).id } } };
    expect((await admin.DELETE('/api/v1/connections/{id}', path)).response.status).toBe(204);
    expect(errorOf(await admin.GET('/api/v1/connections/{id}', path))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(errorOf(await admin.GET('/api/v1/connections/{id}/versions', path))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const [row] = await world.db.query<{ secret_ciphertext: string | null }[]>(
      'SELECT secret_ciphertext FROM connections WHERE id = $1',
      [path.params.path.id],
    );
    expect(row?.secret_ciphertext ?? null).toBeNull();
  });
});
