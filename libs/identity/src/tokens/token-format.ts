import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { bytesToBigInt, encodeBase62 } from './base62';

/** 32 random bytes need 43 base62 characters (62^43 > 2^256). */
export const TOKEN_RANDOM_BYTES = 32;
export const TOKEN_RANDOM_LENGTH = 43;
/** A CRC32 (< 2^32) fits in 6 base62 characters (62^6 > 2^32). */
export const TOKEN_CHECKSUM_LENGTH = 6;

/** Six base62 characters of CRC32 over the ASCII random part, so a scanner can verify without a lookup. */
export function tokenChecksum(randomPart: string): string {
  return encodeBase62(BigInt(crc32(randomPart)), TOKEN_CHECKSUM_LENGTH);
}

/** `<prefix><43 base62 chars of 32 random bytes><6 base62 chars of CRC32>`. */
export function mintToken(prefix: string): string {
  const randomPart = encodeBase62(bytesToBigInt(randomBytes(TOKEN_RANDOM_BYTES)), TOKEN_RANDOM_LENGTH);
  return `${prefix}${randomPart}${tokenChecksum(randomPart)}`;
}

/** The pattern a token of this prefix matches (anchored). */
export function tokenPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}[0-9A-Za-z]{${TOKEN_RANDOM_LENGTH}}[0-9A-Za-z]{${TOKEN_CHECKSUM_LENGTH}}$`);
}

/** True when `token` has the prefix, the shape and a matching checksum. No lookup, no secret. */
export function hasValidTokenShape(token: unknown, prefix: string, pattern: RegExp): token is string {
  if (typeof token !== 'string' || !pattern.test(token)) return false;
  const body = token.slice(prefix.length);
  const randomPart = body.slice(0, TOKEN_RANDOM_LENGTH);
  return tokenChecksum(randomPart) === body.slice(TOKEN_RANDOM_LENGTH);
}
