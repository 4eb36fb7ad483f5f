import { AppError, CredentialKind, ErrorCode, WorkspaceRole } from '@dq/contracts';
import { InMemoryPrincipalDirectory } from '../../test/in-memory-principal-directory';
import { type VerifiedIdentity } from '../identity-provider/identity-provider-token-verifier';
import { InvalidTokenError, type InvalidTokenReason } from '../identity-provider/invalid-token.error';
import { credentialHeadersOf } from './authenticate';
import { type CredentialResolverOptions, CredentialResolver } from './credential-resolver';
import { type CredentialHeaders } from './presented-credential';
import { unauthenticatedError } from './unauthenticated.error';

const ISSUER = 'https://idp.example.test';
const base62 = (seed: string, length = 36): string => seed.repeat(length).slice(0, length);

const PAT = `svc_live_${base62('Ab3', 42)}`;
const REVOKED_PAT = `svc_live_${base62('Rv7', 42)}`;
const EXPIRED_PAT = `svc_live_${base62('Ex9', 42)}`;
const DEACTIVATED_PAT = `svc_live_${base62('Dd1', 42)}`;
const UNKNOWN_PAT = `svc_live_${base62('Zz0', 42)}`;
/** Same random part as PAT, checksum characters changed: what a typo looks like. */
const BAD_CHECKSUM_PAT = `${PAT.slice(0, -6)}000000`;
const SESSION = `svc_sess_${base62('s3ss', 43)}`;
const REVOKED_SESSION = `svc_sess_${base62('r3vk', 43)}`;
const EXPIRED_SESSION = `svc_sess_${base62('3xpd', 43)}`;
const NON_MEMBER_PAT = `svc_live_${base62('Nm5', 42)}`;
const NON_MEMBER_SESSION = `svc_sess_${base62('n0nm', 43)}`;

/** Our stand-in for the JWT verifier (tested for real against a JWKS server in its integration spec). */
const JWT_FOR: Record<string, VerifiedIdentity | InvalidTokenReason> = {
  'eyJ.ada.sig': { issuer: ISSUER, subject: 'sub-ada', email: 'ada@example.test' },
  'eyJ.dee.sig': { issuer: ISSUER, subject: 'sub-dee', email: 'dee@example.test' },
  'eyJ.mo.sig': { issuer: ISSUER, subject: 'sub-mo', email: 'mo@example.test' },
  'eyJ.expired.sig': 'expired',
  'eyJ.aud.sig': 'wrong_audience',
  'eyJ.iss.sig': 'wrong_issuer',
  'eyJ.tampered.sig': 'bad_signature',
  'eyJ.none.sig': 'alg_not_allowed',
};
const stubVerifier = {
  async verify(token: string): Promise<VerifiedIdentity> {
    const outcome = JWT_FOR[token] ?? 'malformed';
    if (typeof outcome === 'string') throw new InvalidTokenError(outcome);
    return outcome;
  },
};

interface LogLine {
  level: string;
  fields: unknown;
}

