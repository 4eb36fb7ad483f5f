import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  type CreateNotificationChannelRequest,
  ErrorCode,
  NotificationChannelAuditAction,
  type NotificationChannelListQuery,
  type NotificationChannelPage,
  type NotificationChannelResponse,
  NotificationChannelType,
  type NotificationChannelWithKeyResponse,
  type UpdateNotificationChannelRequest,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { type Actor, WorkspaceCapability, hasCapability } from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams, entityOfRow, isUniqueViolation } from '@dq/db';
import { type EgressGuard, generateSigningKey } from '@dq/security';
import { NotificationChannelEntity } from '../entities/notification-channel.entity';
import {
  CHANNEL_EGRESS_GUARD,
  CHANNEL_SEALER,
  type ChannelSealer,
  PREVIOUS_KEY_GRACE_MS,
  channelSecretAad,
} from './channel-secrets';
import { suitesUsingChannel } from './channel-use';
import {
  assertAuthHeaderName,
  assertChannelShape,
  assertWebhookShape,
  normaliseEmailTo,
  validatePayloadTemplate,
  validationFailed,
} from './channel-validation';
import { toNotificationChannelResponse } from './channel-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DNS_FAILURE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'ENODATA', 'ESERVFAIL', 'ETIMEOUT']);

/** Channels by name (unique), then id. */
const CHANNELS_BY_NAME: KeysetOrder = {
  scope: 'notification-channels',
  direction: 'ASC',
  columns: [
    { sql: 'c."name"', type: 'text' },
    { sql: 'c."id"', type: 'uuid' },
  ],
};

export function notificationChannelNotFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Notification channel not found', {});
}

/** The egress guard's URL check, as the service needs it. */
export type ChannelUrlGuard = Pick<EgressGuard, 'assertUrlAllowed'>;

/**
 * Notification channels as the gateways serve them. Any signed-in user lists and reads them (no URL,
 * no credential; the payload template for admins only); creating, changing and deleting one is for
 * workspace admins and audited without secret material. The gateway seals the webhook URL, the auth
 * header value and the signing key for the alerting service and never opens them (docs/decisions/0044).
 */
