import { generateKeyPairSync } from 'node:crypto';
import { quoteIdentifier, withDatabase } from '@dq/db';
import { newEnvironmentId, TEST_NAME_PREFIX } from './environment-id';
import { LOCAL_SERVICES } from './local-services';
import { deleteNamespaceStreams, deleteRedisNamespace } from './namespace-cleanup';
import { withAdminClient } from './postgres-admin';
import { ensureTemplateDatabase } from './template-database';

export interface IsolatedEnvironment {
  /** Unique per environment; also the suffix of the database and the namespace. */
  readonly id: string;
  /** A fresh, fully migrated database of its own. */
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly natsUrl: string;
  /** MESSAGING_NAMESPACE: prefixes NATS subjects, streams, durables and BullMQ keys. */
  readonly namespace: string;
  /** The variables an app under test is configured with. */
  readonly env: Record<string, string>;
  /** Drops the database, the Redis keys and the JetStream streams of this environment. Idempotent. */
  cleanup(): Promise<void>;
}

/**
 * Everything one test (or one test file) needs to run in parallel with others without sharing
 * state: its own database cloned from the migrated template, its own Redis key prefix and its own
 * NATS names. Call `cleanup()` in afterAll.
 */
export async function createIsolatedEnvironment(label?: string): Promise<IsolatedEnvironment> {
  const template = await ensureTemplateDatabase();
  const id = newEnvironmentId(label);
  const name = `${TEST_NAME_PREFIX}${id}`;
  await withAdminClient((client) =>
    client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`),
  );

  const databaseUrl = withDatabase(LOCAL_SERVICES.postgresAdminUrl, name);
  const { redisUrl, natsUrl } = LOCAL_SERVICES;
  const namespace = name;
  let cleaned: Promise<void> | undefined;
  const keyPair = credentialKeyPair('test');
  const alertingKeyPair = credentialKeyPair('test');

  return {
    id,
    databaseUrl,
    redisUrl,
    natsUrl,
    namespace,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      NATS_URL: natsUrl,
      MESSAGING_NAMESPACE: namespace,
      // A fresh key pair per environment: credentials sealed in one test never open in another.
      // Gateways read the public keys, the runner the private ring.
      SECRETS_PUBLIC_KEYS: keyPair.publicEntry,
      SECRETS_PRIVATE_KEY_RING: keyPair.privateEntry,
      SECRETS_ACTIVE_KEY_ID: 'test',
      // The alerting service's own pair: notification channel credentials (docs/decisions/0044).
      ALERTING_PUBLIC_KEYS: alertingKeyPair.publicEntry,
      ALERTING_PRIVATE_KEY_RING: alertingKeyPair.privateEntry,
      ALERTING_ACTIVE_KEY_ID: 'test',
    },
    cleanup(): Promise<void> {
      cleaned ??= cleanupEnvironment(name, redisUrl, natsUrl);
      return cleaned;
    },
  };
}

/**
 * A credential key pair in the form `npm run secrets:keygen` prints (X25519, base64 DER). Made here
 * with node:crypto so the harness does not depend on the opening side.
 */
function credentialKeyPair(keyId: string): { privateEntry: string; publicEntry: string } {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  return {
    privateEntry: `${keyId}:${privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`,
    publicEntry: `${keyId}:${publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`,
  };
}

async function cleanupEnvironment(name: string, redisUrl: string, natsUrl: string): Promise<void> {
  // Every part is attempted even when another fails, so one dead service leaves the least behind.
  const outcomes = await Promise.allSettled([
    withAdminClient((client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
    ),
    deleteRedisNamespace(redisUrl, name),
    deleteNamespaceStreams(natsUrl, name),
  ]);
  const failures = outcomes.filter(
    (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
  );
  if (failures.length > 0) {
    throw new AggregateError(
      failures.map((failure) => failure.reason as unknown),
      `cleanup of test environment ${name} failed`,
    );
  }
}
