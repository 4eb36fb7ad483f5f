import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { INTERACTIVE_DEADLINE_DEFAULT_MS, INTERACTIVE_DEADLINE_MAX_MS } from '@dq/contracts';
import { AccessConfig } from '@dq/access';

/** Environment of the api-gateway service; validated at boot. */
export class ApiGatewayConfig extends AccessConfig {
  override PORT = 8082;

  /**
   * The runner's public keys that seal connection credentials: `kid:<base64 DER X25519 public
   * key>[,kid2:…]` (`npm run secrets:keygen`). Public keys only: the gateway cannot open a credential.
   */
  @IsString()
  @Matches(/^[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+(,[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+)*$/, {
    message: 'must be kid:<base64 public key>[,kid:<base64 public key>…]',
  })
  SECRETS_PUBLIC_KEYS!: string;

  /** The key id new secrets are sealed with. */
  @Matches(/^[a-z0-9_-]{1,32}$/)
  SECRETS_ACTIVE_KEY_ID!: string;

  /**
   * The alerting service's public keys that seal notification channel credentials (webhook URL,
   * auth header value, signing key): `kid:<base64 DER X25519 public key>[,kid2:…]`
   * (`npm run secrets:keygen -- <id> --alerting`). The gateway cannot open them (docs/decisions/0044).
   */
  @IsString()
  @Matches(/^[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+(,[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+)*$/, {
    message: 'must be kid:<base64 public key>[,kid:<base64 public key>…]',
  })
  ALERTING_PUBLIC_KEYS!: string;

  /** The key id new channel credentials are sealed with. */
  @Matches(/^[a-z0-9_-]{1,32}$/)
  ALERTING_ACTIVE_KEY_ID!: string;

  /** Tests only: lets user-supplied URLs reach loopback peers. Refused with NODE_ENV=production. */
  @IsBoolean()
  EGRESS_ALLOW_LOOPBACK_FOR_TESTS = false;

  /**
   * Private ranges user-supplied hosts and URLs may reach, comma-separated (`10.20.0.0/16,fd12::/48`).
   * Loopback, link-local and cloud metadata addresses stay refused whatever is listed; an invalid
   * entry refuses boot. Every service that reaches datasources must list the same.
   */
  @IsString()
  EGRESS_ALLOW_CIDRS = '';

  /** Host names (`db.corp.example`) or `*.suffix` that may resolve to private addresses, comma-separated. */
  @IsString()
  EGRESS_ALLOW_HOSTS = '';

  /**
   * Interactive datasource work (target columns, files, profile, check dry run) ends in the runner at
   * this deadline; the gateway waits it plus a margin, then answers 504 `datasource_timeout` itself.
   * The same value as the runner's.
   */
  @Type(() => Number)
  @IsInt()
  @Min(500)
  @Max(INTERACTIVE_DEADLINE_MAX_MS)
  INTERACTIVE_DEADLINE_MS = INTERACTIVE_DEADLINE_DEFAULT_MS;
}
