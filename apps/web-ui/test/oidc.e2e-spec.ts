/** Signing in at the identity provider through the web host (code flow with PKCE), in the browser. */
import type { BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@dq/testing';
import { BrowserWorld, screenshotOnFailure, seriousAccessibilityViolations } from './browser-harness';

describe('identity-provider sign-in in the browser (e2e)', () => {
  let world: BrowserWorld;
  let host: string;

  beforeAll(async () => {
    world = await BrowserWorld.create('web-ui-oidc');
    host = await world.startOidcHost();
  });

  afterAll(async () => {
    await world?.close();
  });

  afterEach(() => {
    world.world.identityProvider.accessTokenTtlSeconds = 3600;
    world.world.identityProvider.issueRefreshTokens = true;
    expect(world.pageProblems).toEqual([]);
  });

  /** From the sign-in page through the provider's form; waits for the app to come back. */
  async function signInAtProvider(page: Page, email: string, name: string): Promise<void> {
    await page.getByRole('link', { name: 'Sign in with Loopback' }).click();
    await page.getByRole('heading', { name: 'Loopback identity provider' }).waitFor();
    expect(page.url().startsWith(world.world.identityProvider.issuer)).toBe(true);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  /** A GET of the API through the host in another tab of this browser (its cookies, not the page's CSP). */
  async function apiStatus(context: BrowserContext, path: string): Promise<{ status: number; body: string }> {
    const probe = await context.newPage();
    try {
      const response = await probe.goto(`${host}${path}`);
      return { status: response?.status() ?? 0, body: (await response?.text()) ?? '' };
    } finally {
      await probe.close();
    }
  }

  it('offers the provider and the email code, signs in at the provider, and the API takes the bearer', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'oidc-sign-in', async () => {
      await page.goto(`${host}/me`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByRole('link', { name: 'Sign in with Loopback' }).waitFor();
      expect(await page.getByLabel('Email').count()).toBe(1);
      expect(await page.getByTestId('sign-in-notice').count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await signInAtProvider(page, 'grace@example.test', 'Grace Hopper');

      // Back on the page the person was sent away from, signed in under the provider's name.
      await page.waitForURL(`${host}/me`);
      await page.getByTestId('signed-in-as').getByText('Grace Hopper').waitFor();
      const me = await apiStatus(context, '/api/v1/me');
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({
        email: 'grace@example.test',
        display_name: 'Grace Hopper',
      });

      // No token within reach of the page's scripts.
      const visible = await page.evaluate(() => {
        const scope = globalThis as unknown as {
          document: { cookie: string };
          localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
          sessionStorage: { length: number };
        };
        const stored = Array.from({ length: scope.localStorage.length }, (_, i) => {
          const key = scope.localStorage.key(i) ?? '';
          return `${key}=${scope.localStorage.getItem(key) ?? ''}`;
        });
        return `${scope.document.cookie}|${stored.join(';')}|${scope.sessionStorage.length}`;
      });
      expect(visible).not.toMatch(/dq_oidc|eyJ/);
      const cookies = await context.cookies(host);
      const session = cookies.find((cookie) => cookie.name === 'dq_oidc_session');
      expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });

      await page.goto(`${host}/`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
    await context.close();
  });

  it('works at 390 px too', async () => {
    const { context, page } = await world.newPage({ width: 390, height: 844 });
    await screenshotOnFailure(page, 'oidc-sign-in-390', async () => {
      await page.goto(`${host}/sign-in`);
      await signInAtProvider(page, 'ada.mobile@example.test', 'Ada Mobile');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      expect(await apiStatus(context, '/api/v1/me')).toMatchObject({ status: 200 });
    });
    await context.close();
  });

  it('refuses a tampered or missing state with a clear page, not a 500, and signs no one in', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'oidc-bad-state', async () => {
      // A sign-in under way (its flow cookie is set), then a callback whose state is not its own.
      await page.goto(`${host}/sign-in`);
      await page.getByRole('link', { name: 'Sign in with Loopback' }).click();
      await page.getByRole('heading', { name: 'Loopback identity provider' }).waitFor();
      const tampered = await page.goto(`${host}/auth/oidc/callback?code=stolen&state=forged`);
      expect(tampered?.status()).toBe(400);
      await page.getByRole('heading', { name: 'Sign-in link not valid' }).waitFor();
      expect(await page.getByTestId('sign-in-error').textContent()).toMatch(/not valid or has expired/);

      const missing = await page.goto(`${host}/auth/oidc/callback?code=stolen`);
      expect(missing?.status()).toBe(400);
      expect((await context.cookies(host)).some((cookie) => cookie.name === 'dq_oidc_session')).toBe(false);
      expect(await apiStatus(context, '/api/v1/me')).toMatchObject({ status: 401 });

      await page.getByRole('link', { name: 'Back to sign-in' }).click();
      await page.getByRole('link', { name: 'Sign in with Loopback' }).waitFor();
    });
    await context.close();
  });

  it('signs out here and at the provider', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'oidc-sign-out', async () => {
      await page.goto(`${host}/sign-in`);
      await signInAtProvider(page, 'linus@example.test', 'Linus');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      const endSessions = world.world.identityProvider.endSessions;

      await page.getByRole('button', { name: 'Sign out' }).click();
      // Out at the provider, which sends the browser back to the sign-in page.
      await waitFor('the sign-out at the provider', () =>
        world.world.identityProvider.endSessions > endSessions ? true : undefined,
      );
      await page.waitForURL(`${host}/sign-in`);
      await page.getByRole('link', { name: 'Sign in with Loopback' }).waitFor();

      expect(world.world.identityProvider.endSessions).toBe(endSessions + 1);
      expect((await context.cookies(host)).some((cookie) => cookie.name === 'dq_oidc_session')).toBe(false);
      expect(await apiStatus(context, '/api/v1/me')).toMatchObject({ status: 401 });
      // A deliberate sign-out is not an ended session.
      expect(await page.getByTestId('sign-in-notice').count()).toBe(0);
    });
    await context.close();
  });

  it('refreshes the access token when the provider offered a refresh token', async () => {
    world.world.identityProvider.accessTokenTtlSeconds = 10;
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'oidc-refresh', async () => {
      await page.goto(`${host}/sign-in`);
      const refreshes = world.world.identityProvider.refreshGrants;
      await signInAtProvider(page, 'barbara@example.test', 'Barbara');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();

      expect(world.world.identityProvider.refreshGrants).toBeGreaterThan(refreshes);
      await page.reload();
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      expect(await apiStatus(context, '/api/v1/me')).toMatchObject({ status: 200 });
    });
    await context.close();
  });

  it('an expired access token with nothing to refresh it lands on sign-in with the session-ended message', async () => {
    // Already 15 s past its expiry when issued: the gateway's 30 s clock tolerance leaves 15 s to sign in.
    world.world.identityProvider.accessTokenTtlSeconds = -15;
    world.world.identityProvider.issueRefreshTokens = false;
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'oidc-expired', async () => {
      await page.goto(`${host}/sign-in`);
      await signInAtProvider(page, 'edsger@example.test', 'Edsger');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();

      // Past the tolerance (the token was issued before Home showed): the next call is refused and
      // the app says why, never a blank screen.
      await new Promise((resolve) => setTimeout(resolve, 16_500));
      await page.reload();
      await page.getByTestId('sign-in-notice').waitFor();
      expect(await page.getByTestId('sign-in-notice').textContent()).toBe(
        'Your session has ended. Sign in again to continue.',
      );
      await page.getByRole('link', { name: 'Sign in with Loopback' }).waitFor();
    });
    await context.close();
  });
});
