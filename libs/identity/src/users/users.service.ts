import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLog } from '@dq/audit';
import {
  AppError,
  AuditAction,
  type CredentialKind,
  ErrorCode,
  type MeResponse,
  NAME_MAX_LENGTH,
  type UserSearchPage,
  type UserSearchQuery,
  WORKSPACE_ROLES,
  WorkspaceRole,
} from '@dq/contracts';
import { UserEntity } from '../entities';
import {
  KeysetPage,
  type KeysetOrder,
  SqlParams,
  containsPattern,
  entityOfRow,
  isUniqueViolation,
} from '@dq/db';
import { LOGGER, type Logger } from '@dq/platform';
import { IDENTITY_OPTIONS, normalizeEmail, type ResolvedIdentityOptions } from '../identity-options';
import { auditActorFields } from '../persistence/audit-actor';
import { isStale, touchCoarsely } from '../persistence/coarse-touch';
import { isUuid } from '../persistence/uuid';
import { validationFailed } from '../persistence/validation';
import { effectiveRoleOf, isWorkspaceAdminOf, maxShareOf } from './workspace-role';
import { type Actor } from '@dq/auth';

export interface ProvisionOnSignInInput {
  email: string;
  displayName?: string;
  idpIssuer?: string;
  idpSubject?: string;
}

export interface ProvisionOnSignInResult {
  user: UserEntity;
  /** True when this call created the user (first sign-in). */
  created: boolean;
}

export const USER_SEARCH_LIMIT = 20;

/** Users by display name, ties broken by id. */
const USERS_BY_NAME: KeysetOrder = {
  scope: 'users',
  direction: 'ASC',
  columns: [
    { sql: 'u."display_name"', type: 'text' },
    { sql: 'u."id"', type: 'uuid' },
  ],
};

