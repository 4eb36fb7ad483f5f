import { createDecipheriv, createPublicKey, diffieHellman } from 'node:crypto';
import {
  PublicKeySealer,
  SEAL_CIPHER,
  SEAL_TAG_BYTES,
  SEALED_VERSION,
  SecretDecryptionError,
  assertActiveKeyId,
  envelopeVersion,
  parseSealedEnvelope,
  rawX25519PublicKey,
  sealContentKey,
  sealedAad,
  x25519PublicKeyFromRaw,
} from '@dq/security';
import {
  type PrivateKeyRing,
  generateKeyPairEntries,
  parsePrivateKeyRing,
  publicKeysOf,
} from './private-key-ring';

/**
 * Opens credentials sealed by `PublicKeySealer` with the runner's private key ring. Every key of the
 * ring opens what was sealed under its id, so the active key can rotate.
 */
export class SecretOpener {
  private readonly ring: PrivateKeyRing;
  /** Each key's raw public half (the content key's salt), derived once rather than per opening. */
  private readonly recipients = new Map<string, Buffer>();

  constructor(ring: PrivateKeyRing) {
    assertActiveKeyId(ring.activeKeyId, Object.keys(ring.keys));
    this.ring = { activeKeyId: ring.activeKeyId, keys: { ...ring.keys } };
    for (const [keyId, key] of Object.entries(this.ring.keys)) {
      this.recipients.set(keyId, rawX25519PublicKey(createPublicKey(key)));
    }
  }

  /** An opener with one fresh key pair, and the sealer for it, for tests only. */
  static withFreshKeyForTests(keyId = 'test'): { opener: SecretOpener; sealer: PublicKeySealer } {
    const { privateEntry } = generateKeyPairEntries(keyId);
    const opener = new SecretOpener(parsePrivateKeyRing(privateEntry, keyId));
    return { opener, sealer: opener.sealer() };
  }

  get activeKeyId(): string {
    return this.ring.activeKeyId;
  }

  /** A sealer for the ring's active public key. */
  sealer(): PublicKeySealer {
    return new PublicKeySealer(publicKeysOf(this.ring));
  }

  open(envelope: string, aad: string): string {
    const { keyId, ephemeralText, ephemeral, iv, sealed } = parseSealedEnvelope(envelope);
    if (!Object.hasOwn(this.ring.keys, keyId)) throw new SecretDecryptionError('unknown_key');
    const privateKey = this.ring.keys[keyId];
    let shared: Buffer;
    try {
      shared = diffieHellman({ privateKey, publicKey: x25519PublicKeyFromRaw(ephemeral) });
    } catch {
      // A low-order or invalid ephemeral key: nothing was sealed for this key.
      throw new SecretDecryptionError('authentication_failed');
    }
    const recipient = this.recipients.get(keyId) ?? rawX25519PublicKey(createPublicKey(privateKey));
    const key = sealContentKey(shared, ephemeral, recipient, keyId);
    const decipher = createDecipheriv(SEAL_CIPHER, key, iv, { authTagLength: SEAL_TAG_BYTES });
    decipher.setAAD(sealedAad(keyId, ephemeralText, aad));
    decipher.setAuthTag(sealed.subarray(sealed.length - SEAL_TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - SEAL_TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretDecryptionError('authentication_failed');
    }
  }

  /** `open` for a secret that was sealed from an object. */
  openJson<T>(envelope: string, aad: string): T {
    const text = this.open(envelope, aad);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SecretDecryptionError('malformed_envelope');
    }
  }

  /** True unless the envelope is in the current format under the active key. */
  needsResealing(envelope: string): boolean {
    if (envelopeVersion(envelope) !== SEALED_VERSION) return true;
    return parseSealedEnvelope(envelope).keyId !== this.ring.activeKeyId;
  }
}
