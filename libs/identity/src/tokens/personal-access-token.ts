import { hasValidTokenShape, mintToken, tokenPattern } from './token-format';

export const PAT_PREFIX = 'svc_live_';
/** Published for secret scanners: `svc_live_` + 43 base62 random characters + 6 base62 CRC32 characters. */
export const PAT_PATTERN = tokenPattern(PAT_PREFIX);
/** How many leading characters are kept as `key_prefix` (`svc_live_` + 7). */
export const KEY_PREFIX_LENGTH = 16;

export interface ParsedPersonalAccessToken {
  token: string;
  keyPrefix: string;
}

export function mintPersonalAccessToken(): string {
  return mintToken(PAT_PREFIX);
}

/** Validates shape and checksum without a lookup; null when the token cannot be one of ours. */
export function parsePersonalAccessToken(token: unknown): ParsedPersonalAccessToken | null {
  if (!hasValidTokenShape(token, PAT_PREFIX, PAT_PATTERN)) return null;
  return { token, keyPrefix: keyPrefixOf(token) };
}

export function keyPrefixOf(token: string): string {
  return token.slice(0, KEY_PREFIX_LENGTH);
}
