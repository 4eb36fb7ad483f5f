import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, Length } from 'class-validator';
import { NAME_MAX_LENGTH } from '../identity/identity.dto';
import { CONNECTION_KINDS, type ConnectionKind, CredentialHealthStatus } from './connection-kind';
import { ListPageQuery } from '../paging/list-page';

/** `POST /connections`. `config` and `credential` are checked per `kind` by the service. */
export class CreateConnectionRequest {
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name!: string;

  @IsIn(CONNECTION_KINDS)
  kind!: ConnectionKind;

  @IsObject()
  config!: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  credential?: Record<string, unknown>;
}

/**
 * `PATCH /connections/{id}`: `config` is merged over the stored one (a `null` value removes an
 * optional field); `credential`, when present, replaces the stored one whole. The kind is fixed.
 */
export class UpdateConnectionRequest {
  @IsOptional()
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name?: string;

  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  credential?: Record<string, unknown>;

  /**
   * Allows custom SQL and query projections on this connection although its role holds dangerous
   * privileges (`capabilities.dangerous_privileges`). Admins only, audited as its own event.
   */
  @IsOptional()
  @IsBoolean()
  allow_custom_sql_with_dangerous_privileges?: boolean;
}

export class CredentialHealth {
  @ApiProperty({ enum: Object.values(CredentialHealthStatus) })
  status!: CredentialHealthStatus;

  @ApiProperty()
  consecutive_auth_failures!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_auth_success_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_auth_failure_at!: string | null;

  /** The classified error of the last failure, e.g. `{class: 'auth', message}`. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  last_error!: Record<string, unknown> | null;
}

/**
 * What the last passing test or re-authentication found the datasource can do. For a warehouse:
 * `native_dmf`, whether its native data-metric functions are usable (edition plus grant): a caveat
 * in the check editor, not a gate.
 */
export interface ConnectionCapabilities {
  native_dmf?: boolean;
  /**
   * What the connection's role may do beyond reading data (PostgreSQL `superuser`, `createrole`,
   * `pg_read_server_files`, `pg_write_server_files`, `pg_execute_server_program`; Snowflake
   * `role:ACCOUNTADMIN` and the like). Empty when checked and none found; absent when the kind's
   * test cannot tell.
   */
  dangerous_privileges?: string[];
  checked_at: string;
}

/** One connection as every response carries it: never any secret, only `has_secret`. */
export class ConnectionResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: CONNECTION_KINDS })
  kind!: ConnectionKind;

  @ApiProperty({ type: 'object', additionalProperties: true })
  config!: Record<string, unknown>;

  @ApiProperty()
  has_secret!: boolean;

  /** Null for the orchestration kinds (factory, scheduler, builder). */
  @ApiProperty({ type: CredentialHealth, nullable: true })
  credential_health!: CredentialHealth | null;

  /** Null until a test or re-authentication of a kind that reports capabilities passes. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  capabilities!: ConnectionCapabilities | null;

  /** Whether an Admin allowed custom SQL and query projections despite dangerous privileges. */
  @ApiProperty()
  allow_custom_sql_with_dangerous_privileges!: boolean;

  /** Why custom SQL on this connection is a risk (dangerous privileges, or not yet checked); else null. */
  @ApiProperty({ type: String, nullable: true })
  privilege_warning!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  @ApiProperty()
  version!: number;
}

/** One entry of `GET /connections/{id}/versions`: a config snapshot, never a credential. */
export class ConnectionVersionResponse {
  @ApiProperty()
  version!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  config!: Record<string, unknown>;

  @ApiProperty({ type: [String] })
  changed_fields!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  changed_by!: string | null;

  @ApiProperty({ format: 'date-time' })
  changed_at!: string;
}

/** `GET /connections`: by name (then id), filtered by kind and a case-insensitive part of the name. */
export class ConnectionListQuery extends ListPageQuery {
  @IsOptional()
  @IsIn(CONNECTION_KINDS)
  kind?: ConnectionKind;

  /** Connections whose name contains this, ignoring case. */
  @IsOptional()
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name?: string;
}

/** One page of `GET /connections`; `next_cursor` is null on the last page. */
export class ConnectionPage {
  @ApiProperty({ type: [ConnectionResponse] })
  items!: ConnectionResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** One page of `GET /connections/{id}/versions`, newest version first. */
export class ConnectionVersionPage {
  @ApiProperty({ type: [ConnectionVersionResponse] })
  items!: ConnectionVersionResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** Audit event names of the connections context. */
export const ConnectionAuditAction = {
  Created: 'connection.created',
  Updated: 'connection.updated',
  Deleted: 'connection.deleted',
  /** `allow_custom_sql_with_dangerous_privileges` changed, with before and after. */
  CustomSqlPermissionChanged: 'connection.custom_sql_permission_changed',
} as const;
export type ConnectionAuditAction = (typeof ConnectionAuditAction)[keyof typeof ConnectionAuditAction];
