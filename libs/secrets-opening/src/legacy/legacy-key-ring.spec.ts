import { randomBytes } from 'node:crypto';
import { KeyRingError } from '@dq/security';
import { parseLegacyKeyRing, validateLegacyKeyRing } from './legacy-key-ring';

const key32 = randomBytes(32).toString('base64');
const key32url = randomBytes(32).toString('base64url');
const key16 = randomBytes(16).toString('base64');

describe('parseLegacyKeyRing', () => {
  it('parses several keys, base64 and base64url, with the active one present', () => {
    const ring = parseLegacyKeyRing(` k1:${key32} , k-2_b:${key32url} `, 'k1');
    expect(ring.activeKeyId).toBe('k1');
    expect(Object.keys(ring.keys)).toEqual(['k1', 'k-2_b']);
    expect(ring.keys.k1).toEqual(Buffer.from(key32, 'base64'));
    expect(ring.keys['k-2_b']).toEqual(Buffer.from(key32url, 'base64url'));
  });

  const cases: Array<[string, string, string, RegExp]> = [
    ['empty ring', '', 'k1', /empty/],
    ['entry without a colon', key32, 'k1', /entry 1: expected <key id>:<base64 key>/],
    ['upper-case key id', `K1:${key32}`, 'K1', /entry 1: key id must match/],
    ['over-long key id', `${'a'.repeat(33)}:${key32}`, 'k1', /entry 1: key id must match/],
    ['key id with a dot', `k.1:${key32}`, 'k1', /entry 1: key id must match/],
    ['duplicate key id', `k1:${key32},k1:${key32url}`, 'k1', /entry 2: duplicate key id k1/],
    ['16-byte key', `k1:${key16}`, 'k1', /entry 1 \(k1\): key must decode to exactly 32 bytes/],
    [
      'not base64',
      `k1:${key32.slice(0, 20)}!!${key32.slice(22)}`,
      'k1',
      /entry 1 \(k1\): key is not valid base64/,
    ],
    ['active key missing', `k1:${key32}`, 'k2', /active key id k2 is not in the key ring/],
    ['active key id invalid', `k1:${key32}`, 'K 2', /active key id must match/],
  ];

  it.each(cases)(
    'refuses %s, naming the problem without echoing key material',
    (_name, text, active, message) => {
      let caught: unknown;
      try {
        parseLegacyKeyRing(text, active);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(KeyRingError);
      const text_ = (caught as Error).message;
      expect(text_).toMatch(message);
      for (const material of [key32, key32url, key16, key32.slice(0, 20)])
        expect(text_).not.toContain(material);
    },
  );

  it('validates a ring built in code the same way', () => {
    expect(() => validateLegacyKeyRing({ activeKeyId: 'a', keys: { a: randomBytes(31) } })).toThrow(
      /exactly 32 bytes/,
    );
    expect(() => validateLegacyKeyRing({ activeKeyId: 'a', keys: {} })).toThrow(/empty/);
  });
});
