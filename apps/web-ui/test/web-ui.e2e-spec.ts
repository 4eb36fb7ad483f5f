/** The browser app against the real stack: headless Chromium, the web host, the gateway, PostgreSQL. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LISTED_ADMIN, call } from '@dq/testing';
import {
  BrowserWorld,
  SCREENSHOT_DIR,
  screenshotOnFailure,
  seriousAccessibilityViolations,
} from './browser-harness';

const TOKEN_PATTERN = /svc_live_[0-9A-Za-z]{49}/;

describe('web app in the browser (e2e)', () => {
  let world: BrowserWorld;

  beforeAll(async () => {
    world = await BrowserWorld.create('web-ui');
  });

  afterAll(async () => {
    await world?.close();
  });

  afterEach(() => {
    // The strict CSP must not cost the app a script or a style, and no page may throw.
    expect(world.pageProblems).toEqual([]);
  });

  it('signs in with an emailed code, shows the dashboard, and signs out', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'sign-in', async () => {
      // A deep link before signing in leads to the sign-in page, with no talk of an ended session.
      await page.goto(`${world.baseUrl}/me`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.getByTestId('sign-in-notice').count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // A wrong code: the envelope's message, and the typed email is kept.
      await page.getByLabel('Email').fill(LISTED_ADMIN);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await page.getByText('a code is on its way').waitFor();
      await page.getByRole('textbox').first().click();
      await page.keyboard.type('00000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toMatch(/code/i);
      await page.getByRole('button', { name: 'Use another email or ask for a new code' }).click();
      expect(await page.getByLabel('Email').inputValue()).toBe(LISTED_ADMIN);

      await world.signIn(page, LISTED_ADMIN);
      await page.getByTestId('kpi-checks').waitFor();
      expect(await page.getByTestId('kpi-checks').textContent()).toBe('0');
      await page.getByText('No suites yet').waitFor();
      expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The home page, loaded afresh with the session: the time until its figures are on screen.
      await page.goto(`${world.baseUrl}/`);
      await page.getByTestId('kpi-checks').waitFor();
      const interactiveMs = await page.evaluate(() => performance.now());
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      writeFileSync(
        path.join(SCREENSHOT_DIR, '..', 'web-ui-home-timing.json'),
        JSON.stringify({ home_interactive_ms: Math.round(interactiveMs) }),
      );

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You have signed out.').waitFor();
      await page.goto(`${world.baseUrl}/`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    });
    await context.close();
  });

  it('creates an API key whose token is shown once, and revokes it', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'api-key', async () => {
      // One address per test: a person may ask for five codes in fifteen minutes.
      await world.world.mintToken('keys@example.test', 'member');
      await world.signIn(page, 'keys@example.test');
      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByRole('heading', { name: 'Me', level: 1 }).waitFor();
      // The key the token tool minted for this person is listed already.
      await page.getByTestId('api-key-table').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByLabel('Key name').fill('ci pipeline');
      await page.getByRole('button', { name: 'Create key' }).click();
      const token = (await page.getByTestId('token-value').textContent())?.trim() ?? '';
      expect(token).toMatch(TOKEN_PATTERN);
      expect((await call(world.api(), 'GET', '/me', { token })).status).toBe(200);
      await page.getByRole('rowheader', { name: 'ci pipeline' }).waitFor();

      await page.getByRole('button', { name: 'Done' }).click();
      expect(await page.getByTestId('created-token').count()).toBe(0);
      await page.reload();
      await page.getByRole('rowheader', { name: 'ci pipeline' }).waitFor();
      expect(await page.content()).not.toContain(token);

      await page.getByRole('button', { name: 'Revoke ci pipeline' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
      await page.getByRole('rowheader', { name: 'ci pipeline' }).waitFor({ state: 'detached' });
      expect(await page.getByTestId('api-key-table').getByRole('row').count()).toBe(2);
      expect((await call(world.api(), 'GET', '/me', { token })).status).toBe(401);
    });
    await context.close();
  });

  it('edits the display name, and keeps what was typed when the API refuses it', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'display-name', async () => {
      await world.world.mintToken('names@example.test', 'member');
      await world.signIn(page, 'names@example.test');
      await page.goto(`${world.baseUrl}/me`);
      const field = page.getByLabel('Display name');
      await field.fill('Break Glass');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved.').waitFor();
      await page.getByTestId('signed-in-as').getByText('Break Glass').waitFor();

      const tooLong = 'n'.repeat(201);
      await field.fill(tooLong);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/display_name/).waitFor();
      expect(await field.inputValue()).toBe(tooLong);
    });
    await context.close();
  });

  it('shows a Viewer no Admin navigation, and no Admin page at its address', async () => {
    await world.world.mintToken('viewer@example.test', 'viewer');
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'viewer', async () => {
      await world.signIn(page, 'viewer@example.test');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Me', exact: true })
        .waitFor();
      expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      await page.goto(`${world.baseUrl}/admin`);
      await page.getByText('Only workspace admins can open this page.').waitFor();
    });
    await context.close();
  });

  it('works on a narrow screen in the dark theme: navigation behind the menu button, no serious axe finding', async () => {
    await world.world.mintToken('narrow@example.test', 'member');
    const { context, page } = await world.newPage({ width: 390, height: 844, colorScheme: 'dark' });
    await screenshotOnFailure(page, 'narrow-dark', async () => {
      await world.signIn(page, 'narrow@example.test');
      await page.getByTestId('kpi-checks').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const me = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Me', exact: true });
      // Collapsed: the navigation lies left of the screen until the menu button opens it.
      const collapsed = await me.boundingBox();
      expect(collapsed === null || collapsed.x + collapsed.width <= 0).toBe(true);
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await me.click();
      await page.getByRole('heading', { name: 'Me', level: 1 }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
    await context.close();
  });

  it("with the gateway's dev-bypass (the demo), opens the dashboard without a sign-in and offers no sign-out", async () => {
    const baseUrl = await world.startDevBypassHost('demo-admin@example.test');
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'dev-bypass', async () => {
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('kpi-checks').waitFor();
      await page.getByText('Local dev sign-in').waitFor();
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    });
    await context.close();
  });

  it('sends a person whose session was withdrawn server-side to sign-in, with a message', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'session-withdrawn', async () => {
      await world.world.mintToken('withdrawn@example.test', 'member');
      await world.signIn(page, 'withdrawn@example.test');
      const cookie = (await context.cookies()).find((candidate) => candidate.name === 'svc_session');
      expect(cookie?.value).toMatch(/^svc_sess_/);
      const { createHash } = await import('node:crypto');
      const revoked: unknown[] = await world.world.db.query(
        'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING id',
        [createHash('sha256').update(cookie!.value).digest()],
      );
      expect(revoked[1]).toBe(1);

      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByTestId('sign-in-notice').waitFor();
      expect(await page.getByTestId('sign-in-notice').textContent()).toBe(
        'Your session has ended. Sign in again to continue.',
      );
      expect(new URL(page.url()).pathname).toBe('/sign-in');
    });
    await context.close();
  });
});
