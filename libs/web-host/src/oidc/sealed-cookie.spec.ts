import { CompactEncrypt } from 'jose';
import {
  COOKIE_CHUNK_LENGTH,
  CookieSealer,
  cookiesOf,
  readChunked,
  serializeCookie,
  withoutCookies,
  writeChunked,
} from './sealed-cookie';

const SECRET = 'a-cookie-secret-of-at-least-32-characters';

function asCookies(setCookies: string[]): Map<string, string> {
  return cookiesOf({ headers: { cookie: setCookies.map((header) => header.split(';')[0]).join('; ') } });
}

describe('CookieSealer', () => {
  const sealer = CookieSealer.fromSecret(SECRET);

  it('opens what it sealed for the same purpose, and the sealed text does not show the payload', async () => {
    const sealed = await sealer.seal('oidc-flow', { verifier: 'pkce-verifier-value', state: 's1' }, 60);

    expect(sealed).not.toContain('pkce-verifier-value');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString()).not.toContain('pkce');
    await expect(sealer.open('oidc-flow', sealed)).resolves.toMatchObject({
      verifier: 'pkce-verifier-value',
      state: 's1',
    });
  });

  it('refuses a value sealed for another purpose, with another secret, tampered or expired', async () => {
    const sealed = await sealer.seal('oidc-flow', { state: 's1' }, 60);
    const other = CookieSealer.fromSecret('another-secret-of-at-least-32-characters!');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3], 'base64url');
    ciphertext[0] ^= 1;
    const tampered = [...parts.slice(0, 3), ciphertext.toString('base64url'), parts[4]].join('.');

    await expect(sealer.open('oidc-session', sealed)).resolves.toBeUndefined();
    await expect(other.open('oidc-flow', sealed)).resolves.toBeUndefined();
    await expect(sealer.open('oidc-flow', tampered)).resolves.toBeUndefined();
    await expect(
      sealer.open('oidc-flow', await sealer.seal('oidc-flow', { state: 's1' }, -60)),
    ).resolves.toBeUndefined();
    await expect(sealer.open('oidc-flow', 'not-a-jwe')).resolves.toBeUndefined();
    await expect(sealer.open('oidc-flow', undefined)).resolves.toBeUndefined();
  });

  it('refuses a value without an expiry even under the right key', async () => {
    const { hkdfSync } = await import('node:crypto');
    const key = new Uint8Array(
      hkdfSync('sha256', Buffer.from(SECRET), Buffer.alloc(0), 'dq web-host cookies', 32),
    );
    const forever = await new CompactEncrypt(Buffer.from(JSON.stringify({ aud: 'oidc-flow', state: 's1' })))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .encrypt(key);

    await expect(sealer.open('oidc-flow', forever)).resolves.toBeUndefined();
  });
});

describe('cookies', () => {
  it('are HttpOnly, Secure and SameSite=Lax; a deletion expires them', () => {
    expect(serializeCookie('dq_oidc_flow', 'v', { path: '/auth/oidc/callback', maxAge: 600 })).toBe(
      'dq_oidc_flow=v; Path=/auth/oidc/callback; Max-Age=600; HttpOnly; Secure; SameSite=Lax',
    );
    expect(serializeCookie('x', '', { path: '/', maxAge: 0 })).toMatch(/Max-Age=0; Expires=Thu, 01 Jan 1970/);
  });

  it('splits a long value over numbered cookies and reads it back whole', () => {
    const value = 'a'.repeat(COOKIE_CHUNK_LENGTH * 2 + 5);
    const headers = writeChunked(new Map(), 'dq_oidc_session', value, { path: '/', maxAge: 60 });

    expect(headers).toHaveLength(3);
    expect(headers.map((header) => header.split('=')[0])).toEqual([
      'dq_oidc_session',
      'dq_oidc_session.1',
      'dq_oidc_session.2',
    ]);
    expect(headers.every((header) => header.length < 4000)).toBe(true);
    expect(readChunked(asCookies(headers), 'dq_oidc_session')).toBe(value);
  });

  it('deletes the chunks a shorter value no longer needs, and all of them on sign-out', () => {
    const browser = new Map([
      ['dq_oidc_session', 'a'],
      ['dq_oidc_session.1', 'b'],
      ['dq_oidc_session.2', 'c'],
    ]);

    const shorter = writeChunked(browser, 'dq_oidc_session', 'short', { path: '/', maxAge: 60 });
    const gone = writeChunked(browser, 'dq_oidc_session', undefined, { path: '/', maxAge: 0 });

    expect(shorter).toEqual([
      expect.stringMatching(/^dq_oidc_session=short;/),
      expect.stringMatching(/^dq_oidc_session\.1=; .*Max-Age=0/),
      expect.stringMatching(/^dq_oidc_session\.2=; .*Max-Age=0/),
    ]);
    expect(gone).toHaveLength(3);
    expect(gone.every((header) => header.includes('Max-Age=0'))).toBe(true);
  });

  it('keeps the sign-in cookies away from the gateway and leaves the others', () => {
    expect(
      withoutCookies('svc_session=svc_sess_x; dq_oidc_session=abc; dq_oidc_session.1=def; theme=dark', [
        'dq_oidc_session',
        'dq_oidc_flow',
      ]),
    ).toBe('svc_session=svc_sess_x; theme=dark');
    expect(withoutCookies('dq_oidc_session=abc', ['dq_oidc_session'])).toBeUndefined();
  });
});
