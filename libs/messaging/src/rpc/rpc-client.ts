import {
  AppError,
  ERROR_STATUS,
  type ErrorBody,
  ErrorCode,
  type RequestDefinition,
  type ServiceName,
  requestSubject,
} from '@dq/contracts';
import { Injectable } from '@nestjs/common';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';
import { NatsClient } from '../connections/nats-client';
import { traceHeaders } from '../tracing/nats-trace-headers';
import { describeError } from '../jetstream/nats-errors';
import { MessagingNamespace } from '../messaging-namespace';
import { InvalidPayloadError } from '../validation/invalid-payload.error';
import { assertValidOutgoing, parseIncoming } from '../validation/payload-validator';

export interface RpcRequestOptions {
  readonly timeoutMs: number;
}

/** Calls another service over core NATS request/reply. */
@Injectable()
export class RpcClient {
  constructor(
    private readonly nats: NatsClient,
    private readonly namespace: MessagingNamespace,
  ) {}

  /**
   * Resolves with the validated reply. Throws the remote `AppError` when the service answered with
   * an error, and `AppError` `service_unavailable` when no instance answered in time (or none is
   * subscribed); `detail.timed_out` tells a service that took the request and never answered
   * from one that was not there.
   */
  async request<Req, Res>(
    def: RequestDefinition<Req, Res>,
    service: ServiceName,
    payload: Req,
    { timeoutMs }: RpcRequestOptions,
  ): Promise<Res> {
    assertValidOutgoing(def.request, payload);
    const subject = requestSubject(def, service);
    let data: Uint8Array;
    const carried = traceHeaders();
    try {
      const msg = await this.nats.connection.request(
        this.namespace.subject(subject),
        JSON.stringify(payload),
        { timeout: timeoutMs, ...(carried ? { headers: carried } : {}) },
      );
      data = msg.data;
    } catch (err) {
      throw new AppError(ErrorCode.ServiceUnavailable, `Service ${service} did not answer`, {
        service,
        subject,
        cause: describeError(err),
        timed_out: err instanceof NatsError && err.code === (NatsErrorCode.Timeout as string),
      });
    }
    return this.unwrap(def, service, data);
  }

  private unwrap<Req, Res>(def: RequestDefinition<Req, Res>, service: ServiceName, data: Uint8Array): Res {
    let reply: unknown;
    try {
      reply = JSON.parse(Buffer.from(data).toString('utf8'));
    } catch {
      throw new AppError(ErrorCode.InternalError, `Service ${service} sent an unreadable reply`);
    }
    if (isErrorReply(reply)) {
      const { code, message, detail } = reply.error;
      const known = Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);
      throw new AppError(known ? code : ErrorCode.InternalError, message, detail ?? {});
    }
    if (reply === null || typeof reply !== 'object' || !('data' in reply)) {
      throw new AppError(ErrorCode.InternalError, `Service ${service} sent a reply without data`);
    }
    try {
      return parseIncoming(def.reply, JSON.stringify(reply.data));
    } catch (err) {
      const fields = err instanceof InvalidPayloadError ? err.violations : [];
      throw new AppError(
        ErrorCode.InternalError,
        `Service ${service} sent a reply that breaks its contract`,
        {
          fields,
        },
      );
    }
  }
}

function isErrorReply(reply: unknown): reply is { error: ErrorBody } {
  return (
    reply !== null &&
    typeof reply === 'object' &&
    'error' in reply &&
    typeof reply.error === 'object' &&
    reply.error !== null &&
    typeof (reply.error as { code?: unknown }).code === 'string' &&
    typeof (reply.error as { message?: unknown }).message === 'string'
  );
}
