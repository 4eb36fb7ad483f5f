/** The request classes the limiter counts separately (docs/decisions/0016). */
export const RateLimitClass = {
  Authenticated: 'authenticated',
  Unauthenticated: 'unauthenticated',
  Llm: 'llm',
} as const;
export type RateLimitClass = (typeof RateLimitClass)[keyof typeof RateLimitClass];

/** Why a request was refused other than by being over its budget. */
export const RateLimitRefusalReason = {
  /** The shared limiter (Redis) could not be asked and the class fails closed (`llm`). */
  LimiterUnavailable: 'limiter_unavailable',
} as const;
export type RateLimitRefusalReason = (typeof RateLimitRefusalReason)[keyof typeof RateLimitRefusalReason];

/** Response headers of a rate-limited surface (spec: Errors; docs/decisions/0016 adds RateLimit-Policy). */
export const RateLimitHeader = {
  Limit: 'X-RateLimit-Limit',
  Remaining: 'X-RateLimit-Remaining',
  Policy: 'RateLimit-Policy',
  RetryAfter: 'Retry-After',
} as const;

/** `detail.retry_after_seconds` of a 429 `rate_limited` is always within these bounds (spec: Limits). */
export const RETRY_AFTER_MIN_SECONDS = 1;
export const RETRY_AFTER_MAX_SECONDS = 60;
