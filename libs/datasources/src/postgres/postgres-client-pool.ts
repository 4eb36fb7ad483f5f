import { createHash } from 'node:crypto';
import { type Socket } from 'node:net';
import { Client, type ClientConfig } from 'pg';

/** How long an idle connection is kept for the next call with the same settings. */
export const POSTGRES_IDLE_MS = 10_000;
/** Idle connections kept per settings (a runner works on a handful of runs of one datasource at once). */
export const POSTGRES_MAX_IDLE_PER_KEY = 16;

interface IdleClient {
  client: Client;
  timer: NodeJS.Timeout;
}

/** The socket pg keeps (not in its type declarations). */
function socketOf(client: Client): Socket | undefined {
  return (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
}

/**
 * Keeps a datasource's connections open for a few seconds between calls, so a runner working
 * through many short runs does not make the server start a backend process for every statement
 * group. A connection is keyed by every setting it was opened with (host, port, database, user,
 * the password's hash, TLS, timeouts): a changed credential or timeout never reuses an old one.
 * Only a connection whose transaction ended cleanly comes back; one that failed, was cancelled or
 * reported an error is closed. Idle sockets are unreferenced, so they never keep a process alive.
 */
export class PostgresClientPool {
  private readonly idle = new Map<string, IdleClient[]>();

  constructor(
    private readonly idleMs = POSTGRES_IDLE_MS,
    private readonly maxIdlePerKey = POSTGRES_MAX_IDLE_PER_KEY,
  ) {}

  static keyOf(config: ClientConfig): string {
    const settings = JSON.stringify([
      config.host,
      config.port,
      config.database,
      config.user,
      createHash('sha256').update(String(config.password)).digest('hex'),
      config.ssl,
      config.statement_timeout,
      config.query_timeout,
      config.options,
      config.application_name,
    ]);
    return createHash('sha256').update(settings).digest('hex');
  }

  /** An idle connection opened with these settings, or undefined. */
  take(key: string): Client | undefined {
    const clients = this.idle.get(key);
    const entry = clients?.pop();
    if (clients?.length === 0) this.idle.delete(key);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    entry.client.removeAllListeners('error');
    socketOf(entry.client)?.ref();
    return entry.client;
  }

  /** Keeps a connection whose last transaction ended cleanly; closes it when the pool is full. */
  give(key: string, client: Client): void {
    const clients = this.idle.get(key) ?? [];
    if (clients.length >= this.maxIdlePerKey) {
      void client.end().catch(() => undefined);
      return;
    }
    const entry: IdleClient = {
      client,
      timer: setTimeout(() => this.drop(key, entry), this.idleMs).unref(),
    };
    // A connection the server closes while idle is dropped, not handed out.
    client.removeAllListeners('error');
    client.on('error', () => this.drop(key, entry));
    socketOf(client)?.unref();
    clients.push(entry);
    this.idle.set(key, clients);
  }

  /** Closes every idle connection (tests, shutdown). */
  async closeAll(): Promise<void> {
    const entries = [...this.idle.values()].flat();
    this.idle.clear();
    for (const entry of entries) clearTimeout(entry.timer);
    await Promise.all(entries.map((entry) => entry.client.end().catch(() => undefined)));
  }

  /** Idle connections kept right now (tests). */
  idleCount(): number {
    return [...this.idle.values()].reduce((sum, clients) => sum + clients.length, 0);
  }

  private drop(key: string, entry: IdleClient): void {
    clearTimeout(entry.timer);
    const clients = this.idle.get(key);
    const index = clients?.indexOf(entry) ?? -1;
    if (clients && index >= 0) clients.splice(index, 1);
    if (clients?.length === 0) this.idle.delete(key);
    void entry.client.end().catch(() => undefined);
  }
}

/** The runner's one pool of PostgreSQL datasource connections. */
export const postgresClientPool = new PostgresClientPool();
