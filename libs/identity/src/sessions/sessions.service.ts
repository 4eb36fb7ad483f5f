import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLog } from '@dq/audit';
import { AuditAction } from '@dq/contracts';
import { updateReturning } from '@dq/db';
import { SessionEntity, type UserEntity } from '../entities';
import { LOGGER, type Logger } from '@dq/platform';
import { IDENTITY_OPTIONS, type ResolvedIdentityOptions } from '../identity-options';
import { auditActorFields } from '../persistence/audit-actor';
import { isStale, touchCoarsely } from '../persistence/coarse-touch';
import { isUuid } from '../persistence/uuid';
import { mintSessionToken, parseSessionToken } from '../tokens/session-token';
import { hashToken } from '../tokens/token-hash';
import { type Actor } from '@dq/auth';

export interface CreatedSession {
  /** Plaintext `svc_sess_` token: goes into the one Set-Cookie, never stored or logged. */
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  user: UserEntity;
  sessionId: string;
}

/** OTP cookie sessions: a fixed lifetime from sign-in, stored as a SHA-256 of the token. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(IDENTITY_OPTIONS) private readonly options: ResolvedIdentityOptions,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  private get sessions() {
    return this.dataSource.getRepository(SessionEntity);
  }

  async create(userId: string, actor?: Actor): Promise<CreatedSession> {
    const token = mintSessionToken();
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ id: string; expires_at: Date }[]>(
        `INSERT INTO "sessions" ("user_id", "token_hash", "expires_at")
         VALUES ($1, $2, now() + make_interval(hours => $3))
         RETURNING "id", "expires_at"`,
        [userId, hashToken(token), this.options.sessionTtlHours],
      );
      await this.audit.record(
        {
          ...auditActorFields(userId, actor),
          action: AuditAction.SessionCreated,
          target_type: 'session',
          target_id: row.id,
          detail: { expires_at: row.expires_at.toISOString() },
        },
        manager,
      );
      return { token, sessionId: row.id, expiresAt: row.expires_at };
    });
  }

  /** Same null rules as API keys: malformed (no lookup), unknown, revoked, expired, owner deactivated. */
  async resolve(token: string): Promise<ResolvedSession | null> {
    const parsed = parseSessionToken(token);
    if (!parsed) return null;
    const session = await this.sessions
      .createQueryBuilder('s')
      .innerJoinAndSelect('s.user', 'u')
      .where('s.token_hash = :hash', { hash: hashToken(parsed) })
      .andWhere('s.revoked_at IS NULL')
      .andWhere('s.expires_at > now()')
      .andWhere(`u.status = 'active'`)
      .getOne();
    if (!session?.user) return null;
    if (isStale(session.lastUsedAt)) {
      await touchCoarsely(
        this.dataSource,
        this.logger,
        { table: 'sessions', column: 'last_used_at' },
        session.id,
      );
    }
    return { user: session.user, sessionId: session.id };
  }

  /** Idempotent: revoking a revoked or unknown session does nothing. */
  async revoke(sessionId: string, actor?: Actor): Promise<void> {
    if (!isUuid(sessionId)) return;
    await this.revokeWhere(`"id" = $1`, [sessionId], actor);
  }

  /** Logout by the cookie value itself; a malformed or unknown token does nothing. */
  async revokeToken(token: string, actor?: Actor): Promise<void> {
    const parsed = parseSessionToken(token);
    if (!parsed) return;
    await this.revokeWhere(`"token_hash" = $1`, [hashToken(parsed)], actor);
  }

  /** Offboarding: every live session of the user ends. Returns how many were revoked. */
  async revokeAllFor(userId: string, actor?: Actor): Promise<number> {
    return this.revokeWhere(`"user_id" = $1`, [userId], actor);
  }

  private async revokeWhere(
    condition: string,
    parameters: unknown[],
    actor: Actor | undefined,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await updateReturning<{ id: string; user_id: string }>(
        manager,
        `UPDATE "sessions" SET "revoked_at" = now()
          WHERE ${condition} AND "revoked_at" IS NULL
          RETURNING "id", "user_id"`,
        parameters,
      );
      for (const row of rows) {
        await this.audit.record(
          {
            ...auditActorFields(row.user_id, actor),
            action: AuditAction.SessionRevoked,
            target_type: 'session',
            target_id: row.id,
          },
          manager,
        );
      }
      return rows.length;
    });
  }
}
