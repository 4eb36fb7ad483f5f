import { Injectable } from '@nestjs/common';
import { RedisClient } from '../connections/redis-client';
import { type ReadinessProbe, withTimeout } from './readiness-probe';

const PING_TIMEOUT_MS = 2_000;

/** Redis answers PING. */
@Injectable()
export class RedisReadinessProbe implements ReadinessProbe {
  readonly name = 'redis';

  constructor(private readonly redis: RedisClient) {}

  async check(): Promise<void> {
    const status: string = this.redis.connection.status;
    // With maxRetriesPerRequest null a PING would queue until Redis is back: refuse at once instead.
    if (status !== 'ready') throw new Error(`Redis connection is ${status}`);
    const answer: string = await withTimeout(this.redis.connection.ping(), PING_TIMEOUT_MS, 'Redis');
    if (answer !== 'PONG') throw new Error(`Redis answered PING with ${answer}`);
  }
}
