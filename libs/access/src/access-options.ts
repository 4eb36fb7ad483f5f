import { type AuthOptions } from '@dq/auth';
import { type IdentityOptions } from '@dq/identity';
import { type RateLimitOptions } from '@dq/rate-limit';
import { type AccessConfig } from './access.config';

/** The identity context's options from a gateway's environment. */
export function identityOptionsFrom(config: AccessConfig): IdentityOptions {
  return {
    workspaceAdminEmails: config.WORKSPACE_ADMIN_EMAILS,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM },
  };
}

/** How callers authenticate, from a gateway's environment. */
export function authOptionsFrom(config: AccessConfig): AuthOptions {
  return {
    ...(config.OIDC_ISSUER
      ? {
          identityProvider: {
            issuer: config.OIDC_ISSUER,
            audience: config.OIDC_AUDIENCE ?? '',
            ...(config.OIDC_JWKS_URI ? { jwksUri: config.OIDC_JWKS_URI } : {}),
            algorithms: config.OIDC_ALGORITHMS,
            emailClaim: config.OIDC_EMAIL_CLAIM,
          },
        }
      : {}),
    ...(config.AUTH_DEV_BYPASS_EMAIL ? { devBypass: { email: config.AUTH_DEV_BYPASS_EMAIL } } : {}),
  };
}

/** Rate limits shared by every replica through Redis, kept apart per deployment namespace. */
export function rateLimitOptionsFrom(config: AccessConfig): RateLimitOptions {
  return {
    redisUrl: config.REDIS_URL,
    keyPrefix: `${config.MESSAGING_NAMESPACE}:ratelimit`,
    authenticatedPerMinute: config.RATE_LIMIT_AUTHENTICATED_PER_MINUTE,
    unauthenticatedPerMinute: config.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE,
    llmPerPrincipalPerMinute: config.RATE_LIMIT_LLM_PER_PRINCIPAL_PER_MINUTE,
    llmPerIpPerMinute: config.RATE_LIMIT_LLM_PER_IP_PER_MINUTE,
    ipv4PrefixLength: config.RATE_LIMIT_IPV4_PREFIX,
    ipv6PrefixLength: config.RATE_LIMIT_IPV6_PREFIX,
    trustedProxies: config.TRUSTED_PROXIES,
  };
}
