import { createHash } from 'node:crypto';

/** SHA-256 of the whole token: the only form in which a token is stored and looked up. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
