// Public surface of the rate-limit library: other projects import only from here.
export { clientAddress, type ClientAddressSource } from './address/client-address';
export {
  DEFAULT_IPV4_PREFIX_LENGTH,
  DEFAULT_IPV6_PREFIX_LENGTH,
  ipPrefix,
  UNKNOWN_IP_PREFIX,
} from './address/ip-prefix';
export { TrustedProxies } from './address/trusted-proxies';
export { clampRetryAfter, type RateLimitDecision } from './limiter/rate-limit-decision';
export { RATE_LIMIT_DEFAULTS, type RateLimitOptions } from './limiter/rate-limit.options';
export { RateLimitModule, type RateLimitModuleAsyncOptions } from './limiter/rate-limit.module';
export { RateLimiter, type RateLimitKeys } from './limiter/rate-limiter.service';
export { applyRateLimitHeaders, type HeaderSink, rateLimitedError } from './http/rate-limit-http';
