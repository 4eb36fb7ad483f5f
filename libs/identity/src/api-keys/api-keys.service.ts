import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  API_KEY_DEFAULT_DAYS,
  API_KEY_MAX_DAYS,
  API_KEY_MAX_LIVE,
  type ApiKeyCreatedResponse,
  type ApiKeyPage,
  type ApiKeyResponse,
  AppError,
  AuditAction,
  ErrorCode,
  type ListPageQuery,
  NAME_MAX_LENGTH,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { KeysetPage, type KeysetOrder, SqlParams, entityOfRow, preparedQuery, updateReturning } from '@dq/db';
import { ApiKeyEntity, UserEntity } from '../entities';
import {
  MEMBERSHIP_ENFORCED_SETTING,
  type MembershipFacts,
  membershipFactsColumns,
} from '../membership/membership.service';
import { LOGGER, type Logger } from '@dq/platform';
import { isStale, touchCoarsely } from '../persistence/coarse-touch';
import { auditActorFields } from '../persistence/audit-actor';
import { isUuid } from '../persistence/uuid';
import { validationFailed } from '../persistence/validation';
import {
  keyPrefixOf,
  mintPersonalAccessToken,
  parsePersonalAccessToken,
} from '../tokens/personal-access-token';
import { hashToken } from '../tokens/token-hash';
import { type Actor } from '@dq/auth';

export interface MintApiKeyInput {
  name: string;
  expires_in_days?: number;
}

export interface ResolvedApiKey {
  user: UserEntity;
  apiKeyId: string;
  /** Read by the same statement, so authenticating a request costs one round trip. */
  membership: MembershipFacts;
}

const DAY_MS = 86_400_000;

