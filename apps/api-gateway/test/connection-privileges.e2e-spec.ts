/**
 * A connection's dangerous privileges: the connection test reads them from the real local
 * PostgreSQL (the `postgres` superuser, a role granted `pg_read_server_files`, a plain role), the
 * read shows them with a warning, and custom SQL and query projections on such a connection are
 * refused at save and dry-run (422 `connection_privileged`) until an Admin allows it (audited).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const SUPERUSER_PRIVILEGES = [
  'createrole',
  'pg_execute_server_program',
  'pg_read_server_files',
  'pg_write_server_files',
  'superuser',
];

interface ConnectionBody {
  capabilities: { dangerous_privileges?: string[] } | null;
  allow_custom_sql_with_dangerous_privileges: boolean;
  privilege_warning: string | null;
}

interface ErrorBody {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

describe('dangerous privileges of a connection role', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  const tokens: Record<'admin' | 'member' | 'viewer', string> = { admin: '', member: '', viewer: '' };
  const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
  const database = `privileges_${suffix}`;
  const filesRole = `dq_files_${suffix}`;
  const plainRole = `dq_plain_${suffix}`;
  const ids: Record<'superuser' | 'files' | 'plain', string> = { superuser: '', files: '', plain: '' };
  const suites: Record<'superuser' | 'plain', string> = { superuser: '', plain: '' };

  const customSql = {
    name: 'no refunds',
    kind: 'custom_sql',
    config: { sql: 'SELECT 1 AS one WHERE false' },
  };

  async function createConnection(name: string, user: string): Promise<string> {
    const created = await call(api, 'POST', '/connections', {
      token: tokens.admin,
      body: {
        name,
        kind: 'postgres',
        config: { host: '127.0.0.1', port: 5432, database, user, sslmode: 'disable' },
        credential: { password: 'unused-with-trust' },
      },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  const read = async (id: string): Promise<ConnectionBody> =>
    (await call(api, 'GET', `/connections/${id}`, { token: tokens.viewer })).body as ConnectionBody;

  beforeAll(async () => {
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.query(`CREATE ROLE ${filesRole} LOGIN; GRANT pg_read_server_files TO ${filesRole};
      CREATE ROLE ${plainRole} LOGIN;`);
    await admin.end();
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    await client.query(`CREATE TABLE public.orders (order_id bigint, amount numeric);
      INSERT INTO public.orders VALUES (1, 10), (2, 20);
      GRANT SELECT ON public.orders TO ${filesRole}, ${plainRole};`);
    await client.end();

    world = await GatewayWorld.create('connection-privileges');
    [gateway] = await Promise.all([world.startGateway(LOOPBACK), world.startRunner(LOOPBACK)]);
    api = `${gateway.url}/api/v1`;
    for (const role of ['admin', 'member', 'viewer'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
    ids.superuser = await createConnection('pg-superuser', 'postgres');
    ids.files = await createConnection('pg-files', filesRole);
    ids.plain = await createConnection('pg-plain', plainRole);
    for (const kind of ['superuser', 'plain'] as const) {
      const created = await call(api, 'POST', '/suites', {
        token: tokens.member,
        body: { name: `orders-${kind}`, connection_id: ids[kind], target: 'public.orders' },
      });
      expect(created.status).toBe(201);
      suites[kind] = (created.body as { id: string }).id;
    }
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${filesRole}; DROP ROLE IF EXISTS ${plainRole};`);
    await admin.end();
  });

  it('warns before any test that the privileges are unchecked, then reports exactly what each role holds', async () => {
    const untested = await read(ids.superuser);
    expect(untested.capabilities).toBeNull();
    expect(untested.privilege_warning).toMatch(/not been checked/);
    for (const id of Object.values(ids)) {
      const tested = await call(api, 'POST', `/connections/${id}/test`, { token: tokens.member });
      expect(tested.status).toBe(200);
      expect(tested.body).toMatchObject({ ok: true });
    }
    const superuser = await read(ids.superuser);
    expect(superuser.capabilities?.dangerous_privileges).toEqual(SUPERUSER_PRIVILEGES);
    expect(superuser.allow_custom_sql_with_dangerous_privileges).toBe(false);
    expect(superuser.privilege_warning).toMatch(/superuser.*refused/);
    const files = await read(ids.files);
    expect(files.capabilities?.dangerous_privileges).toEqual(['pg_read_server_files']);
    expect(files.privilege_warning).toMatch(/pg_read_server_files/);
    const plain = await read(ids.plain);
    expect(plain.capabilities?.dangerous_privileges).toEqual([]);
    expect(plain.privilege_warning).toBeNull();
  });

  it('refuses custom SQL and query projections on a privileged connection at save and dry-run, naming the privileges', async () => {
    const before = await world.db.query<{ count: string }[]>('SELECT count(*) FROM checks');
    const refusals: [string, unknown, string][] = [
      [suites.superuser, customSql, 'config.sql'],
      [
        suites.superuser,
        {
          name: 'projected',
          kind: 'comparison',
          config: {
            baseline_connection_id: ids.plain,
            baseline: { target: 'public.orders' },
            target_query: 'SELECT order_id, amount FROM public.orders',
            key_columns: ['order_id'],
          },
        },
        'config.target_query',
      ],
      [
        suites.plain,
        {
          name: 'baseline projected',
          kind: 'comparison',
          config: {
            baseline_connection_id: ids.files,
            baseline: { query: 'SELECT order_id, amount FROM public.orders' },
            key_columns: ['order_id'],
          },
        },
        'config.baseline.query',
      ],
    ];
    for (const [suiteId, body, field] of refusals) {
      for (const path of [`/suites/${suiteId}/checks`, `/suites/${suiteId}/checks/dryrun`]) {
        const refused = await call(api, 'POST', path, { token: tokens.member, body });
        expect(refused.status).toBe(422);
        const { error } = refused.body as ErrorBody;
        expect(error.code).toBe('connection_privileged');
        expect(error.detail).toMatchObject({ field });
        expect((error.detail['dangerous_privileges'] as string[]).length).toBeGreaterThan(0);
        expect(error.message).toMatch(/dangerous privileges/);
      }
    }
    // Nothing was stored, and a plain role takes the same custom SQL.
    expect(await world.db.query('SELECT count(*) FROM checks')).toEqual(before);
    const plain = await call(api, 'POST', `/suites/${suites.plain}/checks`, {
      token: tokens.member,
      body: customSql,
    });
    expect(plain.status).toBe(201);
  });

  it('lets only an Admin allow custom SQL on the connection, audited with before and after, and then it saves', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const denied = await call(api, 'PATCH', `/connections/${ids.superuser}`, {
        token: tokens[role],
        body: { allow_custom_sql_with_dangerous_privileges: true },
      });
      expect(denied.status).toBe(403);
    }
    expect((await read(ids.superuser)).allow_custom_sql_with_dangerous_privileges).toBe(false);
    const notBoolean = await call(api, 'PATCH', `/connections/${ids.superuser}`, {
      token: tokens.admin,
      body: { allow_custom_sql_with_dangerous_privileges: 'yes' },
    });
    expect(notBoolean.status).toBe(422);

    const allowed = await call(api, 'PATCH', `/connections/${ids.superuser}`, {
      token: tokens.admin,
      body: { allow_custom_sql_with_dangerous_privileges: true },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({
      allow_custom_sql_with_dangerous_privileges: true,
      privilege_warning: expect.stringMatching(/allowed custom SQL on it anyway/),
    });
    const events = await world.db.query<{ action: string; detail: Record<string, unknown> }[]>(
      `SELECT action, detail FROM audit_events WHERE target_id = $1 ORDER BY occurred_at`,
      [ids.superuser],
    );
    const permission = events.filter((event) => event.action === 'connection.custom_sql_permission_changed');
    expect(permission).toHaveLength(1);
    expect(permission[0]?.detail).toMatchObject({
      before: { allow_custom_sql_with_dangerous_privileges: false },
      after: { allow_custom_sql_with_dangerous_privileges: true },
      dangerous_privileges: SUPERUSER_PRIVILEGES,
    });

    const dryRun = await call(api, 'POST', `/suites/${suites.superuser}/checks/dryrun`, {
      token: tokens.member,
      body: customSql,
    });
    expect(dryRun.status).toBe(200);
    const saved = await call(api, 'POST', `/suites/${suites.superuser}/checks`, {
      token: tokens.member,
      body: customSql,
    });
    expect(saved.status).toBe(201);
  });

  it('ends a stored custom SQL check error at run time once the allowance is withdrawn, without sending its statement', async () => {
    // Division by zero if it were sent: the check would then fail as the datasource's error instead.
    const saved = await call(api, 'POST', `/suites/${suites.superuser}/checks`, {
      token: tokens.member,
      body: { name: 'never sent', kind: 'custom_sql', config: { sql: 'SELECT 1 / 0 AS boom' } },
    });
    expect(saved.status).toBe(201);
    const checkId = (saved.body as { id: string }).id;
    const withdrawn = await call(api, 'PATCH', `/connections/${ids.superuser}`, {
      token: tokens.admin,
      body: { allow_custom_sql_with_dangerous_privileges: false },
    });
    expect(withdrawn.status).toBe(200);
    const triggered = await call(api, 'POST', `/suites/${suites.superuser}/run`, { token: tokens.member });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    let status = 'queued';
    for (
      let attempt = 0;
      attempt < 200 && !['succeeded', 'failed', 'cancelled'].includes(status);
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ status }] = await world.db.query<{ status: string }[]>('SELECT status FROM runs WHERE id = $1', [
        runId,
      ]);
    }
    const [result] = await world.db.query<{ outcome: string; detail: Record<string, unknown> }[]>(
      'SELECT outcome, detail FROM run_results WHERE run_id = $1 AND check_id = $2',
      [runId, checkId],
    );
    expect(result).toMatchObject({
      outcome: 'error',
      detail: { reason: 'connection_privileged', dangerous_privileges: SUPERUSER_PRIVILEGES },
    });
  });
});
