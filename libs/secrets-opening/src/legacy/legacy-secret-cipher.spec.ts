import { randomBytes } from 'node:crypto';
import { LegacySecretCipher } from './legacy-secret-cipher';
import { SecretDecryptionError } from '@dq/security';

const AAD = 'connection:11111111-1111-1111-1111-111111111111';
const SECRET = 'p@ssw0rd-ünïcode-🔑';

function expectDecryptionError(run: () => unknown, reason: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(SecretDecryptionError);
  expect((caught as SecretDecryptionError).reason).toBe(reason);
  expect((caught as Error).message).not.toContain(SECRET);
}

/** Flips one bit of a base64url part and returns the re-encoded part. */
function flip(part: string, byte = 0): string {
  const bytes = Buffer.from(part, 'base64url');
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
}

describe('LegacySecretCipher', () => {
  const k1 = randomBytes(32);
  const k2 = randomBytes(32);
  const cipher = new LegacySecretCipher({ activeKeyId: 'k1', keys: { k1 } });

  it('round-trips strings and objects, with a fresh IV every time', () => {
    const a = cipher.encrypt(SECRET, AAD);
    const b = cipher.encrypt(SECRET, AAD);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain(SECRET);
    expect(cipher.decrypt(a, AAD)).toBe(SECRET);
    const obj = { password: SECRET, private_key: 'pem' };
    expect(cipher.decryptJson(cipher.encrypt(obj, AAD), AAD)).toEqual(obj);
    expect(cipher.decrypt(cipher.encrypt('', AAD), AAD)).toBe('');
  });

  it('refuses ciphertext copied to another owner (wrong AAD)', () => {
    const envelope = cipher.encrypt(SECRET, AAD);
    expectDecryptionError(
      () => cipher.decrypt(envelope, 'connection:22222222-2222-2222-2222-222222222222'),
      'authentication_failed',
    );
  });

  it('refuses a different key with the same id', () => {
    const other = new LegacySecretCipher({ activeKeyId: 'k1', keys: { k1: k2 } });
    expectDecryptionError(() => other.decrypt(cipher.encrypt(SECRET, AAD), AAD), 'authentication_failed');
  });

  it('refuses an unknown key id', () => {
    const other = LegacySecretCipher.fromRandomKeyForTests('other');
    expectDecryptionError(() => other.decrypt(cipher.encrypt(SECRET, AAD), AAD), 'unknown_key');
  });

  const tampers: Array<[string, (parts: string[]) => string, string]> = [
    ['version', (p) => ['v2', p[1], p[2], p[3]].join('.'), 'malformed_envelope'],
    [
      'key id rewritten to another known key',
      (p) => ['v1', 'k2', p[2], p[3]].join('.'),
      'authentication_failed',
    ],
    ['iv bit', (p) => ['v1', p[1], flip(p[2]), p[3]].join('.'), 'authentication_failed'],
    ['ciphertext bit', (p) => ['v1', p[1], p[2], flip(p[3], 0)].join('.'), 'authentication_failed'],
    [
      'tag bit',
      (p) => ['v1', p[1], p[2], flip(p[3], Buffer.from(p[3], 'base64url').length - 1)].join('.'),
      'authentication_failed',
    ],
    [
      'truncated tag',
      (p) =>
        ['v1', p[1], p[2], Buffer.from(p[3], 'base64url').subarray(0, 10).toString('base64url')].join('.'),
      'malformed_envelope',
    ],
    [
      'short iv',
      (p) => ['v1', p[1], Buffer.alloc(8).toString('base64url'), p[3]].join('.'),
      'malformed_envelope',
    ],
    ['missing part', (p) => p.slice(0, 3).join('.'), 'malformed_envelope'],
    ['extra part', (p) => [...p, 'x'].join('.'), 'malformed_envelope'],
    ['non-base64url characters', (p) => ['v1', p[1], p[2], `${p[3]}+/`].join('.'), 'malformed_envelope'],
  ];

  it.each(tampers)('detects tampering: %s', (_name, tamper, reason) => {
    const ring = new LegacySecretCipher({ activeKeyId: 'k1', keys: { k1, k2 } });
    const parts = ring.encrypt(SECRET, AAD).split('.');
    expectDecryptionError(() => ring.decrypt(tamper(parts), AAD), reason);
  });

  it('rotates: old envelopes still decrypt, need rotation, and re-encrypt under the active key', () => {
    const old = new LegacySecretCipher({ activeKeyId: 'k1', keys: { k1 } }).encrypt(SECRET, AAD);
    const rotated = new LegacySecretCipher({ activeKeyId: 'k2', keys: { k1, k2 } });
    expect(rotated.needsRotation(old)).toBe(true);
    expect(rotated.decrypt(old, AAD)).toBe(SECRET);
    const fresh = rotated.reencrypt(old, AAD);
    expect(fresh.startsWith('v1.k2.')).toBe(true);
    expect(rotated.needsRotation(fresh)).toBe(false);
    expect(rotated.decrypt(fresh, AAD)).toBe(SECRET);
    // Once k1 is retired, only the re-encrypted envelope is readable.
    const retired = new LegacySecretCipher({ activeKeyId: 'k2', keys: { k2 } });
    expect(retired.decrypt(fresh, AAD)).toBe(SECRET);
    expectDecryptionError(() => retired.decrypt(old, AAD), 'unknown_key');
  });

  it('refuses an invalid key ring at construction', () => {
    expect(() => new LegacySecretCipher({ activeKeyId: 'k9', keys: { k1 } })).toThrow(/not in the key ring/);
  });
});
