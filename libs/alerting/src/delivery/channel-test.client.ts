import { Injectable } from '@nestjs/common';
import { type NotificationChannelTestResult, Requests, ServiceName } from '@dq/contracts';
import { RpcClient } from '@dq/messaging';
import { DEFAULT_SEND_TIMEOUT_MS } from './alert-sender';

/** The alerting service's own send deadline plus room for the round trip; past it, 503. */
const ALERTING_ANSWER_TIMEOUT_MS = DEFAULT_SEND_TIMEOUT_MS + 5_000;

/**
 * The gateway's side of "send test": it cannot open channel secrets, so it asks the alerting
 * process over NATS; no alerting process answering is a 503 `service_unavailable`.
 */
@Injectable()
export class NotificationChannelTestClient {
  constructor(private readonly rpc: RpcClient) {}

  test(channelId: string): Promise<NotificationChannelTestResult> {
    return this.rpc.request(
      Requests.NotificationChannelTest,
      ServiceName.Alerting,
      { channel_id: channelId },
      { timeoutMs: ALERTING_ANSWER_TIMEOUT_MS },
    );
  }
}
