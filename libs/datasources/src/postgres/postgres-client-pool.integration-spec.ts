import { Client } from 'pg';
import { EgressGuard } from '@dq/security';
import { type DatasourceConnection } from '../adapter/datasource-adapter';
import { PostgresAdapter } from './postgres-adapter';
import { postgresClientPool } from './postgres-client-pool';

// The shared and private servers listen on loopback: the test-only allowance lets them through.
const LOOPBACK_EGRESS = new EgressGuard({
  allowLoopbackForTests: true,
  nodeEnv: 'test',
  logger: { warn: () => 0 },
});

/** Pooled datasource connections on the shared PostgreSQL: reuse, and what never comes back. */
describe('PostgreSQL datasource connections are pooled between calls', () => {
  const adapter = new PostgresAdapter({ egress: LOOPBACK_EGRESS });
  const connection: DatasourceConnection = {
    id: null,
    kind: 'postgres',
    config: { host: '127.0.0.1', port: 5432, database: 'postgres', user: 'postgres', sslmode: 'disable' },
    credential: { password: 'unused-with-trust' },
  };
  const options = { timeoutMs: 10_000 };
  let admin: Client;

  const backendPid = async (callOptions = options): Promise<number> => {
    const { rows } = await adapter.query(connection, 'SELECT pg_backend_pid() AS pid', {
      ...callOptions,
      maxRows: 1,
    });
    return Number(rows[0]?.['pid']);
  };

  beforeAll(async () => {
    admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query('DROP SEQUENCE IF EXISTS dq_pool_spec_seq; CREATE SEQUENCE dq_pool_spec_seq');
  });

  beforeEach(() => postgresClientPool.closeAll());

  afterAll(async () => {
    await postgresClientPool.closeAll();
    await admin.query('DROP SEQUENCE IF EXISTS dq_pool_spec_seq');
    await admin.end();
  });

  it('a second call reuses the first call’s connection, which waits idle outside any transaction', async () => {
    const first = await backendPid();
    expect(postgresClientPool.idleCount()).toBe(1);
    const { rows } = await admin.query<{ state: string }>(
      'SELECT state FROM pg_stat_activity WHERE pid = $1',
      [first],
    );
    expect(rows[0]?.state).toBe('idle');
    expect(await backendPid()).toBe(first);
  });

  it('a call that failed closes its connection; the next call opens another', async () => {
    const first = await backendPid();
    await expect(adapter.query(connection, 'SELECT 1 / 0', { ...options, maxRows: 1 })).rejects.toMatchObject(
      { errorClass: expect.any(String) },
    );
    expect(postgresClientPool.idleCount()).toBe(0);
    expect(await backendPid()).not.toBe(first);
  });

  it('a connection the server ended while idle is replaced, not handed out', async () => {
    const first = await backendPid();
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    const second = await backendPid();
    expect(second).not.toBe(first);
  });

  it('other settings (here a timeout) never share a connection', async () => {
    const first = await backendPid();
    expect(await backendPid({ timeoutMs: 5_000 })).not.toBe(first);
    expect(postgresClientPool.idleCount()).toBe(2);
  });

  it('a session-level advisory lock a statement took is released when its call ends', async () => {
    const tryLock = async (): Promise<boolean> => {
      const { rows } = await admin.query<{ got: boolean }>('SELECT pg_try_advisory_lock(424242) AS got');
      if (rows[0]?.got === true) await admin.query('SELECT pg_advisory_unlock(424242)');
      return rows[0]?.got === true;
    };
    const pid = await adapter.withSession(connection, options, async (session) => {
      await session.query('SELECT pg_advisory_lock(424242) AS locked', { maxRows: 1 });
      expect(await tryLock()).toBe(false);
      return Number((await session.query('SELECT pg_backend_pid() AS pid', { maxRows: 1 })).rows[0]?.['pid']);
    });
    expect(await tryLock()).toBe(true);
    // The connection went back to the pool without it: a compiled-only session reusing it holds none.
    expect(postgresClientPool.idleCount()).toBe(1);
    expect(await backendPid()).toBe(pid);
  });

  it('a compiled-only session runs each statement as a read-only transaction of its own on a pooled connection', async () => {
    const pooled = await backendPid();
    const seen = await adapter.withSession(
      connection,
      options,
      async (session) => {
        const own = async () =>
          (await session.query('SELECT pg_backend_pid() AS pid, now()::text AS began', { maxRows: 1 }))
            .rows[0];
        const first = await own();
        const refused = await session.query(`SELECT nextval('dq_pool_spec_seq')`, { maxRows: 1 }).then(
          () => 'written',
          (error: { errorClass?: string }) => error.errorClass,
        );
        const second = await own();
        return { first, refused, second };
      },
      { compiledOnly: true },
    );
    expect(seen.first?.['pid']).toBe(pooled);
    expect(seen.second?.['pid']).toBe(pooled);
    // now() is a transaction's start: two statements, two transactions.
    expect(seen.second?.['began']).not.toBe(seen.first?.['began']);
    // The connection is read-only by default: a write fails even without an explicit transaction.
    expect(seen.refused).toBe('invalid');
    const { rows } = await admin.query<{ last: string | null }>(
      `SELECT last_value::text AS last FROM dq_pool_spec_seq`,
    );
    expect(rows[0]).toEqual({ last: '1' });
  });

  it('a compiled-only session on a pooled connection the server just ended runs on a new one', async () => {
    const first = await backendPid();
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    const pid = await adapter.withSession(
      connection,
      options,
      async (session) =>
        Number((await session.query('SELECT pg_backend_pid() AS pid', { maxRows: 1 })).rows[0]?.['pid']),
      { compiledOnly: true },
    );
    expect(pid).not.toBe(first);
  });

  it('a connection test always opens a connection of its own and keeps none', async () => {
    const pooled = await backendPid();
    await adapter.test(connection, options);
    expect(postgresClientPool.idleCount()).toBe(1);
    expect(await backendPid()).toBe(pooled);
  });
});
