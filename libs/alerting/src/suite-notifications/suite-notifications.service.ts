import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  DEFAULT_SUITE_NOTIFICATIONS,
  ErrorCode,
  type SetSuiteNotificationsRequest,
  SuiteChannelRole,
  type SuiteNotificationChannelListQuery,
  type SuiteNotificationChannelPage,
  type SuiteNotificationChannelResponse,
  type SuiteNotificationsResponse,
  SuiteNotificationsAuditAction,
  SuiteGrant,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { type Actor } from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams } from '@dq/db';
import { SuiteAccessService } from '@dq/suites';
import { type AlertRulesConfig } from '../rules/alert-rules';
import { readSuiteNotifications, type StoredSuiteNotifications } from './suite-notifications.read';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A suite's links oldest first. */
const LINKS_OLDEST_FIRST: KeysetOrder = {
  scope: 'suite_notification_channels',
  direction: 'ASC',
  columns: [
    { sql: 'l."created_at"', type: 'timestamp' },
    { sql: 'l."channel_id"', type: 'uuid' },
    { sql: 'l."role"', type: 'text' },
  ],
};

export function notificationChannelNotFoundError(): AppError {
  return new AppError(ErrorCode.NotFound, 'Notification channel not found', {});
}

/** The effective config as the API answers it. */
export function toSuiteNotificationsResponse(stored: StoredSuiteNotifications): SuiteNotificationsResponse {
  const settings = stored.settings;
  return {
    suite_id: stored.suite_id,
    channel_ids: stored.alert_channel_ids,
    escalation_channel_ids: stored.escalation_channel_ids,
    alert_on: settings?.alert_on ?? DEFAULT_SUITE_NOTIFICATIONS.alert_on,
    enabled: settings?.enabled ?? DEFAULT_SUITE_NOTIFICATIONS.enabled,
    auto_resolve: settings?.auto_resolve ?? DEFAULT_SUITE_NOTIFICATIONS.auto_resolve,
    use_workspace_default:
      settings?.use_workspace_default ?? DEFAULT_SUITE_NOTIFICATIONS.use_workspace_default,
    effective_channel_ids: effectiveAlertChannels(stored),
    is_default:
      settings === null &&
      stored.alert_channel_ids.length === 0 &&
      stored.escalation_channel_ids.length === 0,
    updated_by: settings?.updated_by ?? null,
    updated_at: settings?.updated_at ?? null,
  };
}

/** The suite's alert channels: its links, or the workspace default when it links none and uses it. */
export function effectiveAlertChannels(stored: StoredSuiteNotifications): string[] {
  if (stored.alert_channel_ids.length > 0) return stored.alert_channel_ids;
  const useDefault =
    stored.settings?.use_workspace_default ?? DEFAULT_SUITE_NOTIFICATIONS.use_workspace_default;
  return useDefault && stored.workspace_default_channel_id !== null
    ? [stored.workspace_default_channel_id]
    : [];
}

/** The config the alert rules read: channels resolved; workspace escalation channels added. */
export function toAlertRulesConfig(stored: StoredSuiteNotifications): AlertRulesConfig {
  const settings = stored.settings;
  return {
    alert_on: settings?.alert_on ?? DEFAULT_SUITE_NOTIFICATIONS.alert_on,
    enabled: settings?.enabled ?? DEFAULT_SUITE_NOTIFICATIONS.enabled,
    auto_resolve: settings?.auto_resolve ?? DEFAULT_SUITE_NOTIFICATIONS.auto_resolve,
    alert_channel_ids: effectiveAlertChannels(stored),
    escalation_channel_ids: [
      ...new Set([...stored.escalation_channel_ids, ...stored.workspace_escalation_channel_ids]),
    ],
  };
}

/**
 * A suite's notification config and linked channels (docs/decisions/0046). Read with `view` on the
 * suite, written with `edit`; a hidden suite is 404. Every write is audited.
 */
