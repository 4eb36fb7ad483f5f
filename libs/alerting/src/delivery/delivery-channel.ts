import type { DataSource } from 'typeorm';
import {
  channelsForDelivery,
  clearChannelFlag,
  type DeliveryChannel,
  flagChannel,
} from '../channels/channel-delivery';
import type { ChannelOpener } from '../channels/channel-secrets';

/** Where the worker and the send test get channels from, secrets opened (the alerting process only). */
export interface DeliveryChannelSource {
  /** Null when the channel no longer exists. Signing keys are those that sign at `now`. */
  channelForDelivery(id: string, now: Date): Promise<DeliveryChannel | null>;
  /** Its deliveries failed for 24 hours. */
  flagChannel(id: string, reason: string, at: Date): Promise<void>;
  /** A delivery went through: a flag, if any, is cleared. */
  clearFlag(id: string): Promise<void>;
}

/** The channel store read with the alerting process's key ring. */
export class StoredDeliveryChannels implements DeliveryChannelSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly opener: ChannelOpener,
  ) {}

  async channelForDelivery(id: string, now: Date): Promise<DeliveryChannel | null> {
    const [channel] = await channelsForDelivery(this.dataSource.manager, [id], this.opener, now);
    return channel ?? null;
  }

  flagChannel(id: string, reason: string, at: Date): Promise<void> {
    return flagChannel(this.dataSource.manager, id, reason, at);
  }

  clearFlag(id: string): Promise<void> {
    return clearChannelFlag(this.dataSource.manager, id);
  }
}

/**
 * The HMAC keys of a channel: the key text shown once is base64url; it signs as its 32 decoded
 * bytes (docs/decisions/0045). The current key first, the previous one while its window lasts.
 */
export function signingKeyBytes(channel: DeliveryChannel): Buffer[] {
  return channel.signingKeys.map((key) => Buffer.from(key, 'base64url'));
}
