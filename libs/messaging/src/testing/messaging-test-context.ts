import { type ServiceName } from '@dq/contracts';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import Redis from 'ioredis';
import { connect } from 'nats';
import { randomUUID } from 'node:crypto';
import { MessagingNamespace } from '../messaging-namespace';
import { MessagingModule } from '../messaging.module';

/* Test support for this library's own integration tests (not exported): real NATS and Redis. */

export const TEST_NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export function testNamespace(): string {
  return MessagingNamespace.random('dqt').value;
}

/** Boots the real MessagingModule as one service instance would. */
export async function openMessaging(
  namespace: string,
  serviceName: ServiceName,
  instanceId: string = randomUUID().slice(0, 8),
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(
    MessagingModule.forRoot({
      natsUrl: TEST_NATS_URL,
      redisUrl: TEST_REDIS_URL,
      namespace,
      serviceName,
      instanceId,
    }),
    { logger: ['error', 'warn'], abortOnError: false },
  );
  await app.init();
  return app;
}

/** Removes the namespace's streams (and so their consumers) and its Redis keys. */
export async function cleanupNamespace(namespace: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL, reconnect: false });
  try {
    const jsm = await nc.jetstreamManager();
    const prefix = new MessagingNamespace(namespace).streamName('');
    const names: string[] = [];
    for await (const name of jsm.streams.names()) if (name.startsWith(prefix)) names.push(name);
    for (const name of names) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** Polls until `probe` returns a value other than undefined/false; fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
