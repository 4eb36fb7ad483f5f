import { type ConsumerDefinition } from '@dq/contracts';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConsumerEvents, type ConsumerMessages, type JsMsg } from 'nats';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { NatsClient } from '../connections/nats-client';
import { MessagingNamespace } from '../messaging-namespace';
import { parseIncoming } from '../validation/payload-validator';
import { JetStreamBootstrap } from './jetstream-bootstrap';
import { describeError } from './nats-errors';
import { DEFAULT_RETRY_BACKOFF, type RetryBackoff, redeliveryDelayMs } from './retry-backoff';
import { gauge, runInTrace } from '@dq/platform';
import { traceparentOf } from '../tracing/nats-trace-headers';

/** Messages behind the one just delivered, as JetStream reports them with each delivery. */
const consumerPending = gauge<'durable'>({
  name: 'dq_nats_consumer_pending',
  help: 'Messages a JetStream durable consumer has still to deliver (its lag), at its last delivery',
  labelNames: ['durable'],
});

export interface EventMeta {
  /**
   * The publisher's message id (`Nats-Msg-Id`). Delivery is at least once: key the handler's effect
   * on this id (an inbox table, an upsert) so a redelivery changes nothing.
   */
  readonly messageId: string;
  /** 1 on the first delivery. */
  readonly deliveryCount: number;
  /** Logical subject, without the namespace, e.g. `events.run.completed`. */
  readonly subject: string;
}

export type EventHandler<T> = (payload: T, meta: EventMeta) => Promise<void>;

/** One message of a batch: its payload and its metadata. */
export interface BatchItem<T> {
  readonly payload: T;
  readonly meta: EventMeta;
}

/**
 * Handles a batch at once; every message of it is acked after this returns and nacked (each with
 * its backoff) when it throws.
 */
export type BatchEventHandler<T> = (items: readonly BatchItem<T>[]) => Promise<void>;

export interface ConsumerHandle {
  /** Stops pulling, waits for the in-flight handlers to finish (and ack or nak), then returns. */
  stop(): Promise<void>;
}

export interface DurableConsumerOptions {
  /** Redelivery delay after a handler throws. */
  readonly backoff?: RetryBackoff;
  /** Messages buffered per pull (at least a batch's `maxSize`). */
  readonly maxMessages?: number;
  /** Pause before re-subscribing after the message iterator ended or failed. */
  readonly resubscribeDelayMs?: number;
}

export interface BatchOptions {
  /** Messages handed over at most per batch. */
  readonly maxSize: number;
  /**
   * How long a batch smaller than `maxSize` waits for more messages before it is handed over; 0
   * (the default) hands over what is buffered at once.
   */
  readonly maxWaitMs?: number;
}

/**
 * A batch consumer: one handler call at a time takes the messages buffered so far, at most one per
 * `orderingKey` (a second message of a key waits for the next batch, so a key keeps stream order).
 * Without `orderingKey` every message is its own key. A redelivered message is handed over alone.
 */
export interface DurableBatchConsumerOptions<T = unknown> extends DurableConsumerOptions {
  readonly batch: BatchOptions;
  /** The partition a message belongs to, from its payload: a key's messages keep stream order. */
  readonly orderingKey?: (payload: T) => string;
}

/** What one consumer runs with: a single-message consumer has neither a batch nor an ordering key. */
type ConsumerRunOptions<T> = DurableConsumerOptions & Partial<DurableBatchConsumerOptions<T>>;

/** A parsed message waiting for its batch. */
interface Pending<T> {
  readonly message: JsMsg;
  readonly payload: T;
  readonly messageId: string;
  readonly key: string;
  readonly heartbeat: ReturnType<typeof setInterval>;
}

const DEFAULT_MAX_MESSAGES = 16;
const DEFAULT_RESUBSCRIBE_DELAY_MS = 1_000;

/** One running durable pull consumer: a loop that (re)subscribes until stopped. */
class DurableConsumer<T> implements ConsumerHandle {
  private readonly logger: Logger;
  private readonly abort = new AbortController();
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private readonly batchSize: number;
  /** Batch mode: parsed messages, in stream order, not yet taken into a batch. */
  private readonly pending: Pending<T>[] = [];
  /** Batch mode: wakes the batch loop (a message arrived, or the iterator ended). */
  private pendingChanged?: () => void;
  /** Batch mode: wakes the reader (a batch took messages from `pending`). */
  private pendingTaken?: () => void;

