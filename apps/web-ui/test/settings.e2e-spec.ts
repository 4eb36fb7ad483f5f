/** Admin, Me's assistant connection and the suite settings panels against the real stack in Chromium. */
import { readFileSync } from 'node:fs';
import { LISTED_ADMIN, call } from '@dq/testing';
import { BrowserWorld, screenshotOnFailure, seriousAccessibilityViolations } from './browser-harness';

const MEMBER = 'member@settings.test';
const TOKEN_PATTERN = /svc_live_[0-9A-Za-z]{49}/;

describe('settings screens in the browser (e2e)', () => {
  let world: BrowserWorld;
  let admin: string;
  let member: string;
  let memberId: string;

  beforeAll(async () => {
    world = await BrowserWorld.create('web-settings');
    admin = await world.world.mintToken(LISTED_ADMIN, 'admin');
    member = await world.world.mintToken(MEMBER, 'member');
    memberId = ((await call(world.api(), 'GET', '/me', { token: member })).body as { id: string }).id;
  });

  afterAll(async () => {
    await world?.close();
  });

  afterEach(() => {
    expect(world.pageProblems).toEqual([]);
  });

  const scoring = async () =>
    (await call(world.api(), 'GET', '/admin/scoring', { token: admin })).body as {
      weights: { warn: number; fail: number; critical: number };
      is_default: boolean;
    };

  it('lets an admin change the scoring weights, shows the 422 inline, resets, and toggles zero-sample mode', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'settings-admin', async () => {
      await world.signIn(page, LISTED_ADMIN);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
      await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
      await page.getByTestId('deployment-posture').waitFor();
      expect(await page.getByTestId('scoring-default').textContent()).toBe('Defaults in force');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const warn = page.getByLabel('Warn weight');
      const fail = page.getByLabel('Fail weight');
      const critical = page.getByLabel('Critical weight');
      await warn.fill('2');
      await fail.fill('4');
      await critical.fill('8');
      await page.getByRole('button', { name: 'Save weights' }).click();
      await page.getByText('Saved. Scores use these weights from now on.').waitFor();
      expect(await page.getByTestId('scoring-default').textContent()).toBe('Custom weights');
      expect(await scoring()).toMatchObject({
        weights: { warn: 2, fail: 4, critical: 8 },
        is_default: false,
      });

      // Out of order: the API's 422 names the field, inline, and what was typed stays.
      await warn.fill('5');
      await fail.fill('1');
      await page.getByRole('button', { name: 'Save weights' }).click();
      await page.getByText('fail must be at least warn').waitFor();
      expect(await warn.inputValue()).toBe('5');
      expect(await fail.inputValue()).toBe('1');
      expect(await scoring()).toMatchObject({ weights: { warn: 2, fail: 4, critical: 8 } });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Reset to defaults' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reset weights' }).click();
      await page.getByText('Reset to the defaults.').waitFor();
      expect(await page.getByTestId('scoring-default').textContent()).toBe('Defaults in force');
      expect(await warn.inputValue()).toBe('1');
      expect(await critical.inputValue()).toBe('5');
      expect(await scoring()).toMatchObject({ weights: { warn: 1, fail: 3, critical: 5 }, is_default: true });

      const privacy = async () =>
        (
          (await call(world.api(), 'GET', '/admin/privacy', { token: admin })).body as {
            zero_sample_mode: boolean;
          }
        ).zero_sample_mode;
      expect(await privacy()).toBe(false);
      // A forced click lands wherever the switch is drawn: wait out the closing dialog's overlay first.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const zeroSample = page.getByRole('switch', { name: 'Zero-sample mode' });
      await zeroSample.click({ force: true });
      await page.getByText('Zero-sample mode is on.').waitFor();
      expect(await privacy()).toBe(true);
      await page
        .getByTestId('deployment-posture')
        .getByText(/On, from this workspace setting/)
        .waitFor();
      await zeroSample.click({ force: true });
      await page.getByText('Zero-sample mode is off.').waitFor();
      expect(await privacy()).toBe(false);
    });
    await context.close();
  });

  it('shows a Member no Admin navigation, says so at /admin, and the API refuses the Member', async () => {
    const { context, page } = await world.newPage({ width: 390, height: 844 });
    await screenshotOnFailure(page, 'settings-member-admin', async () => {
      await world.signIn(page, MEMBER);
      expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      await page.goto(`${world.baseUrl}/admin`);
      await page.getByTestId('admin-only').getByText('Only workspace admins can open this page.').waitFor();
      expect(await page.getByLabel('Warn weight').count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const before = await scoring();
      const refused = await call(world.api(), 'PUT', '/admin/scoring', {
        token: member,
        body: { warn: 0, fail: 0, critical: 1 },
      });
      expect(refused.status).toBe(403);
      const privacy = await call(world.api(), 'PUT', '/admin/privacy', {
        token: member,
        body: { zero_sample_mode: true },
      });
      expect(privacy.status).toBe(403);
      expect(await scoring()).toEqual(before);
      const stored = await call(world.api(), 'GET', '/admin/privacy', { token: admin });
      expect(stored.body).toMatchObject({ zero_sample_mode: false });
    });
    await context.close();
  });

  it('shows the MCP endpoint and ready snippets on Me, with the key just created in them', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'settings-me-mcp', async () => {
      await world.signIn(page, LISTED_ADMIN);
      await page.goto(`${world.baseUrl}/me`);
      await page.getByRole('heading', { name: 'Connect an assistant' }).waitFor();
      const endpoint = `${world.baseUrl}/mcp/`;
      expect(await page.getByTestId('mcp-endpoint').textContent()).toBe(endpoint);
      const desktop = JSON.parse((await page.getByTestId('mcp-snippet-claude-desktop').textContent()) ?? '');
      expect(desktop).toEqual({
        mcpServers: {
          'data-quality': { url: endpoint, headers: { Authorization: 'Bearer <YOUR_API_KEY>' } },
        },
      });
      await page.getByRole('tab', { name: 'VS Code' }).click();
      const vscode = JSON.parse((await page.getByTestId('mcp-snippet-vscode').textContent()) ?? '');
      expect(vscode.servers['data-quality']).toMatchObject({ type: 'http', url: endpoint });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByLabel('Key name').fill('assistant');
      await page.getByRole('button', { name: 'Create key' }).click();
      const token = (await page.getByTestId('token-value').textContent())?.trim() ?? '';
      expect(token).toMatch(TOKEN_PATTERN);
      expect(await page.getByTestId('mcp-snippet-vscode').textContent()).toContain(`Bearer ${token}`);
      // Shown once: after a reload the snippets are back to the placeholder.
      await page.reload();
      await page.getByRole('heading', { name: 'Connect an assistant' }).waitFor();
      expect(await page.getByTestId('mcp-snippet-claude-desktop').textContent()).toContain('<YOUR_API_KEY>');
      expect(await page.content()).not.toContain(token);
    });
    await context.close();
  });

  it('sets a column policy, shares with a Member, and exports then imports as a new suite', async () => {
    const connection = await call(world.api(), 'POST', '/connections', {
      token: admin,
      body: {
        name: 'customers-db',
        kind: 'postgres',
        config: { host: 'db.example.test', port: 5432, database: 'shop', user: 'reader', sslmode: 'require' },
        credential: { password: 'not-used-here' },
      },
    });
    expect(connection.status).toBe(201);
    const created = await call(world.api(), 'POST', '/suites', {
      token: admin,
      body: {
        name: 'customers',
        connection_id: (connection.body as { id: string }).id,
        target: 'public.customers',
      },
    });
    expect(created.status).toBe(201);
    const suiteId = (created.body as { id: string }).id;

    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'settings-suite', async () => {
      await world.signIn(page, LISTED_ADMIN);
      await page.goto(`${world.baseUrl}/suites/${suiteId}?tab=columns`);
      await page.getByRole('heading', { name: 'Column policy', level: 2 }).waitFor();
      await page.getByText('No column named').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('combobox', { name: 'Add a column' }).fill('email');
      await page.getByRole('button', { name: 'Add column' }).click();
      await page.getByRole('combobox', { name: 'Treatment of email' }).waitFor();
      await page.getByRole('button', { name: 'Save column policy' }).click();
      await page.getByText('Column policy saved.').waitFor();
      const policy = await call(world.api(), 'GET', `/suites/${suiteId}/column-policy`, { token: admin });
      expect(policy.body).toMatchObject({ columns: { email: 'redact' } });

      await page.getByRole('tab', { name: 'Sharing' }).click();
      await page.getByText('Not shared').waitFor();
      await page.getByRole('combobox', { name: 'Person' }).fill('member@settings');
      await page.getByRole('option', { name: new RegExp(MEMBER) }).click();
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page
        .getByTestId('shares-table')
        .getByRole('rowheader', { name: new RegExp(MEMBER) })
        .waitFor();
      const shares = await call(world.api(), 'GET', `/suites/${suiteId}/shares`, { token: admin });
      expect((shares.body as { items: unknown[] }).items).toEqual([
        expect.objectContaining({ user_id: memberId, grant: 'view' }),
      ]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('customers.dq-suite.json');
      const path = await file.path();
      const document = JSON.parse(readFileSync(path, 'utf8')) as { format: string; suite: { name: string } };
      expect(document).toMatchObject({ format: 'dq-suite', suite: { name: 'customers' } });

      await page.goto(`${world.baseUrl}/suites`);
      await page.getByRole('button', { name: 'Import suite' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles(path);
      const name = dialog.getByLabel('Suite name');
      await name.waitFor();
      expect(await name.inputValue()).toBe('customers');
      await name.fill('customers copy');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Import suite' }).click();
      await page.waitForURL(/\/suites\/[0-9a-f-]{36}/);
      const newId = /\/suites\/([0-9a-f-]{36})/.exec(page.url())?.[1];
      expect(newId).toBeDefined();
      expect(newId).not.toBe(suiteId);
      await page.getByRole('heading', { name: 'customers copy', level: 1 }).waitFor();
      const copy = await call(world.api(), 'GET', `/suites/${newId}/column-policy`, { token: admin });
      expect(copy.body).toMatchObject({ columns: { email: 'redact' } });
    });
    await context.close();

    // The Member with a view share sees both panels read-only.
    const viewer = await world.newPage();
    await screenshotOnFailure(viewer.page, 'settings-suite-read-only', async () => {
      const { page } = viewer;
      await world.signIn(page, MEMBER);
      await page.goto(`${world.baseUrl}/suites/${suiteId}?tab=columns`);
      await page.getByTestId('column-policy-table').getByRole('rowheader', { name: 'email' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save column policy' }).count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Treatment of email' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Profile the columns' }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Sharing' }).click();
      await page.getByTestId('shares-table').waitFor();
      expect(await page.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Person' }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const refused = await call(world.api(), 'PUT', `/suites/${suiteId}/column-policy`, {
        token: member,
        body: { columns: {} },
      });
      expect(refused.status).toBe(403);
    });
    await viewer.context.close();
  });
});
