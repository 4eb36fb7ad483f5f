import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  type CreateShareRequest,
  ErrorCode,
  type ListPageQuery,
  ShareGrant,
  type SharePage,
  type ShareResponse,
  SuiteAuditAction,
  SuiteGrant,
  type UpdateShareRequest,
  WorkspaceRole,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { maxShareFor, type Actor } from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams, entityOfRow } from '@dq/db';
import { SuiteShareEntity } from '../entities';
import { type UserSummary, userSummariesByIds, userSummaryById } from '@dq/identity';
import { SuiteAccessService } from '../access/suite-access.service';
import { toShareResponse } from '../view/suite-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A suite's shares in the order they were granted (a user holds at most one share of a suite). */
function sharesOldestFirst(suiteId: string): KeysetOrder {
  return {
    scope: `shares:${suiteId}`,
    direction: 'ASC',
    columns: [
      { sql: 'sh."created_at"', type: 'timestamp' },
      { sql: 'sh."user_id"', type: 'uuid' },
    ],
  };
}

function shareNotFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Share not found', {});
}

/**
 * Per-suite shares. Anyone who sees a suite sees who else does; the owner and workspace admins
 * grant, change and revoke. A Viewer can hold `view` only (the spec's cap): asking for `edit` on
 * a Viewer is a 422 naming the cap, never a silent downgrade.
 */
@Injectable()
export class SharesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
  ) {}

  /** A page of a suite's shares, oldest first. */
  async list(actor: Actor, suiteId: string, query: ListPageQuery = {}): Promise<SharePage> {
    await this.access.require(actor, suiteId, SuiteGrant.View);
    const paging = new KeysetPage(sharesOldestFirst(suiteId), query);
    const params = new SqlParams();
    const where = [`sh."suite_id" = ${params.add(suiteId)}`];
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT sh.*, ${paging.keyColumns()} FROM "suite_shares" sh
          WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    const shares = page.rows.map((row) => entityOfRow(this.dataSource, SuiteShareEntity, row));
    const users = await userSummariesByIds(
      this.dataSource,
      shares.map((share) => share.userId),
    );
    return {
      items: shares.map((share) => {
        const user = users.get(share.userId);
        return toShareResponse(share, { email: user?.email ?? '', displayName: user?.displayName ?? null });
      }),
      next_cursor: page.next_cursor,
    };
  }

  async grant(actor: Actor, suiteId: string, input: CreateShareRequest): Promise<ShareResponse> {
    return this.dataSource.transaction(async (manager) => {
      const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Admin, manager, true);
      const user = await this.grantee(manager, input.user_id, input.grant);
      if (user.id === suite.ownerId) {
        throw new AppError(ErrorCode.Conflict, 'The owner already has every grant on this suite', {
          field: 'user_id',
        });
      }
      const existing = await manager.getRepository(SuiteShareEntity).findOneBy({ suiteId, userId: user.id });
      if (existing !== null) {
        throw new AppError(ErrorCode.Conflict, 'This user already has a share; change it with PATCH', {
          field: 'user_id',
          grant: existing.grant,
        });
      }
      const share = await manager.save(
        manager.create(SuiteShareEntity, { suiteId, userId: user.id, grant: input.grant }),
      );
      await this.record(manager, actor, SuiteAuditAction.ShareGranted, suiteId, user.id, input.grant);
      return toShareResponse(share, { email: user.email, displayName: user.displayName });
    });
  }

  async change(
    actor: Actor,
    suiteId: string,
    userId: string,
    input: UpdateShareRequest,
  ): Promise<ShareResponse> {
    return this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Admin, manager, true);
      const share = await this.existing(manager, suiteId, userId);
      const user = await this.grantee(manager, userId, input.grant);
      if (share.grant !== input.grant) {
        share.grant = input.grant;
        await manager.save(share);
        await this.record(manager, actor, SuiteAuditAction.ShareChanged, suiteId, userId, input.grant);
      }
      return toShareResponse(share, { email: user.email, displayName: user.displayName });
    });
  }

  async revoke(actor: Actor, suiteId: string, userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Admin, manager, true);
      const share = await this.existing(manager, suiteId, userId);
      await manager.delete(SuiteShareEntity, { suiteId, userId });
      await this.record(manager, actor, SuiteAuditAction.ShareRevoked, suiteId, userId, share.grant);
    });
  }

  private async existing(manager: EntityManager, suiteId: string, userId: string): Promise<SuiteShareEntity> {
    if (!UUID.test(userId)) throw shareNotFound();
    const share = await manager.getRepository(SuiteShareEntity).findOneBy({ suiteId, userId });
    if (share === null) throw shareNotFound();
    return share;
  }

  /** The user to share with: active, and allowed to hold the grant asked for. */
  private async grantee(manager: EntityManager, userId: string, grant: ShareGrant): Promise<UserSummary> {
    const user = UUID.test(userId) ? await userSummaryById(manager, userId) : null;
    if (user === null || user.status !== 'active') {
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
        fields: [{ field: 'user_id', problems: ['no such active user'] }],
      });
    }
    if (grant === ShareGrant.Edit && maxShareFor(user.role) === ShareGrant.View) {
      throw new AppError(ErrorCode.ValidationFailed, 'A Viewer can only be given view access', {
        fields: [
          { field: 'grant', problems: [`a ${WorkspaceRole.Viewer} can hold ${ShareGrant.View} only`] },
        ],
        max_grant: ShareGrant.View,
      });
    }
    return user;
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: SuiteAuditAction,
    suiteId: string,
    userId: string,
    grant: ShareGrant,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'suite',
        target_id: suiteId,
        detail: { user_id: userId, grant },
      },
      manager,
    );
  }
}
