/**
 * Each credential kind is accepted, and every way one fails gives the byte-identical 401. A role
 * change bites on an existing PAT's next call. No token or code reaches a log line or a response
 * other than its creation response.
 */
import { CredentialKind } from '@dq/contracts';
import {
  type AppProcess,
  call,
  codeOf,
  GatewayWorld,
  LISTED_ADMIN,
  OIDC_AUDIENCE,
  waitFor,
} from '@dq/testing';

describe('credentials', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  const secrets: string[] = [];

  async function me(options: { token?: string; cookie?: string }) {
    return call(api, 'GET', '/me', options);
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('credentials');
    gateway = await world.startGateway({ LOG_LEVEL: 'debug' });
    api = `${gateway.url}/api/v1`;
  });

  afterAll(async () => {
    // No token or code ever reached a log line.
    const output = world?.output() ?? '';
    for (const secret of secrets) expect(output).not.toContain(secret);
    await world?.close();
  });

  it('accepts a PAT, and the plaintext appears only in its creation response', async () => {
    const token = await world.mintToken('pat-user@example.test', 'member');
    secrets.push(token);
    const answer = await me({ token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      email: 'pat-user@example.test',
      role: 'member',
      credential: CredentialKind.PersonalAccessToken,
    });

    const created = await call(api, 'POST', '/me/api-keys', { token, body: { name: 'second' } });
    expect(created.status).toBe(201);
    const second = created.body as { id: string; token: string; key_prefix: string; expires_at: string };
    secrets.push(second.token);
    expect(second.token.startsWith(second.key_prefix)).toBe(true);
    // Default lifetime 90 days.
    const days = (Date.parse(second.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const listed = await call(api, 'GET', '/me/api-keys', { token });
    expect(listed.text).not.toContain(second.token);
    expect(listed.text).not.toMatch(/token_hash|"token"/);
    const rows: { token_hash: Buffer }[] = await world.db.query('SELECT token_hash FROM api_keys');
    expect(rows.every((row) => !row.token_hash.toString('utf8').includes('svc_live_'))).toBe(true);
  });

  it('refuses keys outside 1..365 days, and never mints a non-expiring one', async () => {
    const token = await world.mintToken('limits@example.test', 'member');
    secrets.push(token);
    for (const expires_in_days of [0, 366, -1, 1.5, '30']) {
      const refused = await call(api, 'POST', '/me/api-keys', {
        token,
        body: { name: 'x', expires_in_days },
      });
      expect(refused.status).toBe(422);
    }
    const none: { count: number }[] = await world.db.query(
      'SELECT count(*)::int AS count FROM api_keys WHERE expires_at IS NULL',
    );
    expect(none[0].count).toBe(0);
  });

  it('accepts an identity-provider token and provisions the user on first sign-in', async () => {
    const jwt = await world.identityProvider.sign(
      { email: 'sso-user@example.test', name: 'Sso User' },
      { subject: 'sub-sso-user' },
    );
    secrets.push(jwt);
    const answer = await me({ token: jwt });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      email: 'sso-user@example.test',
      role: 'member',
      credential: CredentialKind.IdentityProvider,
    });
    // The listed address is Admin whatever its stored role.
    const admin = await me({
      token: await world.identityProvider.sign({ email: LISTED_ADMIN }, { subject: 'sub-listed-admin' }),
    });
    expect(admin.body).toMatchObject({ role: 'admin', is_workspace_admin: true });
  });

  it('signs in by email code: identical answers for enrolled and unknown addresses, a cookie session, logout', async () => {
    await world.mintToken('otp-user@example.test', 'viewer'); // enrolled
    const enrolled = await call(api, 'POST', '/auth/otp/request', {
      body: { email: 'otp-user@example.test' },
    });
    const unknown = await call(api, 'POST', '/auth/otp/request', {
      body: { email: 'stranger@example.test' },
    });
    expect(unknown.status).toBe(enrolled.status);
    expect(unknown.text).toBe(enrolled.text);
    const mail = await waitFor('the sign-in mail', () =>
      world.smtp.mails.find((m) => m.to.includes('otp-user@example.test')),
    );
    expect(world.smtp.mails.some((m) => m.to.includes('stranger@example.test'))).toBe(false);
    const code = codeOf(mail);
    secrets.push(code);

    const verified = await call(api, 'POST', '/auth/otp/verify', {
      body: { email: 'otp-user@example.test', code },
    });
    expect(verified.status).toBe(200);
    expect(verified.text).not.toContain('svc_sess_');
    const setCookie = verified.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^svc_session=svc_sess_/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0];
    secrets.push(cookie.split('=')[1]);

    const viaCookie = await me({ cookie });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body).toMatchObject({
      email: 'otp-user@example.test',
      credential: CredentialKind.Session,
    });
    const viaBearer = await me({ token: cookie.split('=')[1] });
    expect(viaBearer.status).toBe(200);

    // The code works once.
    const again = await call(api, 'POST', '/auth/otp/verify', {
      body: { email: 'otp-user@example.test', code },
    });
    expect(again.status).toBe(401);

    expect((await call(api, 'POST', '/auth/logout', { cookie })).status).toBe(204);
    expect((await me({ cookie })).status).toBe(401);
  });

  it('every failing credential gets the byte-identical 401', async () => {
    const revokedOwner = await world.mintToken('revoked@example.test', 'member');
    const expiredOwner = await world.mintToken('expired@example.test', 'member');
    const deactivatedOwner = await world.mintToken('gone@example.test', 'member');
    secrets.push(revokedOwner, expiredOwner, deactivatedOwner);

    const revokedKey = await call(api, 'POST', '/me/api-keys', {
      token: revokedOwner,
      body: { name: 'to revoke' },
    });
    const revoked = revokedKey.body as { id: string; token: string };
    secrets.push(revoked.token);
    expect((await call(api, 'DELETE', `/me/api-keys/${revoked.id}`, { token: revokedOwner })).status).toBe(
      204,
    );
    expect((await call(api, 'DELETE', `/me/api-keys/${revoked.id}`, { token: revokedOwner })).status).toBe(
      204,
    );
    await world.db.query(
      `UPDATE api_keys SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = 'expired@example.test')`,
    );
    await world.db.query(`UPDATE users SET status = 'deactivated' WHERE email = 'gone@example.test'`);

    const valid = await world.mintToken('valid@example.test', 'member');
    secrets.push(valid);
    const flipped = valid.slice(0, 20) + (valid[20] === 'a' ? 'b' : 'a') + valid.slice(21);
    const unknownButWellFormed = await world.mintToken('deleted@example.test', 'member');
    await world.db.query(
      `DELETE FROM api_keys WHERE user_id = (SELECT id FROM users WHERE email = 'deleted@example.test')`,
    );
    const idp = world.identityProvider;
    const now = Math.floor(Date.now() / 1000);
    const jwt = await idp.sign({ email: 'tamper@example.test' });
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        email: 'admin@example.test',
      }),
    ).toString('base64url');

    const failing: Record<string, { token?: string; cookie?: string }> = {
      'no credential': {},
      'unknown PAT': { token: unknownButWellFormed },
      'revoked PAT': { token: revoked.token },
      'expired PAT': { token: expiredOwner },
      'deactivated owner': { token: deactivatedOwner },
      'bad checksum': { token: flipped },
      'malformed PAT': { token: 'svc_live_short' },
      'unknown session': { token: 'svc_sess_' + 'A'.repeat(49) },
      'unknown session cookie': { cookie: `svc_session=svc_sess_${'B'.repeat(49)}` },
      'jwt expired': { token: await idp.sign({}, { expiresAt: now - 120 }) },
      'jwt not yet valid': { token: await idp.sign({}, { notBefore: now + 600 }) },
      'jwt wrong audience': { token: await idp.sign({}, { audience: `${OIDC_AUDIENCE}-other` }) },
      'jwt wrong issuer': { token: await idp.sign({}, { issuer: 'https://evil.example.test' }) },
      'jwt tampered payload': { token: `${header}.${tamperedPayload}.${signature}` },
      'jwt unknown key': { token: await idp.sign({}, { key: await idp.unpublishedKey() }) },
      'jwt alg none': {
        token: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
      },
      garbage: { token: 'not-a-token-at-all' },
    };
    const bodies = new Map<string, string>();
    for (const [name, credential] of Object.entries(failing)) {
      const answer = await me(credential);
      expect(`${name}: ${answer.status}`).toBe(`${name}: 401`);
      bodies.set(name, answer.text);
    }
    expect(new Set(bodies.values()).size).toBe(1);
    expect(JSON.parse([...bodies.values()][0])).toEqual({
      error: { code: 'unauthenticated', message: expect.any(String), detail: {} },
    });
    // The valid token itself still works: the failures above changed nothing.
    expect((await me({ token: valid })).status).toBe(200);
  });

  it('a role change applies to an existing PAT on its very next call', async () => {
    const token = await world.mintToken('demoted@example.test', 'member');
    secrets.push(token);
    expect((await me({ token })).body).toMatchObject({ role: 'member' });
    const asMember = await call(api, 'GET', '/users/search?q=demoted', { token });
    expect((asMember.body as { items: { max_share: string }[] }).items[0]?.max_share).toBe('edit');

    await world.db.query(`UPDATE users SET role = 'viewer' WHERE email = 'demoted@example.test'`);
    expect((await me({ token })).body).toMatchObject({ role: 'viewer', is_workspace_admin: false });
    const asViewer = await call(api, 'GET', '/users/search?q=demoted', { token });
    expect((asViewer.body as { items: { max_share: string }[] }).items[0]?.max_share).toBe('view');
  });

  it('a withdrawn membership is refused with 403 not_a_member on the next request, for every credential kind', async () => {
    const token = await world.mintToken('member-out@example.test', 'member');
    secrets.push(token);
    const jwt = await world.identityProvider.sign(
      { email: 'member-out@example.test' },
      { subject: 'sub-member-out' },
    );
    await world.db
      .query(`INSERT INTO workspace_settings (key, value) VALUES ('membership_enforced', 'true'::jsonb)
                          ON CONFLICT (key) DO UPDATE SET value = 'true'::jsonb`);
    try {
      for (const credential of [{ token }, { token: jwt }]) {
        const refused = await me(credential);
        expect(refused.status).toBe(403);
        expect((refused.body as { error: { code: string } }).error.code).toBe('not_a_member');
      }
      // The break-glass admin address is always let in.
      const admin = await me({
        token: await world.identityProvider.sign({ email: LISTED_ADMIN }, { subject: 'sub-listed-admin' }),
      });
      expect(admin.status).toBe(200);
    } finally {
      await world.db.query(`DELETE FROM workspace_settings WHERE key = 'membership_enforced'`);
    }
  });
});
