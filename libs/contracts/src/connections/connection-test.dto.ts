import { IsIn, IsObject, IsOptional, IsString, Length } from 'class-validator';
import { NAME_MAX_LENGTH } from '../identity/identity.dto';
import { CONNECTION_KINDS, type ConnectionKind } from './connection-kind';

/**
 * `POST /connections/test`: a connection that is not saved. Same per-kind rules as a create; the
 * name is optional since nothing is stored.
 */
export class DraftConnectionTestRequest {
  @IsOptional()
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name?: string;

  @IsIn(CONNECTION_KINDS)
  kind!: ConnectionKind;

  @IsObject()
  config!: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  credential?: Record<string, unknown>;
}

/** `POST /connections/{id}/reauth`: the new credential, stored only once a test with it passes. */
export class ReauthConnectionRequest {
  @IsObject()
  credential!: Record<string, unknown>;
}

/** Audit event names of connection tests and credential rotation. */
export const ConnectionTestAuditAction = {
  DraftTested: 'connection.draft_tested',
  Reauthenticated: 'connection.reauthenticated',
} as const;
export type ConnectionTestAuditAction =
  (typeof ConnectionTestAuditAction)[keyof typeof ConnectionTestAuditAction];
