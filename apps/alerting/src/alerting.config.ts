import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { BaseServiceConfig, IsServiceUrl, Secret } from '@dq/platform';

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

  /** The web app's address (`https://dq.example.com`): alerts link to `<PUBLIC_BASE_URL>/runs/<id>`. */
  @IsOptional()
  @IsServiceUrl(['https:', 'http:'])
  PUBLIC_BASE_URL?: string;

  /** The relay email channels send through (nodemailer URL, may carry a password). */
  @Secret()
  @IsServiceUrl(['smtp:', 'smtps:'])
  SMTP_URL = 'smtp://127.0.0.1:25';

  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Data quality <no-reply@localhost>';

  /** Deadline of one send (connect to last byte). */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(60_000)
  ALERT_SEND_TIMEOUT_MS = 10_000;

  /** How often the outbox is polled when no commit nudges the worker. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(60_000)
  ALERT_DELIVERY_POLL_MS = 1_000;

  /** Tests only: lets channel URLs reach loopback peers. Refused with NODE_ENV=production. */
  @IsBoolean()
  EGRESS_ALLOW_LOOPBACK_FOR_TESTS = false;

  /** Tests only, with the loopback allowance: PEM CA that https sends trust (a test peer's certificate). */
  @IsString()
  EGRESS_TLS_CA_FOR_TESTS = '';

  /** Private ranges channel URLs may reach, comma-separated (as the runner's). */
  @IsString()
  EGRESS_ALLOW_CIDRS = '';

  /** Host names or `*.suffix` that may resolve to private addresses, comma-separated. */
  @IsString()
  EGRESS_ALLOW_HOSTS = '';
}