@Injectable()
export class NotificationChannelsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(CHANNEL_SEALER) private readonly sealer: ChannelSealer,
    @Inject(CHANNEL_EGRESS_GUARD) private readonly egress: ChannelUrlGuard,
  ) {}

  async list(actor: Actor, query: NotificationChannelListQuery = {}): Promise<NotificationChannelPage> {
    const paging = new KeysetPage(CHANNELS_BY_NAME, query);
    const params = new SqlParams();
    const where = ['true'];
    if (query.type !== undefined) where.push(`c."type" = ${params.add(query.type)}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT c.*, ${paging.keyColumns()} FROM "notification_channels" c
        WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    const admin = isAdmin(actor);
    return {
      items: page.rows.map((row) =>
        toNotificationChannelResponse(entityOfRow(this.dataSource, NotificationChannelEntity, row), admin),
      ),
      next_cursor: page.next_cursor,
    };
  }

  async get(actor: Actor, id: string): Promise<NotificationChannelResponse> {
    return toNotificationChannelResponse(await this.require(id), isAdmin(actor));
  }

  async create(
    actor: Actor,
    input: CreateNotificationChannelRequest,
  ): Promise<NotificationChannelWithKeyResponse> {
    const emailTo = normaliseEmailTo(input.email_to ?? []);
    const authHeaderName = input.auth_header_name ?? null;
    assertChannelShape({
      type: input.type,
      hasWebhook: input.webhook_url !== undefined,
      emailTo,
      hasPayloadTemplate: input.payload_template !== undefined,
      authHeaderName,
      hasAuthHeaderValue: input.auth_header_value !== undefined,
    });
    if (authHeaderName !== null) assertAuthHeaderName(authHeaderName);
    if (input.payload_template !== undefined) validatePayloadTemplate(input.payload_template);
    if (input.webhook_url !== undefined) await this.checkUrl(input.type, input.webhook_url);

    const id = randomUUID();
    const signingKey = input.type === NotificationChannelType.Webhook ? generateSigningKey() : undefined;
    const channel = this.dataSource.manager.create(NotificationChannelEntity, {
      id,
      name: input.name,
      type: input.type,
      webhookUrlSealed:
        input.webhook_url === undefined ? null : this.seal(id, 'webhook_url', input.webhook_url),
      emailTo,
      isWorkspaceDefault: input.is_workspace_default ?? false,
      isEscalation: input.is_escalation ?? false,
      payloadTemplate: input.payload_template ?? null,
      authHeaderName,
      authHeaderValueSealed:
        input.auth_header_value === undefined
          ? null
          : this.seal(id, 'auth_header_value', input.auth_header_value),
      signingKeySealed: signingKey === undefined ? null : this.seal(id, 'signing_key', signingKey),
      previousSigningKeySealed: null,
      previousKeyUntil: null,
      flaggedAt: null,
      flagReason: null,
      createdBy: actor.user.id,
    });
    return this.dataSource.transaction(async (manager) => {
      if (channel.isWorkspaceDefault) await this.clearDefault(manager, id);
      await this.save(manager, channel);
      await this.record(manager, actor, NotificationChannelAuditAction.Created, channel, {
        name: channel.name,
        type: channel.type,
        has_webhook: channel.webhookUrlSealed !== null,
        email_to_count: channel.emailTo.length,
        is_workspace_default: channel.isWorkspaceDefault,
        is_escalation: channel.isEscalation,
        has_payload_template: channel.payloadTemplate !== null,
        auth_header_name: channel.authHeaderName,
      });
      return {
        ...toNotificationChannelResponse(channel, true),
        ...(signingKey === undefined ? {} : { signing_key: signingKey }),
      };
    });
  }

  async update(
    actor: Actor,
    id: string,
    input: UpdateNotificationChannelRequest,
  ): Promise<NotificationChannelWithKeyResponse> {
    if (!UUID.test(id)) throw notificationChannelNotFound();
    if (input.payload_template !== undefined && input.payload_template !== null) {
      validatePayloadTemplate(input.payload_template);
    }
    if (typeof input.auth_header_name === 'string') assertAuthHeaderName(input.auth_header_name);
    return this.dataSource.transaction(async (manager) => {
      const channel = await this.require(id, manager);
      const changed: string[] = [];
      const now = new Date();

      if (input.webhook_url !== undefined) {
        // The URL decides where the auth header goes: a new URL needs the header value again.
        const headerStays = input.auth_header_name !== null && channel.authHeaderValueSealed !== null;
        if (headerStays && input.auth_header_value === undefined) {
          throw new AppError(
            ErrorCode.ChannelCredentialRedirect,
            'Changing webhook_url on a channel with an auth header needs auth_header_value in the same request',
            { field: 'auth_header_value' },
          );
        }
        if (channel.type === NotificationChannelType.Email) {
          throw validationFailed([
            { field: 'webhook_url', problems: ['an email channel has no webhook_url'] },
          ]);
        }
        await this.checkUrl(channel.type, input.webhook_url);
        channel.webhookUrlSealed = this.seal(id, 'webhook_url', input.webhook_url);
        // A new address starts with a clean record: the flag was about the old one.
        channel.flaggedAt = null;
        channel.flagReason = null;
        changed.push('webhook_url');
      }
      if (input.name !== undefined && input.name !== channel.name) {
        channel.name = input.name;
        changed.push('name');
      }
      if (input.email_to !== undefined) {
        channel.emailTo = normaliseEmailTo(input.email_to);
        changed.push('email_to');
      }
      if (input.is_escalation !== undefined && input.is_escalation !== channel.isEscalation) {
        channel.isEscalation = input.is_escalation;
        changed.push('is_escalation');
      }
      if (
        input.is_workspace_default !== undefined &&
        input.is_workspace_default !== channel.isWorkspaceDefault
      ) {
        if (input.is_workspace_default) await this.clearDefault(manager, id);
        channel.isWorkspaceDefault = input.is_workspace_default;
        changed.push('is_workspace_default');
      }
      if (input.payload_template !== undefined) {
        channel.payloadTemplate = input.payload_template;
        changed.push('payload_template');
      }
      if (input.auth_header_name !== undefined) {
        channel.authHeaderName = input.auth_header_name;
        if (input.auth_header_name === null) channel.authHeaderValueSealed = null;
        changed.push('auth_header_name');
      }
      if (input.auth_header_value !== undefined) {
        channel.authHeaderValueSealed = this.seal(id, 'auth_header_value', input.auth_header_value);
        changed.push('auth_header_value');
      }
      assertChannelShape({
        type: channel.type,
        hasWebhook: channel.webhookUrlSealed !== null,
        emailTo: channel.emailTo,
        hasPayloadTemplate: channel.payloadTemplate !== null,
        authHeaderName: channel.authHeaderName,
        hasAuthHeaderValue: channel.authHeaderValueSealed !== null,
      });

      let signingKey: string | undefined;
      if (input.regenerate_hmac_secret === true) {
        if (channel.type !== NotificationChannelType.Webhook) {
          throw validationFailed([
            { field: 'regenerate_hmac_secret', problems: ['only webhook channels have a signing key'] },
          ]);
        }
        // The old key keeps signing beside the new one for 24 hours; a second rotation drops the oldest.
        signingKey = generateSigningKey();
        channel.previousSigningKeySealed = channel.signingKeySealed;
        channel.previousKeyUntil = new Date(now.getTime() + PREVIOUS_KEY_GRACE_MS);
        channel.signingKeySealed = this.seal(id, 'signing_key', signingKey);
      }

      if (changed.length > 0 || signingKey !== undefined) {
        await this.save(manager, channel);
        if (changed.length > 0) {
          await this.record(manager, actor, NotificationChannelAuditAction.Updated, channel, { changed });
        }
        if (signingKey !== undefined) {
          await this.record(manager, actor, NotificationChannelAuditAction.KeyRotated, channel, {
            previous_key_until: channel.previousKeyUntil?.toISOString() ?? null,
          });
        }
      }
      return {
        ...toNotificationChannelResponse(channel, true, now),
        ...(signingKey === undefined ? {} : { signing_key: signingKey }),
      };
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    if (!UUID.test(id)) throw notificationChannelNotFound();
    await this.dataSource.transaction(async (manager) => {
      const channel = await this.require(id, manager);
      const suites = await suitesUsingChannel(manager, id);
      if (suites.count > 0) {
        throw new AppError(ErrorCode.ChannelInUse, 'Suites still send alerts to this channel', {
          suite_count: suites.count,
          suite_ids: suites.suiteIds,
        });
      }
      await manager.delete(NotificationChannelEntity, { id });
      await this.record(manager, actor, NotificationChannelAuditAction.Deleted, channel, {
        name: channel.name,
        type: channel.type,
      });
    });
  }

  /** The channel (locked for update inside a transaction), or 404. */
  private async require(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<NotificationChannelEntity> {
    if (!UUID.test(id)) throw notificationChannelNotFound();
    const channel = await manager.getRepository(NotificationChannelEntity).findOne({
      where: { id },
      ...(manager === this.dataSource.manager ? {} : { lock: { mode: 'pessimistic_write' as const } }),
    });
    if (channel === null) throw notificationChannelNotFound();
    return channel;
  }

  /** The egress guard (422 `url_forbidden`), then the URL's shape for the channel type. */
  private async checkUrl(type: NotificationChannelType, url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = await this.egress.assertUrlAllowed(url, 'webhook_url');
    } catch (error) {
      // A name that does not resolve is the caller's input, never a 500.
      const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
      if ((typeof code === 'string' && DNS_FAILURE_CODES.has(code)) || syscall === 'getaddrinfo') {
        throw validationFailed([{ field: 'webhook_url', problems: ['the host name does not resolve'] }]);
      }
      throw error;
    }
    assertWebhookShape(type, parsed);
  }

  private seal(
    id: string,
    field: 'webhook_url' | 'auth_header_value' | 'signing_key',
    value: string,
  ): string {
    return this.sealer.seal(value, channelSecretAad(id, field));
  }

  private async clearDefault(manager: EntityManager, exceptId: string): Promise<void> {
    await manager.query(
      `UPDATE "notification_channels" SET "is_workspace_default" = false, "updated_at" = now()
        WHERE "is_workspace_default" AND "id" <> $1`,
      [exceptId],
    );
  }

  /** Saves the channel; a taken name, or a concurrent second default, is a 409 naming the field. */
  private async save(manager: EntityManager, channel: NotificationChannelEntity): Promise<void> {
    try {
      await manager.transaction(async (inner) => {
        await inner.save(channel);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'notification_channels_name_key')) {
        throw new AppError(ErrorCode.Conflict, 'A notification channel with this name exists', {
          field: 'name',
        });
      }
      if (isUniqueViolation(error, 'notification_channels_one_default_key')) {
        throw new AppError(ErrorCode.Conflict, 'Another channel became the workspace default meanwhile', {
          field: 'is_workspace_default',
        });
      }
      throw error;
    }
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: NotificationChannelAuditAction,
    channel: NotificationChannelEntity,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'notification_channel',
        target_id: channel.id,
        detail,
      },
      manager,
    );
  }
}

function isAdmin(actor: Actor): boolean {
  return hasCapability(actor.user, WorkspaceCapability.AdminArea);
}
