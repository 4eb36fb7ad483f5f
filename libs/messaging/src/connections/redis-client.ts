import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';

export interface RedisClientOptions {
  readonly url: string;
  readonly name: string;
}

/**
 * The process's shared Redis connection for BullMQ queues (workers duplicate it for their blocking
 * reads). `maxRetriesPerRequest: null` is what BullMQ requires: commands wait for a reconnect instead
 * of failing, so a Redis restart pauses work rather than losing it.
 */
export class RedisClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisClient.name);
  private lastError = '';

  constructor(readonly connection: Redis) {
    // ioredis emits `error` on every failed reconnect; log each distinct message once.
    connection.on('error', (err: Error) => {
      if (err.message !== this.lastError) {
        this.lastError = err.message;
        this.logger.warn(`Redis error: ${err.message}`);
      }
    });
    connection.on('ready', () => {
      this.lastError = '';
    });
  }

  static async connect(options: RedisClientOptions): Promise<RedisClient> {
    const connection = new Redis(options.url, {
      maxRetriesPerRequest: null,
      lazyConnect: true,
      connectionName: options.name,
    });
    const client = new RedisClient(connection);
    await connection.connect();
    return client;
  }

  async close(): Promise<void> {
    if (this.connection.status === 'end') return;
    try {
      await this.connection.quit();
    } catch {
      this.connection.disconnect();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
