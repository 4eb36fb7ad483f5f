import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, QueryFailedError } from 'typeorm';
import {
  AppError,
  ConnectionAuditAction,
  type ConnectionKind,
  type ClassifiedDatasourceError,
  type ConnectionListQuery,
  type ConnectionPage,
  type ConnectionResponse,
  ConnectionTestAuditAction,
  type ConnectionTestResult,
  type ConnectionVersionPage,
  type CreateConnectionRequest,
  CredentialHealthStatus,
  type DatasourceTestRequest,
  type DraftConnectionTestRequest,
  ErrorCode,
  type ReauthConnectionRequest,
  type UpdateConnectionRequest,
  isDatasourceKind,
  type ListPageQuery,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { ConnectionEntity, ConnectionVersionEntity } from '../entities';
import {
  KeysetPage,
  type KeysetOrder,
  SqlParams,
  containsPattern,
  entityOfRow,
  isUniqueViolation,
} from '@dq/db';
import { SecretSealer, UrlPolicy } from '../ports/connection-ports';
import { capabilitiesFromTestDetails } from '../use/connection-capabilities';
import { draftSecretAad } from '../use/draft-secret-aad';
import { checkConfig, checkCredential, withConfigDefaults } from '../validation/connection-input';
import { ConnectionUseService, type CredentialUseOutcome } from './connection-use.service';
import { changedConfigFields, mergeConfig, redirectingFields, urlFieldsOf } from './connection-changes';
import { toConnectionResponse, toVersionResponse } from './connection-view';
import { type Actor, capabilityTierOf, suiteVisibilitySql } from '@dq/auth';

/** A suite that still reads a connection, as a refused delete names it. */
interface SuiteUsingConnection {
  id: string;
  name: string;
  visible: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the caller ($3, a workspace admin when $2) may see a suite of the suites' use view. */
const VISIBLE_TO_CALLER = suiteVisibilitySql({
  ownerId: 'u."owner_id"',
  me: '$3',
  isAdmin: '$2',
  holdsShare: '$3 = ANY(u."shared_with")',
});

/** Connections by name, ties (names are not unique) broken by id. */
const CONNECTIONS_BY_NAME: KeysetOrder = {
  scope: 'connections',
  direction: 'ASC',
  columns: [
    { sql: 'c."name"', type: 'text' },
    { sql: 'c."id"', type: 'uuid' },
  ],
};

/** One connection's versions, newest first (a version number is unique per connection). */
function versionsNewestFirst(connectionId: string): KeysetOrder {
  return {
    scope: `connection_versions:${connectionId}`,
    direction: 'DESC',
    columns: [{ sql: 'v."version"', type: 'integer' }],
  };
}

/** The AAD binding a sealed credential to its connection row. */
export function connectionSecretAad(id: string): string {
  return `connection:${id}`;
}

/**
 * Connections: stored config, sealed credential, config-change history. Every change commits with
 * its version snapshot and audit event; none of the three ever holds secret material.
 */
@Injectable()
export class ConnectionsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SecretSealer) private readonly sealer: SecretSealer,
    @Inject(UrlPolicy) private readonly urlPolicy: UrlPolicy,
    @Inject(ConnectionUseService) private readonly use: ConnectionUseService,
  ) {}

  /** A page of live connections by name (then id), filtered by kind and part of the name. */
  async list(query: ConnectionListQuery = {}): Promise<ConnectionPage> {
    const paging = new KeysetPage(CONNECTIONS_BY_NAME, query);
    const params = new SqlParams();
    const where = ['c."deleted_at" IS NULL'];
    if (query.kind !== undefined) where.push(`c."kind" = ${params.add(query.kind)}`);
    if (query.name !== undefined) where.push(`c."name" ILIKE ${params.add(containsPattern(query.name))}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT c.*, ${paging.keyColumns()} FROM "connections" c
        WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return {
      items: page.rows.map((row) =>
        toConnectionResponse(entityOfRow(this.dataSource, ConnectionEntity, row)),
      ),
      next_cursor: page.next_cursor,
    };
  }

  async get(id: string): Promise<ConnectionResponse> {
    return toConnectionResponse(await this.live(this.dataSource.manager, id));
  }

  /** A page of a connection's config history, newest version first. */
  async versions(id: string, query: ListPageQuery = {}): Promise<ConnectionVersionPage> {
    await this.live(this.dataSource.manager, id);
    const paging = new KeysetPage(versionsNewestFirst(id), query);
    const params = new SqlParams();
    const where = [`v."connection_id" = ${params.add(id)}`];
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT v.*, ${paging.keyColumns()} FROM "connection_versions" v
        WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return {
      items: page.rows.map((row) =>
        toVersionResponse(entityOfRow(this.dataSource, ConnectionVersionEntity, row)),
      ),
      next_cursor: page.next_cursor,
    };
  }

  async create(input: CreateConnectionRequest, actor: Actor): Promise<ConnectionResponse> {
    const config = checkConfig(input.kind, input.config);
    // A null credential is none given, as the validation lets it through (a server that asks none).
    const credential = input.credential != null ? checkCredential(input.kind, input.credential) : undefined;
    await this.assertUrlsAllowed(config);
    const id = randomUUID();
    return this.writing(() =>
      this.dataSource.transaction(async (manager) => {
        const row = manager.create(ConnectionEntity, {
          id,
          name: input.name,
          kind: input.kind,
          config,
          secretCiphertext:
            credential !== undefined ? this.sealer.seal(credential, connectionSecretAad(id)) : null,
          createdBy: actor.user.id,
          version: 1,
        });
        await manager.save(ConnectionEntity, row);
        const changed = [
          'name',
          'kind',
          ...Object.keys(config).sort(),
          ...(credential ? ['credential'] : []),
        ];
        await this.snapshot(manager, row, changed, actor);
        await this.record(manager, ConnectionAuditAction.Created, row, changed, actor);
        return toConnectionResponse(await this.live(manager, id));
      }),
    );
  }

  async update(id: string, input: UpdateConnectionRequest, actor: Actor): Promise<ConnectionResponse> {
    return this.writing(() =>
      this.dataSource.transaction(async (manager) => {
        const row = await this.live(manager, id, true);
        const kind = row.kind as ConnectionKind;
        const config = checkConfig(kind, mergeConfig(row.config, input.config));
        // A null field of the patch is a field not given, as the validation lets it through.
        const credential = input.credential != null ? checkCredential(kind, input.credential) : undefined;
        const configChanged = changedConfigFields(row.config, config);
        // A default filled into a row saved before it existed (sslmode) moves nothing.
        const redirected = redirectingFields(
          kind,
          changedConfigFields(withConfigDefaults(kind, row.config), config),
        );
        // Refused before anything is written: the old credential must not follow a new target. A
        // connection with no credential stored (a server that asks for none) has none to follow.
        if (redirected.length > 0 && credential === undefined && row.secretCiphertext !== null) {
          throw new AppError(
            ErrorCode.CredentialRedirect,
            'Changing where the credential is sent requires the credential',
            {
              required: ['credential'],
              fields: redirected,
            },
          );
        }
        await this.assertUrlsAllowed(config);
        const changed = [
          ...(input.name != null && input.name !== row.name ? ['name'] : []),
          ...configChanged,
          ...(credential !== undefined ? ['credential'] : []),
        ];
        // An allowance given for one target's role does not follow the connection to another.
        const allowBefore = row.allowCustomSqlWithDangerousPrivileges;
        const allowAfter =
          input.allow_custom_sql_with_dangerous_privileges ?? (redirected.length > 0 ? false : allowBefore);
        if (allowAfter !== allowBefore) {
          row.allowCustomSqlWithDangerousPrivileges = allowAfter;
          await manager.save(ConnectionEntity, row);
          await this.recordPermission(manager, row, allowBefore, allowAfter, actor);
        }
        if (changed.length === 0) return toConnectionResponse(await this.live(manager, id));
        row.name = input.name ?? row.name;
        row.config = config;
        if (credential !== undefined)
          row.secretCiphertext = this.sealer.seal(credential, connectionSecretAad(id));
        // What was found about the old target says nothing about the new one.
        if (redirected.length > 0) row.capabilities = null;
        row.version += 1;
        await manager.save(ConnectionEntity, row);
        await this.snapshot(manager, row, changed, actor);
        await this.record(manager, ConnectionAuditAction.Updated, row, changed, actor);
        return toConnectionResponse(await this.live(manager, id));
      }),
    );
  }

  /**
   * Soft delete; the sealed credential is dropped with it, since nothing may use it again. Refused
   * with 409 `connection_in_use` while a suite reads it (its target, or a comparison's baseline):
   * their runs would have nothing to read. The suites the caller may see are named, the rest counted.
   */
  async delete(id: string, actor: Actor): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.live(manager, id, true);
      const using = await this.suitesUsing(manager, id, actor);
      if (using.length > 0) {
        const named = using.filter((suite) => suite.visible);
        throw new AppError(
          ErrorCode.ConnectionInUse,
          `The connection is used by ${using.length} suite${using.length === 1 ? '' : 's'}; point them at another connection or delete them first`,
          {
            suites: named.map(({ id: suiteId, name }) => ({ id: suiteId, name })),
            other_suite_count: using.length - named.length,
          },
        );
      }
      await manager.update(ConnectionEntity, { id }, { deletedAt: new Date(), secretCiphertext: null });
      await this.record(manager, ConnectionAuditAction.Deleted, row, [], actor);
    });
  }

  /** Credential health after a use (spec table): only `auth` moves it, success resets it. */
  recordCredentialUse(
    id: string,
    outcome: CredentialUseOutcome,
    error?: ClassifiedDatasourceError,
  ): Promise<void> {
    return this.use.recordCredentialUse(id, outcome, error);
  }

  /** What the runner needs to test a saved connection: its id; it reads config and secret itself. */
  async savedTestRequest(id: string): Promise<DatasourceTestRequest> {
    const row = await this.live(this.dataSource.manager, id);
    await this.assertUrlsAllowed(row.config);
    return {
      connection_id: row.id,
      kind: row.kind as ConnectionKind,
      config: row.config,
      sealed_credential: null,
      aad: connectionSecretAad(row.id),
    };
  }

  /**
   * A draft checked by the same per-kind rules and egress policy as a create, its credential sealed
   * for this one test. Nothing is stored.
   */
  async draftTestRequest(input: DraftConnectionTestRequest): Promise<DatasourceTestRequest> {
    const config = checkConfig(input.kind, input.config);
    // A null credential is none given, as the validation lets it through (a server that asks none).
    const credential = input.credential != null ? checkCredential(input.kind, input.credential) : undefined;
    await this.assertUrlsAllowed(config);
    const aad = draftSecretAad();
    return {
      connection_id: null,
      kind: input.kind,
      config,
      sealed_credential: credential !== undefined ? this.sealer.seal(credential, aad) : null,
      aad,
    };
  }

  /** The one trace a draft test leaves: who tested which kind and how it went, no config. */
  async recordDraftTest(kind: ConnectionKind, result: ConnectionTestResult, actor: Actor): Promise<void> {
    await this.audit.record({
      action: ConnectionTestAuditAction.DraftTested,
      actor_user_id: actor.user.id,
      actor_credential: actor.credential,
      target_type: 'connection',
      target_id: null,
      detail: { kind, ok: result.ok, error_class: result.error?.class ?? null },
    });
  }

  /**
   * Rotates the credential only after `verify` (a runner test of the new credential against the
   * stored config) passes; otherwise 422 with the classified result and nothing stored. A config
   * change while the test ran is a 409: the credential was verified against the old target.
   */
  async reauthenticate(
    id: string,
    input: ReauthConnectionRequest,
    actor: Actor,
    verify: (request: DatasourceTestRequest) => Promise<ConnectionTestResult>,
  ): Promise<ConnectionResponse> {
    const tested = await this.live(this.dataSource.manager, id);
    const kind = tested.kind as ConnectionKind;
    const credential = checkCredential(kind, input.credential);
    await this.assertUrlsAllowed(tested.config);
    const aad = draftSecretAad();
    const result = await verify({
      connection_id: null,
      kind,
      config: tested.config,
      sealed_credential: this.sealer.seal(credential, aad),
      aad,
    });
    if (!result.ok) {
      throw new AppError(ErrorCode.ValidationFailed, 'The new credential did not pass the connection test', {
        test: result,
      });
    }
    return this.dataSource.transaction(async (manager) => {
      const row = await this.live(manager, id, true);
      if (row.version !== tested.version) {
        throw new AppError(ErrorCode.Conflict, 'The connection changed while the credential was tested');
      }
      row.secretCiphertext = this.sealer.seal(credential, connectionSecretAad(id));
      row.version += 1;
      // The test just used this credential successfully: that is real use, so health is healthy.
      if (isDatasourceKind(kind)) {
        row.healthStatus = CredentialHealthStatus.Healthy;
        row.consecutiveAuthFailures = 0;
        row.lastAuthSuccessAt = new Date();
      }
      row.capabilities = capabilitiesFromTestDetails(result.details, new Date()) ?? row.capabilities;
      await manager.save(ConnectionEntity, row);
      await this.snapshot(manager, row, ['credential'], actor);
      await this.record(manager, ConnectionTestAuditAction.Reauthenticated, row, ['credential'], actor);
      return toConnectionResponse(await this.live(manager, id));
    });
  }

  /** Suites whose target is on the connection or whose checks compare against it, by name. */
  private async suitesUsing(
    manager: EntityManager,
    id: string,
    actor: Actor,
  ): Promise<SuiteUsingConnection[]> {
    return manager.query<SuiteUsingConnection[]>(
      `SELECT u."suite_id" AS "id", u."suite_name" AS "name",
              ${VISIBLE_TO_CALLER} AS "visible"
         FROM "suite_connection_uses" u
        WHERE u."connection_id" = $1::text
        ORDER BY u."suite_name" ASC, u."suite_id" ASC`,
      [id, capabilityTierOf(actor.user) === 'admin', actor.user.id],
    );
  }

  private async live(manager: EntityManager, id: string, lock = false): Promise<ConnectionEntity> {
    const row = UUID.test(id)
      ? await manager.getRepository(ConnectionEntity).findOne({
          where: { id, deletedAt: IsNull() },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (row === null) throw new AppError(ErrorCode.NotFound, 'Connection not found');
    return row;
  }

  private async assertUrlsAllowed(config: Record<string, unknown>): Promise<void> {
    for (const { field, url } of urlFieldsOf(config))
      await this.urlPolicy.assertAllowed(url, `config.${field}`);
    // PostgreSQL's `host` (the one kind reached by host and port) is held to the same policy.
    if (typeof config['host'] === 'string')
      await this.urlPolicy.assertHostAllowed(config['host'], 'config.host');
  }

  private async snapshot(
    manager: EntityManager,
    row: ConnectionEntity,
    changedFields: string[],
    actor: Actor,
  ): Promise<void> {
    await manager.save(
      manager.create(ConnectionVersionEntity, {
        connectionId: row.id,
        version: row.version,
        name: row.name,
        config: row.config,
        changedFields,
        changedBy: actor.user.id,
      }),
    );
  }

  private async record(
    manager: EntityManager,
    action: ConnectionAuditAction | ConnectionTestAuditAction,
    row: ConnectionEntity,
    changedFields: string[],
    actor: Actor,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'connection',
        target_id: row.id,
        detail: { name: row.name, kind: row.kind, version: row.version, changed_fields: changedFields },
      },
      manager,
    );
  }

  /** Its own audit event, before and after, so an allowance is never buried in a config change. */
  private async recordPermission(
    manager: EntityManager,
    row: ConnectionEntity,
    before: boolean,
    after: boolean,
    actor: Actor,
  ): Promise<void> {
    await this.audit.record(
      {
        action: ConnectionAuditAction.CustomSqlPermissionChanged,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'connection',
        target_id: row.id,
        detail: {
          name: row.name,
          kind: row.kind,
          dangerous_privileges: row.capabilities?.dangerous_privileges ?? null,
          before: { allow_custom_sql_with_dangerous_privileges: before },
          after: { allow_custom_sql_with_dangerous_privileges: after },
        },
      },
      manager,
    );
  }

  /** Maps the live-name unique index to 409 `conflict`. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof QueryFailedError && isUniqueViolation(error)) {
        throw new AppError(ErrorCode.Conflict, 'A connection with this name already exists', {
          field: 'name',
        });
      }
      throw error;
    }
  }
}
