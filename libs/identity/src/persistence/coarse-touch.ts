import type { DataSource } from 'typeorm';
import type { Logger } from '@dq/platform';

/** How stale a `last_used_at`/`last_seen_at` must be before it is written again. */
export const TOUCH_INTERVAL_MS = 5 * 60_000;

type Touchable =
  { table: 'api_keys' | 'sessions'; column: 'last_used_at' } | { table: 'users'; column: 'last_seen_at' };

/** True when a timestamp read a moment ago is old enough to be worth a write. */
export function isStale(at: Date | null, now = Date.now()): boolean {
  return at === null || now - at.getTime() >= TOUCH_INTERVAL_MS;
}

/**
 * Sets the column to now() only when it is null or older than the interval, so frequent callers
 * write at most once per interval. SKIP LOCKED: when another request holds the row, this one
 * simply does not write instead of waiting for it on the request path. A failure is logged and
 * swallowed: bookkeeping must never fail an otherwise valid request.
 */
export async function touchCoarsely(
  dataSource: DataSource,
  logger: Logger,
  target: Touchable,
  id: string,
): Promise<void> {
  const { table, column } = target;
  try {
    await dataSource.query(
      `UPDATE "${table}" SET "${column}" = now()
      WHERE "id" = (
        SELECT "id" FROM "${table}"
         WHERE "id" = $1 AND ("${column}" IS NULL OR "${column}" < now() - interval '5 minutes')
         FOR UPDATE SKIP LOCKED)`,
      [id],
    );
  } catch (error) {
    logger.warn(
      { event: 'coarse_touch_failed', table, error_code: (error as { code?: string }).code },
      'could not record last use',
    );
  }
}
