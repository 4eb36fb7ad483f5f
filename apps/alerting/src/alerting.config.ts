import { IsString, Matches } from 'class-validator';
import { BaseServiceConfig, Secret } from '@dq/platform';

/** Environment of the alerting service; validated at boot. */
export class AlertingConfig extends BaseServiceConfig {
  override PORT = 8087;

  /**
   * The alerting service's private key ring that opens notification channel credentials: `kid:<base64
   * DER PKCS#8 X25519 private key>[,kid2:…]` (`npm run secrets:keygen -- <id> --alerting`). This
   * service alone holds it; the gateways seal with its public keys (docs/decisions/0044).
   */
  @Secret()
  @IsString()
  @Matches(/^[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+(,[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+)*$/, {
    message: 'must be kid:<base64 private key>[,kid:<base64 private key>…]',
  })
  ALERTING_PRIVATE_KEY_RING!: string;

  /** The key id of the ring's active key (the ring is parsed and checked at boot). */
  @Matches(/^[a-z0-9_-]{1,32}$/)
  ALERTING_ACTIVE_KEY_ID!: string;
}
