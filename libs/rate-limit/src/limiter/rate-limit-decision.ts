import { type RateLimitRefusalReason, RETRY_AFTER_MAX_SECONDS, RETRY_AFTER_MIN_SECONDS } from '@dq/contracts';

/** Every budget is per minute (spec: Limits). */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/** What one request was granted, and what the response headers say about it. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When to try again, always 1..60 (also set on an allowed request: the time to the window's end). */
  retryAfterSeconds: number;
  /** Seconds until the budget window ends (0..60). */
  resetSeconds: number;
  /** `RateLimit-Policy` value, e.g. `600;w=60`. */
  policy: string;
  /** Set only when the request was refused for a reason other than its budget. */
  reason?: RateLimitRefusalReason;
}

export function clampRetryAfter(seconds: number): number {
  if (!Number.isFinite(seconds)) return RETRY_AFTER_MAX_SECONDS;
  return Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(RETRY_AFTER_MIN_SECONDS, Math.ceil(seconds)));
}

export function policyOf(limit: number): string {
  return `${limit};w=${RATE_LIMIT_WINDOW_SECONDS}`;
}

/** A decision from the limiter's answer: `msBeforeNext` is the time left in the current window. */
export function decisionOf(
  allowed: boolean,
  limit: number,
  answer: { remainingPoints: number; msBeforeNext: number },
): RateLimitDecision {
  const seconds = answer.msBeforeNext > 0 ? answer.msBeforeNext / 1000 : 0;
  return {
    allowed,
    limit,
    remaining: allowed ? Math.max(0, Math.min(limit, answer.remainingPoints)) : 0,
    retryAfterSeconds: clampRetryAfter(seconds),
    resetSeconds: Math.min(RATE_LIMIT_WINDOW_SECONDS, Math.ceil(seconds)),
    policy: policyOf(limit),
  };
}

/**
 * Two budgets that must both pass (`llm`: per principal and per IP prefix). A refusal wins, and of
 * two refusals the one that lasts longer; of two grants, the one closer to its limit.
 */
export function strictestDecision(first: RateLimitDecision, second: RateLimitDecision): RateLimitDecision {
  if (first.allowed !== second.allowed) return first.allowed ? second : first;
  if (!first.allowed) return second.retryAfterSeconds > first.retryAfterSeconds ? second : first;
  return second.remaining < first.remaining ? second : first;
}
