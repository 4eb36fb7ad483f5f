import { Redis } from 'ioredis';
import { connect } from 'nats';
import { LOCAL_SERVICES, SERVICE_CHECK_TIMEOUT_MS } from './local-services';
import { withAdminClient } from './postgres-admin';

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

async function checkPostgres(): Promise<void> {
  await withAdminClient((client) => client.query('SELECT 1'));
}

async function checkRedis(): Promise<void> {
  const redis = new Redis(LOCAL_SERVICES.redisUrl, {
    lazyConnect: true,
    connectTimeout: SERVICE_CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // ioredis reports the socket error as an event and rejects with a vaguer one: keep the real cause.
  let cause: Error | undefined;
  redis.on('error', (error: Error) => {
    cause ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw cause ?? error;
  } finally {
    redis.disconnect();
  }
}

async function checkNatsJetStream(): Promise<void> {
  const nc = await connect({
    servers: LOCAL_SERVICES.natsUrl,
    timeout: SERVICE_CHECK_TIMEOUT_MS,
    reconnect: false,
  });
  try {
    // Fails when the server runs without JetStream (-js), which the services need.
    await (await nc.jetstreamManager()).getAccountInfo();
  } finally {
    await nc.close();
  }
}

/**
 * Fails fast, naming every service that does not answer, instead of letting each test time out.
 */
export async function assertLocalServicesAnswer(): Promise<void> {
  const checks = { postgres: checkPostgres, redis: checkRedis, 'nats-jetstream': checkNatsJetStream };
  const results = await Promise.allSettled(Object.values(checks).map((check) => check()));
  const down = Object.keys(checks).flatMap((name, i) => {
    const result = results[i];
    return result.status === 'rejected' ? [`${name}: ${reasonOf(result.reason)}`] : [];
  });
  if (down.length > 0) {
    throw new Error(
      `Local services are not answering (${down.join('; ')}). Start them with \`npm run infra:up\` ` +
        `(PostgreSQL ${LOCAL_SERVICES.postgresAdminUrl}, Redis ${LOCAL_SERVICES.redisUrl}, NATS ${LOCAL_SERVICES.natsUrl}).`,
    );
  }
}
