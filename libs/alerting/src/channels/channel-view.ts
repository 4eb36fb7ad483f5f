import { type NotificationChannelResponse } from '@dq/contracts';
import { type NotificationChannelEntity } from '../entities/notification-channel.entity';

/**
 * A channel as its readers see it: never the URL, the auth header value or a signing key; the
 * payload template only for workspace admins (a template may name internal systems).
 */
export function toNotificationChannelResponse(
  channel: NotificationChannelEntity,
  isAdmin: boolean,
  now: Date = new Date(),
): NotificationChannelResponse {
  const previousSigns =
    channel.previousSigningKeySealed !== null &&
    channel.previousKeyUntil !== null &&
    channel.previousKeyUntil.getTime() > now.getTime();
  return {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    has_webhook: channel.webhookUrlSealed !== null,
    email_to: [...channel.emailTo],
    is_workspace_default: channel.isWorkspaceDefault,
    is_escalation: channel.isEscalation,
    has_payload_template: channel.payloadTemplate !== null,
    ...(isAdmin ? { payload_template: channel.payloadTemplate } : {}),
    auth_header_name: channel.authHeaderName,
    has_auth_header_value: channel.authHeaderValueSealed !== null,
    previous_key_until: previousSigns ? channel.previousKeyUntil!.toISOString() : null,
    flagged_at: channel.flaggedAt?.toISOString() ?? null,
    flag_reason: channel.flagReason,
    created_by: channel.createdBy,
    created_at: channel.createdAt.toISOString(),
    updated_at: channel.updatedAt.toISOString(),
  };
}
