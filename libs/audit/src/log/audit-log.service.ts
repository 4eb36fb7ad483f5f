import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AUDIT_LIST_DEFAULT_LIMIT,
  AUDIT_LIST_MAX_LIMIT,
  type AuditEventInput,
  type AuditEventListQuery,
  type AuditEventPage,
  type AuditEventView,
} from '@dq/contracts';
import { preparedQuery } from '@dq/db';
import { currentLogContext } from '@dq/platform';
import { decodeAuditCursor, encodeAuditCursor, invalidQuery, isUuid } from '../pagination/audit-cursor';
import { scrubAuditDetail, scrubAuditText } from '../scrub/scrub-audit-detail';

interface AuditEventRow {
  id: string;
  occurred_at: Date;
  /** occurred_at to the microsecond, for the cursor. */
  occurred_at_exact: string;
  action: string;
  actor_user_id: string | null;
  actor_credential: string | null;
  target_type: string | null;
  target_id: string | null;
  detail: Record<string, unknown>;
  request_id: string | null;
}

const COLUMNS = `"id", "occurred_at",
  to_char("occurred_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "occurred_at_exact",
  "action", "actor_user_id", "actor_credential", "target_type", "target_id", "detail", "request_id"`;

/** Filters of the listing, each an exact match on its column. */
const FILTERS = ['action', 'actor_user_id', 'target_type', 'target_id'] as const;

/**
 * The one way every service writes to, and the admin listing reads from, the append-only audit log.
 * Nothing secret gets in: `detail` and the text fields are scrubbed before the insert.
 */
@Injectable()
export class AuditLog {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Appends one event. Pass the caller's transaction `manager` so the event commits (or rolls back)
   * together with the change it records. `request_id` defaults to the current log context's.
   */
  async record(input: AuditEventInput, manager?: EntityManager): Promise<AuditEventView> {
    const params = insertValues(input);
    const sql = `INSERT INTO "audit_events"
         ("action", "actor_user_id", "actor_credential", "target_type", "target_id", "detail", "request_id")
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
       RETURNING ${COLUMNS}`;
    // Outside a transaction (every audited read) the insert is a prepared statement.
    const rows = manager
      ? await manager.query<AuditEventRow[]>(sql, params)
      : await preparedQuery<AuditEventRow>(this.dataSource, 'dq_audit_record', sql, params);
    const [row] = rows;
    if (!row) throw new Error('the audit insert returned no row');
    return toView(row);
  }

  /**
   * `record` as a data-modifying WITH clause named `name` for a caller's own statement, so a read
   * and the record of it are one statement (and one transaction: no record without the read, no
   * read without its record). Parameters are numbered from `firstParam`; `detailSql`, a jsonb
   * object expression of the statement (a count of what it read), is merged into the scrubbed
   * detail. Without `onlyWhen` the row is written whatever the rest of the statement returns: only
   * for a statement whose other parts the caller may read unconditionally. With it, the row is
   * written once per row of `onlyWhen.from` (a relation of the statement that yields at most one)
   * that meets `onlyWhen.where`: the caller's access decided in the statement, so a read it denies
   * leaves no record; `detailSql` may then name that relation's columns.
   */
  withClause(
    name: string,
    input: AuditEventInput,
    firstParam: number,
    detailSql = `'{}'::jsonb`,
    onlyWhen?: { from: string; where: string },
  ): { sql: string; params: unknown[] } {
    const params = insertValues(input);
    const p = (offset: number): string => `$${firstParam + offset}`;
    const values = `${p(0)}, ${p(1)}::uuid, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb || ${detailSql}, ${p(6)}`;
    return {
      sql: `"${name}" AS (
        INSERT INTO "audit_events"
          ("action", "actor_user_id", "actor_credential", "target_type", "target_id", "detail", "request_id")
        ${onlyWhen ? `SELECT ${values} FROM ${onlyWhen.from} WHERE ${onlyWhen.where}` : `VALUES (${values})`})`,
      params,
    };
  }

  /** Newest first, keyset-paginated on (occurred_at, id); `next_cursor` is null on the last page. */
  async list(query: AuditEventListQuery = {}): Promise<AuditEventPage> {
    const limit = query.limit ?? AUDIT_LIST_DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_LIST_MAX_LIMIT) {
      throw invalidQuery('limit', `must be an integer from 1 to ${AUDIT_LIST_MAX_LIMIT}`);
    }
    if (query.actor_user_id !== undefined && !isUuid(query.actor_user_id)) {
      throw invalidQuery('actor_user_id', 'must be a UUID');
    }

    const conditions: string[] = [];
    const params: unknown[] = [];
    for (const filter of FILTERS) {
      const value = query[filter];
      if (value === undefined) continue;
      params.push(value);
      conditions.push(`"${filter}" = $${params.length}`);
    }
    if (query.before !== undefined) {
      const cursor = decodeAuditCursor(query.before);
      params.push(cursor.occurredAt, cursor.id);
      conditions.push(
        `("occurred_at", "id") < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`,
      );
    }
    params.push(limit + 1); // one more than asked tells whether another page exists
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = await this.dataSource.query<AuditEventRow[]>(
      `SELECT ${COLUMNS} FROM "audit_events" ${where}
        ORDER BY "occurred_at" DESC, "id" DESC
        LIMIT $${params.length}`,
      params,
    );

    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toView),
      next_cursor:
        rows.length > limit && last
          ? encodeAuditCursor({ occurredAt: last.occurred_at_exact, id: last.id })
          : null,
    };
  }
}

/**
 * The values of an event's row, in column order (action, actor, credential, target type and id,
 * detail, request id): scrubbed, the request id from the log context unless given.
 */
function insertValues(input: AuditEventInput): unknown[] {
  if (typeof input.action !== 'string' || input.action.length === 0) {
    throw new Error('An audit event needs an action');
  }
  const requestId =
    input.request_id !== undefined ? input.request_id : (currentLogContext().request_id ?? null);
  return [
    scrubAuditText(input.action),
    input.actor_user_id,
    scrubAuditText(input.actor_credential),
    scrubAuditText(input.target_type),
    scrubAuditText(input.target_id),
    JSON.stringify(scrubAuditDetail(input.detail)),
    scrubAuditText(requestId),
  ];
}

function toView(row: AuditEventRow): AuditEventView {
  return {
    id: row.id,
    occurred_at: row.occurred_at.toISOString(),
    action: row.action,
    actor_user_id: row.actor_user_id,
    actor_credential: row.actor_credential,
    target_type: row.target_type,
    target_id: row.target_id,
    detail: row.detail,
    request_id: row.request_id,
  };
}
