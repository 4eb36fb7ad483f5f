import { AppError, ErrorCode, type EventDefinition, type StreamDefinition } from '@dq/contracts';
import { Injectable } from '@nestjs/common';
import { NatsClient } from '../connections/nats-client';
import { MessagingNamespace } from '../messaging-namespace';
import { assertValidOutgoing } from '../validation/payload-validator';
import { JetStreamBootstrap } from './jetstream-bootstrap';
import { describeError } from './nats-errors';
import { traceHeaders } from '../tracing/nats-trace-headers';

export interface PublishedEvent {
  /** Sequence of the stored message in its stream. */
  readonly sequence: number;
  /** True when JetStream already held this message id (a re-publish): nothing new was stored. */
  readonly duplicate: boolean;
}

/** How long to wait for JetStream's ack before the publish counts as failed. */
const ACK_TIMEOUT_MS = 5_000;

/**
 * Publishes domain events that must not be lost. The message id makes a re-publish (after a crash
 * or a retry) idempotent within the stream's duplicate window, so callers publish "at least once"
 * and JetStream stores it once.
 */
@Injectable()
export class EventPublisher {
  private readonly ensuredStreams = new Map<string, Promise<unknown>>();

  constructor(
    private readonly nats: NatsClient,
    private readonly namespace: MessagingNamespace,
    private readonly bootstrap: JetStreamBootstrap,
  ) {}

  async publish<T>(
    def: EventDefinition<T>,
    payload: T,
    { messageId }: { messageId: string },
  ): Promise<PublishedEvent> {
    if (!messageId) throw new Error(`publish(${def.subject}) needs a messageId`);
    assertValidOutgoing(def.payload, payload);
    await this.ensureStreamOnce(def.stream);
    const carried = traceHeaders();
    try {
      const ack = await this.nats
        .jetstream()
        .publish(this.namespace.subject(def.subject), JSON.stringify(payload), {
          msgID: messageId,
          timeout: ACK_TIMEOUT_MS,
          ...(carried ? { headers: carried } : {}),
        });
      return { sequence: ack.seq, duplicate: ack.duplicate };
    } catch (err) {
      throw new AppError(ErrorCode.ServiceUnavailable, 'The event store did not acknowledge the event', {
        subject: def.subject,
        message_id: messageId,
        cause: describeError(err),
      });
    }
  }

  private async ensureStreamOnce(stream: StreamDefinition): Promise<void> {
    let ensured = this.ensuredStreams.get(stream.name);
    if (!ensured) {
      ensured = this.bootstrap.ensureStream(stream);
      this.ensuredStreams.set(stream.name, ensured);
      // A failed attempt is forgotten so the next publish tries again.
      ensured.catch(() => this.ensuredStreams.delete(stream.name));
    }
    await ensured;
  }
}