/** Personal access tokens: minted once in plaintext, stored as a SHA-256, resolved per request. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  private get keys() {
    return this.dataSource.getRepository(ApiKeyEntity);
  }

  /** The only place the plaintext exists: it is returned here and never stored or logged. */
  async mint(userId: string, input: MintApiKeyInput, actor?: Actor): Promise<ApiKeyCreatedResponse> {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name.length < 1 || name.length > NAME_MAX_LENGTH) {
      throw validationFailed('name', `name must be 1 to ${NAME_MAX_LENGTH} characters`);
    }
    const days = input.expires_in_days ?? API_KEY_DEFAULT_DAYS;
    if (!Number.isInteger(days) || days < 1 || days > API_KEY_MAX_DAYS) {
      throw validationFailed(
        'expires_in_days',
        `expires_in_days must be an integer from 1 to ${API_KEY_MAX_DAYS}`,
      );
    }
    const token = mintPersonalAccessToken();
    return this.dataSource.transaction(async (manager) => {
      // One mint per user at a time, so two concurrent mints cannot both pass the cap.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`dq.api-keys:${userId}`]);
      const [{ live }] = await manager.query<{ live: number }[]>(
        `SELECT count(*)::int AS live FROM "api_keys"
          WHERE "user_id" = $1 AND "revoked_at" IS NULL AND "expires_at" > now()`,
        [userId],
      );
      if (live >= API_KEY_MAX_LIVE) {
        throw new AppError(
          ErrorCode.ApiKeyLimit,
          `You already hold ${API_KEY_MAX_LIVE} live API keys; revoke one before creating another`,
          { limit: API_KEY_MAX_LIVE },
        );
      }
      const keys = manager.getRepository(ApiKeyEntity);
      const key = await keys.save(
        keys.create({
          userId,
          name,
          keyPrefix: keyPrefixOf(token),
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + days * DAY_MS),
        }),
      );
      const created = toApiKeyResponse(key);
      await this.audit.record(
        {
          ...auditActorFields(userId, actor),
          action: AuditAction.ApiKeyCreated,
          target_type: 'api_key',
          target_id: key.id,
          detail: { name, expires_at: created.expires_at },
        },
        manager,
      );
      return { ...created, token };
    });
  }

  /** A page of the user's live and expired keys, newest first: metadata only, never a token or a hash. */
  async list(userId: string, query: ListPageQuery = {}): Promise<ApiKeyPage> {
    const paging = new KeysetPage(KEYS_NEWEST_FIRST, query);
    const params = new SqlParams();
    const where = [`k."user_id" = ${params.add(userId)}`, `k."revoked_at" IS NULL`];
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT k.*, ${paging.keyColumns()} FROM "api_keys" k WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return {
      items: page.rows.map((row) => toApiKeyResponse(entityOfRow(this.dataSource, ApiKeyEntity, row))),
      next_cursor: page.next_cursor,
    };
  }

  /**
   * Idempotent for the owner's own key. Another user's key and an unknown id are the same 404, so
   * the call cannot be used to probe which key ids exist.
   * @returns true when this call revoked it, false when it was revoked already.
   */
  async revoke(userId: string, keyId: string, actor?: Actor): Promise<boolean> {
    if (!isUuid(keyId)) throw keyNotFound();
    const revoked = await this.dataSource.transaction(async (manager) => {
      const rows = await updateReturning<{ id: string }>(
        manager,
        `UPDATE "api_keys" SET "revoked_at" = now()
          WHERE "id" = $1 AND "user_id" = $2 AND "revoked_at" IS NULL
          RETURNING "id"`,
        [keyId, userId],
      );
      if (rows.length === 0) return false;
      await this.audit.record(
        {
          ...auditActorFields(userId, actor),
          action: AuditAction.ApiKeyRevoked,
          target_type: 'api_key',
          target_id: keyId,
        },
        manager,
      );
      return true;
    });
    if (revoked) return true;
    if (await this.keys.existsBy({ id: keyId, userId })) return false;
    throw keyNotFound();
  }

  /** Offboarding: every live key of the user stops authenticating. Returns how many were revoked. */
  async revokeAllFor(userId: string, actor?: Actor): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await updateReturning<{ id: string }>(
        manager,
        `UPDATE "api_keys" SET "revoked_at" = now() WHERE "user_id" = $1 AND "revoked_at" IS NULL RETURNING "id"`,
        [userId],
      );
      for (const row of rows) {
        await this.audit.record(
          {
            ...auditActorFields(userId, actor),
            action: AuditAction.ApiKeyRevoked,
            target_type: 'api_key',
            target_id: row.id,
            detail: { all_of_user: userId },
          },
          manager,
        );
      }
      return rows.length;
    });
  }

  /**
   * The key's owner, or null for a malformed or forged token (no lookup at all), an unknown,
   * revoked or expired key, or a deactivated owner. One indexed query on token_hash joined to users.
   */
  async resolve(token: string): Promise<ResolvedApiKey | null> {
    const parsed = parsePersonalAccessToken(token);
    if (!parsed) return null;
    const [row] = await preparedQuery<
      Record<string, unknown> & {
        dq_key_id: string;
        dq_key_last_used_at: Date | null;
        membership_enforced: boolean;
        membership_admitted: boolean;
      }
    >(
      this.dataSource,
      'dq_api_key_resolve',
      `SELECT u.*, k."id" AS "dq_key_id", k."last_used_at" AS "dq_key_last_used_at",
              ${membershipFactsColumns('u."email"', '$2')}
         FROM "api_keys" k JOIN "users" u ON u."id" = k."user_id"
        WHERE k."token_hash" = $1 AND k."revoked_at" IS NULL AND k."expires_at" > now()
          AND u."status" = 'active'`,
      [hashToken(parsed.token), MEMBERSHIP_ENFORCED_SETTING],
    );
    if (!row) return null;
    const user = entityOfRow(this.dataSource, UserEntity, row);
    if (isStale(row.dq_key_last_used_at)) {
      await touchCoarsely(
        this.dataSource,
        this.logger,
        { table: 'api_keys', column: 'last_used_at' },
        row.dq_key_id,
      );
    }
    return {
      user,
      apiKeyId: row.dq_key_id,
      membership: { enforced: row.membership_enforced, admitted: row.membership_admitted },
    };
  }
}

/** A user's keys, newest first, ties broken by id. */
const KEYS_NEWEST_FIRST: KeysetOrder = {
  scope: 'api_keys',
  direction: 'DESC',
  columns: [
    { sql: 'k."created_at"', type: 'timestamp' },
    { sql: 'k."id"', type: 'uuid' },
  ],
};

function toApiKeyResponse(key: ApiKeyEntity): ApiKeyResponse {
  return {
    id: key.id,
    name: key.name,
    key_prefix: key.keyPrefix,
    expires_at: key.expiresAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
  };
}

function keyNotFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'API key not found');
}
