import { type EntityManager, In } from 'typeorm';
import { type NotificationChannelType } from '@dq/contracts';
import { NotificationChannelEntity } from '../entities/notification-channel.entity';
import { type ChannelOpener, channelSecretAad } from './channel-secrets';

/** A channel with its credentials opened: for the alerting service's senders only, never a response or log. */
export interface DeliveryChannel {
  id: string;
  name: string;
  type: NotificationChannelType;
  /** Null for `email` channels. */
  webhookUrl: string | null;
  emailTo: string[];
  payloadTemplate: Record<string, unknown> | null;
  authHeader: { name: string; value: string } | null;
  /** The current signing key first; the previous one while it still signs. Empty unless `webhook`. */
  signingKeys: string[];
  flaggedAt: Date | null;
}

/**
 * Opens the channels' credentials with the alerting service's private key ring (the `opener`);
 * only the alerting process holds one (docs/decisions/0044). Unknown ids are left out.
 */
export async function channelsForDelivery(
  manager: EntityManager,
  ids: readonly string[],
  opener: ChannelOpener,
  now: Date = new Date(),
): Promise<DeliveryChannel[]> {
  if (ids.length === 0) return [];
  const channels = await manager
    .getRepository(NotificationChannelEntity)
    .findBy({ id: In([...new Set(ids)]) });
  return channels.map((channel) => openChannel(channel, opener, now));
}

export function openChannel(
  channel: NotificationChannelEntity,
  opener: ChannelOpener,
  now: Date,
): DeliveryChannel {
  const open = (envelope: string | null, field: 'webhook_url' | 'auth_header_value' | 'signing_key') =>
    envelope === null ? null : opener.open(envelope, channelSecretAad(channel.id, field));
  const current = open(channel.signingKeySealed, 'signing_key');
  const previousSigns =
    channel.previousKeyUntil !== null && channel.previousKeyUntil.getTime() > now.getTime();
  const previous = previousSigns ? open(channel.previousSigningKeySealed, 'signing_key') : null;
  const headerValue = open(channel.authHeaderValueSealed, 'auth_header_value');
  return {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    webhookUrl: open(channel.webhookUrlSealed, 'webhook_url'),
    emailTo: [...channel.emailTo],
    payloadTemplate: channel.payloadTemplate,
    authHeader:
      channel.authHeaderName !== null && headerValue !== null
        ? { name: channel.authHeaderName, value: headerValue }
        : null,
    signingKeys: [current, previous].filter((key): key is string => key !== null),
    flaggedAt: channel.flaggedAt,
  };
}

/** Delivery kept failing for 24 hours: the channel is flagged (shown on the channel until cleared). */
export async function flagChannel(
  manager: EntityManager,
  channelId: string,
  reason: string,
  at: Date = new Date(),
): Promise<void> {
  await manager.query(
    `UPDATE "notification_channels" SET "flagged_at" = $2, "flag_reason" = $3
      WHERE "id" = $1 AND "flagged_at" IS NULL`,
    [channelId, at, reason.slice(0, 500)],
  );
}

/** A delivery succeeded: the channel's flag, if any, is cleared. */
export async function clearChannelFlag(manager: EntityManager, channelId: string): Promise<void> {
  await manager.query(
    `UPDATE "notification_channels" SET "flagged_at" = NULL, "flag_reason" = NULL
      WHERE "id" = $1 AND "flagged_at" IS NOT NULL`,
    [channelId],
  );
}

/** The workspace default channel's id, if one is set (suites without links use it). */
export async function workspaceDefaultChannelId(manager: EntityManager): Promise<string | null> {
  const [row] = await manager.query<{ id: string }[]>(
    `SELECT "id" FROM "notification_channels" WHERE "is_workspace_default" LIMIT 1`,
  );
  return row?.id ?? null;
}

/** The channels that receive critical escalations workspace-wide. */
export async function escalationChannelIds(manager: EntityManager): Promise<string[]> {
  const rows = await manager.query<{ id: string }[]>(
    `SELECT "id" FROM "notification_channels" WHERE "is_escalation" ORDER BY "name", "id"`,
  );
  return rows.map((row) => row.id);
}
