import { KEY_ID_PATTERN, KeyRingError, decodeKeyText } from '@dq/security';

/** The symmetric keys of the older `v1` format: read only to re-seal what they sealed. */
export interface LegacyKeyRing {
  activeKeyId: string;
  keys: Record<string, Buffer>;
}

export const LEGACY_KEY_BYTES = 32;

/** Checks a key ring built in code; the same rules as `parseLegacyKeyRing`. */
export function validateLegacyKeyRing(ring: LegacyKeyRing): LegacyKeyRing {
  const ids = Object.keys(ring.keys);
  if (ids.length === 0) throw new KeyRingError('key ring is empty');
  for (const [index, id] of ids.entries()) {
    // An invalid id may be a pasted key: it is named by position, never echoed.
    if (!KEY_ID_PATTERN.test(id)) {
      throw new KeyRingError(`key ring entry ${index + 1}: key id must match ${KEY_ID_PATTERN.source}`);
    }
    const key = ring.keys[id];
    if (!Buffer.isBuffer(key) || key.length !== LEGACY_KEY_BYTES) {
      throw new KeyRingError(
        `key ring entry ${index + 1} (${id}): key must be exactly ${LEGACY_KEY_BYTES} bytes`,
      );
    }
  }
  if (!KEY_ID_PATTERN.test(ring.activeKeyId)) {
    throw new KeyRingError(`active key id must match ${KEY_ID_PATTERN.source}`);
  }
  if (!Object.hasOwn(ring.keys, ring.activeKeyId)) {
    throw new KeyRingError(`active key id ${ring.activeKeyId} is not in the key ring`);
  }
  return ring;
}

/**
 * Parses the env-style key ring `kid1:<base64 32 bytes>,kid2:<base64 32 bytes>` (base64 or
 * base64url). Throws `KeyRingError` naming the entry and the problem, never its material.
 */
export function parseLegacyKeyRing(text: string, activeKeyId: string): LegacyKeyRing {
  const keys: Record<string, Buffer> = {};
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new KeyRingError('key ring is empty');
  for (const [index, entry] of entries.entries()) {
    const position = `key ring entry ${index + 1}`;
    const colon = entry.indexOf(':');
    if (colon === -1) throw new KeyRingError(`${position}: expected <key id>:<base64 key>`);
    const id = entry.slice(0, colon).trim();
    if (!KEY_ID_PATTERN.test(id)) {
      throw new KeyRingError(`${position}: key id must match ${KEY_ID_PATTERN.source}`);
    }
    if (Object.hasOwn(keys, id)) throw new KeyRingError(`${position}: duplicate key id ${id}`);
    const key = decodeKeyText(entry.slice(colon + 1).trim());
    if (key === undefined) throw new KeyRingError(`${position} (${id}): key is not valid base64`);
    if (key.length !== LEGACY_KEY_BYTES) {
      throw new KeyRingError(`${position} (${id}): key must decode to exactly ${LEGACY_KEY_BYTES} bytes`);
    }
    keys[id] = key;
  }
  return validateLegacyKeyRing({ activeKeyId, keys });
}
