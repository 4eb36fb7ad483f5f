import { type KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import {
  KEY_ID_PATTERN,
  KeyRingError,
  type PublicKeySet,
  assertActiveKeyId,
  parseKeyEntries,
} from '@dq/security';

/** The runner's private keys: every listed key opens; the active one's public half seals. */
export interface PrivateKeyRing {
  activeKeyId: string;
  keys: Record<string, KeyObject>;
}

function x25519PrivateKeyFromDer(der: Buffer, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    throw new KeyRingError(`${where}: not a DER (PKCS#8) private key`);
  }
  if (key.asymmetricKeyType !== 'x25519') throw new KeyRingError(`${where}: not an X25519 key`);
  return key;
}

/**
 * Parses `SECRETS_PRIVATE_KEY_RING`: `kid1:<base64 DER PKCS#8 X25519 private key>[,kid2:…]` (as
 * printed by `npm run secrets:keygen`). Throws `KeyRingError` naming the entry, never its material.
 */
export function parsePrivateKeyRing(text: string, activeKeyId: string): PrivateKeyRing {
  const keys: Record<string, KeyObject> = {};
  for (const { id, key, position } of parseKeyEntries(text)) {
    keys[id] = x25519PrivateKeyFromDer(key, position);
  }
  assertActiveKeyId(activeKeyId, Object.keys(keys));
  return { activeKeyId, keys };
}

/** The public halves of a private ring, for a sealer (the re-seal command seals with these). */
export function publicKeysOf(ring: PrivateKeyRing): PublicKeySet {
  const keys: Record<string, KeyObject> = {};
  for (const [id, key] of Object.entries(ring.keys)) keys[id] = createPublicKey(key);
  return { activeKeyId: ring.activeKeyId, keys };
}

/** The same, as the `SECRETS_PUBLIC_KEYS` text the gateways are configured with. */
export function publicKeysText(ring: PrivateKeyRing): string {
  return Object.entries(publicKeysOf(ring).keys)
    .map(([id, key]) => `${id}:${key.export({ format: 'der', type: 'spki' }).toString('base64')}`)
    .join(',');
}

/** A fresh key pair as ring entries: `<id>:<base64 private>` for the runner, `<id>:<base64 public>` for the gateways. */
export function generateKeyPairEntries(keyId: string): { privateEntry: string; publicEntry: string } {
  if (!KEY_ID_PATTERN.test(keyId)) throw new KeyRingError(`key id must match ${KEY_ID_PATTERN.source}`);
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  return {
    privateEntry: `${keyId}:${privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`,
    publicEntry: `${keyId}:${publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`,
  };
}
