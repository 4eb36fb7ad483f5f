import { type ChannelOpener } from '@dq/alerting';
import { SecretOpener, parsePrivateKeyRing } from '@dq/secrets-opening';
import { type AlertingConfig } from './alerting.config';

/**
 * Opens notification channel credentials with this service's own key ring (parsed and checked at
 * boot; a bad ring refuses to start). Only this process and the runner may hold an opener
 * (docs/decisions/0044).
 */
export function channelOpenerOf(
  config: Pick<AlertingConfig, 'ALERTING_PRIVATE_KEY_RING' | 'ALERTING_ACTIVE_KEY_ID'>,
): ChannelOpener {
  const opener = new SecretOpener(
    parsePrivateKeyRing(config.ALERTING_PRIVATE_KEY_RING, config.ALERTING_ACTIVE_KEY_ID),
  );
  return { open: (envelope, aad) => opener.open(envelope, aad) };
}
