/**
 * User SQL cannot read the PostgreSQL server's files or run programs, even on a connection whose
 * role is a superuser (`postgres` here): PostgreSQL's own grammar sees every call, however nested
 * or quoted, and the statement is refused with 422 at save and at dry-run, naming the field and the
 * function, before anything is sent to the datasource.
 */
import { randomUUID } from 'node:crypto';
import {
  call,
  type DatabricksSqlPeer,
  type FakesnowPeer,
  GatewayWorld,
  ScratchDatabase,
  startDatabricksSqlPeer,
  startFakesnowPeer,
} from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

interface ErrorBody {
  error: { code: string; message: string; detail: { fields?: { field: string; problems: string[] }[] } };
}

const REFUSED: [string, string][] = [
  ["SELECT pg_read_file('/etc/passwd') AS content", 'pg_read_file'],
  ["SELECT * FROM pg_ls_dir('/') AS entry", 'pg_ls_dir'],
  ["SELECT lo_import('/etc/passwd') AS oid", 'lo_import'],
  // The file oracle: the row count leaks a byte of the file without showing it.
  [
    "SELECT * FROM generate_series(1, ascii(substr(pg_catalog.pg_read_file('/etc/passwd'), 1, 1))) AS g",
    'pg_read_file',
  ],
  // The backslash trap: a lexical gate reading `\'` as an escape saw one string and one statement.
  ["SELECT '\\' ; COPY (SELECT 1) TO PROGRAM 'id'; --'", 'must be a single statement'],
  ["COPY (SELECT 1) TO PROGRAM 'id'", 'must be a query'],
];

describe('custom SQL on PostgreSQL cannot reach the server', () => {
  let world: GatewayWorld;
  let api: string;
  let owner: string;
  let connectionId: string;
  let suiteId: string;
  const database = new ScratchDatabase('custom_sql_gate');

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query('CREATE TABLE public.orders (id int, amount int)');
      await client.query('INSERT INTO public.orders VALUES (1, 10), (2, -1)');
    });
    world = await GatewayWorld.create('custom-sql-gate');
    const gateway = await world.startGateway({
      ...LOOPBACK_EGRESS,
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
    });
    api = `${gateway.url}/api/v1`;
    const admin = await world.mintToken('admin@example.test', 'admin');
    owner = await world.mintToken('owner@example.test', 'member');
    connectionId = await database.connect(api, admin, 'gate-db');
    const created = await call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `orders-${randomUUID()}`, connection_id: connectionId, target: 'public.orders' },
    });
    expect(created.status).toBe(201);
    suiteId = (created.body as { id: string }).id;
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await database.drop();
  });

  it.each(REFUSED)('refuses %s at save and at dry-run', async (sql, named) => {
    const body = { name: 'leak', kind: 'custom_sql', config: { sql } };
    for (const path of [`/suites/${suiteId}/checks`, `/suites/${suiteId}/checks/dryrun`]) {
      const response = await call(api, 'POST', path, { token: owner, body });
      expect({ path, status: response.status }).toEqual({ path, status: 422 });
      const error = (response.body as ErrorBody).error;
      expect(error.code).toBe('validation_failed');
      expect(error.detail.fields).toEqual([
        { field: 'config.sql', problems: [expect.stringContaining(named)] },
      ]);
    }
    const listed = await call(api, 'GET', `/suites/${suiteId}/checks`, { token: owner });
    expect(JSON.stringify(listed.body)).not.toContain('leak');
  });

  it('refuses an imported suite whose custom SQL reads server files', async () => {
    const exported = await call(api, 'GET', `/suites/${suiteId}/export`, { token: owner });
    expect(exported.status).toBe(200);
    const document = exported.body as { suite: Record<string, unknown>; checks: unknown[] };
    const imported = await call(api, 'POST', '/suites/import', {
      token: owner,
      body: {
        ...document,
        suite: { ...document.suite, name: `imported-${randomUUID()}` },
        checks: [
          {
            name: 'leak',
            kind: 'custom_sql',
            config: { sql: "SELECT pg_read_file('/etc/passwd') AS content" },
          },
        ],
      },
    });
    expect(imported.status).toBe(422);
    const fields = (imported.body as ErrorBody).error.detail.fields ?? [];
    expect(fields).toEqual([
      { field: expect.stringMatching(/config\.sql$/), problems: [expect.stringContaining('pg_read_file')] },
    ]);
  });

  it('refuses a comparison reading files through its target or baseline query', async () => {
    for (const [config, field] of [
      [
        {
          baseline: { target: 'public.orders' },
          target_query: "SELECT id, pg_read_file('/etc/passwd') AS c FROM public.orders",
        },
        'config.target_query',
      ],
      [{ baseline: { query: "SELECT id, pg_ls_dir('/') AS c FROM public.orders" } }, 'config.baseline.query'],
    ] as const) {
      const body = {
        name: 'cmp',
        kind: 'comparison',
        config: { baseline_connection_id: connectionId, key_columns: ['id'], ...config },
      };
      for (const path of [`/suites/${suiteId}/checks`, `/suites/${suiteId}/checks/dryrun`]) {
        const response = await call(api, 'POST', path, { token: owner, body });
        expect({ path, status: response.status }).toEqual({ path, status: 422 });
        expect((response.body as ErrorBody).error.detail.fields).toEqual([
          { field, problems: [expect.stringMatching(/pg_read_file|pg_ls_dir/)] },
        ]);
      }
    }
  });
});

