import {
  AppError,
  type ErrorBody,
  ErrorCode,
  type RequestDefinition,
  type ServiceName,
  requestSubject,
} from '@dq/contracts';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Msg, type Subscription } from 'nats';
import { NatsClient } from '../connections/nats-client';
import { describeError } from '../jetstream/nats-errors';
import { MessagingNamespace } from '../messaging-namespace';
import { InvalidPayloadError } from '../validation/invalid-payload.error';
import { parseIncoming } from '../validation/payload-validator';
import { runInTrace } from '@dq/platform';
import { traceparentOf } from '../tracing/nats-trace-headers';
import { type RpcReply } from './rpc-envelope';

export interface RpcRegistration {
  /** Stops taking requests; requests already received are still answered. */
  close(): Promise<void>;
}

/**
 * Answers core NATS requests. The queue group is the service name, so the instances of one service
 * share the load and each request is answered once.
 */
@Injectable()
export class RpcServer implements OnModuleDestroy {
  private readonly logger = new Logger(RpcServer.name);
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly nats: NatsClient,
    private readonly namespace: MessagingNamespace,
  ) {}

  handle<Req, Res>(
    def: RequestDefinition<Req, Res>,
    service: ServiceName,
    handler: (request: Req) => Promise<Res>,
  ): RpcRegistration {
    const subject = this.namespace.subject(requestSubject(def, service));
    const subscription = this.nats.connection.subscribe(subject, {
      queue: service,
      callback: (err, msg) => {
        if (err) {
          this.logger.warn(`Subscription ${subject} failed: ${describeError(err)}`);
          return;
        }
        void runInTrace(
          traceparentOf(msg.headers),
          () => this.answer(def, handler, msg),
          `rpc ${def.subject}`,
        );
      },
    });
    this.subscriptions.add(subscription);
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        if (!subscription.isClosed()) await subscription.drain();
      },
    };
  }

  async onModuleDestroy(): Promise<void> {
    const all = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(all.filter((s) => !s.isClosed()).map((s) => s.drain().catch(() => undefined)));
  }

  private async answer<Req, Res>(
    def: RequestDefinition<Req, Res>,
    handler: (request: Req) => Promise<Res>,
    msg: Msg,
  ): Promise<void> {
    let reply: RpcReply<Res>;
    try {
      const request = parseIncoming(def.request, msg.data);
      reply = { data: await handler(request) };
    } catch (err) {
      reply = { error: this.toErrorBody(err, msg.subject) };
    }
    if (!msg.reply) return;
    try {
      msg.respond(JSON.stringify(reply));
    } catch (err) {
      this.logger.warn(`Could not reply on ${msg.subject}: ${describeError(err)}`);
    }
  }

  private toErrorBody(err: unknown, subject: string): ErrorBody {
    if (err instanceof AppError) return err.toBody();
    if (err instanceof InvalidPayloadError) {
      return {
        code: ErrorCode.ValidationFailed,
        message: 'The request does not match its contract',
        detail: { fields: err.violations },
      };
    }
    // Unexpected: log it here with its stack; the caller only learns that it failed.
    this.logger.error(`Handler for ${subject} failed`, err instanceof Error ? err.stack : String(err));
    return { code: ErrorCode.InternalError, message: 'Internal error', detail: {} };
  }
}
