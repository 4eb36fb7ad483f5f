import { generateKeyPairSync } from 'node:crypto';
import {
  KeyRingError,
  PublicKeySealer,
  SecretDecryptionError,
  parsePublicKeys,
  x25519PublicKeyFromRaw,
} from '@dq/security';
import { generateKeyPairEntries, parsePrivateKeyRing, publicKeysText } from './private-key-ring';
import { SecretOpener } from './secret-opener';

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

function ringOf(...ids: string[]): { privateText: string; publicText: string } {
  const pairs = ids.map((id) => generateKeyPairEntries(id));
  return {
    privateText: pairs.map((pair) => pair.privateEntry).join(','),
    publicText: pairs.map((pair) => pair.publicEntry).join(','),
  };
}

describe('PublicKeySealer and SecretOpener', () => {
  const { privateText, publicText } = ringOf('k1', 'k2');
  const opener = new SecretOpener(parsePrivateKeyRing(privateText, 'k1'));
  // The gateway's side: public keys only.
  const sealer = new PublicKeySealer(parsePublicKeys(publicText, 'k1'));

  it('round-trips strings and objects sealed with public keys only, fresh every time', () => {
    const a = sealer.seal(SECRET, AAD);
    const b = sealer.seal(SECRET, AAD);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2\.k1\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain(SECRET);
    expect(opener.open(a, AAD)).toBe(SECRET);
    const obj = { password: SECRET, private_key: 'pem' };
    expect(opener.openJson(sealer.seal(obj, AAD), AAD)).toEqual(obj);
    expect(opener.open(sealer.seal('', AAD), AAD)).toBe('');
  });

  it('the sealing side has no way to open: no method, and its keys are public', () => {
    expect('open' in sealer).toBe(false);
    expect(Object.getOwnPropertyNames(PublicKeySealer.prototype).sort()).toEqual(
      ['constructor', 'keyId', 'seal'].sort(),
    );
    for (const key of Object.values(parsePublicKeys(publicText, 'k1').keys)) expect(key.type).toBe('public');
    // A private key offered as a public key is refused, so one cannot reach a gateway by mistake.
    const privateAsPublic = privateText.split(',')[0];
    expect(() => parsePublicKeys(privateAsPublic, 'k1')).toThrow(KeyRingError);
  });

  it('refuses ciphertext copied to another owner (wrong AAD)', () => {
    expectDecryptionError(
      () => opener.open(sealer.seal(SECRET, AAD), 'connection:22222222-2222-2222-2222-222222222222'),
      'authentication_failed',
    );
  });

  it('refuses an unknown key id, and another private key under the same id', () => {
    const other = SecretOpener.withFreshKeyForTests('other');
    expectDecryptionError(() => other.opener.open(sealer.seal(SECRET, AAD), AAD), 'unknown_key');
    const sameId = new SecretOpener(parsePrivateKeyRing(ringOf('k1').privateText, 'k1'));
    expectDecryptionError(() => sameId.open(sealer.seal(SECRET, AAD), AAD), 'authentication_failed');
  });

  const lowOrder = Buffer.alloc(32).toString('base64url');
  const tampers: Array<[string, (parts: string[]) => string, string]> = [
    ['version', (p) => ['v3', ...p.slice(1)].join('.'), 'malformed_envelope'],
    [
      'key id rewritten to another known key',
      (p) => [p[0], 'k2', ...p.slice(2)].join('.'),
      'authentication_failed',
    ],
    ['ephemeral key bit', (p) => [p[0], p[1], flip(p[2]), p[3], p[4]].join('.'), 'authentication_failed'],
    [
      'ephemeral key of low order',
      (p) => [p[0], p[1], lowOrder, p[3], p[4]].join('.'),
      'authentication_failed',
    ],
    ['iv bit', (p) => [p[0], p[1], p[2], flip(p[3]), p[4]].join('.'), 'authentication_failed'],
    ['ciphertext bit', (p) => [...p.slice(0, 4), flip(p[4], 0)].join('.'), 'authentication_failed'],
    [
      'tag bit',
      (p) => [...p.slice(0, 4), flip(p[4], Buffer.from(p[4], 'base64url').length - 1)].join('.'),
      'authentication_failed',
    ],
    [
      'truncated tag',
      (p) =>
        [...p.slice(0, 4), Buffer.from(p[4], 'base64url').subarray(0, 10).toString('base64url')].join('.'),
      'malformed_envelope',
    ],
    ['short ephemeral key', (p) => [p[0], p[1], 'AAAA', p[3], p[4]].join('.'), 'malformed_envelope'],
    ['missing part', (p) => p.slice(0, 4).join('.'), 'malformed_envelope'],
    ['extra part', (p) => [...p, 'x'].join('.'), 'malformed_envelope'],
    ['non-base64url characters', (p) => [...p.slice(0, 4), `${p[4]}+/`].join('.'), 'malformed_envelope'],
  ];

  it.each(tampers)('detects tampering: %s', (_name, tamper, reason) => {
    const parts = sealer.seal(SECRET, AAD).split('.');
    expectDecryptionError(() => opener.open(tamper(parts), AAD), reason);
  });

  it('an envelope re-sealed with a fresh ephemeral key for the same recipient does not pass as the original', () => {
    // Swapping in another valid ephemeral public key changes the derived key and the AAD.
    const parts = sealer.seal(SECRET, AAD).split('.');
    const { publicKey } = generateKeyPairSync('x25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
    expect(x25519PublicKeyFromRaw(raw).asymmetricKeyType).toBe('x25519');
    expectDecryptionError(
      () => opener.open([parts[0], parts[1], raw.toString('base64url'), parts[3], parts[4]].join('.'), AAD),
      'authentication_failed',
    );
  });

  it('rotates across key ids: old envelopes still open, need resealing, and the new id takes over', () => {
    const old = sealer.seal(SECRET, AAD);
    const rotated = new SecretOpener(parsePrivateKeyRing(privateText, 'k2'));
    expect(rotated.needsResealing(old)).toBe(true);
    expect(rotated.open(old, AAD)).toBe(SECRET);
    const fresh = rotated.sealer().seal(rotated.open(old, AAD), AAD);
    expect(fresh.startsWith('v2.k2.')).toBe(true);
    expect(rotated.needsResealing(fresh)).toBe(false);
    // Gateways configured with the same public keys and the new active id seal the same way.
    expect(
      new PublicKeySealer(parsePublicKeys(publicText, 'k2')).seal(SECRET, AAD).startsWith('v2.k2.'),
    ).toBe(true);
    // Once k1 is retired, only what was sealed under k2 opens.
    const k2Only = privateText.split(',')[1];
    const retired = new SecretOpener(parsePrivateKeyRing(k2Only, 'k2'));
    expect(retired.open(fresh, AAD)).toBe(SECRET);
    expectDecryptionError(() => retired.open(old, AAD), 'unknown_key');
  });

  it('an older v1 envelope needs resealing and is not opened', () => {
    const v1 = 'v1.k1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA';
    expect(opener.needsResealing(v1)).toBe(true);
    expectDecryptionError(() => opener.open(v1, AAD), 'malformed_envelope');
  });
});

describe('key rings', () => {
  it('the public keys printed from a private ring are the ones the gateways parse', () => {
    const { privateText } = ringOf('a', 'b');
    const ring = parsePrivateKeyRing(privateText, 'b');
    const sealer = new PublicKeySealer(parsePublicKeys(publicKeysText(ring), 'b'));
    expect(new SecretOpener(ring).open(sealer.seal(SECRET, AAD), AAD)).toBe(SECRET);
  });

  const { privateText, publicText } = ringOf('k1');
  const privateKey = privateText.slice(3);
  const publicKey = publicText.slice(3);
  const cases: Array<[string, () => unknown, RegExp]> = [
    ['empty private ring', () => parsePrivateKeyRing('', 'k1'), /empty/],
    [
      'entry without a colon',
      () => parsePrivateKeyRing(privateKey, 'k1'),
      /entry 1: expected <key id>:<base64 key>/,
    ],
    ['upper-case key id', () => parsePrivateKeyRing(`K1:${privateKey}`, 'K1'), /entry 1: key id must match/],
    [
      'duplicate key id',
      () => parsePrivateKeyRing(`${privateText},${privateText}`, 'k1'),
      /entry 2: duplicate key id k1/,
    ],
    [
      'a public key in the private ring',
      () => parsePrivateKeyRing(`k1:${publicKey}`, 'k1'),
      /entry 1 \(k1\): not a DER \(PKCS#8\) private key/,
    ],
    [
      'a 32-byte symmetric key',
      () => parsePrivateKeyRing(`k1:${Buffer.alloc(32, 7).toString('base64')}`, 'k1'),
      /not a DER/,
    ],
    [
      'an Ed25519 key',
      () =>
        parsePrivateKeyRing(
          `k1:${generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`,
          'k1',
        ),
      /entry 1 \(k1\): not an X25519 key/,
    ],
    [
      'not base64',
      () => parsePublicKeys(`k1:${publicKey.slice(0, 10)}!!`, 'k1'),
      /entry 1 \(k1\): key is not valid base64/,
    ],
    [
      'active key missing',
      () => parsePublicKeys(publicText, 'k2'),
      /active key id k2 is not in the key ring/,
    ],
    ['active key id invalid', () => parsePrivateKeyRing(privateText, 'K 2'), /active key id must match/],
  ];

  it.each(cases)('refuses %s, naming the problem without echoing key material', (_name, run, message) => {
    let caught: unknown;
    try {
      run();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(KeyRingError);
    const text = (caught as Error).message;
    expect(text).toMatch(message);
    for (const material of [privateKey, publicKey, privateKey.slice(0, 20), publicKey.slice(0, 10)])
      expect(text).not.toContain(material);
  });
});
