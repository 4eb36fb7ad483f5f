import { type EntityManager } from 'typeorm';
import { type AlertOn, SuiteChannelRole } from '@dq/contracts';

/** What a suite stores about its notifications, and the workspace channels its defaults fall back on. */
export interface StoredSuiteNotifications {
  suite_id: string;
  /** Null when the suite stores no config (the defaults apply). */
  settings: {
    alert_on: AlertOn;
    enabled: boolean;
    auto_resolve: boolean;
    use_workspace_default: boolean;
    updated_by: string | null;
    updated_at: string;
  } | null;
  alert_channel_ids: string[];
  escalation_channel_ids: string[];
  workspace_default_channel_id: string | null;
  /** Channels that receive every suite's critical checks (`is_escalation`). */
  workspace_escalation_channel_ids: string[];
}

interface Row {
  settings: {
    alert_on: AlertOn;
    enabled: boolean;
    auto_resolve: boolean;
    use_workspace_default: boolean;
    updated_by: string | null;
    updated_at: string;
  } | null;
  links: { channel_id: string; role: SuiteChannelRole }[];
  workspace_default: string | null;
  workspace_escalation: string[];
}

/** One statement: the suite's config row, its links (oldest first) and the workspace's default and escalation channels. */
export async function readSuiteNotifications(
  manager: EntityManager,
  suiteId: string,
): Promise<StoredSuiteNotifications> {
  const [row] = await manager.query<Row[]>(
    `SELECT
       (SELECT json_build_object(
                 'alert_on', s."alert_on", 'enabled', s."enabled", 'auto_resolve', s."auto_resolve",
                 'use_workspace_default', s."use_workspace_default", 'updated_by', s."updated_by",
                 'updated_at', to_char(s."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          FROM "suite_notification_settings" s WHERE s."suite_id" = $1) AS "settings",
       coalesce((SELECT json_agg(json_build_object('channel_id', l."channel_id", 'role', l."role")
                        ORDER BY l."created_at", l."channel_id")
                   FROM "suite_notification_channels" l WHERE l."suite_id" = $1), '[]') AS "links",
       (SELECT c."id" FROM "notification_channels" c WHERE c."is_workspace_default" LIMIT 1) AS "workspace_default",
       coalesce((SELECT json_agg(c."id" ORDER BY c."name") FROM "notification_channels" c WHERE c."is_escalation"),
                '[]') AS "workspace_escalation"`,
    [suiteId],
  );
  return storedOf(suiteId, row);
}

/**
 * The batch form of `readSuiteNotifications`, one statement for all the suites; every suite asked
 * for has an entry (its defaults when it stores nothing).
 */
export async function readSuitesNotifications(
  manager: EntityManager,
  suiteIds: readonly string[],
): Promise<Map<string, StoredSuiteNotifications>> {
  const ids = [...new Set(suiteIds)];
  if (ids.length === 0) return new Map();
  const rows = await manager.query<Array<Row & { suite_id: string }>>(
    `WITH workspace AS (
       SELECT (SELECT c."id" FROM "notification_channels" c WHERE c."is_workspace_default" LIMIT 1) AS "workspace_default",
              coalesce((SELECT json_agg(c."id" ORDER BY c."name") FROM "notification_channels" c WHERE c."is_escalation"),
                       '[]') AS "workspace_escalation"
     )
     SELECT ids."id" AS "suite_id",
       (SELECT json_build_object(
                 'alert_on', s."alert_on", 'enabled', s."enabled", 'auto_resolve', s."auto_resolve",
                 'use_workspace_default', s."use_workspace_default", 'updated_by', s."updated_by",
                 'updated_at', to_char(s."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          FROM "suite_notification_settings" s WHERE s."suite_id" = ids."id") AS "settings",
       coalesce((SELECT json_agg(json_build_object('channel_id', l."channel_id", 'role', l."role")
                        ORDER BY l."created_at", l."channel_id")
                   FROM "suite_notification_channels" l WHERE l."suite_id" = ids."id"), '[]') AS "links",
       w."workspace_default", w."workspace_escalation"
       FROM unnest($1::uuid[]) AS ids("id") CROSS JOIN workspace w`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.suite_id, row]));
  return new Map(ids.map((id) => [id, storedOf(id, byId.get(id))]));
}

function storedOf(suiteId: string, row: Row | undefined): StoredSuiteNotifications {
  const links = row?.links ?? [];
  return {
    suite_id: suiteId,
    settings: row?.settings ?? null,
    alert_channel_ids: links
      .filter((link) => link.role === SuiteChannelRole.Alert)
      .map((link) => link.channel_id),
    escalation_channel_ids: links
      .filter((link) => link.role === SuiteChannelRole.Escalation)
      .map((link) => link.channel_id),
    workspace_default_channel_id: row?.workspace_default ?? null,
    workspace_escalation_channel_ids: row?.workspace_escalation ?? [],
  };
}

/** Whether any suite links the channel (a linked channel cannot be deleted: 409 `channel_in_use`). */
export async function isChannelLinked(manager: EntityManager, channelId: string): Promise<boolean> {
  const rows = await manager.query<unknown[]>(
    `SELECT 1 FROM "suite_notification_channels" WHERE "channel_id" = $1 LIMIT 1`,
    [channelId],
  );
  return rows.length > 0;
}
