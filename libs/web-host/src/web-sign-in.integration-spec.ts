import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from '@dq/platform';
import { LoopbackIdentityProvider } from '@dq/testing';
import { OidcSignInConfig } from './oidc/oidc-sign-in.config';
import { createWebSignIn } from './web-sign-in';

class HostConfig extends OidcSignInConfig {
  override PORT = 8080;
}

const CLIENT_ID = 'dq-web';
const CLIENT_SECRET = 'web-client-secret';

/** A browser's cookie jar for one host, enough for these redirects. */
class Jar {
  readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (attributes.some((attribute) => attribute.trim() === 'Max-Age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe('web sign-in at the identity provider (code flow with PKCE)', () => {
  let provider: LoopbackIdentityProvider;
  let server: Server;
  let base: string;
  const warnings: string[] = [];
  /** What the stand-in gateway behind the proxy saw. */
  const seen: { authorization?: string; cookie?: string }[] = [];

  beforeAll(async () => {
    provider = await LoopbackIdentityProvider.start();
    const app = express();
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    provider.registerClient({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${base}/auth/oidc/callback`],
    });
    const config = loadConfig(HostConfig, {
      NODE_ENV: 'test',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_COOKIE_SECRET: 'c'.repeat(40),
      PUBLIC_BASE_URL: base,
      OIDC_PROVIDER_NAME: 'Loopback',
    });
    const signIn = createWebSignIn(config, { warn: (line) => warnings.push(line) });
    app.use(signIn.routes);
    app.use('/api', signIn.attachBearer, (req, res) => {
      seen.push({ authorization: req.headers.authorization, cookie: req.headers.cookie });
      res.json({ ok: true });
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await provider.stop();
  });

  beforeEach(() => {
    provider.accessTokenTtlSeconds = 3600;
    provider.issueRefreshTokens = true;
    seen.length = 0;
  });

  /** Login at the host, the provider's form, back to the callback: the callback's response. */
  async function signIn(jar: Jar, email = 'grace@example.test'): Promise<Response> {
    const login = await fetch(`${base}/auth/oidc/login?return_to=${encodeURIComponent('/suites/7')}`, {
      redirect: 'manual',
    });
    jar.take(login);
    const authorize = new URL(login.headers.get('location') ?? '');
    expect(authorize.origin).toBe(provider.issuer);
    const page = await (await fetch(authorize)).text();
    const request = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const completed = await fetch(`${provider.issuer}/authorize/complete`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, email, name: 'Grace Hopper' }),
    });
    const callback = await fetch(completed.headers.get('location') ?? '', {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.take(callback);
    return callback;
  }

  async function api(jar: Jar): Promise<void> {
    const response = await fetch(`${base}/api/v1/me`, { headers: { cookie: `${jar.header()}; theme=dark` } });
    jar.take(response);
    expect(response.status).toBe(200);
  }

  it('leaves a call without cookies as it was', async () => {
    const response = await fetch(`${base}/api/v1/me`);
    expect(response.status).toBe(200);
    expect(seen[0]).toEqual({ authorization: undefined, cookie: undefined });
  });

  it('says which modes are on', async () => {
    const response = await fetch(`${base}/auth/modes`);
    expect(await response.json()).toEqual({
      email_otp: true,
      oidc: { provider_name: 'Loopback', login_path: '/auth/oidc/login' },
    });
  });

  it('sends the browser to the provider with state, nonce and an S256 challenge kept in a sealed cookie', async () => {
    const login = await fetch(`${base}/auth/oidc/login`, { redirect: 'manual' });
    const location = new URL(login.headers.get('location') ?? '');
    const flowCookie = login.headers.getSetCookie().find((header) => header.startsWith('dq_oidc_flow='));

    expect(login.status).toBe(303);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe(`${base}/auth/oidc/callback`);
    expect(flowCookie).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    expect(flowCookie).toMatch(/Path=\/auth\/oidc\/callback; Max-Age=600/);
    // The verifier never travels in the clear.
    expect(flowCookie).not.toContain(location.searchParams.get('state') ?? '-');
  });

  it('signs in, lands where the person was going, and proxied calls carry the bearer (cookies stay home)', async () => {
    const jar = new Jar();
    const callback = await signIn(jar);

    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/suites/7');
    expect(jar.cookies.has('dq_oidc_flow')).toBe(false);
    expect(jar.cookies.get('dq_oidc_session')).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(provider.codeGrants).toBeGreaterThan(0);

    await api(jar);
    const bearer = seen[0].authorization?.replace(/^Bearer /, '') ?? '';
    const claims = JSON.parse(Buffer.from(bearer.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ aud: 'dq-api', email: 'grace@example.test', iss: provider.issuer });
    expect(seen[0].cookie).toBe('theme=dark');
    expect(warnings.join('\n')).not.toContain(bearer);
  });

  it('refuses a callback whose state does not match, or with no sign-in in progress, with a page and no session', async () => {
    const jar = new Jar();
    const login = await fetch(`${base}/auth/oidc/login`, { redirect: 'manual' });
    jar.take(login);
    const grantsBefore = provider.codeGrants;

    const tampered = await fetch(`${base}/auth/oidc/callback?code=abc&state=forged`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    const missing = await fetch(`${base}/auth/oidc/callback?code=abc&state=whatever`, { redirect: 'manual' });

    for (const response of [tampered, missing]) {
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('This sign-in attempt is not valid or has expired');
      expect(response.headers.getSetCookie().some((header) => header.startsWith('dq_oidc_session='))).toBe(
        false,
      );
    }
    expect(provider.codeGrants).toBe(grantsBefore);
  });

  it('says so when the provider refuses the sign-in', async () => {
    const jar = new Jar();
    const login = await fetch(`${base}/auth/oidc/login`, { redirect: 'manual' });
    jar.take(login);
    const state = new URL(login.headers.get('location') ?? '').searchParams.get('state') ?? '';

    const refused = await fetch(`${base}/auth/oidc/callback?error=access_denied&state=${state}`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });

    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The identity provider did not sign you in.');
  });

  it('refreshes an access token about to expire, once for the calls arriving together', async () => {
    provider.accessTokenTtlSeconds = 10;
    const jar = new Jar();
    await signIn(jar);
    const before = provider.refreshGrants;
    const sealedBefore = jar.cookies.get('dq_oidc_session');

    const cookie = jar.header();
    const responses = await Promise.all(
      [1, 2, 3].map(() => fetch(`${base}/api/v1/me`, { headers: { cookie } })),
    );
    responses.forEach((response) => jar.take(response));

    expect(provider.refreshGrants).toBe(before + 1);
    expect(new Set(seen.map((call) => call.authorization)).size).toBe(1);
    expect(jar.cookies.get('dq_oidc_session')).not.toBe(sealedBefore);
  });

  it('without a refresh token sends the expired token on: the gateway answers 401', async () => {
    provider.accessTokenTtlSeconds = 0;
    provider.issueRefreshTokens = false;
    const jar = new Jar();
    await signIn(jar);
    const before = provider.refreshGrants;

    await api(jar);

    expect(provider.refreshGrants).toBe(before);
    expect(seen[0].authorization).toMatch(/^Bearer ey/);
  });

  it('signs out: the session cookie goes and the provider end-session URL comes back', async () => {
    const jar = new Jar();
    await signIn(jar);

    const crossSite = await fetch(`${base}/auth/oidc/logout`, {
      method: 'POST',
      headers: { cookie: jar.header(), 'sec-fetch-site': 'cross-site' },
    });
    const logout = await fetch(`${base}/auth/oidc/logout`, {
      method: 'POST',
      headers: { cookie: jar.header() },
    });
    jar.take(logout);
    const { redirect_to } = (await logout.json()) as { redirect_to: string };

    expect(crossSite.status).toBe(403);
    expect(jar.cookies.has('dq_oidc_session')).toBe(false);
    const endSession = new URL(redirect_to);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/end-session`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/sign-in`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();

    await api(jar);
    expect(seen.at(-1)?.authorization).toBeUndefined();
  });
});
