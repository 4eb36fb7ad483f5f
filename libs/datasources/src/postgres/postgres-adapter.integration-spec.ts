import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { EgressGuard } from '@dq/security';
import { type PrivateService, freePort, startPrivatePostgres, waitFor } from '@dq/testing';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { COLUMNS_SQL, PostgresAdapter } from './postgres-adapter';

// The shared and private servers listen on loopback: the test-only allowance lets them through.
const LOOPBACK_EGRESS = new EgressGuard({
  allowLoopbackForTests: true,
  nodeEnv: 'test',
  logger: { warn: () => 0 },
});

// A private server with password auth: the shared one trusts every login, so it cannot refuse one.
const PASSWORD = `pw-${randomBytes(12).toString('hex')}`;
const READER = 'dq_reader_role';
const READER_PASSWORD = `rd-${randomBytes(12).toString('hex')}`;
const DATABASE = 'sales_db';
const HOST = '127.0.0.1';

describe('PostgresAdapter against a real PostgreSQL', () => {
  const adapter = new PostgresAdapter({ egress: LOOPBACK_EGRESS });
  const thrown: unknown[] = [];
  let server: PrivateService;
  let admin: Client;

  function connection(
    overrides: Record<string, unknown> = {},
    credential: Record<string, unknown> | null = { password: PASSWORD },
  ): DatasourceConnection {
    return {
      id: null,
      kind: 'postgres',
      config: {
        host: HOST,
        port: server.port,
        database: DATABASE,
        user: 'postgres',
        sslmode: 'disable',
        ...overrides,
      },
      credential,
    };
  }

  /** The classified failure of `call`, remembered so every message can be checked for leaks. */
  async function failure(call: Promise<unknown>): Promise<DatasourceError> {
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    thrown.push(error);
    expect(error).toBeInstanceOf(DatasourceError);
    return error as DatasourceError;
  }

  async function activeRunnerStatements(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'dq-runner' AND state = 'active'`,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Aborts once the call's statement runs: the call fails `cancelled`, and far sooner than the
   * 120 s sleep would end by itself the backend stops running it (only a server-side cancel does that).
   */
  async function abortWhileRunning(controller: AbortController, call: Promise<unknown>): Promise<void> {
    await waitFor('the statement to run', async () => (await activeRunnerStatements()) === 1);
    controller.abort();
    const error = await failure(call);
    expect(error.errorClass).toBe('cancelled');
    await waitFor('the backend to stop', async () => (await activeRunnerStatements()) === 0, {
      timeoutMs: 10_000,
    });
  }

  beforeAll(async () => {
    server = await startPrivatePostgres({ password: PASSWORD });
    const bootstrap = new Client({
      host: HOST,
      port: server.port,
      user: 'postgres',
      password: PASSWORD,
      database: 'postgres',
    });
    await bootstrap.connect();
    await bootstrap.query(`CREATE DATABASE ${DATABASE}`);
    await bootstrap.end();
    admin = new Client({
      host: HOST,
      port: server.port,
      user: 'postgres',
      password: PASSWORD,
      database: DATABASE,
    });
    await admin.connect();
    await admin.query(`
      CREATE SCHEMA sales;
      CREATE TABLE sales.orders (id bigint NOT NULL, customer text, amount numeric(10, 2) NOT NULL, placed_at timestamptz);
      INSERT INTO sales.orders SELECT g, 'c' || g, g * 1.5, now() FROM generate_series(1, 25) g;
      CREATE SEQUENCE sales.orders_seq;
      CREATE TABLE secrets_table (a int);
      CREATE ROLE ${READER} LOGIN PASSWORD '${READER_PASSWORD}';`);
  });

  afterAll(async () => {
    await admin?.end();
    await server?.destroy();
  });

  describe('test', () => {
    it('connects with the right password and reports the version and database, never the user', async () => {
      const result = await adapter.test(connection(), { timeoutMs: 5_000 });
      expect(result).toEqual({
        server_version: expect.stringMatching(/^PostgreSQL \d+/),
        database: DATABASE,
        capabilities: {
          dangerous_privileges: [
            'superuser',
            'createrole',
            'pg_read_server_files',
            'pg_write_server_files',
            'pg_execute_server_program',
          ],
        },
      });
      expect(Object.keys(result).sort()).toEqual(['capabilities', 'database', 'server_version']);
    });

    it('reports exactly the dangerous privileges a non-superuser role holds, membership through a group included', async () => {
      const files = `dq_files_${randomBytes(4).toString('hex')}`;
      const group = `dq_group_${randomBytes(4).toString('hex')}`;
      const roles = `dq_roles_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE ROLE ${files} LOGIN PASSWORD '${READER_PASSWORD}';
        GRANT pg_read_server_files TO ${files};
        CREATE ROLE ${group} NOLOGIN; GRANT pg_execute_server_program TO ${group};
        CREATE ROLE ${roles} LOGIN CREATEROLE PASSWORD '${READER_PASSWORD}' IN ROLE ${group};`);
      const as = async (user: string) =>
        (await adapter.test(connection({ user }, { password: READER_PASSWORD }), { timeoutMs: 5_000 }))[
          'capabilities'
        ];
      expect(await as(READER)).toEqual({ dangerous_privileges: [] });
      expect(await as(files)).toEqual({ dangerous_privileges: ['pg_read_server_files'] });
      expect(await as(roles)).toEqual({
        dangerous_privileges: ['createrole', 'pg_execute_server_program'],
      });
    });

    it('classifies a wrong password as auth', async () => {
      const error = await failure(
        adapter.test(connection({}, { password: 'wrong-password' }), { timeoutMs: 5_000 }),
      );
      expect(error.errorClass).toBe('auth');
      expect(error.message).toBe('The datasource refused the credentials');
    });

    it('classifies an unknown database as not_found', async () => {
      const error = await failure(adapter.test(connection({ database: 'no_such_db' }), { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('not_found');
    });

    it('classifies a closed port as unreachable', async () => {
      const closed = await freePort();
      const error = await failure(adapter.test(connection({ port: closed }), { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('unreachable');
    });

    it('connects with no password stored and no sslmode to a server that trusts (TLS declined: plain)', async () => {
      // The shared local server trusts every loopback connection and has TLS off, so `prefer`
      // (the default) asks for TLS, is declined, and connects in the clear.
      const trusting: DatasourceConnection = {
        id: null,
        kind: 'postgres',
        config: { host: HOST, port: 5432, database: 'postgres', user: 'postgres' },
        credential: null,
      };
      expect(await adapter.test(trusting, { timeoutMs: 5_000 })).toMatchObject({ database: 'postgres' });
      const rows = await adapter.query(trusting, 'SELECT 1 AS one', { timeoutMs: 5_000, maxRows: 1 });
      expect(rows.rows).toEqual([{ one: 1 }]);
    });

    it('classifies a server that asks for a password the connection does not have as auth', async () => {
      const saved = process.env['PGPASSWORD'];
      // pg would otherwise take the runner's own PGPASSWORD: it must never be used.
      process.env['PGPASSWORD'] = PASSWORD;
      try {
        for (const config of [{}, { sslmode: undefined }]) {
          const error = await failure(adapter.test(connection(config, null), { timeoutMs: 5_000 }));
          expect(error.errorClass).toBe('auth');
          expect(error.message).toBe(
            'The datasource asks for a password and the connection has none; add one to its credential',
          );
        }
      } finally {
        if (saved === undefined) delete process.env['PGPASSWORD'];
        else process.env['PGPASSWORD'] = saved;
      }
    });

    it('falls back to a plain connection under the default prefer when the server has no TLS', async () => {
      const result = await adapter.test(connection({ sslmode: undefined }), { timeoutMs: 5_000 });
      expect(result).toMatchObject({ database: DATABASE });
      // require never falls back.
      const error = await failure(adapter.test(connection({ sslmode: 'require' }), { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('unreachable');
    });
  });

  describe('columns', () => {
    it('lists names, types and nullability in table order', async () => {
      const columns = await adapter.columns(connection(), 'sales.orders', { timeoutMs: 5_000 });
      expect(columns).toEqual([
        { name: 'id', type: 'bigint', nullable: false },
        { name: 'customer', type: 'text', nullable: true },
        // A decimal carries its precision and scale, as on every other kind (schema drift sees it).
        { name: 'amount', type: 'numeric(10,2)', nullable: false },
        { name: 'placed_at', type: 'timestamp with time zone', nullable: true },
      ]);
    });

    it('answers exactly as information_schema.columns for every kind of type, relation and grant', async () => {
      await admin.query(`
        CREATE TYPE sales.mood AS ENUM ('ok', 'sad');
        CREATE DOMAIN sales.positive AS integer NOT NULL CHECK (VALUE > 0);
        CREATE DOMAIN sales.tags AS text[];
        CREATE DOMAIN sales.money2 AS numeric(14, 2);
        CREATE TYPE sales.pair AS (a int, b text);
        CREATE TABLE sales.kinds (
          i int, b bigint, s smallint, n numeric(12, 3), nu numeric, np numeric(7), nd sales.money2, r real, d double precision, m money,
          v varchar(16), c char(3), t text, bo boolean, u uuid, j json, jb jsonb, x xml, ba bytea,
          da date, ti time, tz timetz, ts timestamp(3), tstz timestamptz, iv interval, ip inet,
          ia int[], ta text[][], mo sales.mood, po sales.positive, tg sales.tags, pr sales.pair,
          bits bit(4), vb varbit, p point, dropped int, last int NOT NULL);
        ALTER TABLE sales.kinds DROP COLUMN dropped;
        CREATE VIEW sales.kinds_view AS SELECT i, v, mo FROM sales.kinds;
        CREATE MATERIALIZED VIEW sales.kinds_matview AS SELECT i FROM sales.kinds;
        CREATE TABLE sales.parted (k int NOT NULL, at date) PARTITION BY RANGE (at);
        CREATE TABLE sales.half_granted (visible int, hidden int);
        GRANT USAGE ON SCHEMA sales TO ${READER};
        GRANT SELECT (visible) ON sales.half_granted TO ${READER};`);
      const standard = `SELECT column_name, data_type, udt_name, is_nullable,
          CASE WHEN data_type = 'numeric' AND numeric_precision IS NOT NULL
               THEN format('numeric(%s,%s)', numeric_precision, numeric_scale) END AS decimal_type
        FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`;
      const reader = new Client({
        host: HOST,
        port: server.port,
        user: READER,
        password: READER_PASSWORD,
        database: DATABASE,
      });
      await reader.connect();
      try {
        for (const client of [admin, reader]) {
          for (const table of [
            'kinds',
            'kinds_view',
            'kinds_matview',
            'parted',
            'half_granted',
            'orders',
            'nope',
          ]) {
            const expected = await client.query(standard, ['sales', table]);
            const actual = await client.query(COLUMNS_SQL, ['sales', table]);
            expect({ table, rows: actual.rows }).toEqual({ table, rows: expected.rows });
          }
        }
      } finally {
        await reader.end();
      }
    });

    it('reads a bare table name in public', async () => {
      const columns = await adapter.columns(connection(), 'secrets_table', { timeoutMs: 5_000 });
      expect(columns).toEqual([{ name: 'a', type: 'integer', nullable: true }]);
    });

    it('classifies an unknown table as not_found', async () => {
      const error = await failure(adapter.columns(connection(), 'sales.nope', { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('not_found');
    });

    it('classifies a table the role may not see as permission, not not_found', async () => {
      const reader = connection({ user: READER }, { password: READER_PASSWORD });
      const error = await failure(adapter.columns(reader, 'secrets_table', { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('permission');
      const denied = await failure(
        adapter.query(reader, 'SELECT * FROM secrets_table', { timeoutMs: 5_000, maxRows: 1 }),
      );
      expect(denied.errorClass).toBe('permission');
    });
  });

  describe('query', () => {
    it('returns rows and columns, not truncated within maxRows', async () => {
      const result = await adapter.query(
        connection(),
        'SELECT id, customer FROM sales.orders WHERE id <= $1 ORDER BY id;',
        { timeoutMs: 5_000, maxRows: 10, params: [3] },
      );
      expect(result).toEqual({
        columns: [
          { name: 'id', type: 'bigint', nullable: true },
          { name: 'customer', type: 'text', nullable: true },
        ],
        rows: [
          { id: '1', customer: 'c1' },
          { id: '2', customer: 'c2' },
          { id: '3', customer: 'c3' },
        ],
        truncated: false,
      });
    });

    it('reads a statement that ends in a line comment', async () => {
      const result = await adapter.query(
        connection(),
        'SELECT count(*)::int AS n FROM sales.orders -- all of them',
        {
          timeoutMs: 5_000,
          maxRows: 1,
        },
      );
      expect(result.rows).toEqual([{ n: 25 }]);
    });

    it('caps at maxRows and says truncated', async () => {
      const result = await adapter.query(connection(), 'SELECT id FROM sales.orders ORDER BY id', {
        timeoutMs: 5_000,
        maxRows: 5,
      });
      expect(result.rows.map((row) => row['id'])).toEqual(['1', '2', '3', '4', '5']);
      expect(result.truncated).toBe(true);
    });

    it.each([
      ['INSERT', 'INSERT INTO sales.orders VALUES (999, $$x$$, 1, now())'],
      ['UPDATE', 'UPDATE sales.orders SET amount = 0'],
      ['DELETE in a CTE', 'WITH d AS (DELETE FROM sales.orders RETURNING id) SELECT count(*) FROM d'],
      ['CREATE', 'CREATE TABLE sales.intruder (a int)'],
      ['a chained COMMIT then write', 'SELECT 1; COMMIT; DELETE FROM sales.orders'],
      ['a write through a function', `SELECT nextval('sales.orders_seq')`],
    ])('refuses %s as invalid and writes nothing', async (_label, sql) => {
      const before = await admin.query(
        'SELECT count(*)::int AS n, sum(amount)::text AS total FROM sales.orders',
      );
      const error = await failure(adapter.query(connection(), sql, { timeoutMs: 5_000, maxRows: 10 }));
      expect(error.errorClass).toBe('invalid');
      const after = await admin.query(
        'SELECT count(*)::int AS n, sum(amount)::text AS total FROM sales.orders',
      );
      expect(after.rows).toEqual(before.rows);
      const intruder = await admin.query(`SELECT to_regclass('sales.intruder') AS t`);
      expect(intruder.rows[0]).toEqual({ t: null });
    });

    it('stops a statement at the call deadline as timeout', async () => {
      const error = await failure(
        adapter.query(connection(), 'SELECT pg_sleep(5)', { timeoutMs: 500, maxRows: 1 }),
      );
      expect(error.errorClass).toBe('timeout');
    });

    it('cancels the running statement on abort: cancelled, and the backend is no longer running it', async () => {
      const controller = new AbortController();
      const call = adapter.query(connection(), 'SELECT pg_sleep(120)', {
        timeoutMs: 300_000,
        maxRows: 1,
        signal: controller.signal,
      });
      await abortWhileRunning(controller, call);
      const { rows } = await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'dq-runner'`,
      );
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('fails at once as cancelled when the signal is already aborted', async () => {
      const error = await failure(
        adapter.query(connection(), 'SELECT 1', {
          timeoutMs: 5_000,
          maxRows: 1,
          signal: AbortSignal.abort(),
        }),
      );
      expect(error.errorClass).toBe('cancelled');
    });
  });

  describe('withSession', () => {
    it('reads columns and runs several queries on one connection in one transaction', async () => {
      const seen = await adapter.withSession(connection(), { timeoutMs: 5_000 }, async (session) => {
        const columns = await session.columns('sales.orders');
        const first = await session.query('SELECT pg_backend_pid() AS pid, now()::text AS began', {
          maxRows: 1,
        });
        const second = await session.query('SELECT id FROM sales.orders WHERE id <= $1 ORDER BY id', {
          maxRows: 2,
          params: [3],
        });
        const third = await session.query('SELECT pg_backend_pid() AS pid, now()::text AS began', {
          maxRows: 1,
        });
        return { columns, first, second, third };
      });
      expect(seen.columns.map((column) => column.name)).toEqual(['id', 'customer', 'amount', 'placed_at']);
      // now() is the transaction's start: the same for both reads, as is the backend.
      expect(seen.third.rows).toEqual(seen.first.rows);
      expect(seen.second.rows).toEqual([{ id: '1' }, { id: '2' }]);
      expect(seen.second.truncated).toBe(true);
    });

    it('goes on after a failed statement: the failure is classified and the next statement runs', async () => {
      const answers = await adapter.withSession(connection(), { timeoutMs: 5_000 }, async (session) => {
        const failed = await failure(
          session.query('SELECT no_such_column FROM sales.orders', { maxRows: 1 }),
        );
        const next = await session.query('SELECT count(*)::int AS n FROM sales.orders', { maxRows: 1 });
        return { failed, next };
      });
      expect(answers.failed.errorClass).toBe('invalid');
      expect(answers.next.rows).toEqual([{ n: 25 }]);
    });

    it('refuses a write as invalid and writes nothing, and the session stays read-only after it', async () => {
      const before = await admin.query('SELECT count(*)::int AS n FROM sales.orders');
      await adapter.withSession(connection(), { timeoutMs: 5_000 }, async (session) => {
        const refused = await failure(
          session.query('WITH d AS (DELETE FROM sales.orders RETURNING id) SELECT count(*) FROM d', {
            maxRows: 1,
          }),
        );
        expect(refused.errorClass).toBe('invalid');
        // The transaction begun after the failure is read-only too.
        const again = await failure(session.query('UPDATE sales.orders SET amount = 0', { maxRows: 1 }));
        expect(again.errorClass).toBe('invalid');
      });
      const after = await admin.query('SELECT count(*)::int AS n FROM sales.orders');
      expect(after.rows).toEqual(before.rows);
    });

    it('cancels the running statement on abort, and the backend is no longer running it', async () => {
      const controller = new AbortController();
      const call = adapter.withSession(
        connection(),
        { timeoutMs: 300_000, signal: controller.signal },
        async (session) => {
          await session.columns('sales.orders');
          return session.query('SELECT pg_sleep(120)', { maxRows: 1 });
        },
      );
      await abortWhileRunning(controller, call);
    });
  });

  describe('metadata', () => {
    it('row_count is null before ANALYZE and the statistics after; no modification time', async () => {
      await admin.query(
        'CREATE TABLE sales.fresh (a int); INSERT INTO sales.fresh SELECT generate_series(1, 40)',
      );
      expect(await adapter.metadata(connection(), 'sales.fresh', { timeoutMs: 5_000 })).toEqual({
        row_count: null,
        last_modified_at: null,
        row_count_exact: false,
      });
      await admin.query('ANALYZE sales.fresh');
      expect(await adapter.metadata(connection(), 'sales.fresh', { timeoutMs: 5_000 })).toEqual({
        row_count: 40,
        last_modified_at: null,
        row_count_exact: false,
      });
    });

    it('classifies an unknown table as not_found', async () => {
      const error = await failure(adapter.metadata(connection(), 'sales.missing', { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('not_found');
    });
  });

  it('no failure message carries the password, host, user or database', () => {
    expect(thrown.length).toBeGreaterThanOrEqual(12);
    for (const error of thrown) {
      const message = (error as Error).message;
      for (const secret of [
        PASSWORD,
        READER_PASSWORD,
        HOST,
        'postgres',
        READER,
        DATABASE,
        String(server.port),
      ])
        expect(message).not.toContain(secret);
      expect((error as Error).cause).toBeUndefined();
    }
  });
});

describe('sslmode prefer against a server that offers TLS', () => {
  const adapter = new PostgresAdapter({ egress: LOOPBACK_EGRESS });
  let server: PrivateService;

  beforeAll(async () => {
    server = await startPrivatePostgres({ tls: true });
  });

  afterAll(async () => {
    await server?.destroy();
  });

  const connection = (config: Record<string, unknown>): DatasourceConnection => ({
    id: null,
    kind: 'postgres',
    config: { host: HOST, port: server.port, database: 'postgres', user: 'postgres', ...config },
    credential: null,
  });

  /** Whether the session that ran the statement is encrypted, as the server sees it. */
  const encrypted = async (config: Record<string, unknown>): Promise<unknown> =>
    (
      await adapter.query(connection(config), 'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()', {
        timeoutMs: 5_000,
        maxRows: 1,
      })
    ).rows[0]?.['ssl'];

  it('uses TLS when the server offers it (no sslmode: prefer), and not under disable', async () => {
    expect(await encrypted({})).toBe(true);
    expect(await encrypted({ sslmode: 'prefer' })).toBe(true);
    expect(await encrypted({ sslmode: 'require' })).toBe(true);
    expect(await encrypted({ sslmode: 'disable' })).toBe(false);
  });
});
