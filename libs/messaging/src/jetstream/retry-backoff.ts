export interface RetryBackoff {
  /** Delay before the first redelivery. */
  readonly baseDelayMs: number;
  /** Upper bound of any delay. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_BACKOFF: RetryBackoff = { baseDelayMs: 1_000, maxDelayMs: 60_000 };

/** Exponential: base, 2 x base, 4 x base ... capped; `deliveryCount` is 1 on the first delivery. */
export function redeliveryDelayMs(
  deliveryCount: number,
  backoff: RetryBackoff = DEFAULT_RETRY_BACKOFF,
): number {
  const exponent = Math.max(0, Math.min(deliveryCount - 1, 30));
  return Math.min(backoff.baseDelayMs * 2 ** exponent, backoff.maxDelayMs);
}
