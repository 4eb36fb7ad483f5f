import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two strings in constant time, also when their lengths differ: both are hashed to equal
 * length first, so neither the content nor the length of the expected value leaks through timing.
 */
export function constantTimeEquals(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
