import { type KeyObject, createCipheriv, diffieHellman, generateKeyPairSync, randomBytes } from 'node:crypto';
import { assertActiveKeyId } from './key-ring-error';
import { type PublicKeySet } from './public-keys';
import {
  SEAL_CIPHER,
  SEAL_IV_BYTES,
  SEAL_TAG_BYTES,
  SEALED_VERSION,
  rawX25519PublicKey,
  sealContentKey,
  sealedAad,
} from './sealed-envelope';

/**
 * Seals credentials for the runner with its public key: a fresh X25519 key pair per seal, HKDF-SHA256
 * and AES-256-GCM. Holding only public keys, it cannot open anything it sealed. The AAD binds a
 * secret to its owner (e.g. `connection:<id>`).
 */
export class PublicKeySealer {
  private readonly activeKeyId: string;
  private readonly recipient: KeyObject;
  private readonly recipientRaw: Buffer;

  constructor(keys: PublicKeySet) {
    assertActiveKeyId(keys.activeKeyId, Object.keys(keys.keys));
    this.activeKeyId = keys.activeKeyId;
    this.recipient = keys.keys[keys.activeKeyId]!;
    this.recipientRaw = rawX25519PublicKey(this.recipient);
  }

  get keyId(): string {
    return this.activeKeyId;
  }

  seal(plaintext: string | object, aad: string): string {
    const text = typeof plaintext === 'string' ? plaintext : JSON.stringify(plaintext);
    const ephemeral = generateKeyPairSync('x25519');
    const ephemeralRaw = rawX25519PublicKey(ephemeral.publicKey);
    const ephemeralText = ephemeralRaw.toString('base64url');
    const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: this.recipient });
    const key = sealContentKey(shared, ephemeralRaw, this.recipientRaw, this.activeKeyId);
    const iv = randomBytes(SEAL_IV_BYTES);
    const cipher = createCipheriv(SEAL_CIPHER, key, iv, { authTagLength: SEAL_TAG_BYTES });
    cipher.setAAD(sealedAad(this.activeKeyId, ephemeralText, aad));
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [
      SEALED_VERSION,
      this.activeKeyId,
      ephemeralText,
      iv.toString('base64url'),
      sealed.toString('base64url'),
    ].join('.');
  }
}
