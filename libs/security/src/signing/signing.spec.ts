import { createHmac } from 'node:crypto';
import { constantTimeEquals } from './constant-time';
import { verifyInbound } from './inbound-signature';
import { signOutbound } from './outbound-signature';
import { generateSigningKey } from './signing-key';

const key = Buffer.from('4f0c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b', 'hex');
const oldKey = Buffer.from('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'hex');
const body = '{"event":"run.completed","run_id":"r1"}';

describe('signOutbound', () => {
  it('signs the raw body and the Standard Webhooks content, computed independently', () => {
    const headers = signOutbound(body, key, { id: 'msg_1', timestamp: 1_700_000_000 });
    expect(headers['X-Svc-Signature']).toBe(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['webhook-signature']).toBe(
      `v1,${createHmac('sha256', key).update(`msg_1.1700000000.${body}`).digest('base64')}`,
    );
  });

  it('matches a fixed vector', () => {
    const headers = signOutbound(Buffer.from('hello'), Buffer.from('secret'), { id: 'a', timestamp: 1 });
    // HMAC-SHA256("secret", "hello"), a published test value.
    expect(headers['X-Svc-Signature']).toBe(
      'sha256=88aab3ede8d3adf94d26ab90d3bafd4a2083070c3bcce9c014ee04a443847c0b',
    );
  });

  it('signs with both keys during rotation, space-separated, the new one first', () => {
    const headers = signOutbound(Buffer.from(body), [key, oldKey], { id: 'msg_2', timestamp: 42 });
    const content = `msg_2.42.${body}`;
    expect(headers['webhook-signature']).toBe(
      [key, oldKey].map((k) => `v1,${createHmac('sha256', k).update(content).digest('base64')}`).join(' '),
    );
    expect(headers['X-Svc-Signature']).toBe(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`);
  });

  it('refuses no key and a non-integer timestamp', () => {
    expect(() => signOutbound(body, [], { id: 'x', timestamp: 1 })).toThrow();
    expect(() => signOutbound(body, key, { id: 'x', timestamp: 1.5 })).toThrow();
  });
});

describe('verifyInbound', () => {
  const t = 1_700_000_000;
  const now = new Date(t * 1000);
  const sign = (k: Buffer, ts: number, raw = body): string =>
    `t=${ts},v1=${createHmac('sha256', k).update(`${ts}.${raw}`).digest('hex')}`;

  it('accepts a valid signature and returns its timestamp', () => {
    expect(verifyInbound(body, sign(key, t), [key], { now })).toEqual({ ok: true, timestamp: t });
    expect(
      verifyInbound(Buffer.from(body), ` t=${t} , v1=${sign(key, t).split('v1=')[1].toUpperCase()} `, [key], {
        now,
      }),
    ).toEqual({ ok: true, timestamp: t });
  });

  const edges: Array<[string, number, boolean]> = [
    ['exactly 300 s old', t - 300, true],
    ['301 s old', t - 301, false],
    ['exactly 300 s ahead', t + 300, true],
    ['301 s ahead', t + 301, false],
  ];
  it.each(edges)('tolerance edge: %s', (_name, ts, ok) => {
    const result = verifyInbound(body, sign(key, ts), [key], { now });
    expect(result.ok).toBe(ok);
    if (!ok) expect(result).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
  });

  it('honours a custom tolerance', () => {
    expect(verifyInbound(body, sign(key, t - 10), [key], { now, toleranceSeconds: 5 }).ok).toBe(false);
  });

  it('accepts the old or the new secret during grace, and neither after', () => {
    expect(verifyInbound(body, sign(oldKey, t), [key, oldKey], { now }).ok).toBe(true);
    expect(verifyInbound(body, sign(key, t), [key, oldKey], { now }).ok).toBe(true);
    expect(verifyInbound(body, sign(oldKey, t), [key], { now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  const failures: Array<[string, string | undefined, string]> = [
    ['no header', undefined, 'missing_header'],
    ['empty header', '  ', 'missing_header'],
    ['no timestamp', `v1=${'a'.repeat(64)}`, 'malformed_header'],
    ['no signature', `t=${t}`, 'malformed_header'],
    ['short hex', `t=${t},v1=abcd`, 'malformed_header'],
    ['non-numeric timestamp', `t=abc,v1=${'a'.repeat(64)}`, 'malformed_header'],
    ['two timestamps', `t=${t},t=${t},v1=${'a'.repeat(64)}`, 'malformed_header'],
    ['part without =', `t=${t},v1`, 'malformed_header'],
    ['wrong signature', `t=${t},v1=${'a'.repeat(64)}`, 'signature_mismatch'],
  ];
  it.each(failures)('refuses %s', (_name, header, reason) => {
    expect(verifyInbound(body, header, [key], { now })).toEqual({ ok: false, reason });
  });

  it('refuses a changed body, a signature replayed with another timestamp, and no secrets', () => {
    expect(verifyInbound(`${body} `, sign(key, t), [key], { now }).ok).toBe(false);
    const replay = sign(key, t).replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyInbound(body, replay, [key], { now }).ok).toBe(false);
    expect(verifyInbound(body, sign(key, t), [], { now })).toEqual({ ok: false, reason: 'no_secrets' });
  });
});

describe('constantTimeEquals and generateSigningKey', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['', '', true],
    ['', 'a', false],
  ])('%s vs %s -> %s', (a, b, equal) => {
    expect(constantTimeEquals(a, b)).toBe(equal);
  });

  it('generates distinct 32-byte base64url keys', () => {
    const a = generateSigningKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(generateSigningKey()).not.toBe(a);
  });
});
