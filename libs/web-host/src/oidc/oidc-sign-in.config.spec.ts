import { ConfigError, loadConfig } from '@dq/platform';
import { OidcSignInConfig, redirectUriOf } from './oidc-sign-in.config';
import { safeReturnPath } from './oidc-sign-in';

class TestConfig extends OidcSignInConfig {
  override PORT = 8080;
}

const COMPLETE = {
  OIDC_ISSUER: 'https://idp.example.test/realms/dq',
  OIDC_CLIENT_ID: 'dq-web',
  OIDC_COOKIE_SECRET: 'x'.repeat(32),
  PUBLIC_BASE_URL: 'https://dq.example.test',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(TestConfig, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
}

describe('OidcSignInConfig', () => {
  it('is off by default: email codes only', () => {
    const config = loadConfig(TestConfig, {});
    expect(config.OIDC_ISSUER).toBeUndefined();
    expect(config.AUTH_EMAIL_OTP).toBe(true);
    expect(redirectUriOf(config)).toBeUndefined();
  });

  it('derives the redirect URI from the public base URL, or takes the one given', () => {
    expect(redirectUriOf(loadConfig(TestConfig, COMPLETE))).toBe(
      'https://dq.example.test/auth/oidc/callback',
    );
    expect(
      redirectUriOf(loadConfig(TestConfig, { ...COMPLETE, OIDC_REDIRECT_URI: 'https://dq.example.test/cb' })),
    ).toBe('https://dq.example.test/cb');
  });

  it('accepts a public client (no secret) and a confidential one', () => {
    expect(loadConfig(TestConfig, COMPLETE).OIDC_CLIENT_SECRET).toBeUndefined();
    expect(loadConfig(TestConfig, { ...COMPLETE, OIDC_CLIENT_SECRET: 's3cret' }).OIDC_CLIENT_SECRET).toBe(
      's3cret',
    );
  });

  it('refuses to start half configured, naming what is missing', () => {
    const problems = problemsOf({ OIDC_ISSUER: COMPLETE.OIDC_ISSUER });
    expect(problems).toMatch(/OIDC_CLIENT_ID: is required/);
    expect(problems).toMatch(/OIDC_COOKIE_SECRET: is required/);
    expect(problems).toMatch(/OIDC_ISSUER: needs OIDC_REDIRECT_URI or PUBLIC_BASE_URL/);

    for (const stray of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI', 'OIDC_COOKIE_SECRET']) {
      const value = stray === 'OIDC_REDIRECT_URI' ? 'https://dq.example.test/cb' : 'y'.repeat(40);
      expect(problemsOf({ [stray]: value })).toMatch(new RegExp(`${stray}: is set but OIDC_ISSUER is not`));
    }
  });

  it('never echoes a secret in its complaints', () => {
    const problems = problemsOf({
      OIDC_CLIENT_SECRET: 'client-secret-value',
      OIDC_COOKIE_SECRET: 'short-cookie-secret',
    });
    expect(problems).not.toContain('client-secret-value');
    expect(problems).not.toContain('short-cookie-secret');
    expect(problemsOf({ ...COMPLETE, OIDC_COOKIE_SECRET: 'too-short' })).toMatch(/OIDC_COOKIE_SECRET/);
  });

  it('wants https in production, openid among the scopes and some way to sign in', () => {
    const production = problemsOf({
      ...COMPLETE,
      NODE_ENV: 'production',
      OIDC_ISSUER: 'http://idp.example.test',
      PUBLIC_BASE_URL: 'http://dq.example.test',
    });
    expect(production).toMatch(/OIDC_ISSUER: must be an https:\/\/ URL in production/);
    expect(production).toMatch(/PUBLIC_BASE_URL: must be an https:\/\/ URL in production/);
    expect(problemsOf({ ...COMPLETE, OIDC_SCOPES: 'email profile' })).toMatch(
      /OIDC_SCOPES: must include openid/,
    );
    expect(problemsOf({ AUTH_EMAIL_OTP: 'false' })).toMatch(
      /AUTH_EMAIL_OTP: may be false only when OIDC_ISSUER/,
    );
    expect(loadConfig(TestConfig, { ...COMPLETE, AUTH_EMAIL_OTP: 'false' }).AUTH_EMAIL_OTP).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it.each(['/', '/suites/7?tab=runs', '/me'])('keeps %s', (path) => expect(safeReturnPath(path)).toBe(path));

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/auth/oidc/login',
    '/sign-in',
    undefined,
    ['/a', '/b'],
    `/${'a'.repeat(3000)}`,
  ])('sends %s home instead', (value) => expect(safeReturnPath(value)).toBe('/'));
});
