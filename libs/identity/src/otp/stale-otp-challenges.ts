import { type DataSource, type EntityManager } from 'typeorm';

/** The sign-in code limits count requests over this window (see `OTP_WINDOW_SECONDS`). */
const LIMIT_WINDOW_SECONDS = 15 * 60;

/**
 * Deletes the sign-in challenges nothing needs any more: expired (no code can be redeemed) and
 * older than the request-limit window (no longer counted against an address or IP). Returns how
 * many rows went. Safe to run from several processes at once.
 */
export async function deleteStaleOtpChallenges(
  db: DataSource | EntityManager,
  now: Date = new Date(),
): Promise<number> {
  const [, deleted] = await db.query<[unknown, number]>(
    `DELETE FROM "otp_challenges"
      WHERE "expires_at" < $1 AND "created_at" < $1::timestamptz - make_interval(secs => $2)`,
    [now, LIMIT_WINDOW_SECONDS],
  );
  return deleted;
}
