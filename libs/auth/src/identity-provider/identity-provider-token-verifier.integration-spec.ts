import { SignJWT, base64url, exportSPKI } from 'jose';
import { freePort } from '@dq/testing';
import { LoopbackIdentityProvider } from '@dq/testing';
import { type IdentityProviderOptions } from './identity-provider-options';
import { IdentityProviderTokenVerifier } from './identity-provider-token-verifier';
import { InvalidTokenError, type InvalidTokenReason } from './invalid-token.error';

const AUDIENCE = 'dq-api';

async function refusal(verifier: IdentityProviderTokenVerifier, token: string): Promise<InvalidTokenError> {
  const error = await verifier.verify(token).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return error as InvalidTokenError;
}

function replacePart(token: string, index: number, part: string): string {
  const parts = token.split('.');
  parts[index] = part;
  return parts.join('.');
}

describe('IdentityProviderTokenVerifier against a real JWKS server on loopback', () => {
  let provider: LoopbackIdentityProvider;

  const verifierFor = (overrides: Partial<IdentityProviderOptions> = {}) =>
    new IdentityProviderTokenVerifier({ issuer: provider.issuer, audience: AUDIENCE, ...overrides });

  beforeEach(async () => {
    provider = await LoopbackIdentityProvider.start();
  });

  afterEach(async () => {
    await provider.stop();
  });

  it('accepts a valid RS256 token, discovering the key set once', async () => {
    const verifier = verifierFor();
    await expect(verifier.verify(await provider.sign())).resolves.toEqual({
      issuer: provider.issuer,
      subject: 'subject-ada',
      email: 'ada@example.test',
      name: 'Ada',
    });
    await verifier.verify(await provider.sign({ email: 'bob@example.test' }));
    expect(provider.discoveryFetches).toBe(1);
    expect(provider.jwksFetches).toBe(1);
  });

  it('accepts ES256 (the other default algorithm) and a configured jwksUri without discovery', async () => {
    const key = await provider.rotate('ES256');
    const verifier = verifierFor({ jwksUri: `${provider.issuer}/jwks.json` });
    await expect(verifier.verify(await provider.sign({}, { key }))).resolves.toMatchObject({
      subject: 'subject-ada',
    });
    expect(provider.discoveryFetches).toBe(0);
  });

  it('reads the email from the configured claim and leaves name out when absent', async () => {
    const verifier = verifierFor({ emailClaim: 'upn' });
    const token = await provider.sign({ upn: 'ada@corp.test', email: undefined, name: undefined });
    await expect(verifier.verify(token)).resolves.toEqual({
      issuer: provider.issuer,
      subject: 'subject-ada',
      email: 'ada@corp.test',
    });
  });

  const refusals: [string, () => Promise<string>, InvalidTokenReason][] = [
    [
      'expired (beyond the clock tolerance)',
      () => provider.sign({}, { expiresAt: Math.floor(Date.now() / 1000) - 120 }),
      'expired',
    ],
    [
      'not yet valid (nbf beyond the clock tolerance)',
      () => provider.sign({}, { notBefore: Math.floor(Date.now() / 1000) + 600 }),
      'not_yet_valid',
    ],
    ['for another audience', () => provider.sign({}, { audience: 'someone-else' }), 'wrong_audience'],
    ['from another issuer', () => provider.sign({}, { issuer: 'https://evil.example' }), 'wrong_issuer'],
    [
      'with a tampered payload',
      async () => {
        const token = await provider.sign();
        const forged = base64url.encode(
          JSON.stringify({
            ...JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]))),
            email: 'root@example.test',
          }),
        );
        return replacePart(token, 1, forged);
      },
      'bad_signature',
    ],
    [
      'with a tampered signature',
      async () => {
        const token = await provider.sign();
        const signature = base64url.decode(token.split('.')[2]);
        signature[10] ^= 0xff;
        return replacePart(token, 2, base64url.encode(signature));
      },
      'bad_signature',
    ],
    [
      'with alg none',
      async () => {
        const token = await provider.sign();
        const header = base64url.encode(
          JSON.stringify({ alg: 'none', typ: 'JWT', kid: provider.currentKey.kid }),
        );
        return `${header}.${token.split('.')[1]}.`;
      },
      'alg_not_allowed',
    ],
    [
      'HS256-signed with the public key PEM as the HMAC secret (key confusion)',
      async () => {
        const pem = await exportSPKI(provider.currentKey.publicKey);
        return new SignJWT({ email: 'ada@example.test' })
          .setProtectedHeader({ alg: 'HS256', kid: provider.currentKey.kid })
          .setIssuer(provider.issuer)
          .setAudience(AUDIENCE)
          .setSubject('subject-ada')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(pem));
      },
      'alg_not_allowed',
    ],
    [
      'signed by a key the provider never published (unknown kid)',
      async () => provider.sign({}, { key: await provider.unpublishedKey() }),
      'unknown_key',
    ],
    ['without an email', () => provider.sign({ email: undefined }), 'missing_email'],
    [
      'whose email the provider marks unverified',
      () => provider.sign({ email_verified: false }),
      'email_unverified',
    ],
    ['that is not a JWT', async () => 'not-a-jwt', 'malformed'],
    [
      'with a header that is not JSON',
      async () => replacePart(await provider.sign(), 0, 'bm90LWpzb24'),
      'malformed',
    ],
  ];

  it.each(refusals)('refuses a token %s', async (_case, makeToken, reason) => {
    const error = await refusal(verifierFor(), await makeToken());
    expect(error.reason).toBe(reason);
  });

  it('never puts the token or its claims in the error message', async () => {
    const token = await provider.sign({}, { audience: 'someone-else' });
    const error = await refusal(verifierFor(), token);
    expect(error.message).not.toContain(token.split('.')[1]);
    expect(error.message).not.toContain('ada@example.test');
    expect(JSON.stringify(error)).not.toContain(token.split('.')[1]);
  });

  it('refuses to be configured with a symmetric or none algorithm', () => {
    expect(() => verifierFor({ algorithms: ['HS256'] })).toThrow(/not allowed/);
    expect(() => verifierFor({ algorithms: ['RS256', 'none'] })).toThrow(/not allowed/);
    expect(() => verifierFor({ algorithms: [] })).toThrow(/at least one/);
  });

  it('refuses an algorithm the provider uses but the deployment did not allow', async () => {
    const key = await provider.rotate('ES256');
    const error = await refusal(verifierFor({ algorithms: ['RS256'] }), await provider.sign({}, { key }));
    expect(error.reason).toBe('alg_not_allowed');
  });

  it('accepts a token signed by a rotated-in key after refetching the key set', async () => {
    const verifier = verifierFor({ jwksCooldownSeconds: 0 });
    await verifier.verify(await provider.sign());
    expect(provider.jwksFetches).toBe(1);

    const oldKey = provider.currentKey;
    const newKey = await provider.rotate();
    await expect(verifier.verify(await provider.sign({}, { key: newKey }))).resolves.toMatchObject({
      email: 'ada@example.test',
    });
    expect(provider.jwksFetches).toBe(2);

    // The retired key is gone from the refreshed set.
    const error = await refusal(verifier, await provider.sign({}, { key: oldKey }));
    expect(error.reason).toBe('unknown_key');
  });

  it('does not refetch the key set for unknown kids within the cooldown', async () => {
    const verifier = verifierFor();
    await verifier.verify(await provider.sign());
    const stranger = await provider.unpublishedKey();
    for (let i = 0; i < 3; i += 1) {
      expect((await refusal(verifier, await provider.sign({}, { key: stranger }))).reason).toBe(
        'unknown_key',
      );
    }
    expect(provider.jwksFetches).toBe(1);
  });

  it('reports jwks_unavailable when the provider does not answer, and does not fetch for a refused alg', async () => {
    const port = await freePort();
    const verifier = new IdentityProviderTokenVerifier({
      issuer: `http://127.0.0.1:${port}`,
      audience: AUDIENCE,
      httpTimeoutMs: 2000,
    });
    expect((await refusal(verifier, await provider.sign())).reason).toBe('jwks_unavailable');

    const counting = verifierFor();
    const header = base64url.encode(JSON.stringify({ alg: 'none' }));
    await refusal(counting, `${header}.${(await provider.sign()).split('.')[1]}.`);
    expect(provider.discoveryFetches).toBe(0);
    expect(provider.jwksFetches).toBe(0);
  });

  it('refuses a discovery document that names another issuer', async () => {
    const verifier = new IdentityProviderTokenVerifier({
      issuer: `${provider.issuer}/tenant`,
      audience: AUDIENCE,
    });
    const token = await provider.sign({}, { issuer: `${provider.issuer}/tenant` });
    expect((await refusal(verifier, token)).reason).toBe('jwks_unavailable');
  });
});
