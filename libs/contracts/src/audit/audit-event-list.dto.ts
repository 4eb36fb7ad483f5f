import { IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';
import { QueryInteger } from '../query-integer';

export const AUDIT_LIST_DEFAULT_LIMIT = 50;
export const AUDIT_LIST_MAX_LIMIT = 200;

/** `GET /admin/audit-events` query: newest first, keyset-paginated through `before`. */
export class AuditEventListQuery {
  @IsOptional()
  @QueryInteger()
  @IsInt()
  @Min(1)
  @Max(AUDIT_LIST_MAX_LIMIT)
  limit?: number;

  /** The `next_cursor` of the previous page (opaque). */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  before?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  action?: string;

  @IsOptional()
  @IsUUID()
  actor_user_id?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  target_type?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  target_id?: string;
}

/** One stored audit event as the admin listing shows it. */
export interface AuditEventView {
  id: string;
  occurred_at: string;
  action: string;
  actor_user_id: string | null;
  actor_credential: string | null;
  target_type: string | null;
  target_id: string | null;
  detail: Record<string, unknown>;
  request_id: string | null;
}

/** One page of `GET /admin/audit-events`; `next_cursor` is null on the last page. */
export interface AuditEventPage {
  items: AuditEventView[];
  next_cursor: string | null;
}
