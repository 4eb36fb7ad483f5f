import { type PayloadClass } from '@dq/contracts';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Subscription } from 'nats';
import { NatsClient } from '../connections/nats-client';
import { describeError } from '../jetstream/nats-errors';
import { MessagingNamespace } from '../messaging-namespace';
import { assertValidOutgoing, parseIncoming } from '../validation/payload-validator';

/** A broadcast subject with its payload class, as `Broadcasts.*` in `@dq/contracts` returns it. */
export interface BroadcastTarget<T> {
  /** Logical subject; wildcards (`*`, `>`) are allowed when subscribing. */
  readonly subject: string;
  readonly payload: PayloadClass<T>;
}

export type BroadcastHandler<T> = (payload: T, subject: string) => void | Promise<void>;

export interface BroadcastSubscription {
  unsubscribe(): void;
}

/**
 * Fire-and-forget fan-out on core NATS (not persisted): whoever listens now gets it, nobody later.
 * For live progress only; anything that must not be lost goes through the {@link EventPublisher}.
 */
@Injectable()
export class ProgressBroadcaster implements OnModuleDestroy {
  private readonly logger = new Logger(ProgressBroadcaster.name);
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly nats: NatsClient,
    private readonly namespace: MessagingNamespace,
  ) {}

  publish<T>(target: BroadcastTarget<T>, payload: T): void {
    assertValidOutgoing(target.payload, payload);
    this.nats.connection.publish(this.namespace.subject(target.subject), JSON.stringify(payload));
  }

  subscribe<T>(target: BroadcastTarget<T>, handler: BroadcastHandler<T>): BroadcastSubscription {
    const subscription = this.nats.connection.subscribe(this.namespace.subject(target.subject), {
      callback: (err, msg) => {
        if (err) {
          this.logger.warn(`Broadcast subscription ${target.subject} failed: ${describeError(err)}`);
          return;
        }
        void this.deliver(target, handler, msg.subject, msg.data);
      },
    });
    this.subscriptions.add(subscription);
    return {
      unsubscribe: () => {
        this.subscriptions.delete(subscription);
        subscription.unsubscribe();
      },
    };
  }

  onModuleDestroy(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions.clear();
  }

  private async deliver<T>(
    target: BroadcastTarget<T>,
    handler: BroadcastHandler<T>,
    subject: string,
    data: Uint8Array,
  ): Promise<void> {
    try {
      await handler(parseIncoming(target.payload, data), this.namespace.logicalSubject(subject));
    } catch (err) {
      this.logger.warn(`Dropped broadcast on ${subject}: ${describeError(err)}`);
    }
  }
}
