import { type QueueDefinition } from '@dq/contracts';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { RedisClient } from '../connections/redis-client';
import { MessagingNamespace } from '../messaging-namespace';

/** One BullMQ `Queue` per queue name, on the shared connection, under the namespace's prefix. */
@Injectable()
export class QueueRegistry implements OnModuleDestroy {
  private readonly logger = new Logger(QueueRegistry.name);
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly redis: RedisClient,
    private readonly namespace: MessagingNamespace,
  ) {}

  queue(def: QueueDefinition): Queue {
    let queue = this.queues.get(def.name);
    if (!queue) {
      queue = new Queue(def.name, { connection: this.redis.connection, prefix: this.namespace.queuePrefix });
      queue.on('error', (err: Error) => this.logger.warn(`Queue ${def.name}: ${err.message}`));
      this.queues.set(def.name, queue);
    }
    return queue;
  }

  async onModuleDestroy(): Promise<void> {
    const queues = [...this.queues.values()];
    this.queues.clear();
    // The connection is shared, so closing a queue leaves it open; RedisClient quits it last.
    await Promise.all(queues.map((queue) => queue.close()));
  }
}
