/**
 * The Connections screens against the real stack: an Admin creates a PostgreSQL connection to the
 * shared PostgreSQL on loopback, tests it through a real runner, edits it (the credential asked for
 * again when the host moves) and sees the version; a Viewer sees the list and no controls, and the
 * API refuses the Viewer's PATCH.
 */
import type { Page } from 'playwright-core';
import { call } from '@dq/testing';
import { BrowserWorld, screenshotOnFailure, seriousAccessibilityViolations } from './browser-harness';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const ADMIN = 'connections-admin@example.test';
const VIEWER = 'connections-viewer@example.test';
const NAME = 'orders-db';
// Typed into password fields; the shared server trusts loopback, so any value connects.
const SECRET = 'typed-Secret-7f3a1';
const SECOND_SECRET = 'typed-Secret-9c2b4';

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Connections screens in the browser (e2e)', () => {
  let world: BrowserWorld;
  let adminToken: string;
  let viewerToken: string;
  let connectionId: string;

  beforeAll(async () => {
    world = await BrowserWorld.create('web-connections', LOOPBACK_EGRESS);
    await world.world.startRunner(LOOPBACK_EGRESS);
    adminToken = await world.world.mintToken(ADMIN, 'admin');
    viewerToken = await world.world.mintToken(VIEWER, 'viewer');
  });

  afterAll(async () => {
    if (!world) return;
    // No answer, log line or stored row holds a typed secret.
    expect(world.world.output()).not.toContain(SECRET);
    expect(world.world.output()).not.toContain(SECOND_SECRET);
    const stored = JSON.stringify([
      await world.world.db.query('SELECT * FROM connection_versions'),
      await world.world.db.query('SELECT id, name, config FROM connections'),
    ]);
    expect(stored).not.toContain(SECRET);
    await world.close();
  });

  afterEach(() => {
    expect(world.pageProblems).toEqual([]);
  });

  it('an Admin creates a PostgreSQL connection after a draft test, tests it, edits it and sees the version', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'connections-admin', async () => {
      await world.signIn(page, ADMIN);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
      await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
      await page.getByText('No connections yet').waitFor();
      await page.getByText(/Create one with “New connection”/).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'New connection' }).click();
      await page.getByRole('heading', { name: 'New connection', level: 1 }).waitFor();
      await pick(page, 'Kind', 'PostgreSQL');
      await page.getByLabel('Name').fill(NAME);
      await page.getByLabel('Host').fill('127.0.0.1');
      await page.getByLabel('Port').fill('0');
      await page.getByLabel('Database').fill('postgres');
      await page.getByLabel('User').fill('postgres');
      await pick(page, 'TLS mode (sslmode)', 'disable');
      await page.getByRole('textbox', { name: 'Password' }).fill(SECRET);

      // A bad draft: the API's problem sits on the port field, and everything typed stays.
      await page.getByRole('button', { name: 'Test before saving' }).click();
      await page.getByTestId('form-error').waitFor();
      await page.getByText(/port must not be less than 1/).waitFor();
      expect(await page.getByLabel('Port').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Name').inputValue()).toBe(NAME);
      expect(await page.getByLabel('Host').inputValue()).toBe('127.0.0.1');
      expect(await page.getByLabel('Port').inputValue()).toBe('0');
      expect(await page.getByRole('textbox', { name: 'Password' }).inputValue()).toBe(SECRET);
      expect(await page.getByRole('textbox', { name: 'Password' }).getAttribute('type')).toBe('password');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The same draft, fixed: the runner reaches the server.
      await page.getByLabel('Port').fill('5432');
      await page.getByRole('button', { name: 'Test before saving' }).click();
      await page.getByText('Connection works').waitFor();
      expect(await page.getByTestId('test-result').getAttribute('data-ok')).toBe('true');
      // A draft test stores nothing.
      const before = await call(world.api(), 'GET', '/connections', { token: adminToken });
      expect((before.body as { items: unknown[] }).items).toEqual([]);

      await page.getByRole('button', { name: 'Create connection' }).click();
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      connectionId = page.url().split('/connections/')[1] ?? '';
      expect(connectionId).toMatch(/^[0-9a-f-]{36}$/);
      await page.getByText('Stored (never shown)').waitFor();
      expect(await page.getByTestId('credential-health').textContent()).toBe('Not used yet');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The saved connection's test moves its credential health.
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('Connection works').waitFor();
      await page.getByTestId('credential-health').filter({ hasText: 'Healthy' }).waitFor();

      // Moving the host: the API asks for the credential again, the form asks for it, then saves.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('form', { name: 'Edit connection' });
      expect(await edit.getByRole('textbox', { name: 'Password' }).count()).toBe(0);
      await edit.getByLabel('Host').fill('localhost');
      await edit.getByLabel('Database').fill('template1');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByTestId('credential-again').waitFor();
      await page.getByText(/changes where the credential is sent/).waitFor();
      expect(await edit.getByLabel('Host').inputValue()).toBe('localhost');
      expect(await edit.getByRole('textbox', { name: 'Password' }).inputValue()).toBe('');
      await edit.getByRole('textbox', { name: 'Password' }).fill(SECOND_SECRET);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved as version 2.').waitFor();

      const versions = page.getByTestId('version-table');
      const second = versions.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2' }) });
      await second.waitFor();
      expect(await second.textContent()).toContain('host');
      expect(await second.textContent()).toContain('credential');
      expect(await second.textContent()).toContain('template1');
      expect(await versions.getByRole('rowheader', { name: '1' }).count()).toBe(1);

      // Nothing typed as a secret is on the page once saved.
      const content = await page.content();
      expect(content).not.toContain(SECRET);
      expect(content).not.toContain(SECOND_SECRET);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
    await context.close();
  });

  it('a Viewer sees the list and no control it may not use; the API refuses its PATCH', async () => {
    expect(connectionId).toBeTruthy();
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'connections-viewer', async () => {
      await world.signIn(page, VIEWER);
      await page.goto(`${world.baseUrl}/connections`);
      const table = page.getByTestId('connection-table');
      await table.getByRole('link', { name: NAME }).waitFor();
      expect(await table.textContent()).toContain('PostgreSQL');
      expect(await table.textContent()).toContain('Healthy');
      expect(await page.getByRole('link', { name: 'New connection' }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The server filters: another kind lists nothing, and says how to see everything again.
      await pick(page, 'Kind', 'Object store (S3-compatible)');
      await page.getByText('No connection matches').waitFor();
      expect(page.url()).toContain('kind=object_store');
      await page.goto(`${world.baseUrl}/connections?name=orders`);
      await table.getByRole('link', { name: NAME }).waitFor();
      await page.goto(`${world.baseUrl}/connections?name=nothing-like-it`);
      await page.getByText('No connection matches').waitFor();

      await page.goto(`${world.baseUrl}/connections/${connectionId}`);
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      await page.getByTestId('connection-details').waitFor();
      for (const name of ['Test connection', 'Edit', 'Re-authenticate', 'Delete'])
        expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // A narrow screen: the details and the list still read.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('connection-details').getByText('Credential health').waitFor();
      await page.getByRole('heading', { name: 'Versions' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.goto(`${world.baseUrl}/connections`);
      await table.getByRole('link', { name: NAME }).waitFor();
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto(`${world.baseUrl}/connections/new`);
      await page.getByText('Only a workspace admin creates connections').waitFor();
      expect(await page.getByLabel('Host').count()).toBe(0);
    });
    await context.close();

    // The API is the authority: the Viewer's own PATCH is refused and changes nothing.
    const beforePatch = await call(world.api(), 'GET', `/connections/${connectionId}`, { token: adminToken });
    const refused = await call(world.api(), 'PATCH', `/connections/${connectionId}`, {
      token: viewerToken,
      body: { name: 'renamed-by-viewer' },
    });
    expect(refused.status).toBe(403);
    const after = await call(world.api(), 'GET', `/connections/${connectionId}`, { token: adminToken });
    expect(after.body).toEqual(beforePatch.body);
    expect(after.body).toMatchObject({ name: NAME, version: 2 });
  });
});
