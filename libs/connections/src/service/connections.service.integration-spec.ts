import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  AppError,
  type CreateConnectionRequest,
  ErrorCode,
  type UpdateConnectionRequest,
} from '@dq/contracts';
import { SecretOpener } from '@dq/secrets-opening';
import { testActor } from '@dq/testing';
import { securityPorts } from '../ports/connection-ports';
import {
  type ConnectionsContext,
  scriptedEgressGuard,
  startConnectionsContext,
} from '../../test/connections-context';
import { ConnectionsService, connectionSecretAad } from './connections.service';

const SECRET = 'S3cr3t-never-leaks-9f2c7a';
// Scripted DNS: public names answer a public address, `internal.test` a private one.
const resolve = async (host: string) =>
  host.startsWith('internal')
    ? [{ address: '10.0.0.7', family: 4 }]
    : [{ address: '93.184.216.34', family: 4 }];

const DRAFTS: CreateConnectionRequest[] = [
  {
    name: 'wh',
    kind: 'warehouse',
    config: { account: 'acme-x1', user: 'dq' },
    credential: { password: SECRET },
  },
  {
    name: 'lh',
    kind: 'lakehouse',
    config: { workspace_url: 'https://adb.example.com', http_path: '/sql/1' },
    credential: { token: SECRET },
  },
  {
    name: 'fs',
    kind: 'file_store',
    config: { account_url: 'https://acct.dfs.example.com', filesystem: 'raw' },
    credential: { sas_token: SECRET },
  },
  {
    name: 'os',
    kind: 'object_store',
    config: { bucket: 'b', endpoint_url: 'https://s3.example.com', force_path_style: true },
    credential: { access_key_id: 'AKIA1', secret_access_key: SECRET },
  },
  {
    name: 'ice',
    kind: 'iceberg_catalog',
    config: { catalog_uri: 'https://cat.example.com', properties: { scope: 'x' }, secret_property: 'token' },
    credential: { value: SECRET },
  },
  {
    name: 'pg',
    kind: 'postgres',
    config: { host: 'db.example.com', port: 5432, database: 'd', user: 'u', sslmode: 'require' },
    credential: { password: SECRET },
  },
  {
    name: 'adf',
    kind: 'factory',
    config: { subscription_id: 's', resource_group: 'r', factory_name: 'f' },
    credential: { tenant_id: 't', client_id: 'c', client_secret: SECRET },
  },
  {
    name: 'sched',
    kind: 'scheduler',
    config: { base_url: 'https://sched.example.com' },
    credential: { token: SECRET },
  },
  {
    name: 'build',
    kind: 'builder',
    config: { project_name: 'p', jobs: ['j1'], artifacts_uri: 'https://art.example.com' },
    credential: { token: SECRET, webhook_secret: SECRET },
  },
];

