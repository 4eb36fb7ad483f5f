import { type KeyObject, createPublicKey, hkdfSync } from 'node:crypto';
import { SecretDecryptionError } from './secret-decryption.error';

/**
 * The sealed-credential envelope, shared by the sealing side (here) and the opening side
 * (`@dq/secrets-opening`): `v2.<kid>.<b64url ephemeral X25519 public>.<b64url iv>.<b64url ct||tag>`.
 * X25519 with a fresh ephemeral key per seal, HKDF-SHA256 to a one-use AES-256-GCM key.
 */
export const SEALED_VERSION = 'v2';
export const SEAL_CIPHER = 'aes-256-gcm';
export const SEAL_IV_BYTES = 12;
export const SEAL_TAG_BYTES = 16;
const X25519_BYTES = 32;
const CONTENT_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface SealedEnvelope {
  keyId: string;
  ephemeralText: string;
  ephemeral: Buffer;
  iv: Buffer;
  sealed: Buffer;
}

/** The version tag of an envelope (`v1`: the older symmetric format), or undefined if not one. */
export function envelopeVersion(envelope: unknown): string | undefined {
  if (typeof envelope !== 'string') return undefined;
  const version = envelope.slice(0, envelope.indexOf('.'));
  return /^v[0-9]+$/.test(version) ? version : undefined;
}

export function parseSealedEnvelope(envelope: string): SealedEnvelope {
  const parts = typeof envelope === 'string' ? envelope.split('.') : [];
  if (parts.length !== 5) throw new SecretDecryptionError('malformed_envelope');
  const [version, keyId, ephemeralText, ivText, sealedText] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (
    version !== SEALED_VERSION ||
    keyId === '' ||
    ![ephemeralText, ivText, sealedText].every((part) => BASE64URL.test(part))
  ) {
    throw new SecretDecryptionError('malformed_envelope');
  }
  const ephemeral = Buffer.from(ephemeralText, 'base64url');
  const iv = Buffer.from(ivText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (ephemeral.length !== X25519_BYTES || iv.length !== SEAL_IV_BYTES || sealed.length < SEAL_TAG_BYTES) {
    throw new SecretDecryptionError('malformed_envelope');
  }
  return { keyId, ephemeralText, ephemeral, iv, sealed };
}

/** The raw 32 bytes of an X25519 public key. */
export function rawX25519PublicKey(key: KeyObject): Buffer {
  const { x } = key.export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('not an X25519 public key');
  return Buffer.from(x, 'base64url');
}

/** An X25519 public key from its raw 32 bytes. */
export function x25519PublicKeyFromRaw(raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/**
 * The one-use content key: HKDF-SHA256 over the X25519 shared secret, salted with both public keys
 * and bound to the format and key id.
 */
export function sealContentKey(shared: Buffer, ephemeral: Buffer, recipient: Buffer, keyId: string): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      shared,
      Buffer.concat([ephemeral, recipient]),
      `dq credential seal ${SEALED_VERSION} ${keyId}`,
      CONTENT_KEY_BYTES,
    ),
  );
}

// The header (version, key id, ephemeral key) is authenticated with the owner's AAD.
export function sealedAad(keyId: string, ephemeralText: string, aad: string): Buffer {
  return Buffer.from(`${SEALED_VERSION}.${keyId}.${ephemeralText}|${aad}`, 'utf8');
}
