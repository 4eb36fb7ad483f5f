import { AppError, CredentialKind, ErrorCode } from '@dq/contracts';
import { InMemoryPrincipalDirectory } from '../../test/in-memory-principal-directory';
import { LoopbackIdentityProvider } from '@dq/testing';
import { IdentityProviderTokenVerifier } from '../identity-provider/identity-provider-token-verifier';
import { CredentialResolver } from './credential-resolver';
import { unauthenticatedError } from './unauthenticated.error';

describe('CredentialResolver with a real identity provider on loopback', () => {
  let provider: LoopbackIdentityProvider;
  let directory: InMemoryPrincipalDirectory;
  let resolver: CredentialResolver;
  const logged: unknown[] = [];

  beforeAll(async () => {
    provider = await LoopbackIdentityProvider.start();
    directory = new InMemoryPrincipalDirectory();
    directory.addUser({ id: 'ada', email: 'ada@example.test' });
    directory.addIdentity(provider.issuer, 'subject-ada', 'ada');
    const record = (fields: unknown) => logged.push(fields);
    resolver = new CredentialResolver(directory, {
      identityProvider: new IdentityProviderTokenVerifier({ issuer: provider.issuer, audience: 'dq-api' }),
      logger: { log: record, debug: record, warn: record },
    });
  });

  afterAll(async () => {
    await provider.stop();
  });

  it('signs the user in from a valid token', async () => {
    const principal = await resolver.resolve({ authorization: `Bearer ${await provider.sign()}` });
    expect(principal.user.id).toBe('ada');
    expect(principal.credential).toEqual({ kind: CredentialKind.IdentityProvider, id: null });
  });

  it('answers the same 401 for refused tokens and logs the reason, not the token', async () => {
    const expired = await provider.sign({}, { expiresAt: Math.floor(Date.now() / 1000) - 600 });
    const foreign = await provider.sign({}, { audience: 'another-api' });
    for (const token of [expired, foreign]) {
      const error = await resolver.resolve({ authorization: `Bearer ${token}` }).then(
        () => undefined,
        (thrown: unknown) => thrown as AppError,
      );
      expect(error?.code).toBe(ErrorCode.Unauthenticated);
      expect(JSON.stringify(error?.toBody())).toBe(JSON.stringify(unauthenticatedError().toBody()));
      expect(JSON.stringify(logged)).not.toContain(token);
    }
    expect(logged).toEqual([
      expect.objectContaining({ reason: 'expired' }),
      expect.objectContaining({ reason: 'wrong_audience' }),
    ]);
  });
});
