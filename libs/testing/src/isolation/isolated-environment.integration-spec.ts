import { Redis } from 'ioredis';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { LOCAL_SERVICES } from './local-services';
import { createIsolatedEnvironment, type IsolatedEnvironment } from './isolated-environment';
import { listNamespaceStreams, streamPrefixOf } from './namespace-cleanup';
import { databaseExists, withAdminClient } from './postgres-admin';
import { templateDatabaseName } from './template-database';

async function onDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseOf = (env: IsolatedEnvironment): string => new URL(env.databaseUrl).pathname.slice(1);

describe('createIsolatedEnvironment', () => {
  let redis: Redis;
  let nats: NatsConnection;
  const created: IsolatedEnvironment[] = [];

  beforeAll(async () => {
    redis = new Redis(LOCAL_SERVICES.redisUrl);
    nats = await connect({ servers: LOCAL_SERVICES.natsUrl });
  });

  afterAll(async () => {
    // Whatever a failed assertion left, leave nothing behind.
    await Promise.allSettled(created.map((env) => env.cleanup()));
    await redis.quit();
    await nats.close();
  });

  async function newEnvironment(label?: string): Promise<IsolatedEnvironment> {
    const env = await createIsolatedEnvironment(label);
    created.push(env);
    return env;
  }

  /** What an app under test would leave: rows, BullMQ-style keys, JetStream streams. */
  async function populate(env: IsolatedEnvironment): Promise<void> {
    await onDatabase(env.databaseUrl, (client) =>
      client.query(`INSERT INTO consumed_events (consumer, event_id) VALUES ('spec', $1)`, [env.id]),
    );
    for (let i = 0; i < 25; i += 1) await redis.set(`${env.namespace}:runs:job:${i}`, env.id);
    const jsm = await nats.jetstreamManager();
    for (const stream of ['RUNS', 'PIPELINES']) {
      const name = `${streamPrefixOf(env.namespace)}${stream}`;
      await jsm.streams.add({ name, subjects: [`${env.namespace}.${stream.toLowerCase()}.>`] });
    }
  }

  async function redisKeys(namespace: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    return keys;
  }

  it('hands out a migrated database and names that follow the conventions', async () => {
    const env = await newEnvironment('Shape Check!');
    expect(env.namespace).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(env.namespace.length).toBeLessThanOrEqual(31);
    expect(env.namespace).toBe(`dqt_${env.id}`);
    expect(env.id).toMatch(/_shapecheck$/);
    expect(databaseOf(env)).toBe(env.namespace);
    expect(env.env).toEqual({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      NATS_URL: env.natsUrl,
      MESSAGING_NAMESPACE: env.namespace,
      SECRETS_PUBLIC_KEYS: expect.stringMatching(/^test:[A-Za-z0-9+/]{59}=$/),
      SECRETS_PRIVATE_KEY_RING: expect.stringMatching(/^test:[A-Za-z0-9+/]{64}$/),
      SECRETS_ACTIVE_KEY_ID: 'test',
      ALERTING_PUBLIC_KEYS: expect.stringMatching(/^test:[A-Za-z0-9+/]{59}=$/),
      ALERTING_PRIVATE_KEY_RING: expect.stringMatching(/^test:[A-Za-z0-9+/]{64}$/),
      ALERTING_ACTIVE_KEY_ID: 'test',
    });
    const tables = await onDatabase(env.databaseUrl, async (client) => {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
      );
      return rows.map((row) => row.table_name);
    });
    expect(tables).toEqual(
      expect.arrayContaining(['consumed_events', 'run_results', 'runs', 'schema_migrations']),
    );
    await env.cleanup();
  });

  it('keeps two environments disjoint, and cleanup of one leaves the other whole', async () => {
    const [a, b] = await Promise.all([newEnvironment('a'), newEnvironment('b')]);
    expect(a.id).not.toBe(b.id);
    expect(a.databaseUrl).not.toBe(b.databaseUrl);
    expect(a.namespace).not.toBe(b.namespace);
    // Neither namespace is a prefix of the other, so one's key pattern or stream prefix cannot match the other's.
    expect(b.namespace.startsWith(a.namespace)).toBe(false);
    expect(a.namespace.startsWith(b.namespace)).toBe(false);

    await populate(a);
    await populate(b);
    const rowsIn = (env: IsolatedEnvironment) =>
      onDatabase(
        env.databaseUrl,
        async (client) =>
          (await client.query<{ event_id: string }>('SELECT event_id FROM consumed_events')).rows,
      );
    expect(await rowsIn(a)).toEqual([{ event_id: a.id }]);
    expect(await rowsIn(b)).toEqual([{ event_id: b.id }]);

    await a.cleanup();

    await withAdminClient(async (client) => {
      expect(await databaseExists(client, databaseOf(a))).toBe(false);
      expect(await databaseExists(client, databaseOf(b))).toBe(true);
    });
    expect(await redisKeys(a.namespace)).toEqual([]);
    expect(await redisKeys(b.namespace)).toHaveLength(25);
    expect(await listNamespaceStreams(LOCAL_SERVICES.natsUrl, a.namespace)).toEqual([]);
    expect((await listNamespaceStreams(LOCAL_SERVICES.natsUrl, b.namespace)).sort()).toEqual(
      [`${streamPrefixOf(b.namespace)}PIPELINES`, `${streamPrefixOf(b.namespace)}RUNS`].sort(),
    );
    expect(await rowsIn(b)).toEqual([{ event_id: b.id }]);

    await b.cleanup();
    await withAdminClient(async (client) => expect(await databaseExists(client, databaseOf(b))).toBe(false));
    expect(await redisKeys(b.namespace)).toEqual([]);
    expect(await listNamespaceStreams(LOCAL_SERVICES.natsUrl, b.namespace)).toEqual([]);
  });

  it('never touches keys or streams outside its namespace, and cleanup can be called twice', async () => {
    const env = await newEnvironment();
    const bystanderKey = `dqt_bystander_${env.id}:keep`;
    await redis.set(bystanderKey, '1');
    try {
      await populate(env);
      await env.cleanup();
      await env.cleanup();
      expect(await redis.get(bystanderKey)).toBe('1');
    } finally {
      await redis.del(bystanderKey);
    }
  });

  it('leaves the template idle and intact so the next environment can be cloned', async () => {
    const template = templateDatabaseName();
    await withAdminClient(async (client) => {
      const { rows } = await client.query<{ datistemplate: boolean; datallowconn: boolean }>(
        'SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1',
        [template],
      );
      expect(rows).toEqual([{ datistemplate: true, datallowconn: false }]);
    });
    const env = await newEnvironment('again');
    await env.cleanup();
  });
});