describe('custom SQL on Snowflake and Databricks: the strict lexical gate at save and dry-run', () => {
  const PASSWORD = `pw-${randomUUID()}`;
  const TOKEN = `dapi-${randomUUID()}`;
  const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
  let world: GatewayWorld;
  let fakesnow: FakesnowPeer;
  let databricks: DatabricksSqlPeer;
  let api: string;
  let owner: string;
  const suites: Record<'warehouse' | 'lakehouse', string> = { warehouse: '', lakehouse: '' };

  beforeAll(async () => {
    world = await GatewayWorld.create('custom-sql-gate-wl');
    [fakesnow, databricks] = await Promise.all([
      startFakesnowPeer({ password: PASSWORD }),
      startDatabricksSqlPeer({
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
      }),
    ]);
    await fakesnow.execute('CREATE DATABASE GATE_DB');
    await fakesnow.execute('CREATE SCHEMA GATE_DB.APP');
    await fakesnow.execute('CREATE TABLE GATE_DB.APP.ORDERS (ID NUMBER(38, 0))');
    const [gateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' }),
      world.startRunner({ ...LOOPBACK, WAREHOUSE_ACCESS_URL_FOR_TESTS: fakesnow.accessUrl }),
    ]);
    api = `${gateway.url}/api/v1`;
    const admin = await world.mintToken('admin@example.test', 'admin');
    owner = await world.mintToken('owner@example.test', 'member');
    for (const [kind, body, target] of [
      [
        'warehouse',
        {
          kind: 'warehouse',
          config: { account: 'dq-gate', user: 'reader', database: 'GATE_DB', schema: 'APP' },
          credential: { password: PASSWORD },
        },
        'GATE_DB.APP.ORDERS',
      ],
      [
        'lakehouse',
        {
          kind: 'lakehouse',
          config: { workspace_url: databricks.workspaceUrl, http_path: databricks.httpPath },
          credential: { token: TOKEN },
        },
        'lake.sales.orders',
      ],
    ] as const) {
      const created = await call(api, 'POST', '/connections', {
        token: admin,
        body: { name: `gate-${kind}`, ...body },
      });
      expect(created.status).toBe(201);
      const suite = await call(api, 'POST', '/suites', {
        token: owner,
        body: {
          name: `gate-${kind}-${randomUUID()}`,
          connection_id: (created.body as { id: string }).id,
          target,
        },
      });
      expect(suite.status).toBe(201);
      suites[kind] = (suite.body as { id: string }).id;
    }
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await Promise.all([fakesnow?.stop(), databricks?.stop()]);
  });

  it.each([
    ['warehouse', 'SELECT SYSTEM$CANCEL_ALL_QUERIES()', 'SYSTEM$CANCEL_ALL_QUERIES'],
    ['warehouse', 'SELECT $1 FROM @my_stage/orders.csv', '@stage'],
    ['lakehouse', "SELECT reflect('java.lang.System', 'getenv', 'HOME')", 'reflect'],
    ['lakehouse', "SELECT * FROM read_files('/etc')", 'read_files'],
    // Quoted names the lexical gate blanks out; the dialect's parser still sees the call.
    ['warehouse', 'SELECT "SYSTEM$CANCEL_ALL_QUERIES"()', 'SYSTEM$CANCEL_ALL_QUERIES'],
    ['lakehouse', "SELECT `reflect`('java.lang.System', 'getenv', 'HOME')", 'reflect'],
  ] as const)('%s: refuses %s at save and at dry-run', async (kind, sql, named) => {
    const body = { name: 'leak', kind: 'custom_sql', config: { sql } };
    for (const path of [`/suites/${suites[kind]}/checks`, `/suites/${suites[kind]}/checks/dryrun`]) {
      const response = await call(api, 'POST', path, { token: owner, body });
      expect({ path, status: response.status }).toEqual({ path, status: 422 });
      expect((response.body as ErrorBody).error.detail.fields).toEqual([
        { field: 'config.sql', problems: [expect.stringContaining(named)] },
      ]);
    }
  });

  it.each([
    ['warehouse', 'SELECT ID FROM GATE_DB.APP.ORDERS QUALIFY ROW_NUMBER() OVER (ORDER BY ID) > 5'],
    ['lakehouse', 'SELECT id FROM `lake`.`sales`.`orders` WHERE id < 0'],
  ] as const)('%s: saves a parsed query %s', async (kind, sql) => {
    const response = await call(api, 'POST', `/suites/${suites[kind]}/checks`, {
      token: owner,
      body: { name: `ok-${randomUUID()}`, kind: 'custom_sql', config: { sql } },
    });
    expect(response.status).toBe(201);
  });
});
