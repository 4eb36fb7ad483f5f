import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { INTERACTIVE_DEADLINE_DEFAULT_MS, INTERACTIVE_DEADLINE_MAX_MS } from '@dq/contracts';
import { AccessConfig } from '@dq/access';
import { IsServiceUrl } from '@dq/platform';

/** Environment of the mcp-gateway service; validated at boot. */
export class McpGatewayConfig extends AccessConfig {
  override PORT = 8081;

  /**
   * Browser origins allowed to call `/mcp/` (comma-separated `scheme://host[:port]`). Requests
   * without an Origin header (every non-browser client) are not affected; any other Origin is a 403.
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((origin) => origin.trim().replace(/\/+$/, ''))
          .filter((origin) => origin !== '')
      : value,
  )
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { each: true })
  MCP_ALLOWED_ORIGINS: string[] = [];

  /**
   * The runner's public keys (`kid:<base64 DER X25519 public key>[,…]`): the on-demand secret sweep
   * reports credentials sealed under a key id not listed here. Public keys only (docs/decisions/0014).
   */
  @IsString()
  @Matches(/^[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+(,[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+)*$/, {
    message: 'must be kid:<base64 public key>[,kid:<base64 public key>…]',
  })
  SECRETS_PUBLIC_KEYS!: string;

  /** The key id new secrets are sealed with. */
  @Matches(/^[a-z0-9_-]{1,32}$/)
  SECRETS_ACTIVE_KEY_ID!: string;

  /** Tests only: lets saved connections to loopback peers be tested. Refused with NODE_ENV=production. */
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
   * The endpoint's public address (`https://dq.example.com/mcp/`). With an identity provider it is
   * published as RFC 9728 protected-resource metadata, which OAuth-capable clients follow from the
   * 401's `WWW-Authenticate` to the provider.
   */
  @IsOptional()
  @IsServiceUrl(['https:', 'http:'])
  MCP_PUBLIC_URL?: string;

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
