import { AppError, ErrorCode, RateLimitHeader } from '@dq/contracts';
import { clampRetryAfter, type RateLimitDecision } from '../limiter/rate-limit-decision';

/** What the helpers need of a response: Express's and Node's responses both fit. */
export interface HeaderSink {
  setHeader(name: string, value: string | number): unknown;
}

/** The spec's headers plus `RateLimit-Policy`; `Retry-After` only on a refusal. */
export function applyRateLimitHeaders(response: HeaderSink, decision: RateLimitDecision): void {
  response.setHeader(RateLimitHeader.Limit, String(decision.limit));
  response.setHeader(RateLimitHeader.Remaining, String(Math.max(0, decision.remaining)));
  response.setHeader(RateLimitHeader.Policy, decision.policy);
  if (!decision.allowed) {
    response.setHeader(RateLimitHeader.RetryAfter, String(clampRetryAfter(decision.retryAfterSeconds)));
  }
}

/** The 429 for a refused decision; `retry_after_seconds` is always 1..60. */
export function rateLimitedError(decision: RateLimitDecision): AppError {
  return new AppError(ErrorCode.RateLimited, 'Too many requests', {
    retry_after_seconds: clampRetryAfter(decision.retryAfterSeconds),
  });
}
