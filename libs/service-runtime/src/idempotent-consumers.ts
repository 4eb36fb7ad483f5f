import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type ConsumerDefinition } from '@dq/contracts';
import { InboxService } from '@dq/db';
import { type DurableConsumerOptions, DurableConsumerRunner } from '@dq/messaging';
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
    options: DurableConsumerOptions<T> = {},
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
}
