import { Redis } from 'ioredis';
import { connect } from 'nats';
import { SERVICE_CHECK_TIMEOUT_MS } from './local-services';

/** Deletes every Redis key under `<namespace>:` (SCAN, never KEYS, so Redis is never blocked). */
export async function deleteRedisNamespace(redisUrl: string, namespace: string): Promise<number> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: SERVICE_CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
  });
  // Failures surface as rejected commands below; without a listener ioredis also logs each one.
  redis.on('error', () => undefined);
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
  return deleted;
}

/** The prefix of every JetStream stream the messaging library creates for a namespace. */
export function streamPrefixOf(namespace: string): string {
  return `${namespace.toUpperCase()}_`;
}

/** Lists the JetStream streams of a namespace (their consumers live inside them). */
export async function listNamespaceStreams(natsUrl: string, namespace: string): Promise<string[]> {
  const nc = await connect({ servers: natsUrl, timeout: SERVICE_CHECK_TIMEOUT_MS, reconnect: false });
  try {
    const jsm = await nc.jetstreamManager();
    const prefix = streamPrefixOf(namespace);
    const names: string[] = [];
    for await (const name of jsm.streams.names()) if (name.startsWith(prefix)) names.push(name);
    return names;
  } finally {
    await nc.close();
  }
}

/** Deletes every JetStream stream (and so its consumers) of a namespace. */
export async function deleteNamespaceStreams(natsUrl: string, namespace: string): Promise<string[]> {
  const names = await listNamespaceStreams(natsUrl, namespace);
  if (names.length === 0) return names;
  const nc = await connect({ servers: natsUrl, timeout: SERVICE_CHECK_TIMEOUT_MS, reconnect: false });
  try {
    const jsm = await nc.jetstreamManager();
    for (const name of names) await jsm.streams.delete(name);
    return names;
  } finally {
    await nc.close();
  }
}
