import { randomUUID } from 'node:crypto';
import type { NotificationChannelTestResult } from '@dq/contracts';
import { buildTestPayload } from './alert-payload.builder';
import type { DeliveryChannelSource } from './delivery-channel';
import type { DeliverySender } from './delivery-worker';

/**
 * The "send test" action as the alerting process runs it: an `alert.test` payload sent once, now,
 * through the same renderers, signatures and egress guard as real alerts, never queued or retried.
 */
export class ChannelTester {
  constructor(
    private readonly channels: DeliveryChannelSource,
    private readonly sender: DeliverySender,
    private readonly publicBaseUrl: string | null = null,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async test(channelId: string): Promise<NotificationChannelTestResult> {
    const now = this.clock();
    const channel = await this.channels.channelForDelivery(channelId, now);
    if (channel === null) return { delivered: false, error: 'channel not found' };
    const payload = buildTestPayload(channel, now, this.publicBaseUrl);
    const outcome = await this.sender.send(channel, randomUUID(), payload, now);
    return {
      delivered: outcome.delivered,
      ...(outcome.status_code === undefined ? {} : { status_code: outcome.status_code }),
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
    };
  }
}