function setup(options: Omit<CredentialResolverOptions, 'logger'> = { identityProvider: stubVerifier }) {
  const directory = new InMemoryPrincipalDirectory();
  directory.addUser({ id: 'ada', email: 'ada@example.test' });
  directory.addUser({ id: 'dee', deactivated: true });
  directory.addUser({ id: 'mo', member: false });
  directory.addUser({
    id: 'dev',
    email: 'dev@example.test',
    role: WorkspaceRole.Admin,
    is_workspace_admin: true,
  });
  directory.addApiKey(PAT, { id: 'key-1', userId: 'ada' });
  directory.addApiKey(REVOKED_PAT, { id: 'key-2', userId: 'ada', revoked: true });
  directory.addApiKey(EXPIRED_PAT, { id: 'key-3', userId: 'ada', expired: true });
  directory.addApiKey(DEACTIVATED_PAT, { id: 'key-4', userId: 'dee' });
  directory.addApiKey(NON_MEMBER_PAT, { id: 'key-5', userId: 'mo' });
  directory.addSession(SESSION, { id: 'sess-1', userId: 'ada' });
  directory.addSession(REVOKED_SESSION, { id: 'sess-2', userId: 'ada', revoked: true });
  directory.addSession(EXPIRED_SESSION, { id: 'sess-3', userId: 'ada', expired: true });
  directory.addSession(NON_MEMBER_SESSION, { id: 'sess-4', userId: 'mo' });
  directory.addIdentity(ISSUER, 'sub-ada', 'ada');
  directory.addIdentity(ISSUER, 'sub-dee', 'dee');
  directory.addIdentity(ISSUER, 'sub-mo', 'mo');
  const logs: LogLine[] = [];
  const logger = {
    log: (fields: unknown) => logs.push({ level: 'info', fields }),
    debug: (fields: unknown) => logs.push({ level: 'debug', fields }),
    warn: (fields: unknown) => logs.push({ level: 'warn', fields }),
  };
  return { directory, logs, resolver: new CredentialResolver(directory, { ...options, logger }) };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const bearer = (token: string): CredentialHeaders => ({ authorization: `Bearer ${token}` });

describe('CredentialResolver', () => {
  describe('accepts each credential kind', () => {
    it.each([
      ['a PAT', bearer(PAT), CredentialKind.PersonalAccessToken, 'key-1'],
      ['a session bearer token', bearer(SESSION), CredentialKind.Session, 'sess-1'],
      [
        'the svc_session cookie',
        { cookie: `theme=dark; svc_session=${SESSION}; other=1` },
        CredentialKind.Session,
        'sess-1',
      ],
      [
        'a quoted svc_session cookie',
        { cookie: `svc_session="${SESSION}"` },
        CredentialKind.Session,
        'sess-1',
      ],
      ['an identity-provider token', bearer('eyJ.ada.sig'), CredentialKind.IdentityProvider, null],
      [
        'a lower-case bearer scheme',
        { authorization: `bearer ${PAT}` },
        CredentialKind.PersonalAccessToken,
        'key-1',
      ],
    ])('%s', async (_case, headers, kind, credentialId) => {
      const { resolver } = setup();
      const principal = await resolver.resolve(headers);
      expect(principal.user).toEqual({
        id: 'ada',
        email: 'ada@example.test',
        display_name: 'ada',
        role: WorkspaceRole.Member,
        is_workspace_admin: false,
      });
      expect(principal.credential).toEqual({ kind, id: credentialId });
    });

    it('prefers the Authorization header over the cookie', async () => {
      const { resolver, directory } = setup();
      const principal = await resolver.resolve({ ...bearer(PAT), cookie: `svc_session=${SESSION}` });
      expect(principal.credential.kind).toBe(CredentialKind.PersonalAccessToken);
      expect(directory.calls).not.toContain('findBySession');
    });
  });

  describe('refuses with one byte-identical 401 whatever went wrong', () => {
    const failures: [string, CredentialHeaders, Omit<CredentialResolverOptions, 'logger'> | undefined][] = [
      ['no credential at all', {}, undefined],
      ['an unknown PAT', bearer(UNKNOWN_PAT), undefined],
      ['a revoked PAT', bearer(REVOKED_PAT), undefined],
      ['an expired PAT', bearer(EXPIRED_PAT), undefined],
      ['a PAT with a bad checksum', bearer(BAD_CHECKSUM_PAT), undefined],
      ['a PAT whose owner is deactivated', bearer(DEACTIVATED_PAT), undefined],
      ['a truncated PAT', bearer('svc_live_abc'), undefined],
      ['a PAT with characters outside base62', bearer(`${PAT.slice(0, -1)}_`), undefined],
      ['an unknown session', bearer(`svc_sess_${base62('unkn', 43)}`), undefined],
      ['a revoked session', bearer(REVOKED_SESSION), undefined],
      ['an expired session', bearer(EXPIRED_SESSION), undefined],
      ['an unknown session cookie', { cookie: `svc_session=svc_sess_${base62('unkn', 43)}` }, undefined],
      ['a session cookie holding a PAT', { cookie: `svc_session=${PAT}` }, undefined],
      ['an empty session cookie', { cookie: 'svc_session=' }, undefined],
      ['a Basic Authorization header', { authorization: 'Basic YWRhOnNlY3JldA==' }, undefined],
      ['a bearer scheme without a token', { authorization: 'Bearer ' }, undefined],
      ['an empty Authorization header', { authorization: '' }, undefined],
      ['two bearer tokens', { authorization: `Bearer ${PAT}, Bearer ${SESSION}` }, undefined],
      ['an expired identity-provider token', bearer('eyJ.expired.sig'), undefined],
      ['an identity-provider token for another audience', bearer('eyJ.aud.sig'), undefined],
      ['an identity-provider token from another issuer', bearer('eyJ.iss.sig'), undefined],
      ['a tampered identity-provider token', bearer('eyJ.tampered.sig'), undefined],
      ['an alg-none identity-provider token', bearer('eyJ.none.sig'), undefined],
      ['a garbage bearer token', bearer('garbage'), undefined],
      ['a valid identity-provider token of a deactivated user', bearer('eyJ.dee.sig'), undefined],
      ['a JWT when no identity provider is configured', bearer('eyJ.ada.sig'), {}],
      [
        'a bad bearer token next to a valid session cookie',
        { ...bearer(UNKNOWN_PAT), cookie: `svc_session=${SESSION}` },
        undefined,
      ],
    ];
    const reference = JSON.stringify(unauthenticatedError().toBody());

    it.each(failures)('%s', async (_case, headers, options) => {
      const { resolver, logs } = setup(options);
      const error = await failure(resolver.resolve(headers));
      expect(error.status).toBe(401);
      expect(error.code).toBe(ErrorCode.Unauthenticated);
      expect(error.toBody()).toEqual(unauthenticatedError().toBody());
      expect(JSON.stringify(error.toBody())).toBe(reference);
      expect(error.detail).toEqual({});

      // The reason is logged; the credential never is.
      expect(logs).toHaveLength(1);
      expect(logs[0].fields).toMatchObject({ msg: 'credential refused', reason: expect.any(String) });
      const logged = JSON.stringify(logs);
      for (const secret of [headers.authorization, headers.cookie].filter(Boolean) as string[]) {
        const token = secret.replace(/^(Bearer|Basic) /i, '').replace(/^svc_session=/, '');
        if (token.length > 4) expect(logged).not.toContain(token);
      }
    });

    it('does the same lookup for every well-formed PAT that fails (forged, unknown, revoked, expired, deactivated)', async () => {
      for (const token of [UNKNOWN_PAT, BAD_CHECKSUM_PAT, REVOKED_PAT, EXPIRED_PAT, DEACTIVATED_PAT]) {
        const { resolver, directory } = setup();
        await failure(resolver.resolve(bearer(token)));
        expect(directory.calls).toEqual(['findByApiKey']);
      }
    });

    it('logs the reason with the credential kind and at debug level for a request without credentials', async () => {
      const expired = setup();
      await failure(expired.resolver.resolve(bearer('eyJ.expired.sig')));
      expect(expired.logs[0]).toEqual({
        level: 'info',
        fields: {
          msg: 'credential refused',
          reason: 'expired',
          credential_kind: CredentialKind.IdentityProvider,
        },
      });
      const anonymous = setup();
      await failure(anonymous.resolver.resolve({}));
      expect(anonymous.logs[0].level).toBe('debug');
    });
  });

  describe('dev-bypass', () => {
    const devBypass = { email: 'dev@example.test' };

    it('acts as the configured user when no credential is presented', async () => {
      const { resolver } = setup({ devBypass });
      const principal = await resolver.resolve({ cookie: 'theme=dark' });
      expect(principal.user.email).toBe('dev@example.test');
      expect(principal.credential).toEqual({ kind: CredentialKind.DevBypass, id: null });
    });

    it.each([
      ['an unknown PAT', bearer(UNKNOWN_PAT)],
      ['a Basic header', { authorization: 'Basic eDp5' }],
      ['an empty Authorization header', { authorization: '' }],
      ['a bad session cookie', { cookie: 'svc_session=nonsense' }],
      ['a JWT without an identity provider', bearer('eyJ.ada.sig')],
    ])('still refuses a presented bad credential: %s', async (_case, headers) => {
      const { resolver, directory } = setup({ devBypass });
      const error = await failure(resolver.resolve(headers));
      expect(error.code).toBe(ErrorCode.Unauthenticated);
      expect(directory.calls).not.toContain('findDevUser');
    });

    it('uses a presented valid credential rather than the dev user', async () => {
      const { resolver } = setup({ devBypass });
      expect((await resolver.resolve(bearer(PAT))).user.id).toBe('ada');
    });

    it('is off unless configured', async () => {
      const { resolver, directory } = setup({});
      await failure(resolver.resolve({}));
      expect(directory.calls).toEqual([]);
    });
  });

  describe('membership', () => {
    it.each([
      ['a PAT', bearer(NON_MEMBER_PAT), {}],
      ['a session', bearer(NON_MEMBER_SESSION), {}],
      ['a session cookie', { cookie: `svc_session=${NON_MEMBER_SESSION}` }, {}],
      ['an identity-provider token', bearer('eyJ.mo.sig'), { identityProvider: stubVerifier }],
      ['dev-bypass', {}, { devBypass: { email: 'mo@example.test' } }],
    ])('answers 403 not_a_member for a withdrawn member using %s', async (_case, headers, options) => {
      const { resolver } = setup(options);
      const error = await failure(resolver.resolve(headers));
      expect(error.status).toBe(403);
      expect(error.code).toBe(ErrorCode.NotAMember);
      expect(error.detail).toEqual({});
    });

    it('asks about membership only after the credential resolved', async () => {
      const { resolver, directory } = setup();
      await failure(resolver.resolve(bearer(UNKNOWN_PAT)));
      expect(directory.calls).not.toContain('isAllowedByMembership');
    });
  });
});

describe('credentialHeadersOf', () => {
  it('finds the headers whatever their case and joins repeated values so that they fail', () => {
    expect(
      credentialHeadersOf({ Authorization: 'Bearer x', COOKIE: ['a=1', 'svc_session=y'], host: 'h' }),
    ).toEqual({
      authorization: 'Bearer x',
      cookie: 'a=1; svc_session=y',
    });
    expect(credentialHeadersOf({ authorization: ['Bearer a', 'Bearer b'] }).authorization).toBe(
      'Bearer a, Bearer b',
    );
    expect(credentialHeadersOf({ authorization: undefined })).toEqual({});
  });
});
