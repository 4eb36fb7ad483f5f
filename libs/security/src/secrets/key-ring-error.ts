/** Key ids name a key in an envelope and in a ring: short, lower-case, no separators of the format. */
export const KEY_ID_PATTERN = /^[a-z0-9_-]{1,32}$/;

/** A key ring or key set that cannot be used. The message names the problem, never key material. */
export class KeyRingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRingError';
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Strict base64 or base64url; undefined for anything else. */
export function decodeKeyText(text: string): Buffer | undefined {
  if (BASE64.test(text)) return Buffer.from(text, 'base64');
  if (BASE64URL.test(text)) return Buffer.from(text, 'base64url');
  return undefined;
}

/**
 * Splits `kid1:<base64>,kid2:<base64>` into decoded entries, checking ids and duplicates. An entry
 * is named by position (an invalid id may be a pasted key, so it is never echoed).
 */
export function parseKeyEntries(text: string): Array<{ id: string; key: Buffer; position: string }> {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new KeyRingError('key ring is empty');
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const position = `key ring entry ${index + 1}`;
    const colon = entry.indexOf(':');
    if (colon === -1) throw new KeyRingError(`${position}: expected <key id>:<base64 key>`);
    const id = entry.slice(0, colon).trim();
    if (!KEY_ID_PATTERN.test(id)) {
      throw new KeyRingError(`${position}: key id must match ${KEY_ID_PATTERN.source}`);
    }
    if (seen.has(id)) throw new KeyRingError(`${position}: duplicate key id ${id}`);
    seen.add(id);
    const key = decodeKeyText(entry.slice(colon + 1).trim());
    if (key === undefined) throw new KeyRingError(`${position} (${id}): key is not valid base64`);
    return { id, key, position: `${position} (${id})` };
  });
}

/** The active key id is valid and names a key of the ring. */
export function assertActiveKeyId(activeKeyId: string, ids: readonly string[]): void {
  if (!KEY_ID_PATTERN.test(activeKeyId)) {
    throw new KeyRingError(`active key id must match ${KEY_ID_PATTERN.source}`);
  }
  if (!ids.includes(activeKeyId)) {
    throw new KeyRingError(`active key id ${activeKeyId} is not in the key ring`);
  }
}
