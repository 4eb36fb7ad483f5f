import { AppError, DatasourceErrorClass, ErrorCode } from '@dq/contracts';
import {
  type ConnectionUseService,
  type CredentialOpener,
  type StoredConnection,
  connectionSecretAad,
  customSqlRefusalOf,
} from '@dq/connections';
import { type DatasourceConnection, DatasourceError } from '@dq/datasources';
import { SecretDecryptionError } from '@dq/security';

/**
 * Opens a saved connection for use in this runner: the row is read here (never taken from a
 * request) and the credential decrypted under the row's own AAD, in memory only.
 */
export class OpenedConnections {
  constructor(
    private readonly opener: CredentialOpener,
    private readonly use: ConnectionUseService,
  ) {}

  /** `preloaded`: the row as the caller already read it (null: it does not exist). */
  async open(connectionId: string, preloaded?: StoredConnection | null): Promise<DatasourceConnection> {
    let stored;
    try {
      if (preloaded === null) throw new AppError(ErrorCode.NotFound, 'Connection not found');
      stored = preloaded ?? (await this.use.load(connectionId));
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) {
        throw new AppError(ErrorCode.ValidationFailed, "The suite's connection no longer exists", {
          fields: [{ field: 'connection_id', problems: ['the connection no longer exists'] }],
        });
      }
      throw error;
    }
    let credential: Record<string, unknown> | null = null;
    if (stored.sealedCredential !== null) {
      try {
        credential = this.opener.openJson<Record<string, unknown>>(
          stored.sealedCredential,
          connectionSecretAad(stored.id),
        );
      } catch (error) {
        if (error instanceof SecretDecryptionError)
          throw new DatasourceError(DatasourceErrorClass.Invalid, 'The credential could not be opened');
        throw error;
      }
    }
    return { id: stored.id, kind: stored.kind, config: stored.config, credential };
  }

  /**
   * Why SQL a user wrote may not run on this connection (its role holds dangerous privileges and no
   * Admin allowed it), or null. A connection that is not there is refused when it is opened.
   */
  async userSqlRefusal(
    connectionId: string,
    preloaded?: StoredConnection | null,
  ): Promise<{ message: string; detail: Record<string, unknown> } | null> {
    let stored: StoredConnection;
    try {
      if (preloaded === null) return null;
      stored = preloaded ?? (await this.use.load(connectionId));
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
    return customSqlRefusalOf(stored);
  }

  /** Credential health moves on what a use of the credential came to (auth failures only). */
  async record(connectionId: string, error: unknown): Promise<void> {
    if (error === null) {
      await this.use.recordCredentialUse(connectionId, 'success');
    } else if (error instanceof DatasourceError) {
      await this.use.recordCredentialUse(connectionId, error.errorClass, {
        class: error.errorClass,
        message: error.message,
      });
    }
  }
}
