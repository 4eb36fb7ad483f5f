/**
 * The Suites and Checks screens against the real stack: a member builds a suite on a real
 * PostgreSQL table in the browser (checks from the catalogue, dry runs, an edit, a restore), and a
 * Viewer with a `view` share sees it without any control that changes it.
 */
import type { Locator, Page } from 'playwright-core';
import { type AppProcess, ScratchDatabase, call, pollUntil } from '@dq/testing';
import { BrowserWorld, screenshotOnFailure, seriousAccessibilityViolations } from './browser-harness';

const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const MEMBER = 'suites-member@example.test';
const VIEWER = 'suites-viewer@example.test';

/** The input labelled `label` (a select's list is labelled by it too). */
function field(scope: Page | Locator, label: string): Locator {
  // A required field's label ends in " *".
  return scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(scope.locator('input'));
}

/** Picks `option` in the Mantine select labelled `label` (typing first when it is searchable). */
async function pick(
  page: Page,
  label: string,
  option: string | RegExp,
  search?: string,
  scope: Page | Locator = page,
): Promise<void> {
  const input = field(scope, label);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/**
 * Signs in through the sign-in page; when the typed code is lost (keystrokes into the code boxes
 * dropped on a loaded machine), the same emailed-code sign-in through the API sets the session cookie.
 */
async function signIn(world: BrowserWorld, page: Page, email: string): Promise<void> {
  try {
    await world.signIn(page, email);
  } catch {
    const session = await world.world.signInByEmail(world.api(), email);
    await page.context().addCookies([{ name: 'svc_session', value: session, url: world.baseUrl }]);
    await page.goto(`${world.baseUrl}/`);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  }
}

async function noSeriousViolations(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

describe('suites and checks in the browser (e2e)', () => {
  let world: BrowserWorld;
  let runner: AppProcess;
  let memberToken: string;
  let suiteId = '';
  const database = new ScratchDatabase('suites_ui_e2e');

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint NOT NULL, total numeric, status text)`);
      await client.query(
        `INSERT INTO public.orders VALUES (1, 10, 'open'), (2, 20, 'closed'), (3, 30, NULL)`,
      );
    });
    world = await BrowserWorld.create('suites-ui', LOOPBACK);
    runner = await world.world.startRunner(LOOPBACK);
    memberToken = await world.world.mintToken(MEMBER, 'member');
    // Connections are an admin's to make; the member builds on it.
    const adminToken = await world.world.mintToken('suites-admin@example.test', 'admin');
    await database.connect(world.api(), adminToken, 'orders-db');
    // A gateway, a web host and a runner to boot.
  }, 300_000);

  afterAll(async () => {
    await runner?.stop();
    await world?.close();
    await database.drop();
  });

  afterEach(() => {
    expect(world.pageProblems).toEqual([]);
  });

  it('creates a suite and three checks, dry-runs, edits, snoozes and restores an earlier version', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'suites-member', async () => {
      await signIn(world, page, MEMBER);
      await page.getByRole('link', { name: 'Suites', exact: true }).click();
      await page.getByRole('heading', { name: 'Suites', level: 1 }).waitFor();
      await page.getByText('No suites yet').waitFor();
      await noSeriousViolations(page);

      // Create the suite: connection and target.
      await page.getByRole('button', { name: 'New suite' }).click();
      const dialog = page.getByRole('dialog', { name: 'New suite' });
      await dialog.getByLabel('Name').fill('Orders');
      await pick(page, 'Connection', 'orders-db (postgres)', undefined, dialog);
      await dialog.getByLabel('Target').fill('public.orders');
      await dialog.getByRole('button', { name: 'Create suite' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      suiteId = /\/suites\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
      expect(suiteId).not.toBe('');
      await page.getByText('No checks yet').waitFor();
      await noSeriousViolations(page);

      // A row count check, picked by searching the catalogue; its dry run passes.
      await page.getByRole('link', { name: 'Add check' }).click();
      await page.getByRole('heading', { name: 'Add a check', level: 1 }).waitFor();
      await page.getByLabel('Name').fill('Orders exist');
      await pick(page, 'What to check', 'Table row count to be between', 'row count to be');
      await page
        .getByTestId('choice-description')
        .getByText('expect_table_row_count_to_be_between')
        .waitFor();
      await page.getByRole('textbox', { name: 'Min value' }).fill('1');
      await noSeriousViolations(page);
      await page.getByRole('button', { name: 'Dry run' }).click();
      expect(await page.getByTestId('dry-run-outcome').textContent()).toBe('pass');
      await page.getByRole('button', { name: 'Add check' }).click();
      await page.getByRole('heading', { name: 'Orders exist', level: 1 }).waitFor();

      // Not null on a column picked from the target's own columns.
      await page.goto(`${world.baseUrl}/suites/${suiteId}/checks/new`);
      await page.getByLabel('Name').fill('Order id present');
      await pick(page, 'What to check', 'Column values to not be null', 'not be null');
      await pick(page, 'Column', /^order_id /);
      await page.getByRole('button', { name: 'Add check' }).click();
      await page.getByRole('heading', { name: 'Order id present', level: 1 }).waitFor();

      // A failing one: a status is missing in one row of three. A taken name is refused by the
      // API with its message while everything typed stays; the dry run shows the failure.
      await page.goto(`${world.baseUrl}/suites/${suiteId}/checks/new`);
      await page.getByLabel('Name').fill('Orders exist');
      await pick(page, 'What to check', 'Column values to not be null', 'not be null');
      await pick(page, 'Column', /^status /);
      await page.getByRole('textbox', { name: 'Warn above' }).fill('10');
      await page.getByRole('textbox', { name: 'Fail above' }).fill('20');
      await page.getByRole('button', { name: 'Add check' }).click();
      await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor();
      expect(await page.getByLabel('Name').inputValue()).toBe('Orders exist');
      expect(await field(page, 'Column').inputValue()).toMatch(/^status /);
      expect(await page.getByRole('textbox', { name: 'Warn above' }).inputValue()).toBe('10');
      expect(await page.getByRole('textbox', { name: 'Fail above' }).inputValue()).toBe('20');
      await page.getByLabel('Name').fill('Status present');
      await page.getByRole('button', { name: 'Dry run' }).click();
      expect(await page.getByTestId('dry-run-outcome').textContent()).toBe('fail');
      await page.getByRole('button', { name: 'Add check' }).click();
      await page.getByRole('heading', { name: 'Status present', level: 1 }).waitFor();
      const checkId = /\/checks\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
      expect(await page.getByTestId('check-version').textContent()).toBe('version 1');

      // Edit it: the fail bound moves to 50 %, which mints version 2.
      await page.getByRole('link', { name: 'Edit check' }).click();
      await page.getByRole('heading', { name: 'Edit check', level: 1 }).waitFor();
      expect(await field(page, 'Column').inputValue()).toMatch(/^status /);
      await page.getByRole('textbox', { name: 'Fail above' }).fill('50');
      await noSeriousViolations(page);
      await page.getByRole('button', { name: 'Save check' }).click();
      await page.getByTestId('check-version').getByText('version 2').waitFor();
      await page.getByText('Thresholds: warn > 10 · fail > 50').waitFor();

      // Two runs give the check a history to chart.
      for (let run = 0; run < 2; run += 1) {
        const triggered = await call(world.api(), 'POST', `/suites/${suiteId}/run`, {
          token: memberToken,
          body: {},
        });
        expect([200, 201]).toContain(triggered.status);
        const runId = (triggered.body as { id: string }).id;
        await pollUntil(
          () => call(world.api(), 'GET', `/runs/${runId}`, { token: memberToken }),
          (read) => ['succeeded', 'failed'].includes((read.body as { status: string }).status),
          'the run to finish',
        );
      }
      await page.reload();
      await page.getByTestId('history-table').getByRole('row').nth(2).waitFor();
      // 1 of 3 rows unexpected: 33 %, above warn (10) and below fail (50).
      expect(await page.getByTestId('history-table').getByText('warn', { exact: true }).count()).toBe(2);
      await page.locator('.recharts-surface').first().waitFor();
      await noSeriousViolations(page);

      // Restore version 1: a new version 3 with version 1's definition (fail above 20 %).
      await page.getByRole('button', { name: 'Restore version 1' }).click();
      await page.getByTestId('restored-notice').getByText('Version 1 restored as version 3.').waitFor();
      await page.getByTestId('check-version').getByText('version 3').waitFor();
      await page.getByText('Thresholds: warn > 10 · fail > 20').waitFor();
      const restored = await call(world.api(), 'GET', `/suites/${suiteId}/checks/${checkId}`, {
        token: memberToken,
      });
      expect(restored.body).toMatchObject({ version: 3, thresholds: { warn: 10, fail: 20 } });

      // The suite page: three checks, the last outcomes of the latest run; snooze and clear it.
      await page.getByRole('link', { name: '← Orders' }).click();
      const table = page.getByTestId('checks-table');
      await table.getByRole('rowheader', { name: 'Status present' }).waitFor();
      expect(await table.getByRole('row').count()).toBe(4);
      await table.getByText('warn', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Actions for Status present' }).click();
      await page.getByRole('menuitem', { name: 'Snooze…' }).click();
      await page.getByRole('dialog').getByLabel('Hours').fill('6');
      await page.getByRole('dialog').getByRole('button', { name: 'Snooze' }).click();
      await table.getByText(/^Snoozed until /).waitFor();
      // The row's action menu closed as the dialog opened; axe judges the page once it is gone.
      await page.getByRole('menu').waitFor({ state: 'detached', timeout: 5_000 });
      await noSeriousViolations(page);
      await page.getByRole('button', { name: 'Actions for Status present' }).click();
      await page.getByRole('menuitem', { name: 'Clear snooze' }).click();
      await table.getByText(/^Snoozed until /).waitFor({ state: 'detached' });

      // The list: the suite with its grant and last run, filtered by name on the server.
      await page.getByRole('link', { name: 'Suites', exact: true }).click();
      await page.getByTestId('suites-table').getByRole('link', { name: 'Orders' }).waitFor();
      await page.getByText('1–1 of 1').waitFor();
      await page.getByLabel('Name contains').fill('nothing-like-it');
      await page.getByText('No suite matches these filters').waitFor();
      expect(page.url()).toContain('name=nothing-like-it');
      await page.getByLabel('Name contains').fill('ord');
      await page.getByTestId('suites-table').getByRole('link', { name: 'Orders' }).waitFor();
      await noSeriousViolations(page);
    });
    await context.close();
    // Three checks through the editor, two runs and the snooze: longer than one screen's test.
  }, 480_000);

  it('shows a Viewer with a view share no control that changes the suite, and the API refuses its writes', async () => {
    const viewerToken = await world.world.mintToken(VIEWER, 'viewer');
    const me = await call(world.api(), 'GET', '/me', { token: viewerToken });
    const shared = await call(world.api(), 'POST', `/suites/${suiteId}/shares`, {
      token: memberToken,
      body: { user_id: (me.body as { id: string }).id, grant: 'view' },
    });
    expect(shared.status).toBe(201);
    const checks = await call(world.api(), 'GET', `/suites/${suiteId}/checks`, { token: memberToken });
    const [first] = (checks.body as { items: { id: string; name: string; version: number }[] }).items;

    const { context, page } = await world.newPage({ width: 390, height: 844 });
    await screenshotOnFailure(page, 'suites-viewer', async () => {
      await signIn(world, page, VIEWER);
      await page.goto(`${world.baseUrl}/suites`);
      await page.getByTestId('suites-table').getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByTestId('checks-table').getByRole('rowheader', { name: first.name }).waitFor();
      for (const name of ['Add check', 'Edit suite', 'Delete suite', 'New suite']) {
        expect(await page.getByRole('button', { name }).count()).toBe(0);
        expect(await page.getByRole('link', { name }).count()).toBe(0);
      }
      expect(await page.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
      await noSeriousViolations(page);

      await page.getByTestId('checks-table').getByRole('link', { name: first.name }).click();
      await page.getByRole('heading', { name: first.name, level: 1 }).waitFor();
      await page.getByTestId('versions-table').waitFor();
      expect(await page.getByRole('link', { name: 'Edit check' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Restore version/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Clear snooze' }).count()).toBe(0);

      // The editor's address says so instead of offering a form.
      await page.goto(`${world.baseUrl}/suites/${suiteId}/checks/${first.id}/edit`);
      await page.getByText('You can view this suite but not change its checks.').waitFor();
      expect(await page.getByRole('button', { name: 'Save check' }).count()).toBe(0);
    });
    await context.close();

    // The API is the authority: a Viewer's writes are refused and change nothing.
    const edit = await call(world.api(), 'PATCH', `/suites/${suiteId}/checks/${first.id}`, {
      token: viewerToken,
      body: { name: 'Renamed by a viewer' },
    });
    expect([403, 404]).toContain(edit.status);
    const add = await call(world.api(), 'POST', `/suites/${suiteId}/checks`, {
      token: viewerToken,
      body: { name: 'x', kind: 'volume', config: { min_rows: 1 } },
    });
    expect([403, 404]).toContain(add.status);
    const after = await call(world.api(), 'GET', `/suites/${suiteId}/checks`, { token: memberToken });
    const items = (after.body as { items: { id: string; name: string; version: number }[] }).items;
    expect(items).toHaveLength(3);
    expect(items.find((check) => check.id === first.id)).toMatchObject({
      name: first.name,
      version: first.version,
    });
  });
});
