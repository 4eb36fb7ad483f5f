/** Retry schedule of a failed delivery (docs/decisions/0045). */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_DELAY_MS = 60 * 60 * 1000;
/** After this long since the first attempt a failing delivery is dead and its channel flagged. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The wait before attempt `attempts + 1`: exponential from 5 s, capped at an hour, with jitter
 * (a random half to whole of the step) so a receiver's outage does not end in a thundering herd.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(step * (0.5 + 0.5 * random()));
}

/**
 * When a failed delivery is tried next, or null when its window is spent (it is dead). The last
 * try is placed at the window's end rather than skipped.
 */
export function nextAttemptAt(
  firstAttemptAt: Date,
  attempts: number,
  now: Date,
  random: () => number = Math.random,
  windowMs: number = RETRY_WINDOW_MS,
): Date | null {
  const deadline = firstAttemptAt.getTime() + windowMs;
  if (now.getTime() >= deadline) return null;
  return new Date(Math.min(now.getTime() + retryDelayMs(attempts, random), deadline));
}
