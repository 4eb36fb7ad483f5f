import { type KeyObject, createPublicKey } from 'node:crypto';
import { KeyRingError, assertActiveKeyId, parseKeyEntries } from './key-ring-error';

/** The public halves of the credential keys: the active one seals; none of them can open. */
export interface PublicKeySet {
  activeKeyId: string;
  keys: Record<string, KeyObject>;
}

/** An X25519 public key from its DER (SPKI) bytes; throws `KeyRingError` naming only `where`. */
export function x25519PublicKeyFromDer(der: Buffer, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    throw new KeyRingError(`${where}: not a DER (SPKI) public key`);
  }
  if (key.asymmetricKeyType !== 'x25519') throw new KeyRingError(`${where}: not an X25519 key`);
  return key;
}

/**
 * Parses `SECRETS_PUBLIC_KEYS`: `kid1:<base64 DER SPKI X25519 public key>[,kid2:…]` (as printed by
 * `npm run secrets:keygen`). Throws `KeyRingError` naming the entry, never its material.
 */
export function parsePublicKeys(text: string, activeKeyId: string): PublicKeySet {
  const keys: Record<string, KeyObject> = {};
  for (const { id, key, position } of parseKeyEntries(text)) {
    keys[id] = x25519PublicKeyFromDer(key, position);
  }
  assertActiveKeyId(activeKeyId, Object.keys(keys));
  return { activeKeyId, keys };
}