  constructor(
    private readonly def: ConsumerDefinition<T>,
    private readonly handler: EventHandler<T> | { readonly batch: BatchEventHandler<T> },
    private readonly nats: NatsClient,
    private readonly namespace: MessagingNamespace,
    private readonly bootstrap: JetStreamBootstrap,
    private readonly options: ConsumerRunOptions<T>,
  ) {
    this.logger = new Logger(`DurableConsumer:${def.durable}`);
    this.batchSize = Math.max(1, Math.floor(options.batch?.maxSize ?? 1));
  }

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.abort.signal.aborted) {
      this.abort.abort();
      this.messages?.stop();
    }
    await this.loop;
  }

  private get stopping(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    let first = true;
    while (!this.stopping && !this.nats.isClosed()) {
      try {
        if (!first) {
          // The iterator ended: the consumer (or its stream) may have been deleted. Re-create both
          // from the definition; a no-op when they are there.
          await this.bootstrap.ensureStream(this.def.event.stream);
          await this.bootstrap.ensureConsumer(this.def);
        }
        first = false;
        await this.consumeUntilEnd();
      } catch (err) {
        if (this.stopping) break;
        this.logger.warn(`Consume loop failed: ${describeError(err)}`);
      }
      if (this.stopping || this.nats.isClosed()) break;
      this.logger.warn('Message iterator ended unexpectedly; re-subscribing');
      await sleep(this.options.resubscribeDelayMs ?? DEFAULT_RESUBSCRIBE_DELAY_MS, undefined, {
        signal: this.abort.signal,
      }).catch(() => undefined);
    }
  }

  private async consumeUntilEnd(): Promise<void> {
    const consumer = await this.nats
      .jetstream()
      .consumers.get(
        this.namespace.streamName(this.def.event.stream.name),
        this.namespace.durableName(this.def.durable),
      );
    const messages = await consumer.consume({
      max_messages: Math.max(this.options.maxMessages ?? DEFAULT_MAX_MESSAGES, this.batchSize),
    });
    this.messages = messages;
    if (this.stopping) {
      messages.stop();
      return;
    }
    void this.watchStatus(messages);
    if (typeof this.handler !== 'function') {
      await this.consumeBatchesUntilEnd(messages, this.handler.batch);
      return;
    }
    // One message at a time, in stream order: each is acked or nacked before the next is taken,
    // and before the loop re-subscribes or stop() returns.
    for await (const message of messages) {
      const parsed = this.accept(message);
      if (parsed === undefined) continue;
      const heartbeat = setInterval(() => message.working(), (this.def.ackWaitSeconds * 1_000) / 2);
      try {
        await this.handle(message, parsed.payload, parsed.messageId);
      } catch (err) {
        this.logger.error(`Unexpected failure handling ${parsed.messageId}: ${describeError(err)}`);
      } finally {
        clearInterval(heartbeat);
      }
    }
  }

  /** A message's ordering key, or a key of its own when the consumer has none. */
  private orderingKeyOf(message: JsMsg, payload: T): string {
    if (this.options.orderingKey === undefined) return `seq:${message.seq}`;
    try {
      return `key:${this.options.orderingKey(payload)}`;
    } catch (err) {
      // No key to partition by: such messages share one lane, in stream order.
      this.logger.warn(`No ordering key for message ${message.seq}: ${describeError(err)}`);
      return 'unkeyed';
    }
  }

  /**
   * Batch mode: one loop reads the iterator into `pending` (at most `maxSize` held there), another
   * hands batches to the handler one after another until the iterator ended and `pending` is empty.
   */
  private async consumeBatchesUntilEnd(
    messages: ConsumerMessages,
    handler: BatchEventHandler<T>,
  ): Promise<void> {
    let ended = false;
    const wakeBatches = (): void => {
      const wake = this.pendingChanged;
      this.pendingChanged = undefined;
      wake?.();
    };
    const read = (async () => {
      try {
        for await (const message of messages) {
          const parsed = this.accept(message);
          if (parsed === undefined) continue;
          this.pending.push({
            message,
            ...parsed,
            key: this.orderingKeyOf(message, parsed.payload),
            // Keep the message alive while it waits for its batch, and while the batch runs.
            heartbeat: setInterval(() => message.working(), (this.def.ackWaitSeconds * 1_000) / 2),
          });
          wakeBatches();
          while (this.pending.length >= this.batchSize && !this.stopping) {
            await new Promise<void>((taken) => (this.pendingTaken = taken));
          }
        }
      } finally {
        ended = true;
        wakeBatches();
      }
    })();
    // Its failure is rethrown below, once the batches in hand are done; not unhandled meanwhile.
    read.catch(() => undefined);
    try {
      for (;;) {
        if (this.pending.length === 0) {
          if (ended) break;
          await new Promise<void>((changed) => (this.pendingChanged = changed));
          continue;
        }
        if (this.stopping) break;
        // Let the messages already received reach `pending` before the batch is cut.
        await nextTurn();
        await this.waitForFullBatch(() => ended);
        if (this.stopping) break;
        const batch = this.takeBatch();
        const taken = this.pendingTaken;
        this.pendingTaken = undefined;
        taken?.();
        await this.handleBatch(handler, batch).catch((err: unknown) =>
          this.logger.error(`Unexpected failure handling a batch: ${describeError(err)}`),
        );
      }
    } finally {
      // Stopping: what is left was never handed over; give it back now rather than after ack_wait.
      for (const item of this.pending.splice(0)) {
        clearInterval(item.heartbeat);
        item.message.nak();
      }
      const taken = this.pendingTaken;
      this.pendingTaken = undefined;
      taken?.();
      await read;
    }
  }

  /** With `maxWaitMs` above 0: waits up to that long for `pending` to hold a full batch. */
  private async waitForFullBatch(ended: () => boolean): Promise<void> {
    const maxWaitMs = this.options.batch?.maxWaitMs ?? 0;
    if (maxWaitMs <= 0) return;
    const deadline = Date.now() + maxWaitMs;
    while (this.pending.length < this.batchSize && !ended() && !this.stopping) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      await Promise.race([new Promise<void>((changed) => (this.pendingChanged = changed)), sleep(left)]);
    }
  }

  /**
   * The first message of each key in `pending`, in stream order, up to `maxSize`; the rest stay. A
   * redelivered message (its batch failed) goes in a batch of its own, so one message that keeps
   * failing does not take others down with it.
   */
  private takeBatch(): Pending<T>[] {
    const keys = new Set<string>();
    const batch: Pending<T>[] = [];
    const rest: Pending<T>[] = [];
    let closed = false;
    for (const item of this.pending) {
      const alone = item.message.info.deliveryCount > 1;
      const fits =
        !closed && batch.length < this.batchSize && !keys.has(item.key) && (!alone || batch.length === 0);
      // A key met again waits, and so does every later message of it: stream order holds.
      keys.add(item.key);
      if (fits) {
        batch.push(item);
        if (alone) closed = true;
      } else {
        rest.push(item);
      }
    }
    this.pending.splice(0, this.pending.length, ...rest);
    return batch;
  }

  /** Runs the batch handler; acks every message once it returned, naks (or terminates) each if it threw. */
  private async handleBatch(handler: BatchEventHandler<T>, batch: Pending<T>[]): Promise<void> {
    try {
      await runInTrace(
        traceparentOf(batch[0]?.message.headers),
        () =>
          handler(
            batch.map((item) => ({
              payload: item.payload,
              meta: {
                messageId: item.messageId,
                deliveryCount: item.message.info.deliveryCount,
                subject: this.namespace.logicalSubject(item.message.subject),
              },
            })),
          ),
        `event batch ${this.def.durable}`,
      );
      for (const item of batch) item.message.ack();
    } catch (err) {
      for (const item of batch) this.retryOrGiveUp(item.message, item.messageId, err);
    } finally {
      for (const item of batch) clearInterval(item.heartbeat);
    }
  }

  /** A deleted consumer never comes back by itself: end the iterator so the loop re-creates it. */
  private async watchStatus(messages: ConsumerMessages): Promise<void> {
    for await (const status of await messages.status()) {
      if (status.type === ConsumerEvents.ConsumerDeleted || status.type === ConsumerEvents.ConsumerNotFound) {
        this.logger.warn(`Consumer ${String(status.type)}; re-creating it`);
        messages.stop();
        return;
      }
    }
  }

  /**
   * A message taken from the iterator: its payload and id, or undefined when it is not to be
   * handled (stopping: given back now rather than after ack_wait; an invalid payload: terminated).
   */
  private accept(message: JsMsg): { payload: T; messageId: string } | undefined {
    if (this.stopping) {
      message.nak();
      return undefined;
    }
    return this.parse(message);
  }

  /** The payload and message id, or undefined when the payload is invalid (the message is terminated). */
  private parse(message: JsMsg): { payload: T; messageId: string } | undefined {
    consumerPending.set({ durable: this.def.durable }, message.info.pending);
    const messageId = message.headers?.get('Nats-Msg-Id') || `${message.info.stream}:${message.seq}`;
    try {
      return { payload: parseIncoming(this.def.event.payload, message.data), messageId };
    } catch (err) {
      // Retrying cannot fix a payload: terminate it so it is not redelivered forever.
      this.logger.error(`Terminating invalid message ${messageId}: ${describeError(err)}`);
      // No reason string: servers before 2.10.4 ignore a TERM that carries one.
      message.term();
      return undefined;
    }
  }

  /** Runs the handler; acks once it returned (its effect committed), naks or terminates if it threw. */
  private async handle(message: JsMsg, payload: T, messageId: string): Promise<void> {
    const deliveryCount = message.info.deliveryCount;
    const handler = this.handler;
    if (typeof handler !== 'function') throw new Error('a batch consumer handles no single message');
    try {
      await runInTrace(
        traceparentOf(message.headers),
        () =>
          handler(payload, {
            messageId,
            deliveryCount,
            subject: this.namespace.logicalSubject(message.subject),
          }),
        `event ${this.def.durable}`,
      );
      message.ack();
    } catch (err) {
      this.retryOrGiveUp(message, messageId, err);
    }
  }

  /** After a failed handler: nak with the backoff delay, or terminate on the last delivery. */
  private retryOrGiveUp(message: JsMsg, messageId: string, err: unknown): void {
    const deliveryCount = message.info.deliveryCount;
    if (deliveryCount >= this.def.maxDeliver) {
      this.logger.error(
        `Handler failed on the last delivery (${deliveryCount}/${this.def.maxDeliver}) of ${messageId}; giving up: ${describeError(err)}`,
      );
      message.term();
      return;
    }
    const delay = redeliveryDelayMs(deliveryCount, this.options.backoff ?? DEFAULT_RETRY_BACKOFF);
    this.logger.warn(
      `Handler failed on delivery ${deliveryCount} of ${messageId}; redelivery in ${delay} ms: ${describeError(err)}`,
    );
    message.nak(delay);
  }
}

