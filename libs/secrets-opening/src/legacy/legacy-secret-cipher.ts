import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretDecryptionError } from '@dq/security';
import { LEGACY_KEY_BYTES, type LegacyKeyRing, validateLegacyKeyRing } from './legacy-key-ring';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

interface ParsedEnvelope {
  keyId: string;
  iv: Buffer;
  sealed: Buffer;
}

/**
 * The older symmetric format, kept only so the re-seal command can read what it sealed: AES-256-GCM
 * under a shared master key. The envelope
 * `v1.<kid>.<base64url iv>.<base64url ciphertext||tag>` names its key so the master key can rotate.
 * The AAD binds a secret to its owner (e.g. `connection:<id>`): ciphertext copied to another row
 * does not decrypt there.
 */
export class LegacySecretCipher {
  private readonly ring: LegacyKeyRing;

  constructor(ring: LegacyKeyRing) {
    this.ring = validateLegacyKeyRing({ activeKeyId: ring.activeKeyId, keys: { ...ring.keys } });
  }

  /** A cipher with one fresh random key, for tests only. */
  static fromRandomKeyForTests(keyId = 'test'): LegacySecretCipher {
    return new LegacySecretCipher({ activeKeyId: keyId, keys: { [keyId]: randomBytes(LEGACY_KEY_BYTES) } });
  }

  get activeKeyId(): string {
    return this.ring.activeKeyId;
  }

  encrypt(plaintext: string | object, aad: string): string {
    const text = typeof plaintext === 'string' ? plaintext : JSON.stringify(plaintext);
    const keyId = this.ring.activeKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keyFor(keyId), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(boundAad(keyId, aad));
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [VERSION, keyId, iv.toString('base64url'), sealed.toString('base64url')].join('.');
  }

  decrypt(envelope: string, aad: string): string {
    const { keyId, iv, sealed } = parseEnvelope(envelope);
    if (!Object.hasOwn(this.ring.keys, keyId)) throw new SecretDecryptionError('unknown_key');
    const decipher = createDecipheriv(ALGORITHM, this.keyFor(keyId), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(boundAad(keyId, aad));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretDecryptionError('authentication_failed');
    }
  }

  /** `decrypt` for a secret that was encrypted from an object. */
  decryptJson<T>(envelope: string, aad: string): T {
    const text = this.decrypt(envelope, aad);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SecretDecryptionError('malformed_envelope');
    }
  }

  /** True when the envelope was sealed with a key other than the active one. */
  needsRotation(envelope: string): boolean {
    return parseEnvelope(envelope).keyId !== this.ring.activeKeyId;
  }

  /** Decrypts with whichever key sealed it and seals again with the active key. */
  reencrypt(envelope: string, aad: string): string {
    return this.encrypt(this.decrypt(envelope, aad), aad);
  }

  private keyFor(keyId: string): Buffer {
    const key = this.ring.keys[keyId];
    if (key === undefined) throw new SecretDecryptionError('unknown_key');
    return key;
  }
}

// The version and key id are authenticated too, so the envelope header cannot be rewritten.
function boundAad(keyId: string, aad: string): Buffer {
  return Buffer.from(`${VERSION}.${keyId}|${aad}`, 'utf8');
}

function parseEnvelope(envelope: string): ParsedEnvelope {
  const parts = typeof envelope === 'string' ? envelope.split('.') : [];
  if (parts.length !== 4) throw new SecretDecryptionError('malformed_envelope');
  const [version, keyId, ivText, sealedText] = parts as [string, string, string, string];
  if (version !== VERSION || keyId === '' || !BASE64URL.test(ivText) || !BASE64URL.test(sealedText)) {
    throw new SecretDecryptionError('malformed_envelope');
  }
  const iv = Buffer.from(ivText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES)
    throw new SecretDecryptionError('malformed_envelope');
  return { keyId, iv, sealed };
}
