import {
  type ConnectionKind,
  type ConnectionResponse,
  type ConnectionVersionResponse,
  type CredentialHealthStatus,
  isDatasourceKind,
} from '@dq/contracts';
import { privilegeWarningOf } from '../use/custom-sql-privileges';
import { type ConnectionEntity, type ConnectionVersionEntity } from '../entities';

/** The response shape: config (no secrets by construction), `has_secret`, health for datasources. */
export function toConnectionResponse(row: ConnectionEntity): ConnectionResponse {
  const kind = row.kind as ConnectionKind;
  return {
    id: row.id,
    name: row.name,
    kind,
    config: row.config,
    has_secret: row.secretCiphertext !== null,
    credential_health: isDatasourceKind(kind)
      ? {
          status: row.healthStatus as CredentialHealthStatus,
          consecutive_auth_failures: row.consecutiveAuthFailures,
          last_auth_success_at: row.lastAuthSuccessAt?.toISOString() ?? null,
          last_auth_failure_at: row.lastAuthFailureAt?.toISOString() ?? null,
          last_error: row.lastError,
        }
      : null,
    capabilities: row.capabilities,
    allow_custom_sql_with_dangerous_privileges: row.allowCustomSqlWithDangerousPrivileges,
    privilege_warning: privilegeWarningOf(row, kind),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function toVersionResponse(row: ConnectionVersionEntity): ConnectionVersionResponse {
  return {
    version: row.version,
    name: row.name,
    config: row.config,
    changed_fields: row.changedFields,
    changed_by: row.changedBy,
    changed_at: row.changedAt.toISOString(),
  };
}