describe('ConnectionsService', () => {
  let connections: ConnectionsContext;
  let db: DataSource;
  let service: ConnectionsService;
  const { opener: cipher, sealer } = SecretOpener.withFreshKeyForTests();
  const actor = testActor();

  const count = async (table: string) =>
    Number((await db.query<{ n: string }[]>(`SELECT count(*) AS n FROM ${table}`))[0].n);
  const everything = async () =>
    JSON.stringify([
      await db.query(`SELECT * FROM connection_versions`),
      await db.query(`SELECT * FROM audit_events`),
      await db.query(`SELECT id, name, config FROM connections`),
    ]);

  beforeAll(async () => {
    connections = await startConnectionsContext('connections', scriptedEgressGuard(resolve), (guard) =>
      securityPorts(sealer, guard),
    );
    ({ db, service } = connections);
  });

  afterAll(async () => {
    await connections?.close();
  });

  it('creates every kind; responses carry has_secret and health only for datasources', async () => {
    for (const draft of DRAFTS) {
      const created = await service.create(draft, actor);
      expect(created).toMatchObject({
        name: draft.name,
        kind: draft.kind,
        config: draft.config,
        has_secret: true,
      });
      expect(created.version).toBe(1);
      const orchestration = ['factory', 'scheduler', 'builder'].includes(draft.kind);
      expect(created.credential_health).toEqual(
        orchestration
          ? null
          : {
              status: 'unknown',
              consecutive_auth_failures: 0,
              last_auth_success_at: null,
              last_auth_failure_at: null,
              last_error: null,
            },
      );
      expect(JSON.stringify(created)).not.toContain(SECRET);
    }
    expect((await service.list()).items.map((c) => c.name)).toEqual(DRAFTS.map((d) => d.name).sort());
  });

  it('stores only ciphertext, bound to the row, and no secret in versions or audit', async () => {
    const [row] = await db.query<{ id: string; secret_ciphertext: string }[]>(
      `SELECT id, secret_ciphertext FROM connections WHERE name = 'pg'`,
    );
    expect(row.secret_ciphertext).not.toContain(SECRET);
    expect(JSON.parse(cipher.open(row.secret_ciphertext, connectionSecretAad(row.id)))).toEqual({
      password: SECRET,
    });
    expect(() => cipher.open(row.secret_ciphertext, connectionSecretAad(randomUUID()))).toThrow();
    expect(await everything()).not.toContain(SECRET);
  });

  it('refuses a credential redirect without writing anything', async () => {
    const [os] = (await service.list()).items.filter((c) => c.name === 'os');
    const before = await Promise.all([count('connection_versions'), count('audit_events')]);
    const refused = await service
      .update(os.id, { config: { endpoint_url: 'https://other.example.com' } }, actor)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.CredentialRedirect);
    expect((refused as AppError).detail['required']).toEqual(['credential']);
    expect(await Promise.all([count('connection_versions'), count('audit_events')])).toEqual(before);
    expect((await service.get(os.id)).config['endpoint_url']).toBe('https://s3.example.com');
  });

  it('accepts the redirect with the credential and a plain edit without it; versions grow', async () => {
    const [os] = (await service.list()).items.filter((c) => c.name === 'os');
    const moved = await service.update(
      os.id,
      {
        config: { endpoint_url: 'https://other.example.com' },
        credential: { access_key_id: 'AKIA2', secret_access_key: SECRET },
      },
      actor,
    );
    expect(moved.version).toBe(2);
    const renamed = await service.update(
      os.id,
      { name: 'os-renamed', config: { region: 'eu-west-1' } },
      actor,
    );
    expect(renamed.version).toBe(3);
    const versions = (await service.versions(os.id)).items;
    expect(versions.map((v) => [v.version, v.changed_fields])).toEqual([
      [3, ['name', 'region']],
      [2, ['endpoint_url', 'credential']],
      [1, ['name', 'kind', 'bucket', 'endpoint_url', 'force_path_style', 'credential']],
    ]);
    expect(await everything()).not.toContain(SECRET);
  });

  // The document lets every optional field of the patch be null (class-validator passes it as
  // absent); a null credential reached the credential check and answered 500.
  it('takes null for a patch field as not given: nothing changes, nothing is written', async () => {
    const pg = await service.create(
      { ...DRAFTS.find((d) => d.kind === 'postgres')!, name: 'pg-nulls' },
      actor,
    );
    const before = await everything();
    const patch = {
      name: null,
      config: null,
      credential: null,
      allow_custom_sql_with_dangerous_privileges: null,
    };
    const answered = await service.update(pg.id, patch as unknown as UpdateConnectionRequest, actor);
    expect(answered).toEqual(await service.get(pg.id));
    expect(answered).toMatchObject({
      name: 'pg-nulls',
      version: pg.version,
      config: pg.config,
      has_secret: true,
    });
    expect(await everything()).toBe(before);
  });

  it('creates a connection with a null credential as one with none: no secret stored', async () => {
    const draft = {
      ...DRAFTS.find((d) => d.kind === 'postgres')!,
      name: 'pg-no-credential',
      credential: null,
    };
    const created = await service.create(draft as unknown as CreateConnectionRequest, actor);
    expect(created).toMatchObject({ name: 'pg-no-credential', has_secret: false, version: 1 });
    const [row] = await db.query<{ secret_ciphertext: string | null }[]>(
      `SELECT secret_ciphertext FROM connections WHERE id = $1`,
      [created.id],
    );
    expect(row.secret_ciphertext).toBeNull();
  });

  it('refuses a private URL with url_forbidden and writes nothing', async () => {
    const before = await count('connections');
    const refused = await service
      .create(
        {
          name: 'bad',
          kind: 'scheduler',
          config: { base_url: 'https://internal.example.com' },
          credential: { token: SECRET },
        },
        actor,
      )
      .catch((error: unknown) => error);
    expect((refused as AppError).code).toBe(ErrorCode.UrlForbidden);
    expect(await count('connections')).toBe(before);
  });

  it('validates config and credential per kind without echoing values', async () => {
    const refused = await service
      .create(
        { name: 'x', kind: 'warehouse', config: { account: 'a', user: 'u' }, credential: { token: SECRET } },
        actor,
      )
      .catch((error: unknown) => error);
    expect((refused as AppError).code).toBe(ErrorCode.ValidationFailed);
    expect(JSON.stringify((refused as AppError).detail)).not.toContain(SECRET);
    const both = await service
      .create(
        {
          name: 'y',
          kind: 'warehouse',
          config: { account: 'a', user: 'u' },
          credential: { password: 'p', private_key: 'k' },
        },
        actor,
      )
      .catch((error: unknown) => error);
    expect((both as AppError).code).toBe(ErrorCode.ValidationFailed);
  });

  it('answers 409 for a live duplicate name, and frees the name on delete', async () => {
    const dup = await service.create(DRAFTS[0], actor).catch((error: unknown) => error);
    expect((dup as AppError).code).toBe(ErrorCode.Conflict);
    const [wh] = (await service.list()).items.filter((c) => c.name === 'wh');
    await service.delete(wh.id, actor);
    await expect(service.get(wh.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(service.versions(wh.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    const [gone] = await db.query<{ secret_ciphertext: string | null }[]>(
      `SELECT secret_ciphertext FROM connections WHERE id = $1`,
      [wh.id],
    );
    expect(gone.secret_ciphertext).toBeNull();
    expect((await service.create(DRAFTS[0], actor)).name).toBe('wh');
  });

  it('holds a PostgreSQL sslmode change to the credential, as host and port are', async () => {
    const pg = await service.create({ ...DRAFTS[5], name: 'pg-ssl' }, actor);
    const refused = await service
      .update(pg.id, { config: { sslmode: 'disable' } }, actor)
      .catch((error: unknown) => error);
    expect((refused as AppError).code).toBe(ErrorCode.CredentialRedirect);
    expect((refused as AppError).detail['fields']).toEqual(['sslmode']);
    expect((await service.get(pg.id)).config['sslmode']).toBe('require');
    const moved = await service.update(
      pg.id,
      { config: { sslmode: 'disable' }, credential: { password: SECRET } },
      actor,
    );
    expect(moved.config['sslmode']).toBe('disable');
    // A row saved before sslmode had a default: the default filled in by a plain edit moves nothing.
    await db.query(`UPDATE connections SET config = config - 'sslmode' WHERE id = $1`, [pg.id]);
    const edited = await service.update(pg.id, { config: { database: 'd2' } }, actor);
    expect(edited.config).toMatchObject({ database: 'd2', sslmode: 'prefer' });
    // No credential stored: none to follow the change.
    const open = await service.create({ ...DRAFTS[5], name: 'pg-trust', credential: undefined }, actor);
    expect((await service.update(open.id, { config: { sslmode: 'disable' } }, actor)).config['sslmode']).toBe(
      'disable',
    );
  });

  it('holds Iceberg client properties that name an endpoint to the egress guard, at save and update', async () => {
    const iceberg = (properties: Record<string, string>, name = 'ice-props'): CreateConnectionRequest => ({
      ...DRAFTS[4],
      name,
      config: { ...DRAFTS[4].config, properties },
    });
    const before = await count('connections');
    for (const [properties, field] of [
      [{ 's3.endpoint': 'https://internal.example.com' }, 'config.properties.s3.endpoint'],
      [{ uri: 'https://10.0.0.1/cat' }, 'config.properties.uri'],
      [{ 'oauth2-server-uri': 'https://[::ffff:0:a9fe:a9fe]/token' }, 'config.properties.oauth2-server-uri'],
      [{ 'custom.place': 'https://169.254.169.254/latest' }, 'config.properties.custom.place'],
      [{ 'adls.endpoint': 'file:///etc/passwd' }, 'config.properties.adls.endpoint'],
    ] as const) {
      const refused = await service.create(iceberg(properties), actor).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: ErrorCode.UrlForbidden, detail: { field } });
    }
    expect(await count('connections')).toBe(before);
    const saved = await service.create(
      iceberg({ 's3.endpoint': 'https://s3.example.com', warehouse: 's3://bucket/wh', 's3.region': 'eu' }),
      actor,
    );
    const moved = await service
      .update(
        saved.id,
        {
          config: { properties: { 's3.endpoint': 'https://internal.example.com' } },
          credential: { value: SECRET },
        },
        actor,
      )
      .catch((error: unknown) => error);
    expect(moved).toMatchObject({ code: ErrorCode.UrlForbidden });
  });

  it('refuses to delete a connection suites read (target or comparison baseline): 409 connection_in_use', async () => {
    const pg = await service.create({ ...DRAFTS[5], name: 'pg-used' }, actor);
    const os = await service.create({ ...DRAFTS[3], name: 'os-baseline' }, actor);
    const [owner, other] = [randomUUID(), randomUUID()];
    for (const [userId, email] of [
      [owner, 'owner@example.com'],
      [other, 'other@example.com'],
    ])
      await db.query(`INSERT INTO users (id, email, display_name) VALUES ($1, $2, 'u')`, [userId, email]);
    const suite = async (name: string, ownerId: string, connectionId: string): Promise<string> =>
      (
        await db.query<{ id: string }[]>(
          `INSERT INTO suites (name, connection_id, target, owner_id) VALUES ($1, $2, 't', $3) RETURNING id`,
          [name, connectionId, ownerId],
        )
      )[0].id;
    const mine = await suite('mine', owner, pg.id);
    await suite('theirs', other, pg.id);
    const comparing = await suite('comparing', owner, pg.id);
    await db.query(
      `INSERT INTO checks (suite_id, name, kind, dimension, config) VALUES ($1, 'cmp', 'comparison', 'consistency', $2)`,
      [comparing, { baseline_connection_id: os.id, baseline: { target: 't' }, key_columns: ['id'] }],
    );
    const before = await Promise.all([count('audit_events'), count('connections WHERE deleted_at IS NULL')]);

    const asOwner = testActor(owner, { credential: 'pat:owner' });
    const refused = await service.delete(pg.id, asOwner).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.ConnectionInUse);
    // The caller is named only the suites they may see; the others are a count.
    expect((refused as AppError).detail).toEqual({
      suites: [
        { id: comparing, name: 'comparing' },
        { id: mine, name: 'mine' },
      ],
      other_suite_count: 1,
    });
    const asAdmin = testActor(actor.user.id, { admin: true });
    const baseline = await service.delete(os.id, asAdmin).catch((error: unknown) => error);
    expect((baseline as AppError).detail).toEqual({
      suites: [{ id: comparing, name: 'comparing' }],
      other_suite_count: 0,
    });
    expect(await Promise.all([count('audit_events'), count('connections WHERE deleted_at IS NULL')])).toEqual(
      before,
    );
    expect((await service.get(pg.id)).has_secret).toBe(true);

    await db.query(`DELETE FROM suites WHERE id = $1`, [comparing]);
    await service.delete(os.id, asAdmin);
    await expect(service.get(os.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('audits the custom SQL allowance as its own event with before and after; a redirect withdraws it', async () => {
    const pg = await service.create({ ...DRAFTS[5], name: 'pg-allow' }, actor);
    await db.query(`UPDATE connections SET capabilities = $2 WHERE id = $1`, [
      pg.id,
      { dangerous_privileges: ['superuser'], checked_at: new Date().toISOString() },
    ]);
    const events = async () =>
      db.query<{ detail: Record<string, unknown> }[]>(
        `SELECT detail FROM audit_events WHERE target_id = $1 AND action = 'connection.custom_sql_permission_changed'
          ORDER BY occurred_at, id`,
        [pg.id],
      );
    const versions = await count('connection_versions');
    const allowed = await service.update(pg.id, { allow_custom_sql_with_dangerous_privileges: true }, actor);
    expect(allowed).toMatchObject({
      allow_custom_sql_with_dangerous_privileges: true,
      version: pg.version,
      privilege_warning: expect.stringMatching(/superuser.*allowed custom SQL/),
    });
    // Not a config change: no version; the same value again writes nothing.
    expect(await count('connection_versions')).toBe(versions);
    await service.update(pg.id, { allow_custom_sql_with_dangerous_privileges: true }, actor);
    expect((await events()).map((event) => [event.detail['before'], event.detail['after']])).toEqual([
      [
        { allow_custom_sql_with_dangerous_privileges: false },
        { allow_custom_sql_with_dangerous_privileges: true },
      ],
    ]);
    expect(
      (await service.update(pg.id, { name: 'pg-allow-renamed' }, actor))
        .allow_custom_sql_with_dangerous_privileges,
    ).toBe(true);
    const moved = await service.update(
      pg.id,
      { config: { host: 'db2.example.com' }, credential: { password: SECRET } },
      actor,
    );
    expect(moved).toMatchObject({
      allow_custom_sql_with_dangerous_privileges: false,
      capabilities: null,
      privilege_warning: expect.stringMatching(/not been checked/),
    });
    expect(await events()).toHaveLength(2);
    expect((await events())[1]?.detail).toMatchObject({
      before: { allow_custom_sql_with_dangerous_privileges: true },
      after: { allow_custom_sql_with_dangerous_privileges: false },
    });
  });
});