@Injectable()
export class SuiteNotificationsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
  ) {}

  async get(actor: Actor, suiteId: string): Promise<SuiteNotificationsResponse> {
    await this.access.require(actor, suiteId, SuiteGrant.View);
    return toSuiteNotificationsResponse(await readSuiteNotifications(this.dataSource.manager, suiteId));
  }

  /** Replaces the config; omitted fields take their defaults, omitted escalation links stay. */
  async set(
    actor: Actor,
    suiteId: string,
    input: SetSuiteNotificationsRequest,
  ): Promise<SuiteNotificationsResponse> {
    return this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
      const alertIds = [...new Set(input.channel_ids)];
      const escalationIds =
        input.escalation_channel_ids === undefined ? undefined : [...new Set(input.escalation_channel_ids)];
      await this.requireChannels(manager, 'channel_ids', alertIds);
      if (escalationIds !== undefined) {
        await this.requireChannels(manager, 'escalation_channel_ids', escalationIds);
      }
      const values = {
        alert_on: input.alert_on ?? DEFAULT_SUITE_NOTIFICATIONS.alert_on,
        enabled: input.enabled ?? DEFAULT_SUITE_NOTIFICATIONS.enabled,
        auto_resolve: input.auto_resolve ?? DEFAULT_SUITE_NOTIFICATIONS.auto_resolve,
        use_workspace_default:
          input.use_workspace_default ?? DEFAULT_SUITE_NOTIFICATIONS.use_workspace_default,
      };
      await manager.query(
        `INSERT INTO "suite_notification_settings"
           ("suite_id", "alert_on", "enabled", "auto_resolve", "use_workspace_default", "updated_by")
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("suite_id") DO UPDATE SET
           "alert_on" = EXCLUDED."alert_on", "enabled" = EXCLUDED."enabled",
           "auto_resolve" = EXCLUDED."auto_resolve", "use_workspace_default" = EXCLUDED."use_workspace_default",
           "updated_by" = EXCLUDED."updated_by", "updated_at" = now()`,
        [
          suiteId,
          values.alert_on,
          values.enabled,
          values.auto_resolve,
          values.use_workspace_default,
          actor.user.id,
        ],
      );
      await this.replaceLinks(manager, actor, suiteId, SuiteChannelRole.Alert, alertIds);
      if (escalationIds !== undefined) {
        await this.replaceLinks(manager, actor, suiteId, SuiteChannelRole.Escalation, escalationIds);
      }
      await this.record(manager, actor, SuiteNotificationsAuditAction.Set, suiteId, {
        ...values,
        channel_ids: alertIds,
        ...(escalationIds === undefined ? {} : { escalation_channel_ids: escalationIds }),
      });
      return toSuiteNotificationsResponse(await readSuiteNotifications(manager, suiteId));
    });
  }

  /** Back to the defaults: the stored config and every link go. */
  async reset(actor: Actor, suiteId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
      await manager.query(`DELETE FROM "suite_notification_channels" WHERE "suite_id" = $1`, [suiteId]);
      await manager.query(`DELETE FROM "suite_notification_settings" WHERE "suite_id" = $1`, [suiteId]);
      await this.record(manager, actor, SuiteNotificationsAuditAction.Reset, suiteId, {});
    });
  }

  async listChannels(
    actor: Actor,
    suiteId: string,
    query: SuiteNotificationChannelListQuery = {},
  ): Promise<SuiteNotificationChannelPage> {
    await this.access.require(actor, suiteId, SuiteGrant.View);
    const paging = new KeysetPage(
      { ...LINKS_OLDEST_FIRST, scope: `${LINKS_OLDEST_FIRST.scope}:${suiteId}` },
      query,
    );
    const params = new SqlParams();
    const where = [`l."suite_id" = ${params.add(suiteId)}`];
    if (query.role !== undefined) where.push(`l."role" = ${params.add(query.role)}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<LinkRow[]>(
      `SELECT l."channel_id", l."role", l."created_at", c."name", c."type", c."is_workspace_default",
              ${paging.keyColumns()}
         FROM "suite_notification_channels" l
         JOIN "notification_channels" c ON c."id" = l."channel_id"
        WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return { items: page.rows.map(toLinkResponse), next_cursor: page.next_cursor };
  }

  /** Links a channel; linking it again is a no-op that answers the same link. */
  async link(
    actor: Actor,
    suiteId: string,
    channelId: string,
    role: SuiteChannelRole = SuiteChannelRole.Alert,
  ): Promise<SuiteNotificationChannelResponse> {
    return this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
      if (!UUID.test(channelId)) throw notificationChannelNotFoundError();
      const inserted = await manager.query<unknown[]>(
        `INSERT INTO "suite_notification_channels" ("suite_id", "channel_id", "role", "created_by")
         SELECT $1, c."id", $3, $4 FROM "notification_channels" c WHERE c."id" = $2
         ON CONFLICT ON CONSTRAINT "suite_notification_channels_pkey" DO NOTHING
         RETURNING "channel_id"`,
        [suiteId, channelId, role, actor.user.id],
      );
      const [row] = await manager.query<LinkRow[]>(
        `SELECT l."channel_id", l."role", l."created_at", c."name", c."type", c."is_workspace_default"
           FROM "suite_notification_channels" l
           JOIN "notification_channels" c ON c."id" = l."channel_id"
          WHERE l."suite_id" = $1 AND l."channel_id" = $2 AND l."role" = $3`,
        [suiteId, channelId, role],
      );
      if (row === undefined) throw notificationChannelNotFoundError();
      if (inserted.length > 0) {
        await this.record(manager, actor, SuiteNotificationsAuditAction.ChannelLinked, suiteId, {
          channel_id: channelId,
          role,
        });
      }
      return toLinkResponse(row);
    });
  }

  /** Unlinks a channel (one role, or every role when none is named); unlinking twice is a no-op. */
  async unlink(actor: Actor, suiteId: string, channelId: string, role?: SuiteChannelRole): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
      if (!UUID.test(channelId)) throw notificationChannelNotFoundError();
      const params: unknown[] = [suiteId, channelId];
      if (role !== undefined) params.push(role);
      const removed = await manager.query<unknown[]>(
        `DELETE FROM "suite_notification_channels"
          WHERE "suite_id" = $1 AND "channel_id" = $2 ${role === undefined ? '' : 'AND "role" = $3'}
          RETURNING "role"`,
        params,
      );
      if (removed.length > 0) {
        await this.record(manager, actor, SuiteNotificationsAuditAction.ChannelUnlinked, suiteId, {
          channel_id: channelId,
          ...(role === undefined ? {} : { role }),
        });
      }
    });
  }

  /** Every id names a channel, or a 422 naming the field and the unknown ids. */
  private async requireChannels(manager: EntityManager, field: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await manager.query<{ id: string }[]>(
      `SELECT "id" FROM "notification_channels" WHERE "id" = ANY($1::uuid[]) FOR SHARE`,
      [ids],
    );
    const known = new Set(rows.map((row) => row.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
        fields: [{ field, problems: [`no notification channel has the id ${unknown.join(', ')}`] }],
      });
    }
  }

  private async replaceLinks(
    manager: EntityManager,
    actor: Actor,
    suiteId: string,
    role: SuiteChannelRole,
    ids: string[],
  ): Promise<void> {
    await manager.query(
      `DELETE FROM "suite_notification_channels"
        WHERE "suite_id" = $1 AND "role" = $2 AND NOT ("channel_id" = ANY($3::uuid[]))`,
      [suiteId, role, ids],
    );
    if (ids.length === 0) return;
    await manager.query(
      `INSERT INTO "suite_notification_channels" ("suite_id", "channel_id", "role", "created_by")
       SELECT $1, unnest($3::uuid[]), $2, $4
       ON CONFLICT ON CONSTRAINT "suite_notification_channels_pkey" DO NOTHING`,
      [suiteId, role, ids, actor.user.id],
    );
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: SuiteNotificationsAuditAction,
    suiteId: string,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'suite',
        target_id: suiteId,
        detail,
      },
      manager,
    );
  }
}

interface LinkRow extends Record<string, unknown> {
  channel_id: string;
  role: SuiteChannelRole;
  created_at: Date;
  name: string;
  type: string;
  is_workspace_default: boolean;
}

function toLinkResponse(row: LinkRow): SuiteNotificationChannelResponse {
  return {
    channel_id: row.channel_id,
    name: row.name,
    type: row.type,
    role: row.role,
    is_workspace_default: row.is_workspace_default,
    linked_at: new Date(row.created_at).toISOString(),
  };
}
