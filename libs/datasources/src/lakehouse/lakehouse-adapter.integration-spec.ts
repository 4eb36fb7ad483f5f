import { randomBytes } from 'node:crypto';
import { type Server, type Socket, createServer } from 'node:net';
import { AppError } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import { type DatabricksSqlPeer, freePort, startDatabricksSqlPeer, waitFor } from '@dq/testing';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { LakehouseAdapter } from './lakehouse-adapter';

const TOKEN = `dapi${randomBytes(16).toString('hex')}`;
const TOKEN_WITHOUT_ACCESS = `dapi${randomBytes(16).toString('hex')}`;
const LAST_MODIFIED = new Date('2026-03-04T05:06:07.000Z');
const ORDERS = 25;

describe('LakehouseAdapter against a Databricks SQL (TCLIService over HTTP) peer', () => {
  const quietLogger = { warn: () => 0 };
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: quietLogger });
  const adapter = new LakehouseAdapter({ egress });
  const thrown: unknown[] = [];
  let peer: DatabricksSqlPeer;

  function connection(
    overrides: Record<string, unknown> = {},
    credential: Record<string, unknown> = { token: TOKEN },
  ): DatasourceConnection {
    return {
      id: null,
      kind: 'lakehouse',
      config: { workspace_url: peer.workspaceUrl, http_path: peer.httpPath, ...overrides },
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

  beforeAll(async () => {
    peer = await startDatabricksSqlPeer({
      token: TOKEN,
      tokensWithoutAccess: [TOKEN_WITHOUT_ACCESS],
      holdStatementsMatching: /'hold'/,
      tables: [
        {
          catalog: 'lake',
          schema: 'sales',
          name: 'orders',
          columns: [
            { name: 'id', type: 'BIGINT', nullable: false },
            { name: 'customer', type: 'STRING' },
            { name: 'amount', type: 'DECIMAL(10,2)', nullable: false },
            { name: 'placed_at', type: 'TIMESTAMP' },
          ],
          rows: Array.from({ length: ORDERS }, (_, i) => [
            i + 1,
            i === 1 ? null : `c${i + 1}`,
            ((i + 1) * 1.5).toFixed(2),
            `2026-01-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
          ]),
          lastModified: LAST_MODIFIED,
        },
        {
          catalog: 'lake',
          schema: 'sales',
          name: 'order_lines',
          columns: [{ name: 'sku', type: 'STRING' }],
          rows: [['a']],
        },
        {
          catalog: 'lake',
          schema: 'sales',
          name: 'recent_orders',
          columns: [{ name: 'id', type: 'BIGINT' }],
          rows: [[1]],
          isView: true,
        },
        {
          catalog: 'archive',
          schema: 'sales',
          name: 'orders',
          columns: [{ name: 'legacy_id', type: 'INT' }],
          rows: [[1]],
        },
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await peer?.stop();
    egress.destroy();
  });

  afterAll(() => {
    // Only the Thrift endpoint was ever asked: no telemetry, feature-flag or result-download request.
    expect(peer.strayRequests).toEqual(['POST /sql/1.0/warehouses/none']);
    // No message may carry the workspace address, the HTTP path or the token.
    for (const error of thrown) {
      const message = (error as Error).message;
      expect(message).not.toContain('127.0.0.1');
      expect(message).not.toContain(peer.httpPath);
      expect(message).not.toContain(TOKEN);
      expect(message).not.toContain(TOKEN_WITHOUT_ACCESS);
    }
  });

  describe('test', () => {
    it('opens a session with the token and reports the server version and current catalog', async () => {
      const result = await adapter.test(connection(), { timeoutMs: 5_000 });
      expect(result).toEqual({ server_version: '3.0.0-dq-peer', catalog: 'lake' });
      expect(peer.openSessions()).toBe(0);
    });

    it('accepts an http_path without its leading slash', async () => {
      const path = peer.httpPath.slice(1);
      await expect(
        adapter.test(connection({ http_path: path }), { timeoutMs: 5_000 }),
      ).resolves.toMatchObject({
        catalog: 'lake',
      });
    });

    it('classifies a wrong token (HTTP 401) as auth', async () => {
      const error = await failure(
        adapter.test(connection({}, { token: 'dapi-wrong' }), { timeoutMs: 5_000 }),
      );
      expect(error.errorClass).toBe('auth');
      expect(error.message).toBe('The datasource refused the credentials');
    });

    it('classifies a token without access to the warehouse (HTTP 403 PERMISSION_DENIED) as permission', async () => {
      const error = await failure(
        adapter.test(connection({}, { token: TOKEN_WITHOUT_ACCESS }), { timeoutMs: 5_000 }),
      );
      expect(error.errorClass).toBe('permission');
    });

    it('classifies an unknown HTTP path (no such warehouse) as not_found', async () => {
      const error = await failure(
        adapter.test(connection({ http_path: '/sql/1.0/warehouses/none' }), { timeoutMs: 5_000 }),
      );
      expect(error.errorClass).toBe('not_found');
    });

    it('classifies a closed port as unreachable', async () => {
      const closed = await freePort();
      const error = await failure(
        adapter.test(connection({ workspace_url: `http://127.0.0.1:${closed}` }), { timeoutMs: 5_000 }),
      );
      expect(error.errorClass).toBe('unreachable');
    });

    it('classifies an unknown host as unreachable', async () => {
      const error = await failure(
        adapter.test(connection({ workspace_url: 'https://no-such-workspace.invalid' }), {
          timeoutMs: 5_000,
        }),
      );
      expect(error.errorClass).toBe('unreachable');
    });

    it('refuses a loopback workspace_url under the default egress guard with url_forbidden, unwrapped', async () => {
      const strict = new LakehouseAdapter({ egress: new EgressGuard({ logger: quietLogger }) });
      const before = peer.calls.length;
      const error: unknown = await strict.test(connection(), { timeoutMs: 5_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'url_forbidden', status: 422, detail: { field: 'workspace_url' } });
      expect(peer.calls.length).toBe(before);
    });

    it('connects only through the guard: an address that changes to a private one at connect time is url_forbidden', async () => {
      // The check sees loopback; the socket's own lookup then sees a private address (DNS rebinding).
      const answers = ['127.0.0.1', '10.0.0.7'];
      const rebinding = new EgressGuard({
        allowLoopbackForTests: true,
        nodeEnv: 'test',
        logger: quietLogger,
        resolve: async () => [{ address: answers.shift() ?? '10.0.0.7', family: 4 }],
      });
      const guarded = new LakehouseAdapter({ egress: rebinding });
      const before = peer.calls.length;
      const error: unknown = await guarded
        .test(connection({ workspace_url: `http://rebinding.test:${peer.port}` }), { timeoutMs: 5_000 })
        .catch((e: unknown) => e);
      rebinding.destroy();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'url_forbidden', detail: { field: 'workspace_url' } });
      expect(peer.calls.length).toBe(before);
    });

    it('classifies a host that accepts but never answers, within the deadline, as unreachable', async () => {
      const sockets: Socket[] = [];
      const silent: Server = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      const started = Date.now();
      const error = await failure(
        adapter.test(connection({ workspace_url: `http://127.0.0.1:${port}` }), { timeoutMs: 1_000 }),
      );
      expect(error.errorClass).toBe('unreachable');
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('refuses a connection without a token or with a host in http_path as invalid, before any request', async () => {
      const before = peer.calls.length;
      const noToken = await failure(adapter.test(connection({}, {}), { timeoutMs: 5_000 }));
      expect(noToken.errorClass).toBe('invalid');
      const redirect = await failure(
        adapter.test(connection({ http_path: '//evil.example/sql' }), { timeoutMs: 5_000 }),
      );
      expect(redirect.errorClass).toBe('invalid');
      expect(peer.calls.length).toBe(before);
    });
  });

  describe('columns', () => {
    it('lists names, Databricks types and nullability in table order (GetColumns)', async () => {
      const columns = await adapter.columns(connection(), 'lake.sales.orders', { timeoutMs: 5_000 });
      expect(columns).toEqual([
        { name: 'id', type: 'BIGINT', nullable: false },
        { name: 'customer', type: 'STRING', nullable: true },
        { name: 'amount', type: 'DECIMAL(10,2)', nullable: false },
        { name: 'placed_at', type: 'TIMESTAMP', nullable: true },
      ]);
    });

    it('reads schema.table in the current catalog only, not a same-named table elsewhere', async () => {
      const columns = await adapter.columns(connection(), 'Sales.Orders', { timeoutMs: 5_000 });
      expect(columns.map((column) => column.name)).toEqual(['id', 'customer', 'amount', 'placed_at']);
      const archived = await adapter.columns(connection(), 'archive.sales.orders', { timeoutMs: 5_000 });
      expect(archived).toEqual([{ name: 'legacy_id', type: 'INT', nullable: true }]);
    });

    it('treats _ in a name literally, not as a wildcard', async () => {
      const error = await failure(adapter.columns(connection(), 'sales.order_line_', { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('not_found');
    });

    it('classifies an unknown table as not_found', async () => {
      const error = await failure(adapter.columns(connection(), 'sales.nope', { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('not_found');
    });
  });

  describe('query', () => {
    it('returns rows and columns, with ? parameters bound, not truncated within maxRows', async () => {
      const result = await adapter.query(
        connection(),
        'SELECT id, customer, amount FROM sales.orders WHERE id <= ? ORDER BY id;',
        { timeoutMs: 5_000, maxRows: 10, params: [3] },
      );
      expect(result).toEqual({
        columns: [
          { name: 'id', type: 'BIGINT', nullable: true },
          { name: 'customer', type: 'STRING', nullable: true },
          { name: 'amount', type: 'DECIMAL(10,2)', nullable: true },
        ],
        rows: [
          { id: 1, customer: 'c1', amount: 1.5 },
          { id: 2, customer: null, amount: 3 },
          { id: 3, customer: 'c3', amount: 4.5 },
        ],
        truncated: false,
      });
    });

    it('caps at maxRows, says truncated, and fetched no more than one row past the cap', async () => {
      const result = await adapter.query(connection(), 'SELECT id FROM `lake`.`sales`.`orders` ORDER BY id', {
        timeoutMs: 5_000,
        maxRows: 5,
      });
      expect(result.rows.map((row) => row['id'])).toEqual([1, 2, 3, 4, 5]);
      expect(result.truncated).toBe(true);
      const exact = await adapter.query(connection(), 'SELECT id FROM sales.orders', {
        timeoutMs: 5_000,
        maxRows: ORDERS,
      });
      expect(exact.rows).toHaveLength(ORDERS);
      expect(exact.truncated).toBe(false);
    });

    it('classifies a missing table as not_found and a syntax error as invalid', async () => {
      const missing = await failure(
        adapter.query(connection(), 'SELECT * FROM sales.nope', { timeoutMs: 5_000, maxRows: 1 }),
      );
      expect(missing.errorClass).toBe('not_found');
      const syntax = await failure(
        adapter.query(connection(), 'SELECT FROM WHERE', { timeoutMs: 5_000, maxRows: 1 }),
      );
      expect(syntax.errorClass).toBe('invalid');
    });

    it.each([
      ['INSERT', 'INSERT INTO sales.orders VALUES (999, "x", 1, NULL)'],
      ['DELETE', 'DELETE FROM sales.orders'],
      [
        'a write behind a CTE',
        'WITH s AS (SELECT 1 AS id) INSERT INTO sales.orders SELECT id, NULL, 1, NULL FROM s',
      ],
      ['a chained second statement', 'SELECT 1; DROP TABLE sales.orders'],
      ['CREATE', 'CREATE TABLE sales.intruder AS SELECT 1'],
    ])('refuses %s as invalid before it reaches the warehouse', async (_label, sql) => {
      const before = peer.statements.length;
      const error = await failure(adapter.query(connection(), sql, { timeoutMs: 5_000, maxRows: 10 }));
      expect(error.errorClass).toBe('invalid');
      expect(peer.statements.length).toBe(before);
      const count = await adapter.query(connection(), 'SELECT count(*) AS n FROM sales.orders', {
        timeoutMs: 5_000,
        maxRows: 1,
      });
      expect(count.rows).toEqual([{ n: ORDERS }]);
    });

    it('stops a statement at the call deadline as timeout and cancels it on the warehouse', async () => {
      const started = Date.now();
      const error = await failure(
        adapter.query(connection(), `SELECT * FROM sales.orders WHERE 'hold' = 'hold'`, {
          timeoutMs: 1_500,
          maxRows: 1,
        }),
      );
      expect(error.errorClass).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(6_000);
      await waitFor('the operation to stop', () => peer.runningOperations() === 0, { timeoutMs: 5_000 });
    });

    it('cancels the running statement on abort: cancelled, CancelOperation sent, session closed', async () => {
      const controller = new AbortController();
      const cancelsBefore = peer.calls.filter((call) => call === 'CancelOperation').length;
      const call = adapter.query(connection(), `SELECT id FROM sales.orders WHERE 'hold' = 'hold'`, {
        timeoutMs: 300_000,
        maxRows: 1,
        signal: controller.signal,
      });
      await waitFor('the statement to run', () => peer.runningOperations() === 1, { timeoutMs: 10_000 });
      controller.abort();
      const error = await failure(call);
      expect(error.errorClass).toBe('cancelled');
      expect(peer.calls.filter((c) => c === 'CancelOperation').length).toBe(cancelsBefore + 1);
      expect(peer.runningOperations()).toBe(0);
      await waitFor('the session to close', () => peer.openSessions() === 0, { timeoutMs: 5_000 });
    });

    it('fails an already aborted call as cancelled without a request', async () => {
      const before = peer.calls.length;
      const error = await failure(
        adapter.query(connection(), 'SELECT 1', {
          timeoutMs: 5_000,
          maxRows: 1,
          signal: AbortSignal.abort(),
        }),
      );
      expect(error.errorClass).toBe('cancelled');
      expect(peer.calls.length).toBe(before);
    });
  });

  describe('metadata', () => {
    it('reads lastModified from DESCRIBE DETAIL and the row count from the table statistics', async () => {
      const metadata = await adapter.metadata(connection(), 'sales.orders', { timeoutMs: 5_000 });
      expect(metadata).toEqual({
        row_count: ORDERS,
        last_modified_at: LAST_MODIFIED.toISOString(),
        row_count_exact: false,
      });
    });

    it('answers a view (no DESCRIBE DETAIL, no statistics) with nulls, not a failure', async () => {
      const metadata = await adapter.metadata(connection(), 'sales.recent_orders', { timeoutMs: 5_000 });
      expect(metadata).toEqual({ row_count: null, last_modified_at: null, row_count_exact: false });
    });

    it('classifies an unknown table as not_found', async () => {
      const error = await failure(adapter.metadata(connection(), 'lake.sales.nope', { timeoutMs: 5_000 }));
      expect(error.errorClass).toBe('not_found');
    });
  });
});
