import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { AppError } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import { type FakesnowPeer, freePort, startFakesnowPeer, waitFor } from '@dq/testing';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { WarehouseAdapter } from './warehouse-adapter';

const ACCOUNT = 'dq-test-account';
const USER = 'dq_reader_user';
const PASSWORD = `pw-${randomBytes(12).toString('hex')}`;
const PASSPHRASE = `pp-${randomBytes(8).toString('hex')}`;
const ROWS = 25;
// 3 to 8 s of DuckDB (under fakesnow) here: longer than the deadlines below, and fakesnow cannot
// stop a statement, so it runs out in the peer after the call has given up on it.
// The peer answers it 5 s later, on a clock (a statement heavy enough to outlast the deadline
// finished inside it on a fast machine): past every deadline and cancel below, and answered
// while the peer still runs, so the connector has no request left to retry once it stops.
const SLOW_SQL = '/* peer:wait 5 */ SELECT 1 AS W';

function keyPair(passphrase?: string): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding:
      passphrase === undefined
        ? { type: 'pkcs8', format: 'pem' }
        : { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase },
  });
}

describe('WarehouseAdapter (snowflake-sdk) against fakesnow on loopback', () => {
  const registered = keyPair(PASSPHRASE);
  const stranger = keyPair();
  const guard = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const thrown: unknown[] = [];
  let peer: FakesnowPeer;
  let adapter: WarehouseAdapter;

  function connection(
    overrides: Record<string, unknown> = {},
    credential: Record<string, unknown> = { password: PASSWORD },
  ): DatasourceConnection {
    return {
      id: null,
      kind: 'warehouse',
      config: { account: ACCOUNT, user: USER, database: 'SALES_DB', schema: 'SALES', ...overrides },
      credential,
    };
  }

  async function failure(call: Promise<unknown>): Promise<DatasourceError> {
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    thrown.push(error);
    expect(error).toBeInstanceOf(DatasourceError);
    return error as DatasourceError;
  }

  async function orderCount(): Promise<unknown> {
    const { rows } = await adapter.query(connection(), 'SELECT COUNT(*) AS N FROM SALES.ORDERS', {
      timeoutMs: 10_000,
      maxRows: 1,
    });
    return rows[0]?.['N'];
  }

  beforeAll(async () => {
    peer = await startFakesnowPeer({ password: PASSWORD, publicKeyPem: registered.publicKey });
    adapter = new WarehouseAdapter({ egress: guard, warehouseAccessUrlForTests: peer.accessUrl });
    await peer.execute('CREATE DATABASE SALES_DB');
    await peer.execute('CREATE SCHEMA SALES_DB.SALES');
    await peer.execute(
      'CREATE TABLE SALES_DB.SALES.ORDERS (ID NUMBER(38, 0) NOT NULL, CUSTOMER VARCHAR, AMOUNT NUMBER(10, 2) NOT NULL, PLACED_AT TIMESTAMP_NTZ)',
    );
    const values = Array.from(
      { length: ROWS },
      (_, i) => `(${i + 1}, 'c${i + 1}', ${(i + 1) * 1.5}, '2026-01-0${(i % 9) + 1} 10:00:00')`,
    );
    await peer.execute(`INSERT INTO SALES_DB.SALES.ORDERS VALUES ${values.join(', ')}`);
  }, 120_000);

  afterAll(async () => {
    await peer?.stop();
    guard.destroy();
  });

  describe('test', () => {
    it('logs in with the password and reports version, database and native_dmf false', async () => {
      const result = await adapter.test(connection(), { timeoutMs: 10_000 });
      expect(result).toEqual({
        server_version: expect.any(String),
        database: 'SALES_DB',
        // The peer's session role is DUCKDB: not an account administrator.
        capabilities: { native_dmf: false, dangerous_privileges: [] },
      });
    });

    it('logs in with an encrypted private key and its passphrase (SNOWFLAKE_JWT)', async () => {
      const result = await adapter.test(
        connection({}, { private_key: registered.privateKey, passphrase: PASSPHRASE }),
        { timeoutMs: 10_000 },
      );
      expect(result).toMatchObject({ database: 'SALES_DB', capabilities: { native_dmf: false } });
    });

    it('classifies a wrong password as auth', async () => {
      const error = await failure(
        adapter.test(connection({}, { password: 'wrong-password' }), { timeoutMs: 10_000 }),
      );
      expect(error.errorClass).toBe('auth');
      expect(error.message).toBe('The datasource refused the credentials');
    });

    it('classifies a key the account does not know (390144) as auth', async () => {
      const error = await failure(
        adapter.test(connection({}, { private_key: stranger.privateKey }), { timeoutMs: 10_000 }),
      );
      expect(error.errorClass).toBe('auth');
    });

    it('classifies a wrong passphrase of the private key as auth', async () => {
      const error = await failure(
        adapter.test(connection({}, { private_key: registered.privateKey, passphrase: 'not-it' }), {
          timeoutMs: 10_000,
        }),
      );
      expect(error.errorClass).toBe('auth');
    });

    it('classifies a closed port as unreachable', async () => {
      const closed = new WarehouseAdapter({
        egress: guard,
        warehouseAccessUrlForTests: `http://127.0.0.1:${await freePort()}`,
      });
      const error = await failure(closed.test(connection(), { timeoutMs: 10_000 }));
      expect(error.errorClass).toBe('unreachable');
    });

    it('classifies an account whose host does not resolve as unreachable', async () => {
      const real = new WarehouseAdapter({ egress: guard });
      const error = await failure(
        real.test(connection({ account: 'dq-no-such-account-0f3a9c' }), { timeoutMs: 10_000 }),
      );
      expect(error.errorClass).toBe('unreachable');
    });

    it("sends the connector's requests through the guard's agent (connect-time address check)", async () => {
      class CountingGuard extends EgressGuard {
        agentRequests = 0;
        override agentFor(protocol: string): ReturnType<EgressGuard['agentFor']> {
          this.agentRequests += 1;
          return super.agentFor(protocol);
        }
      }
      const counting = new CountingGuard({
        allowLoopbackForTests: true,
        nodeEnv: 'test',
        logger: { warn: () => 0 },
      });
      const guarded = new WarehouseAdapter({ egress: counting, warehouseAccessUrlForTests: peer.accessUrl });
      await guarded.test(connection(), { timeoutMs: 10_000 });
      // Login, the statements, the DMF probe and the logout: one agent lookup per request.
      expect(counting.agentRequests).toBeGreaterThanOrEqual(4);
      counting.destroy();
    });

    it('lets the default guard refuse the loopback access URL with url_forbidden, unwrapped', async () => {
      const strictGuard = new EgressGuard({ logger: { warn: () => 0 } });
      const strict = new WarehouseAdapter({
        egress: strictGuard,
        warehouseAccessUrlForTests: peer.accessUrl,
      });
      const error = await strict.test(connection(), { timeoutMs: 10_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'url_forbidden', status: 422, detail: { field: 'account' } });
      strictGuard.destroy();
    });

    it.each([
      ['an account that could redirect the host', { account: 'evil.example/x#' }],
      ['a missing user', { user: '' }],
    ])('refuses %s as invalid before any request', async (_label, overrides) => {
      const error = await failure(adapter.test(connection(overrides), { timeoutMs: 10_000 }));
      expect(error.errorClass).toBe('invalid');
    });
  });

  describe('columns', () => {
    it('lists names, types and nullability in table order (schema.table)', async () => {
      expect(await adapter.columns(connection(), 'sales.orders', { timeoutMs: 10_000 })).toEqual([
        { name: 'ID', type: 'NUMBER(38,0)', nullable: false },
        { name: 'CUSTOMER', type: 'TEXT', nullable: true },
        { name: 'AMOUNT', type: 'NUMBER(10,2)', nullable: false },
        { name: 'PLACED_AT', type: 'TIMESTAMP_NTZ', nullable: true },
      ]);
    });

    it('reads db.schema.table without a connection database', async () => {
      const columns = await adapter.columns(connection({ database: undefined }), 'SALES_DB.SALES.ORDERS', {
        timeoutMs: 10_000,
      });
      expect(columns.map((column) => column.name)).toEqual(['ID', 'CUSTOMER', 'AMOUNT', 'PLACED_AT']);
    });

    it('classifies an unknown table and an unknown database as not_found', async () => {
      const table = await failure(adapter.columns(connection(), 'SALES.NOPE', { timeoutMs: 10_000 }));
      expect(table.errorClass).toBe('not_found');
      const database = await failure(
        adapter.columns(connection(), 'NO_DB.SALES.ORDERS', { timeoutMs: 10_000 }),
      );
      expect(database.errorClass).toBe('not_found');
    });
  });

  describe('query', () => {
    it('returns typed columns and rows (numbers as text, timestamps ISO), with binds', async () => {
      const result = await adapter.query(
        connection(),
        'SELECT ID, CUSTOMER, AMOUNT, PLACED_AT FROM SALES.ORDERS WHERE ID <= ? ORDER BY ID;',
        { timeoutMs: 10_000, maxRows: 10, params: [2] },
      );
      expect(result).toEqual({
        columns: [
          { name: 'ID', type: 'NUMBER', nullable: true },
          { name: 'CUSTOMER', type: 'TEXT', nullable: true },
          { name: 'AMOUNT', type: 'NUMBER', nullable: true },
          { name: 'PLACED_AT', type: 'TIMESTAMP_NTZ', nullable: true },
        ],
        rows: [
          { ID: '1', CUSTOMER: 'c1', AMOUNT: '1.50', PLACED_AT: '2026-01-01T10:00:00.000Z' },
          { ID: '2', CUSTOMER: 'c2', AMOUNT: '3.00', PLACED_AT: '2026-01-02T10:00:00.000Z' },
        ],
        truncated: false,
      });
    });

    it('caps at maxRows and says truncated', async () => {
      const result = await adapter.query(connection(), 'SELECT ID FROM SALES.ORDERS ORDER BY ID', {
        timeoutMs: 10_000,
        maxRows: 5,
      });
      expect(result.rows.map((row) => row['ID'])).toEqual(['1', '2', '3', '4', '5']);
      expect(result.truncated).toBe(true);
      const exact = await adapter.query(connection(), 'SELECT ID FROM SALES.ORDERS', {
        timeoutMs: 10_000,
        maxRows: ROWS,
      });
      expect(exact.rows).toHaveLength(ROWS);
      expect(exact.truncated).toBe(false);
    });

    it.each([
      ['INSERT', `INSERT INTO SALES.ORDERS VALUES (999, 'x', 1, NULL)`],
      ['DELETE', 'DELETE FROM SALES.ORDERS'],
      ['CREATE', 'CREATE TABLE SALES.INTRUDER (A INT)'],
      ['a chained write', 'SELECT 1; DELETE FROM SALES.ORDERS'],
      ['a write in a CTE', 'WITH D AS (SELECT 1) DELETE FROM SALES.ORDERS'],
      ['a state-changing system function', `SELECT SYSTEM$CANCEL_ALL_QUERIES(1)`],
    ])('refuses %s as invalid and writes nothing', async (_label, sql) => {
      const error = await failure(adapter.query(connection(), sql, { timeoutMs: 10_000, maxRows: 10 }));
      expect(error.errorClass).toBe('invalid');
      expect(await orderCount()).toBe(String(ROWS));
    });

    it('classifies a syntax error as invalid and a missing table as not_found', async () => {
      const syntax = await failure(
        adapter.query(connection(), 'SELECT FROM WHERE', { timeoutMs: 10_000, maxRows: 1 }),
      );
      expect(syntax.errorClass).toBe('invalid');
      const missing = await failure(
        adapter.query(connection(), 'SELECT * FROM SALES.MISSING', { timeoutMs: 10_000, maxRows: 1 }),
      );
      expect(missing.errorClass).toBe('not_found');
    });

    it('stops a statement at the call deadline as timeout', async () => {
      const abortsBefore = await peer.abortRequests();
      const started = Date.now();
      const error = await failure(adapter.query(connection(), SLOW_SQL, { timeoutMs: 1_500, maxRows: 1 }));
      expect(error.errorClass).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(4_000);
      // The deadline cancels the statement on the warehouse too, not only the wait for it.
      await waitFor('the cancel to reach the peer', async () => (await peer.abortRequests()) > abortsBefore, {
        timeoutMs: 5_000,
      });
    });

    it('cancels on abort: cancelled, and the statement cancel reaches the warehouse', async () => {
      const abortsBefore = await peer.abortRequests();
      const controller = new AbortController();
      const call = adapter.query(connection(), SLOW_SQL, {
        timeoutMs: 60_000,
        maxRows: 1,
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 1_000);
      const started = Date.now();
      const error = await failure(call);
      expect(error.errorClass).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(3_000);
      await waitFor('the cancel to reach the peer', async () => (await peer.abortRequests()) > abortsBefore, {
        timeoutMs: 5_000,
      });
      const early = await failure(
        adapter.query(connection(), 'SELECT 1', {
          timeoutMs: 5_000,
          maxRows: 1,
          signal: AbortSignal.abort(),
        }),
      );
      expect(early.errorClass).toBe('cancelled');
    });
  });

  describe('metadata', () => {
    it('reads ROW_COUNT and LAST_ALTERED from the information schema', async () => {
      const metadata = await adapter.metadata(connection(), 'SALES_DB.SALES.ORDERS', { timeoutMs: 10_000 });
      expect(metadata.row_count).toBe(ROWS);
      expect(metadata.last_modified_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('classifies an unknown table as not_found', async () => {
      const error = await failure(adapter.metadata(connection(), 'SALES.MISSING', { timeoutMs: 10_000 }));
      expect(error.errorClass).toBe('not_found');
    });
  });

  it('no failure message carries the password, key, account, user or address', () => {
    expect(thrown.length).toBeGreaterThanOrEqual(16);
    for (const error of thrown) {
      const message = (error as Error).message;
      for (const secret of [
        PASSWORD,
        PASSPHRASE,
        ACCOUNT,
        USER,
        '127.0.0.1',
        String(peer.port),
        'snowflakecomputing',
      ])
        expect(message).not.toContain(secret);
      expect(message).not.toMatch(/PRIVATE KEY/);
      expect((error as Error).cause).toBeUndefined();
    }
  });
});
