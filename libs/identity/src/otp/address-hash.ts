import { createHash } from 'node:crypto';

/** What logs carry instead of an address: enough to correlate lines, nothing of the local part. */
export function addressHash(email: string): string {
  return createHash('sha256').update(email, 'utf8').digest('hex').slice(0, 16);
}