/** Users: provisioning on sign-in, roles as they take effect, profile and search. */
@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(IDENTITY_OPTIONS) private readonly options: ResolvedIdentityOptions,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  private get users() {
    return this.dataSource.getRepository(UserEntity);
  }

  async findActiveById(id: string): Promise<UserEntity | null> {
    if (!isUuid(id)) return null;
    return this.users.findOneBy({ id, status: 'active' });
  }

  async findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: normalizeEmail(email) });
  }

  /**
   * Finds or creates the user who just signed in. Idempotent under concurrent first sign-ins: the
   * insert is `ON CONFLICT DO NOTHING` on every unique key, and the loser reads the winner's row.
   * An identity-provider subject is linked to an existing e-mail row once; a row already linked to
   * another subject is refused rather than taken over.
   */
  async provisionOnSignIn(input: ProvisionOnSignInInput): Promise<ProvisionOnSignInResult> {
    const email = normalizeEmail(input.email);
    if (email === '' || !email.includes('@')) throw validationFailed('email', 'email must be an address');
    const idp =
      input.idpIssuer && input.idpSubject ? { issuer: input.idpIssuer, subject: input.idpSubject } : null;

    if (idp) {
      const linked = await this.users.findOneBy({ idpIssuer: idp.issuer, idpSubject: idp.subject });
      if (linked) return { user: await this.seen(linked), created: false };
    }

    const created = await this.dataSource.transaction(async (manager) => {
      // A first sign-in of an admitted address takes the role the admin gave it on admission.
      const inserted = await manager.query<{ id: string; role: WorkspaceRole }[]>(
        `INSERT INTO "users" ("email", "display_name", "idp_issuer", "idp_subject", "last_seen_at", "role")
         VALUES ($1, $2, $3, $4, now(), COALESCE(
           (SELECT "initial_role" FROM "workspace_members" WHERE "email" = $1 AND "withdrawn_at" IS NULL),
           'member'))
         ON CONFLICT DO NOTHING
         RETURNING "id", "role"`,
        [email, defaultDisplayName(input.displayName, email), idp?.issuer ?? null, idp?.subject ?? null],
      );
      if (inserted.length === 0) return null;
      const [{ id, role }] = inserted;
      await manager.query(
        `UPDATE "workspace_members" SET "user_id" = $2 WHERE "email" = $1 AND "user_id" IS NULL`,
        [email, id],
      );
      await this.audit.record(
        {
          ...auditActorFields(id, undefined),
          action: AuditAction.UserProvisioned,
          target_type: 'user',
          target_id: id,
          detail: { via: idp ? 'identity_provider' : 'email', role },
        },
        manager,
      );
      return id;
    });
    if (created !== null) return { user: await this.users.findOneByOrFail({ id: created }), created: true };

    const existing =
      (await this.users.findOneBy({ email })) ??
      (idp ? await this.users.findOneBy({ idpIssuer: idp.issuer, idpSubject: idp.subject }) : null);
    if (!existing) throw new Error('user provisioning lost a concurrent race twice');
    if (idp) return { user: await this.seen(await this.linkIdentity(existing, idp)), created: false };
    return { user: await this.seen(existing), created: false };
  }

  /** The role in force: Admin for WORKSPACE_ADMIN_EMAILS addresses, the stored role otherwise. */
  effectiveRole(user: Pick<UserEntity, 'email' | 'role'>): WorkspaceRole {
    return effectiveRoleOf(user, this.options.workspaceAdminEmails);
  }

  isWorkspaceAdmin(user: Pick<UserEntity, 'email' | 'role'>): boolean {
    return isWorkspaceAdminOf(user, this.options.workspaceAdminEmails);
  }

  /** True for an address in WORKSPACE_ADMIN_EMAILS, whatever its stored role. */
  isListedAdminEmail(email: string): boolean {
    return this.options.workspaceAdminEmails.has(normalizeEmail(email));
  }

  async updateDisplayName(userId: string, displayName: string, actor?: Actor): Promise<UserEntity> {
    const name = typeof displayName === 'string' ? displayName.trim() : '';
    if (name.length < 1 || name.length > NAME_MAX_LENGTH) {
      throw validationFailed('display_name', `display_name must be 1 to ${NAME_MAX_LENGTH} characters`);
    }
    return this.change(userId, actor, async (user, manager) => {
      if (user.displayName === name) return null;
      await manager.getRepository(UserEntity).update({ id: user.id }, { displayName: name });
      return { action: AuditAction.UserUpdated, detail: { fields: ['display_name'] } };
    });
  }

  /** Sets the stored role. Guards (last admin, confirm_self) belong to the admin use case. */
  async setRole(userId: string, role: WorkspaceRole, actor?: Actor): Promise<UserEntity> {
    if (!WORKSPACE_ROLES.includes(role))
      throw validationFailed('role', 'role must be admin, member or viewer');
    return this.change(userId, actor, async (user, manager) => {
      if (user.role === role) return null;
      await manager.getRepository(UserEntity).update({ id: user.id }, { role });
      return { action: AuditAction.UserRoleChanged, detail: { from: user.role, to: role } };
    });
  }

  /**
   * A deactivated user's keys and sessions stop resolving on their next request. Not audited here:
   * offboarding (the admin use case) records it with its own actor.
   */
  async deactivate(userId: string, actor?: Actor): Promise<UserEntity> {
    return this.change(userId, actor, async (user, manager) => {
      await manager.getRepository(UserEntity).update({ id: user.id }, { status: 'deactivated' });
      return null;
    });
  }

  /**
   * A page of the active users whose display name or e-mail contains `q` (case-insensitive,
   * wildcards literal), by display name, 20 a page unless `limit` says otherwise. `max_share` is
   * `view` for Viewers, and for every result when the caller is a Viewer.
   */
  async search(
    query: UserSearchQuery,
    { callerRole }: { callerRole: WorkspaceRole },
  ): Promise<UserSearchPage> {
    const text = typeof query.q === 'string' ? query.q.trim() : '';
    if (text === '') return { items: [], next_cursor: null };
    const paging = new KeysetPage(USERS_BY_NAME, query, USER_SEARCH_LIMIT);
    const params = new SqlParams();
    const pattern = params.add(containsPattern(text));
    const where = [
      `u."status" = 'active'`,
      `(u."display_name" ILIKE ${pattern} OR u."email" ILIKE ${pattern})`,
    ];
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT u.*, ${paging.keyColumns()} FROM "users" u WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return {
      items: page.rows.map((row) => {
        const user = entityOfRow(this.dataSource, UserEntity, row);
        const role = this.effectiveRole(user);
        return {
          id: user.id,
          display_name: user.displayName,
          email: user.email,
          role,
          max_share: callerRole === WorkspaceRole.Viewer ? 'view' : maxShareOf(role),
        };
      }),
      next_cursor: page.next_cursor,
    };
  }

  toMeResponse(user: UserEntity, credentialKind: CredentialKind): MeResponse {
    return {
      id: user.id,
      display_name: user.displayName,
      email: user.email,
      role: this.effectiveRole(user),
      is_workspace_admin: this.isWorkspaceAdmin(user),
      credential: credentialKind,
    };
  }

  /**
   * Locks the user row, applies `apply` and records the audit event it returns, in one transaction,
   * so the change and its event commit together. Unknown or malformed ids are a 404.
   */
  private async change(
    userId: string,
    actor: Actor | undefined,
    apply: (
      user: UserEntity,
      manager: EntityManager,
    ) => Promise<{ action: AuditAction; detail: Record<string, unknown> } | null>,
  ): Promise<UserEntity> {
    if (!isUuid(userId)) throw userNotFound();
    await this.dataSource.transaction(async (manager) => {
      const user = await manager
        .getRepository(UserEntity)
        .findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw userNotFound();
      const event = await apply(user, manager);
      if (event) {
        await this.audit.record(
          { ...auditActorFields(userId, actor), ...event, target_type: 'user', target_id: userId },
          manager,
        );
      }
    });
    return this.users.findOneByOrFail({ id: userId });
  }

  /** Links an identity-provider subject to a row found by e-mail, once. */
  private async linkIdentity(
    user: UserEntity,
    idp: { issuer: string; subject: string },
  ): Promise<UserEntity> {
    if (user.idpIssuer === idp.issuer && user.idpSubject === idp.subject) return user;
    if (user.idpIssuer !== null || user.idpSubject !== null) throw identityMismatch();
    try {
      await this.users
        .createQueryBuilder()
        .update(UserEntity)
        .set({ idpIssuer: idp.issuer, idpSubject: idp.subject })
        .where('id = :id AND idp_issuer IS NULL AND idp_subject IS NULL', { id: user.id })
        .execute();
    } catch (error) {
      // Another row holds this subject already (a concurrent first sign-in under another e-mail).
      if (isUniqueViolation(error)) throw identityMismatch();
      throw error;
    }
    const linked = await this.users.findOneByOrFail({ id: user.id });
    if (linked.idpIssuer !== idp.issuer || linked.idpSubject !== idp.subject) throw identityMismatch();
    return linked;
  }

  private async seen(user: UserEntity): Promise<UserEntity> {
    if (isStale(user.lastSeenAt))
      await touchCoarsely(this.dataSource, this.logger, { table: 'users', column: 'last_seen_at' }, user.id);
    return user;
  }
}

function defaultDisplayName(displayName: string | undefined, email: string): string {
  const given = displayName?.trim() ?? '';
  return (given !== '' ? given : email.split('@')[0]).slice(0, NAME_MAX_LENGTH);
}

function userNotFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'User not found');
}

/**
 * The e-mail row is bound to another identity-provider subject. Callers turn it into the one 401;
 * no detail, so nothing tells a caller which addresses are linked.
 */
export class IdentityMismatchError extends Error {
  constructor() {
    super('the identity-provider subject does not match the user stored for this e-mail');
    this.name = 'IdentityMismatchError';
  }
}

function identityMismatch(): IdentityMismatchError {
  return new IdentityMismatchError();
}
