import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type ConsumerDefinition } from '@dq/contracts';
import { InboxService } from '@dq/db';
import {
  type DurableBatchConsumerOptions,
  type DurableConsumerOptions,
  DurableConsumerRunner,
} from '@dq/messaging';
import { ShutdownCoordinator, runWithLogContext } from '@dq/platform';

/** What an event is keyed by in the inbox. Every event payload carries an `event_id`. */
interface IdentifiedEvent {
  event_id: string;
}

/**
 * Durable JetStream consumption with an effect that happens once: JetStream redelivers until
 * acked (so nothing is lost while a service is down), and the Postgres inbox commits the effect
 * together with the event id (so a redelivery changes nothing). Consumers stop taking events at
 * shutdown and finish the ones in hand.
 */
@Injectable()
export class IdempotentConsumers {
  constructor(
    private readonly consumers: DurableConsumerRunner,
    private readonly inbox: InboxService,
    private readonly shutdown: ShutdownCoordinator,
  ) {}

  async start<T extends IdentifiedEvent>(
    definition: ConsumerDefinition<T>,
    effect: (event: T, manager: EntityManager) => Promise<void>,
    options: DurableConsumerOptions = {},
  ): Promise<void> {
    const handle = await this.consumers.start(
      definition,
      (event, meta) =>
        runWithLogContext({ event_id: event.event_id, message_id: meta.messageId }, async () => {
          await this.inbox.consumeOnce(definition.durable, event.event_id, (manager) =>
            effect(event, manager),
          );
        }),
      options,
    );
    this.shutdown.onShutdown(`consumer:${definition.durable}`, () => handle.stop(), 10);
  }

  /**
   * The batch form (docs/decisions/0048): one inbox transaction per batch records every event id
   * at once, and `effect` gets only the events not consumed before, in stream order (at most one
   * per ordering key, see `DurableBatchConsumerOptions`); it is not called when all were seen.
   * The batch's messages are acked after the commit, all redelivered if it failed.
   */
  async startBatch<T extends IdentifiedEvent>(
    definition: ConsumerDefinition<T>,
    effect: (events: readonly T[], manager: EntityManager) => Promise<void>,
    options: DurableBatchConsumerOptions<T>,
  ): Promise<void> {
    const handle = await this.consumers.startBatch(
      definition,
      (items) => {
        const events = items.map((item) => item.payload);
        const eventIds = events.map((event) => event.event_id);
        return runWithLogContext({ event_ids: eventIds.join(',') }, async () => {
          await this.inbox.consumeManyOnce(definition.durable, eventIds, async (manager, fresh) => {
            const unseen = new Set(fresh);
            // An event id twice in one batch (republished under another message id) applies once.
            const apply = events.filter((event) => unseen.delete(event.event_id));
            await effect(apply, manager);
          });
        });
      },
      options,
    );
    this.shutdown.onShutdown(`consumer:${definition.durable}`, () => handle.stop(), 10);
  }
}
