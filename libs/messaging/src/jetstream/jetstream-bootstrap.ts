import { type ConsumerDefinition, type StreamDefinition } from '@dq/contracts';
import { Injectable, Logger } from '@nestjs/common';
import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerInfo,
  DeliverPolicy,
  DiscardPolicy,
  type JetStreamManager,
  ReplayPolicy,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
  type StreamInfo,
  nanos,
} from 'nats';
import { NatsClient } from '../connections/nats-client';
import { MessagingNamespace } from '../messaging-namespace';
import { JsErrCode, jsErrCode } from './nats-errors';

type StreamSettings = Pick<
  StreamConfig,
  'name' | 'subjects' | 'storage' | 'retention' | 'discard' | 'max_age' | 'duplicate_window' | 'num_replicas'
>;
type ConsumerSettings = Pick<
  ConsumerConfig,
  | 'durable_name'
  | 'ack_policy'
  | 'ack_wait'
  | 'max_deliver'
  | 'filter_subject'
  | 'deliver_policy'
  | 'replay_policy'
>;

/**
 * Creates streams and durable consumers from their contract definitions. Idempotent and safe when
 * several processes start at once: "add" with identical settings is a no-op on the server, a racing
 * "add" that lost is followed by a read and, when settings differ, an "update".
 */
@Injectable()
export class JetStreamBootstrap {
  private readonly logger = new Logger(JetStreamBootstrap.name);

  constructor(
    private readonly nats: NatsClient,
    private readonly namespace: MessagingNamespace,
  ) {}

  streamConfig(def: StreamDefinition): StreamSettings {
    return {
      name: this.namespace.streamName(def.name),
      subjects: def.subjects.map((subject) => this.namespace.subject(subject)),
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      max_age: nanos(def.maxAgeSeconds * 1_000),
      duplicate_window: nanos(def.duplicateWindowSeconds * 1_000),
      num_replicas: 1,
    };
  }

  consumerConfig<T>(def: ConsumerDefinition<T>): ConsumerSettings {
    return {
      durable_name: this.namespace.durableName(def.durable),
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(def.ackWaitSeconds * 1_000),
      max_deliver: def.maxDeliver,
      filter_subject: this.namespace.subject(def.event.subject),
      // A consumer created after events were published still gets them: the "consumer was down" case.
      deliver_policy: DeliverPolicy.All,
      replay_policy: ReplayPolicy.Instant,
    };
  }

  async ensureStream(def: StreamDefinition): Promise<StreamInfo> {
    const jsm = await this.nats.jetstreamManager();
    const wanted = this.streamConfig(def);
    const existing = await this.streamInfo(jsm, wanted.name);
    if (!existing) {
      try {
        const created = await jsm.streams.add(wanted);
        this.logger.log(`Created stream ${wanted.name}`);
        return created;
      } catch (err) {
        if (jsErrCode(err) !== JsErrCode.StreamNameInUse) throw err;
        // Another process created it first, maybe with other settings: fall through to compare.
      }
    }
    const current = existing ?? (await jsm.streams.info(wanted.name));
    if (streamMatches(current.config, wanted)) return current;
    const updated = await jsm.streams.update(wanted.name, wanted);
    this.logger.log(`Updated stream ${wanted.name}`);
    return updated;
  }

  async ensureConsumer<T>(def: ConsumerDefinition<T>): Promise<ConsumerInfo> {
    const jsm = await this.nats.jetstreamManager();
    const stream = this.namespace.streamName(def.event.stream.name);
    const wanted = this.consumerConfig(def);
    const durable = wanted.durable_name as string;
    const existing = await this.consumerInfo(jsm, stream, durable);
    if (!existing) {
      try {
        const created = await jsm.consumers.add(stream, wanted);
        this.logger.log(`Created consumer ${stream}/${durable}`);
        return created;
      } catch (err) {
        const code = jsErrCode(err);
        if (code !== JsErrCode.ConsumerAlreadyExists && code !== JsErrCode.ConsumerNameExists) throw err;
      }
    }
    const current = existing ?? (await jsm.consumers.info(stream, durable));
    if (consumerMatches(current.config, wanted)) return current;
    const updated = await jsm.consumers.update(stream, durable, wanted);
    this.logger.log(`Updated consumer ${stream}/${durable}`);
    return updated;
  }

  private async streamInfo(jsm: JetStreamManager, name: string): Promise<StreamInfo | undefined> {
    try {
      return await jsm.streams.info(name);
    } catch (err) {
      if (jsErrCode(err) === JsErrCode.StreamNotFound) return undefined;
      throw err;
    }
  }

  private async consumerInfo(
    jsm: JetStreamManager,
    stream: string,
    durable: string,
  ): Promise<ConsumerInfo | undefined> {
    try {
      return await jsm.consumers.info(stream, durable);
    } catch (err) {
      if (jsErrCode(err) === JsErrCode.ConsumerNotFound) return undefined;
      throw err;
    }
  }
}

function streamMatches(current: StreamConfig, wanted: StreamSettings): boolean {
  return (
    sameList(current.subjects ?? [], wanted.subjects ?? []) &&
    current.max_age === wanted.max_age &&
    current.duplicate_window === wanted.duplicate_window &&
    current.discard === wanted.discard
  );
}

function consumerMatches(current: ConsumerConfig, wanted: ConsumerSettings): boolean {
  return (
    current.ack_wait === wanted.ack_wait &&
    current.max_deliver === wanted.max_deliver &&
    current.filter_subject === wanted.filter_subject &&
    current.ack_policy === wanted.ack_policy
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}
