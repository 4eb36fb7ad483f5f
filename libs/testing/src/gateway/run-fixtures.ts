import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { TERMINAL_RUN_STATUSES } from '@dq/contracts';
import { call } from './gateway-world';

/** The run states a poll waits for. */
export const TERMINAL_RUN_STATES: readonly string[] = TERMINAL_RUN_STATUSES;

/** Polls `read` every 200 ms until `done` holds; a read that throws counts as not done yet. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch {
      // A dependency being restarted: try again.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A database of its own on the shared PostgreSQL, as a datasource the tests read: made with the
 * given statements (each run with `parameters` if it names `$1`), dropped by `drop()`.
 */
export class ScratchDatabase {
  readonly name: string;

  constructor(label: string) {
    this.name = `${label}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  }

  async create(setup: (client: Client) => Promise<void>, databaseSettings: string[] = []): Promise<void> {
    await this.asRoot(async (root) => {
      await root.query(`CREATE DATABASE ${this.name}`);
      for (const setting of databaseSettings) await root.query(`ALTER DATABASE ${this.name} SET ${setting}`);
    });
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: this.name });
    await client.connect();
    try {
      await setup(client);
    } finally {
      await client.end();
    }
  }

  async drop(): Promise<void> {
    await this.asRoot((root) => root.query(`DROP DATABASE IF EXISTS ${this.name} WITH (FORCE)`));
  }

  /** Statements of this database asleep in `pg_sleep` (a runner reads through a cursor: match the wait, not the text). */
  async sleepingStatements(db: DataSource): Promise<number> {
    const [row] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = $1 AND state = 'active' AND wait_event = 'PgSleep'`,
      [this.name],
    );
    return row.n;
  }

  /** A PostgreSQL connection to this database through the API; its id. */
  async connect(api: string, adminToken: string, name: string): Promise<string> {
    const created = await call(api, 'POST', '/connections', {
      token: adminToken,
      body: {
        name,
        kind: 'postgres',
        config: { host: '127.0.0.1', port: 5432, database: this.name, user: 'postgres', sslmode: 'disable' },
        credential: { password: 'unused-with-trust' },
      },
    });
    if (created.status !== 201) throw new Error(`connection not created: ${created.status} ${created.text}`);
    return (created.body as { id: string }).id;
  }

  private async asRoot<T>(work: (root: Client) => Promise<T>): Promise<T> {
    const root = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await root.connect();
    try {
      return await work(root);
    } finally {
      await root.end();
    }
  }
}
