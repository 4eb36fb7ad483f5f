import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, QueryFailedError } from 'typeorm';
import {
  AppError,
  ConnectionAuditAction,
  type ConnectionKind,
  type ConnectionResponse,
  type ConnectionVersionResponse,
  type CreateConnectionRequest,
  ErrorCode,
  type UpdateConnectionRequest,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { ConnectionEntity, ConnectionVersionEntity } from '@dq/db';
import { SecretSealer, UrlPolicy } from '../ports/connection-ports';
import { checkConfig, checkCredential } from '../validation/connection-input';
import { changedConfigFields, mergeConfig, redirectingFields, urlFieldsOf } from './connection-changes';
import { toConnectionResponse, toVersionResponse } from './connection-view';

/** Who makes a change, as the audit log records it. */
export interface ConnectionActor {
  userId: string;
  credential: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';

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
  ) {}

  async list(): Promise<ConnectionResponse[]> {
    const rows = await this.dataSource.getRepository(ConnectionEntity).find({
      where: { deletedAt: IsNull() },
      order: { name: 'ASC' },
    });
    return rows.map(toConnectionResponse);
  }

  async get(id: string): Promise<ConnectionResponse> {
    return toConnectionResponse(await this.live(this.dataSource.manager, id));
  }

  async versions(id: string): Promise<ConnectionVersionResponse[]> {
    await this.live(this.dataSource.manager, id);
    const rows = await this.dataSource.getRepository(ConnectionVersionEntity).find({
      where: { connectionId: id },
      order: { version: 'DESC' },
    });
    return rows.map(toVersionResponse);
  }

  async create(input: CreateConnectionRequest, actor: ConnectionActor): Promise<ConnectionResponse> {
    const config = checkConfig(input.kind, input.config);
    const credential =
      input.credential !== undefined ? checkCredential(input.kind, input.credential) : undefined;
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
          createdBy: actor.userId,
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

  async update(
    id: string,
    input: UpdateConnectionRequest,
    actor: ConnectionActor,
  ): Promise<ConnectionResponse> {
    return this.writing(() =>
      this.dataSource.transaction(async (manager) => {
        const row = await this.live(manager, id, true);
        const kind = row.kind as ConnectionKind;
        const config = checkConfig(kind, mergeConfig(row.config, input.config));
        const credential =
          input.credential !== undefined ? checkCredential(kind, input.credential) : undefined;
        const configChanged = changedConfigFields(row.config, config);
        const redirected = redirectingFields(kind, configChanged);
        // Refused before anything is written: the old credential must not follow a new target.
        if (redirected.length > 0 && credential === undefined) {
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
          ...(input.name !== undefined && input.name !== row.name ? ['name'] : []),
          ...configChanged,
          ...(credential !== undefined ? ['credential'] : []),
        ];
        if (changed.length === 0) return toConnectionResponse(row);
        row.name = input.name ?? row.name;
        row.config = config;
        if (credential !== undefined)
          row.secretCiphertext = this.sealer.seal(credential, connectionSecretAad(id));
        row.version += 1;
        await manager.save(ConnectionEntity, row);
        await this.snapshot(manager, row, changed, actor);
        await this.record(manager, ConnectionAuditAction.Updated, row, changed, actor);
        return toConnectionResponse(await this.live(manager, id));
      }),
    );
  }

  /** Soft delete; the sealed credential is dropped with it, since nothing may use it again. */
  async delete(id: string, actor: ConnectionActor): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.live(manager, id, true);
      await manager.update(ConnectionEntity, { id }, { deletedAt: new Date(), secretCiphertext: null });
      await this.record(manager, ConnectionAuditAction.Deleted, row, [], actor);
    });
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
  }

  private async snapshot(
    manager: EntityManager,
    row: ConnectionEntity,
    changedFields: string[],
    actor: ConnectionActor,
  ): Promise<void> {
    await manager.save(
      manager.create(ConnectionVersionEntity, {
        connectionId: row.id,
        version: row.version,
        name: row.name,
        config: row.config,
        changedFields,
        changedBy: actor.userId,
      }),
    );
  }

  private async record(
    manager: EntityManager,
    action: ConnectionAuditAction,
    row: ConnectionEntity,
    changedFields: string[],
    actor: ConnectionActor,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.userId,
        actor_credential: actor.credential,
        target_type: 'connection',
        target_id: row.id,
        detail: { name: row.name, kind: row.kind, version: row.version, changed_fields: changedFields },
      },
      manager,
    );
  }

  /** Maps the live-name unique index to 409 `conflict`. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        throw new AppError(ErrorCode.Conflict, 'A connection with this name already exists', {
          field: 'name',
        });
      }
      throw error;
    }
  }
}
