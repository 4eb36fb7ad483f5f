import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { BaseServiceConfig, IsServiceUrl, Secret } from '@dq/platform';

const commaList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    : value;

/**
 * The environment of a gateway that authenticates callers (REST and MCP alike): identity
 * provider, OTP mail, dev-bypass, rate limits. Property names are the variable names.
 */
export class AccessConfig extends BaseServiceConfig {
  /** Always Admin while listed; the list never removes Admin (bootstrap and break-glass). */
  @Transform(commaList)
  @IsEmail({}, { each: true })
  WORKSPACE_ADMIN_EMAILS: string[] = [];

  /** Enterprise identity provider (SSO). Unset: identity-provider tokens are not accepted. */
  @IsOptional()
  @IsServiceUrl(['https:', 'http:'])
  OIDC_ISSUER?: string;

  @ValidateIf((config: AccessConfig) => config.OIDC_ISSUER !== undefined)
  @IsString()
  @MinLength(1)
  OIDC_AUDIENCE?: string;

  /** Key set URL; unset: discovered from the issuer's openid-configuration. */
  @IsOptional()
  @IsServiceUrl(['https:', 'http:'])
  OIDC_JWKS_URI?: string;

  @Transform(commaList)
  @IsIn(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'], {
    each: true,
  })
  OIDC_ALGORITHMS: string[] = ['RS256', 'ES256'];

  @IsString()
  @MinLength(1)
  OIDC_EMAIL_CLAIM = 'email';

  /** Local development only: requests with no credential act as this user. Refused in production. */
  @IsOptional()
  @IsEmail()
  AUTH_DEV_BYPASS_EMAIL?: string;

  /** Where sign-in codes are mailed from (nodemailer URL, may carry a password). */
  @Secret()
  @IsServiceUrl(['smtp:', 'smtps:'])
  SMTP_URL = 'smtp://127.0.0.1:25';

  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Data quality <no-reply@localhost>';

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  SESSION_TTL_HOURS = 12;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_AUTHENTICATED_PER_MINUTE = 600;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE = 60;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_LLM_PER_PRINCIPAL_PER_MINUTE = 20;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_LLM_PER_IP_PER_MINUTE = 60;

  @Type(() => Number)
  @IsInt()
  @Min(8)
  @Max(32)
  RATE_LIMIT_IPV4_PREFIX = 24;

  @Type(() => Number)
  @IsInt()
  @Min(16)
  @Max(128)
  RATE_LIMIT_IPV6_PREFIX = 64;

  /** Proxies whose X-Forwarded-For is believed: the frontend host. IPs or CIDR ranges. */
  @Transform(commaList)
  @IsString({ each: true })
  TRUSTED_PROXIES: string[] = ['127.0.0.1', '::1'];
}
