import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError,
  type ClassifiedDatasourceError,
  type ConnectionCapabilities,
  type ConnectionKind,
  CredentialHealthStatus,
  DATASOURCE_KINDS,
  DatasourceErrorClass,
  ErrorCode,
} from '@dq/contracts';
import { preparedQuery } from '@dq/db';

/** A saved connection as the runner uses it: config and the still-sealed credential. */
export interface StoredConnection {
  id: string;
  name: string;
  kind: ConnectionKind;
  config: Record<string, unknown>;
  sealedCredential: string | null;
  /** What decides whether user-written SQL may run on it (see `customSqlRefusalOf`). */
  capabilities: ConnectionCapabilities | null;
  allowCustomSqlWithDangerousPrivileges: boolean;
}

/**
 * A scalar subquery giving, as json, the live connection whose id the given SQL expression yields
 * (`{id, kind, config, sealed_credential}`, null when there is none): a runner's claim of a run
 * reads its connection in the same statement, and {@link storedConnectionOf} reads the value.
 */
export function connectionForUseSql(id: string): string {
  return `(SELECT json_build_object('id', c."id", 'name', c."name", 'kind', c."kind", 'config', c."config", 'sealed_credential', c."secret_ciphertext",
       'capabilities', c."capabilities", 'allow_custom_sql', c."allow_custom_sql_with_dangerous_privileges")
     FROM "connections" c WHERE c."id" = (${id})::uuid AND c."deleted_at" IS NULL)`;
}

/** The connection {@link connectionForUseSql} read, or null when it does not exist (any more). */
export function storedConnectionOf(json: unknown): StoredConnection | null {
  if (json === null || typeof json !== 'object') return null;
  const row = json as {
    id: string;
    name: string;
    kind: string;
    config: Record<string, unknown>;
    sealed_credential: string | null;
    capabilities: ConnectionCapabilities | null;
    allow_custom_sql: boolean;
  };
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ConnectionKind,
    config: row.config,
    sealedCredential: row.sealed_credential,
    capabilities: row.capabilities,
    allowCustomSqlWithDangerousPrivileges: row.allow_custom_sql,
  };
}

/** What one use of a credential came to: success, or the class of the failure. */
export type CredentialUseOutcome = 'success' | DatasourceErrorClass;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reading a connection for use and recording how the use went (spec: credential health). Needs
 * only the DataSource, so the runner has it without the write side's sealer and egress policy.
 */
@Injectable()
export class ConnectionUseService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async load(id: string): Promise<StoredConnection> {
    // Prepared: every run reads its connection.
    const [row] = UUID.test(id)
      ? await preparedQuery<{
          id: string;
          name: string;
          kind: string;
          config: Record<string, unknown>;
          secret_ciphertext: string | null;
          capabilities: ConnectionCapabilities | null;
          allow_custom_sql_with_dangerous_privileges: boolean;
        }>(
          this.dataSource,
          'dq_connection_for_use',
          `SELECT "id", "name", "kind", "config", "secret_ciphertext", "capabilities",
              "allow_custom_sql_with_dangerous_privileges" FROM "connections"
            WHERE "id" = $1 AND "deleted_at" IS NULL`,
          [id],
        )
      : [];
    if (row === undefined) throw new AppError(ErrorCode.NotFound, 'Connection not found');
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as ConnectionKind,
      config: row.config,
      sealedCredential: row.secret_ciphertext,
      capabilities: row.capabilities,
      allowCustomSqlWithDangerousPrivileges: row.allow_custom_sql_with_dangerous_privileges,
    };
  }

  /**
   * Only a credential rejection (`auth`) moves health, and success resets it; a missing grant, an
   * unreachable host or a bad table name leave it untouched. One conditional UPDATE each, so two
   * concurrent uses never lose a count. Orchestration kinds carry no health and are never touched.
   */
  async recordCredentialUse(
    id: string,
    outcome: CredentialUseOutcome,
    error?: ClassifiedDatasourceError,
  ): Promise<void> {
    if (outcome === 'success') {
      await this.dataSource.query(
        `UPDATE "connections"
            SET "health_status" = $2, "consecutive_auth_failures" = 0, "last_auth_success_at" = now()
          WHERE "id" = $1 AND "deleted_at" IS NULL AND "kind" = ANY($3::text[])`,
        [id, CredentialHealthStatus.Healthy, DATASOURCE_KINDS],
      );
      return;
    }
    if (outcome !== DatasourceErrorClass.Auth) return;
    const lastError: ClassifiedDatasourceError = {
      class: DatasourceErrorClass.Auth,
      message: error?.message ?? 'The datasource rejected the credential',
    };
    await this.dataSource.query(
      `UPDATE "connections"
          SET "health_status" = $2,
              "consecutive_auth_failures" = "consecutive_auth_failures" + 1,
              "last_auth_failure_at" = now(),
              "last_error" = $3::jsonb
        WHERE "id" = $1 AND "deleted_at" IS NULL AND "kind" = ANY($4::text[])`,
      [id, CredentialHealthStatus.Failing, JSON.stringify(lastError), DATASOURCE_KINDS],
    );
  }

  /** What a passing test found the datasource can do; a deleted connection is left alone. */
  async recordCapabilities(id: string, capabilities: ConnectionCapabilities): Promise<void> {
    await this.dataSource.query(
      `UPDATE "connections" SET "capabilities" = $2::jsonb WHERE "id" = $1 AND "deleted_at" IS NULL`,
      [id, JSON.stringify(capabilities)],
    );
  }
}
