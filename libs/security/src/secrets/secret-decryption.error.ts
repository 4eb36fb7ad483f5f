export type SecretDecryptionReason = 'malformed_envelope' | 'unknown_key' | 'authentication_failed';

/**
 * A secret that cannot be decrypted: wrong key, tampered envelope or another owner's AAD. The
 * message carries only the reason class, never ciphertext, plaintext or key material.
 */
export class SecretDecryptionError extends Error {
  constructor(readonly reason: SecretDecryptionReason) {
    super(`secret could not be decrypted (${reason})`);
    this.name = 'SecretDecryptionError';
  }
}
