import { type EntityManager } from 'typeorm';

/** How many suites link a channel (any role), and the first few of them. */
export interface ChannelUse {
  count: number;
  suiteIds: string[];
}

const LISTED_SUITES = 20;

/**
 * The suites that still send alerts to a channel (their `alert` or `escalation` links). Read in the
 * deleting transaction after the channel row is locked: a link being added meanwhile waits for it.
 */
export async function suitesUsingChannel(manager: EntityManager, channelId: string): Promise<ChannelUse> {
  const rows = await manager.query<{ suite_id: string; total: string }[]>(
    `SELECT "suite_id", count(*) OVER () AS "total" FROM (
       SELECT DISTINCT "suite_id" FROM "suite_notification_channels" WHERE "channel_id" = $1
     ) linked ORDER BY "suite_id" LIMIT ${LISTED_SUITES}`,
    [channelId],
  );
  return { count: Number(rows[0]?.total ?? 0), suiteIds: rows.map((row) => row.suite_id) };
}
