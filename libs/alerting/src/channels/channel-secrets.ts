/** The sealed fields of a notification channel. */
export type ChannelSecretField = 'webhook_url' | 'auth_header_value' | 'signing_key';

/**
 * The AAD that binds a sealed channel secret to its channel and field, so an envelope copied into
 * another row or column does not open. Both signing keys share the `signing_key` AAD.
 */
export function channelSecretAad(channelId: string, field: ChannelSecretField): string {
  return `notification_channel:${channelId}:${field}`;
}

/**
 * Seals with the alerting service's public keys (`ALERTING_PUBLIC_KEYS`); holding only public keys,
 * the gateway cannot open what it sealed (docs/decisions/0044).
 */
export interface ChannelSealer {
  seal(plaintext: string, aad: string): string;
}

/** Opens what `ChannelSealer` sealed: the alerting service's private key ring, in that process only. */
export interface ChannelOpener {
  open(envelope: string, aad: string): string;
}

export const CHANNEL_SEALER = Symbol('CHANNEL_SEALER');
export const CHANNEL_EGRESS_GUARD = Symbol('CHANNEL_EGRESS_GUARD');

/** How long the previous signing key still signs after a rotation. */
export const PREVIOUS_KEY_GRACE_MS = 24 * 60 * 60 * 1000;
