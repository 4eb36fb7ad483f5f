import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { BASE62_ALPHABET, bytesToBigInt, encodeBase62 } from './base62';
import { generateOtpCode, hashOtpCode, isOtpCodeShape, otpCodeMatches } from './otp-code';
import {
  KEY_PREFIX_LENGTH,
  PAT_PATTERN,
  keyPrefixOf,
  mintPersonalAccessToken,
  parsePersonalAccessToken,
} from './personal-access-token';
import { SESSION_TOKEN_PATTERN, mintSessionToken, parseSessionToken } from './session-token';
import { hashToken } from './token-hash';
import { tokenChecksum } from './token-format';

/** Replaces the character at `index` by another base62 character. */
function flip(token: string, index: number): string {
  const current = token[index];
  const replacement = BASE62_ALPHABET[(BASE62_ALPHABET.indexOf(current) + 1) % BASE62_ALPHABET.length];
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

describe('base62', () => {
  it('encodes with left zero padding', () => {
    expect(encodeBase62(0n, 3)).toBe('000');
    expect(encodeBase62(61n, 2)).toBe('0z');
    expect(encodeBase62(62n, 2)).toBe('10');
  });

  it('refuses a value wider than the width', () => {
    expect(() => encodeBase62(62n ** 3n, 3)).toThrow(RangeError);
  });

  it('fits the largest 32-byte value in 43 characters', () => {
    expect(encodeBase62(bytesToBigInt(Buffer.alloc(32, 0xff)), 43)).toHaveLength(43);
  });
});

describe('personal access tokens', () => {
  it('mints svc_live_ + 43 + 6 base62 characters that parse back', () => {
    const token = mintPersonalAccessToken();
    expect(token).toMatch(/^svc_live_[0-9A-Za-z]{49}$/);
    expect(token).toHaveLength(9 + 43 + 6);
    expect(PAT_PATTERN.test(token)).toBe(true);
    expect(parsePersonalAccessToken(token)).toEqual({ token, keyPrefix: token.slice(0, 16) });
  });

  it('carries a CRC32 of the random part as its last six characters', () => {
    const token = mintPersonalAccessToken();
    const randomPart = token.slice(9, 52);
    expect(token.slice(52)).toBe(tokenChecksum(randomPart));
    expect(decodeBase62(token.slice(52))).toBe(BigInt(crc32(randomPart)));
  });

  it('mints a different token every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => mintPersonalAccessToken()));
    expect(tokens.size).toBe(200);
  });

  it('rejects a token with any one character changed (random part or checksum)', () => {
    const token = mintPersonalAccessToken();
    for (let index = 9; index < token.length; index += 1) {
      expect(parsePersonalAccessToken(flip(token, index))).toBeNull();
    }
  });

  it('rejects wrong shapes without throwing', () => {
    const token = mintPersonalAccessToken();
    for (const bad of [
      '',
      'svc_live_',
      token.slice(0, -1),
      `${token}0`,
      token.replace('svc_live_', 'svc_sess_'),
      token.replace('svc_live_', 'SVC_LIVE_'),
      `${token.slice(0, 20)}-${token.slice(21)}`,
      ` ${token}`,
      42,
      null,
      undefined,
    ]) {
      expect(parsePersonalAccessToken(bad)).toBeNull();
    }
  });

  it('keeps the first 16 characters as key_prefix', () => {
    const token = mintPersonalAccessToken();
    expect(KEY_PREFIX_LENGTH).toBe(16);
    expect(keyPrefixOf(token)).toBe(token.slice(0, 16));
    expect(keyPrefixOf(token).startsWith('svc_live_')).toBe(true);
  });

  it('publishes an anchored pattern that refuses other prefixes and lengths', () => {
    expect(PAT_PATTERN.test(`svc_live_${'a'.repeat(49)}`)).toBe(true);
    expect(PAT_PATTERN.test(`svc_live_${'a'.repeat(48)}`)).toBe(false);
    expect(PAT_PATTERN.test(`xsvc_live_${'a'.repeat(49)}`)).toBe(false);
    expect(PAT_PATTERN.test(`svc_sess_${'a'.repeat(49)}`)).toBe(false);
  });
});

describe('session tokens', () => {
  it('mints svc_sess_ tokens with the same checksum scheme', () => {
    const token = mintSessionToken();
    expect(SESSION_TOKEN_PATTERN.test(token)).toBe(true);
    expect(parseSessionToken(token)).toBe(token);
    expect(parseSessionToken(flip(token, 30))).toBeNull();
    expect(parseSessionToken(mintPersonalAccessToken())).toBeNull();
    expect(parsePersonalAccessToken(token)).toBeNull();
  });
});

describe('hashToken', () => {
  it('is the SHA-256 of the whole token', () => {
    const hash = hashToken('svc_live_abc');
    expect(hash).toHaveLength(32);
    expect(hash.equals(createHash('sha256').update('svc_live_abc').digest())).toBe(true);
    expect(hashToken('svc_live_abc').equals(hash)).toBe(true);
    expect(hashToken('svc_live_abd').equals(hash)).toBe(false);
  });
});

describe('OTP codes', () => {
  it('are eight digits, leading zeros kept', () => {
    for (let i = 0; i < 500; i += 1) expect(generateOtpCode()).toMatch(/^\d{8}$/);
    expect(isOtpCodeShape('01234567')).toBe(true);
    expect(isOtpCodeShape('1234567')).toBe(false);
    expect(isOtpCodeShape('1234567a')).toBe(false);
    expect(isOtpCodeShape(12345678)).toBe(false);
  });

  it('are stored as a hash bound to the challenge and compared against it', () => {
    const stored = hashOtpCode('challenge-1', '00001234');
    expect(stored.toString('hex')).not.toContain('00001234');
    expect(otpCodeMatches('challenge-1', '00001234', stored)).toBe(true);
    expect(otpCodeMatches('challenge-1', '00001235', stored)).toBe(false);
    expect(otpCodeMatches('challenge-2', '00001234', stored)).toBe(false);
    expect(otpCodeMatches('challenge-1', '00001234', Buffer.alloc(3))).toBe(false);
  });
});

function decodeBase62(text: string): bigint {
  let value = 0n;
  for (const char of text) value = value * 62n + BigInt(BASE62_ALPHABET.indexOf(char));
  return value;
}
