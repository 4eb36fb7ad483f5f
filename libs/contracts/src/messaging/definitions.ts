/**
 * Typed wire names. A subject, stream, consumer, queue or job name is spelled only here; every
 * other project refers to these constants, so a payload type always travels with its name.
 *
 * Names are logical: the messaging library prefixes them with the deployment's namespace
 * (`MESSAGING_NAMESPACE`, default `dq`), which is how parallel test runs stay apart.
 */
export type PayloadClass<T> = new () => T;

export interface EventDefinition<T> {
  /** Subject below the namespace, e.g. `events.run.completed`. */
  readonly subject: string;
  readonly stream: StreamDefinition;
  readonly payload: PayloadClass<T>;
}

export interface StreamDefinition {
  /** Stream name below the namespace (upper-case by JetStream convention). */
  readonly name: string;
  /** Subject filters below the namespace. */
  readonly subjects: readonly string[];
  /** How long messages are kept when no consumer has taken them. */
  readonly maxAgeSeconds: number;
  /** JetStream's duplicate window: a message id seen within it is stored once. */
  readonly duplicateWindowSeconds: number;
}

export interface ConsumerDefinition<T> {
  /** Durable name, unique per stream. */
  readonly durable: string;
  readonly event: EventDefinition<T>;
  /** Redelivery after this many seconds without an ack. */
  readonly ackWaitSeconds: number;
  readonly maxDeliver: number;
}

export interface RequestDefinition<Req, Res> {
  /** Subject pattern below the namespace; `{service}` is filled in per target. */
  readonly subject: string;
  readonly request: PayloadClass<Req>;
  readonly reply: PayloadClass<Res>;
}

export interface QueueDefinition {
  readonly name: string;
}

export interface JobDefinition<T> {
  readonly queue: QueueDefinition;
  readonly name: string;
  readonly payload: PayloadClass<T>;
  /** Attempts before the job is failed for good (BullMQ `attempts`). */
  readonly attempts: number;
}

export function defineEvent<T>(
  subject: string,
  stream: StreamDefinition,
  payload: PayloadClass<T>,
): EventDefinition<T> {
  return { subject, stream, payload };
}

export function defineJob<T>(
  queue: QueueDefinition,
  name: string,
  payload: PayloadClass<T>,
  attempts: number,
): JobDefinition<T> {
  return { queue, name, payload, attempts };
}
