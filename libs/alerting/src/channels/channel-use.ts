import { type EntityManager } from 'typeorm';

/** How many suites link a channel (any role), and the first few of them. */
export interface ChannelUse {
  count: number;
  suiteIds: string[];
}

const LISTED_SUITES = 20;

/**
 * The suites that still send alerts to a channel, read from the suite links of the same context
 * (`suite_notification_channels`). A database without that table yet answers "none".
 */
export async function suitesUsingChannel(manager: EntityManager, channelId: string): Promise<ChannelUse> {
  const [table] = await manager.query<{ exists: boolean }[]>(
    `SELECT to_regclass('suite_notification_channels') IS NOT NULL AS "exists"`,
  );
  if (table?.exists !== true) return { count: 0, suiteIds: [] };
  const rows = await manager.query<{ suite_id: string; total: string }[]>(
    `SELECT "suite_id", count(*) OVER () AS "total" FROM (
       SELECT DISTINCT "suite_id" FROM "suite_notification_channels" WHERE "channel_id" = $1
     ) linked ORDER BY "suite_id" LIMIT ${LISTED_SUITES}`,
    [channelId],
  );
  return { count: Number(rows[0]?.total ?? 0), suiteIds: rows.map((row) => row.suite_id) };
}