/**
 * Runs durable pull consumers with explicit ack. The library does not deduplicate beyond
 * JetStream's publish-side message id: handlers are idempotent, keyed by `meta.messageId`.
 */
@Injectable()
export class DurableConsumerRunner implements OnModuleDestroy {
  private readonly running = new Set<ConsumerHandle>();

  constructor(
    private readonly nats: NatsClient,
    private readonly namespace: MessagingNamespace,
    private readonly bootstrap: JetStreamBootstrap,
  ) {}

  async start<T>(
    def: ConsumerDefinition<T>,
    handler: EventHandler<T>,
    options: DurableConsumerOptions = {},
  ): Promise<ConsumerHandle> {
    return this.launch(def, handler, options);
  }

  private async launch<T>(
    def: ConsumerDefinition<T>,
    handler: EventHandler<T> | { readonly batch: BatchEventHandler<T> },
    options: ConsumerRunOptions<T>,
  ): Promise<ConsumerHandle> {
    await this.bootstrap.ensureStream(def.event.stream);
    await this.bootstrap.ensureConsumer(def);
    const consumer = new DurableConsumer(def, handler, this.nats, this.namespace, this.bootstrap, options);
    consumer.start();
    const handle: ConsumerHandle = {
      stop: async () => {
        await consumer.stop();
        this.running.delete(handle);
      },
    };
    this.running.add(handle);
    return handle;
  }

  /** Like `start`, with the handler taking batches (see `DurableBatchConsumerOptions`). */
  async startBatch<T>(
    def: ConsumerDefinition<T>,
    handler: BatchEventHandler<T>,
    options: DurableBatchConsumerOptions<T>,
  ): Promise<ConsumerHandle> {
    return this.launch(def, { batch: handler }, options);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.running].map((handle) => handle.stop()));
  }
}
