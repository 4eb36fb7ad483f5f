import { EMAIL_ONLY, endProviderSession, fetchSignInModes, providerSignInHref } from './sign-in-modes';

function answering(status: number, body: unknown): typeof fetch {
  return async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
}

describe('sign-in modes', () => {
  const both = { email_otp: true, oidc: { provider_name: 'Okta', login_path: '/auth/oidc/login' } };

  it('reads what the web host offers, and falls back to email codes when it can not say', async () => {
    await expect(fetchSignInModes(answering(200, both))).resolves.toEqual(both);
    await expect(fetchSignInModes(answering(404, 'not here'))).resolves.toEqual(EMAIL_ONLY);
    await expect(fetchSignInModes(answering(200, '<!doctype html>'))).resolves.toEqual(EMAIL_ONLY);
    await expect(fetchSignInModes(answering(200, { email_otp: 'yes' }))).resolves.toEqual(EMAIL_ONLY);
  });

  it('sends the provider button back to the page the person came from, never to another site', () => {
    expect(providerSignInHref(both, '/suites/7?tab=runs')).toBe(
      '/auth/oidc/login?return_to=%2Fsuites%2F7%3Ftab%3Druns',
    );
    expect(providerSignInHref(both, '/sign-in')).toBe('/auth/oidc/login?return_to=%2F');
    expect(providerSignInHref(both, 'https://evil.example')).toBe('/auth/oidc/login?return_to=%2F');
    expect(providerSignInHref(EMAIL_ONLY, '/')).toBeNull();
  });

  it("gives the provider's end-session address when the host has one, else null", async () => {
    await expect(endProviderSession(answering(200, { redirect_to: 'https://idp/end?x=1' }))).resolves.toBe(
      'https://idp/end?x=1',
    );
    await expect(endProviderSession(answering(200, { redirect_to: null }))).resolves.toBeNull();
    await expect(endProviderSession(answering(404, 'no'))).resolves.toBeNull();
    await expect(
      endProviderSession(async () => Promise.reject(new TypeError('offline'))),
    ).resolves.toBeNull();
  });
});
