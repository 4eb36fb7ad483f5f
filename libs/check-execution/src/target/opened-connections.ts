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

/** Opened credentials kept at once (a runner's connections in use, with room to spare). */
export const OPENED_CREDENTIALS_KEPT = 1000;

/** A credential shared by every run of its connection: no use can change it for the next. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Opens a saved connection for use in this runner: the row is read here (never taken from a
 * request) and the credential decrypted under the row's own AAD, in memory only.
 */
export class OpenedConnections {
  /**
   * Credentials opened before, by connection, with the envelope each was opened from: a run of the
   * same connection reuses it instead of another key agreement, and a changed or re-sealed
   * credential (a new envelope) is opened anew. The runner's private keys live in the same memory.
   */
  private readonly opened = new Map<string, { envelope: string; credential: Record<string, unknown> }>();

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
    const credential = this.credentialOf(stored);
    return { id: stored.id, kind: stored.kind, config: stored.config, credential };
  }

  private credentialOf(stored: StoredConnection): Record<string, unknown> | null {
    const envelope = stored.sealedCredential;
    if (envelope === null) return null;
    const kept = this.opened.get(stored.id);
    // Moved to the end on every use: the least recently used go first when the map is full.
    this.opened.delete(stored.id);
    if (kept?.envelope === envelope) {
      this.opened.set(stored.id, kept);
      return kept.credential;
    }
    let credential: Record<string, unknown>;
    try {
      credential = frozen(
        this.opener.openJson<Record<string, unknown>>(envelope, connectionSecretAad(stored.id)),
      );
    } catch (error) {
      if (error instanceof SecretDecryptionError)
        throw new DatasourceError(DatasourceErrorClass.Invalid, 'The credential could not be opened');
      throw error;
    }
    if (this.opened.size >= OPENED_CREDENTIALS_KEPT) {
      const oldest = this.opened.keys().next();
      if (!oldest.done) this.opened.delete(oldest.value);
    }
    this.opened.set(stored.id, { envelope, credential });
    return credential;
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
