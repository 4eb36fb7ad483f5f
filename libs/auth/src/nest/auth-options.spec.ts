import { AuthOptionsError, assertAuthOptionsAllowed } from './auth-options';

const idp = { issuer: 'https://login.example.test/tenant/v2.0', audience: 'api://dq' };

describe('assertAuthOptionsAllowed', () => {
  it('accepts dev-bypass in development and test', () => {
    expect(() =>
      assertAuthOptionsAllowed({ devBypass: { email: 'dev@example.test' } }, 'development'),
    ).not.toThrow();
    expect(() =>
      assertAuthOptionsAllowed({ devBypass: { email: 'dev@example.test' } }, 'test'),
    ).not.toThrow();
  });

  it.each(['production', 'staging', ''])('refuses dev-bypass with NODE_ENV=%j (fail closed)', (nodeEnv) => {
    expect(() => assertAuthOptionsAllowed({ devBypass: { email: 'dev@example.test' } }, nodeEnv)).toThrow(
      AuthOptionsError,
    );
  });

  it('accepts an https identity provider in production', () => {
    expect(() => assertAuthOptionsAllowed({ identityProvider: idp }, 'production')).not.toThrow();
  });

  it('accepts plain http only outside production (a local provider)', () => {
    const local = { ...idp, issuer: 'http://127.0.0.1:9000' };
    expect(() => assertAuthOptionsAllowed({ identityProvider: local }, 'development')).not.toThrow();
    expect(() => assertAuthOptionsAllowed({ identityProvider: local }, 'production')).toThrow(
      /must be https/,
    );
    expect(() =>
      assertAuthOptionsAllowed(
        { identityProvider: { ...idp, jwksUri: 'http://keys.example.test' } },
        'production',
      ),
    ).toThrow(/jwksUri: must be https/);
  });

  it('names every problem at once', () => {
    let error: AuthOptionsError | undefined;
    try {
      assertAuthOptionsAllowed(
        {
          devBypass: { email: 'not-an-address' },
          identityProvider: { issuer: 'nope', audience: '', algorithms: ['HS256'] },
        },
        'production',
      );
    } catch (thrown) {
      error = thrown as AuthOptionsError;
    }
    expect(error?.problems).toEqual([
      expect.stringMatching(/^devBypass: not allowed/),
      'devBypass.email: not an email address',
      'identityProvider.issuer: not a URL',
      'identityProvider.audience: required',
      expect.stringMatching(/^identityProvider.algorithms: .*HS256/),
    ]);
  });

  it('accepts no options at all (PATs and sessions only)', () => {
    expect(() => assertAuthOptionsAllowed({}, 'production')).not.toThrow();
  });
});
