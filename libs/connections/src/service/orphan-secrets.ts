import { type DataSource, type EntityManager } from 'typeorm';
import { OrphanSecretReason } from '@dq/contracts';

/** One sealed credential that nobody can use or nothing references: ids and key id only. */
export interface OrphanSecret {
  connection_id: string;
  reason: OrphanSecretReason;
  key_id: string | null;
}

export interface OrphanSecretScan {
  /** Every stored sealed credential looked at. */
  sealed_credentials: number;
  /** Ordered by connection id. */
  orphans: OrphanSecret[];
}

interface SealedCredentialRow {
  id: string;
  deleted: boolean;
  key_id: string | null;
}

/**
 * Finds the orphaned sealed credentials (docs/decisions/0042): those of deleted connections, those
 * sealed under a key id missing from `keyIds` (the current public key ring), and those that are no
 * current envelope at all. Reads only; the envelope is parsed in SQL so no sealed material leaves
 * the database; a key id is echoed only when it has a key id's shape. `connections.secret_ciphertext` is the only sealed column (docs/decisions/0014).
 */
export async function findOrphanSecrets(
  db: DataSource | EntityManager,
  keyIds: readonly string[],
): Promise<OrphanSecretScan> {
  const rows = await db.query<SealedCredentialRow[]>(
    `SELECT "id", "deleted_at" IS NOT NULL AS "deleted",
            CASE WHEN split_part("secret_ciphertext", '.', 1) = 'v2'
                  AND cardinality(string_to_array("secret_ciphertext", '.')) = 5
                  AND split_part("secret_ciphertext", '.', 2) ~ '^[a-z0-9_-]{1,32}$'
                 THEN split_part("secret_ciphertext", '.', 2) END AS "key_id"
       FROM "connections"
      WHERE "secret_ciphertext" IS NOT NULL
      ORDER BY "id"`,
  );
  const ring = new Set(keyIds);
  const orphans: OrphanSecret[] = [];
  for (const row of rows) {
    const reason = row.deleted
      ? OrphanSecretReason.ConnectionDeleted
      : row.key_id === null
        ? OrphanSecretReason.UnreadableEnvelope
        : ring.has(row.key_id)
          ? undefined
          : OrphanSecretReason.KeyNotInRing;
    if (reason) orphans.push({ connection_id: row.id, reason, key_id: row.key_id });
  }
  return { sealed_credentials: rows.length, orphans };
}
