import { type ClientBase } from 'pg';
import { SEALED_VERSION, SecretDecryptionError, envelopeVersion } from '@dq/security';
import { type LegacySecretCipher } from '../legacy/legacy-secret-cipher';
import { type SecretOpener } from '../secret-opener';

export interface ResealKeys {
  /** The private ring: opens current envelopes; its active public key seals the new ones. */
  opener: SecretOpener;
  /** The older symmetric ring, needed only while `v1` envelopes remain. */
  legacy?: LegacySecretCipher;
  /** The AAD a connection's credential is bound to (`connection:<id>`). */
  aadOf: (connectionId: string) => string;
}

/** The owner's statements over the stored credentials: `{ id, secret_ciphertext }` rows, locked. */
export interface SealedCredentialStatements {
  /** Every sealed credential, `FOR UPDATE`; no parameters. */
  selectForUpdate: string;
  /** Writes one back: `$1` the row id, `$2` the new envelope. */
  update: string;
}

export interface ResealOutcome {
  resealed: number;
  unchanged: number;
}

/** A credential the command could not re-seal; names the row and the reason, never material. */
export class ResealError extends Error {
  constructor(
    readonly connectionId: string,
    reason: string,
  ) {
    super(`connection ${connectionId}: ${reason}`);
    this.name = 'ResealError';
  }
}

/**
 * Re-seals every stored connection credential under the active public key, in one transaction:
 * `v1` envelopes (symmetric ring) and `v2` envelopes under a retired key id. Envelopes already
 * current are left alone, so a second run changes nothing. One failure rolls everything back.
 */
export async function resealStoredCredentials(
  client: ClientBase,
  keys: ResealKeys,
  statements: SealedCredentialStatements,
): Promise<ResealOutcome> {
  const sealer = keys.opener.sealer();
  const outcome: ResealOutcome = { resealed: 0, unchanged: 0 };
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ id: string; secret_ciphertext: string }>(
      statements.selectForUpdate,
    );
    for (const { id, secret_ciphertext: envelope } of rows) {
      if (!keys.opener.needsResealing(envelope)) {
        outcome.unchanged += 1;
        continue;
      }
      const aad = keys.aadOf(id);
      const plaintext = openAny(id, envelope, aad, keys);
      await client.query(statements.update, [id, sealer.seal(plaintext, aad)]);
      outcome.resealed += 1;
    }
    await client.query('COMMIT');
    return outcome;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

function openAny(id: string, envelope: string, aad: string, keys: ResealKeys): string {
  const version = envelopeVersion(envelope);
  try {
    if (version === SEALED_VERSION) return keys.opener.open(envelope, aad);
    if (version === 'v1') {
      if (keys.legacy === undefined) throw new ResealError(id, 'a v1 envelope needs SECRETS_KEY_RING');
      return keys.legacy.decrypt(envelope, aad);
    }
    throw new SecretDecryptionError('malformed_envelope');
  } catch (error) {
    if (error instanceof SecretDecryptionError) throw new ResealError(id, error.message);
    throw error;
  }
}
