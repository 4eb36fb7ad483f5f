import { ApiProperty } from '@nestjs/swagger';
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
export class AuditEventView {
  @ApiProperty()
  id!: string;

  @ApiProperty({ format: 'date-time' })
  occurred_at!: string;

  @ApiProperty()
  action!: string;

  @ApiProperty({ type: String, nullable: true })
  actor_user_id!: string | null;

  @ApiProperty({ type: String, nullable: true })
  actor_credential!: string | null;

  @ApiProperty({ type: String, nullable: true })
  target_type!: string | null;

  @ApiProperty({ type: String, nullable: true })
  target_id!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true })
  detail!: Record<string, unknown>;

  @ApiProperty({ type: String, nullable: true })
  request_id!: string | null;
}

/** One page of `GET /admin/audit-events`; `next_cursor` is null on the last page. */
export class AuditEventPage {
  @ApiProperty({ type: [AuditEventView] })
  items!: AuditEventView[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
