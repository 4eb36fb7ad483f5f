import type Redis from 'ioredis';
import {
  assertPrefixLengths,
  DEFAULT_IPV4_PREFIX_LENGTH,
  DEFAULT_IPV6_PREFIX_LENGTH,
} from '../address/ip-prefix';
import { TrustedProxies } from '../address/trusted-proxies';

/** `RateLimitModule.forRoot` options. Every number is per minute; unset numbers take docs/decisions/0016's values. */
export interface RateLimitOptions {
  /** Redis shared by every gateway replica. Give this or `redisClient`. */
  redisUrl?: string;
  /**
   * Makes the limiter's own Redis connection (closed at shutdown), e.g. `() => shared.duplicate()`.
   * Prefer `enableOfflineQueue: false` so an outage fails over at once instead of queueing.
   */
  redisClient?: () => Redis;
  /** Prefix of every Redis key: the messaging namespace, so deployments and test runs stay apart. */
  keyPrefix: string;
  authenticatedPerMinute?: number;
  unauthenticatedPerMinute?: number;
  llmPerPrincipalPerMinute?: number;
  llmPerIpPerMinute?: number;
  ipv4PrefixLength?: number;
  ipv6PrefixLength?: number;
  /** Proxies (IPs or CIDR ranges) whose X-Forwarded-For is believed. Default none. */
  trustedProxies?: readonly string[];
}

export const RATE_LIMIT_DEFAULTS = {
  authenticatedPerMinute: 600,
  unauthenticatedPerMinute: 60,
  llmPerPrincipalPerMinute: 20,
  llmPerIpPerMinute: 60,
  ipv4PrefixLength: DEFAULT_IPV4_PREFIX_LENGTH,
  ipv6PrefixLength: DEFAULT_IPV6_PREFIX_LENGTH,
} as const;

export interface ResolvedRateLimitOptions {
  createRedis: () => Redis;
  keyPrefix: string;
  authenticatedPerMinute: number;
  unauthenticatedPerMinute: number;
  llmPerPrincipalPerMinute: number;
  llmPerIpPerMinute: number;
  ipv4PrefixLength: number;
  ipv6PrefixLength: number;
  trustedProxies: TrustedProxies;
}

const KEY_PREFIX = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Validates at boot: a bad limit must stop the gateway, not silently let everything through. */
export function resolveRateLimitOptions(
  options: RateLimitOptions,
  connectByUrl: (url: string) => Redis,
): ResolvedRateLimitOptions {
  const { redisUrl, redisClient } = options;
  if ((redisUrl === undefined) === (redisClient === undefined)) {
    throw new Error('rate limiting needs exactly one of redisUrl and redisClient');
  }
  if (!KEY_PREFIX.test(options.keyPrefix)) {
    throw new Error('rate limiting keyPrefix must be 1 to 100 of A-Z a-z 0-9 _ . : -');
  }
  const limits = {
    authenticatedPerMinute: options.authenticatedPerMinute ?? RATE_LIMIT_DEFAULTS.authenticatedPerMinute,
    unauthenticatedPerMinute:
      options.unauthenticatedPerMinute ?? RATE_LIMIT_DEFAULTS.unauthenticatedPerMinute,
    llmPerPrincipalPerMinute:
      options.llmPerPrincipalPerMinute ?? RATE_LIMIT_DEFAULTS.llmPerPrincipalPerMinute,
    llmPerIpPerMinute: options.llmPerIpPerMinute ?? RATE_LIMIT_DEFAULTS.llmPerIpPerMinute,
  };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`rate limit ${name} must be a positive integer`);
  }
  const ipv4PrefixLength = options.ipv4PrefixLength ?? RATE_LIMIT_DEFAULTS.ipv4PrefixLength;
  const ipv6PrefixLength = options.ipv6PrefixLength ?? RATE_LIMIT_DEFAULTS.ipv6PrefixLength;
  assertPrefixLengths(ipv4PrefixLength, ipv6PrefixLength);
  return {
    createRedis: redisClient ?? (() => connectByUrl(redisUrl as string)),
    keyPrefix: options.keyPrefix,
    ...limits,
    ipv4PrefixLength,
    ipv6PrefixLength,
    trustedProxies: TrustedProxies.parse(options.trustedProxies ?? []),
  };
}
