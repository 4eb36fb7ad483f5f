import { randomBytes } from 'node:crypto';

export const SIGNING_KEY_BYTES = 32;

/** A fresh HMAC signing key: 32 random bytes, base64url. */
export function generateSigningKey(): string {
  return randomBytes(SIGNING_KEY_BYTES).toString('base64url');
}
