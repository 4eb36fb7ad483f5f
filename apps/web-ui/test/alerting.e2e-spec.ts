/**
 * Alerting screens against the real stack in Chromium: an admin creates a signed webhook channel
 * (its signing key shown once, then regenerated), a suite's editor links it on the Notifications
 * tab and the channel cannot be deleted while linked; an incident (as the alerting process opens
 * one) is listed, filtered, opened with its evidence, acknowledged and resolved with a reason; a
 * Viewer sees the incident and the suite's alert settings with no way to change them.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  type AlertReceivers,
  type AppProcess,
  LISTED_ADMIN,
  call,
  startAlertReceivers,
  startApp,
  waitFor,
} from '@dq/testing';
import { BrowserWorld, screenshotOnFailure, seriousAccessibilityViolations } from './browser-harness';

const MEMBER = 'alerting-member@example.test';
const VIEWER = 'alerting-viewer@example.test';

interface ChannelBody {
  id: string;
  name: string;
  type: string;
  has_webhook: boolean;
  has_payload_template: boolean;
  previous_key_until: string | null;
  signing_key?: string;
}

interface IncidentBody {
  id: string;
  state: string;
  resolve_reason: string | null;
  resolve_comment: string | null;
}

/** The input labelled `label` (a required field's label ends in " *"; a select's list is labelled by it too). */
function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(scope.locator('input, textarea'));
}

async function noSeriousViolations(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

describe('alerting screens in the browser (e2e)', () => {
  let world: BrowserWorld;
  let receivers: AlertReceivers;
  let alerting: AppProcess;
  let admin: string;
  let member: string;
  let viewer: string;
  let suiteId = '';

  beforeAll(async () => {
    receivers = await startAlertReceivers();
    // Webhook URLs on loopback pass the egress check at save only with the test allowance.
    world = await BrowserWorld.create('web-alerting', { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' });
    // The alerting process answers "Send test" (the gateway asks it; it trusts the receivers' test CA).
    alerting = await startApp('alerting', world.world.env.env, {
      env: {
        LOG_LEVEL: 'warn',
        EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        EGRESS_TLS_CA_FOR_TESTS: receivers.ca,
      },
    });
    admin = await world.world.mintToken(LISTED_ADMIN, 'admin');
    member = await world.world.mintToken(MEMBER, 'member');
    viewer = await world.world.mintToken(VIEWER, 'viewer');
    const viewerId = ((await call(world.api(), 'GET', '/me', { token: viewer })).body as { id: string }).id;
    const connection = await call(world.api(), 'POST', '/connections', {
      token: admin,
      body: {
        name: 'orders-db',
        kind: 'postgres',
        config: { host: 'db.example.test', port: 5432, database: 'shop', user: 'reader', sslmode: 'require' },
        credential: { password: 'not-used-here' },
      },
    });
    expect(connection.status).toBe(201);
    const suite = await call(world.api(), 'POST', '/suites', {
      token: member,
      body: {
        name: 'nightly orders',
        connection_id: (connection.body as { id: string }).id,
        target: 'public.orders',
      },
    });
    expect(suite.status).toBe(201);
    suiteId = (suite.body as { id: string }).id;
    const share = await call(world.api(), 'POST', `/suites/${suiteId}/shares`, {
      token: member,
      body: { user_id: viewerId, grant: 'view' },
    });
    expect(share.status).toBe(201);
  }, 300_000);

  afterAll(async () => {
    await alerting?.stop();
    await world?.close();
    await receivers?.stop();
  });

  afterEach(() => {
    expect(world.pageProblems).toEqual([]);
  });

  const channels = async (): Promise<ChannelBody[]> =>
    (
      (await call(world.api(), 'GET', '/notification-channels', { token: admin })).body as {
        items: ChannelBody[];
      }
    ).items;

  /** A failing run of the check with one redacted sample row, and the incident it opened, as the alerting process writes it. */
  async function insertIncident(checkName: string): Promise<string> {
    const check = await call(world.api(), 'POST', `/suites/${suiteId}/checks`, {
      token: member,
      body: {
        name: checkName,
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
      },
    });
    expect(check.status).toBe(201);
    const checkId = (check.body as { id: string }).id;
    const [run] = await world.world.db.query<{ id: string }[]>(
      `INSERT INTO runs (suite_id, trigger, status, plan, finished_at) VALUES ($1, 'api', 'succeeded', '[]', now())
       RETURNING id`,
      [suiteId],
    );
    await world.world.db.query(
      `INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, finished_at)
       VALUES ($1, $2, 'fail', 3, $3, now())`,
      [
        run.id,
        checkId,
        JSON.stringify({
          check_version: 1,
          unexpected_count: 3,
          unexpected_percent: 30,
          samples: [{ id: null, email: '•••• (redacted)' }],
        }),
      ],
    );
    const [row] = await world.world.db.query<{ id: string }[]>(
      `INSERT INTO incidents (suite_id, check_id, state, severity, opened_at, opened_by_run_id, last_run_id,
                              run_ids, failure_count, last_failure)
       VALUES ($1, $2, 'open', 'fail', now(), $3, $3, ARRAY[$3::uuid], 1, $4::jsonb) RETURNING id`,
      [
        suiteId,
        checkId,
        run.id,
        JSON.stringify({ run_id: run.id, severity: 'fail', check_version: 1, at: new Date() }),
      ],
    );
    return row.id;
  }

  it('creates a webhook channel, shows its signing key once, links it to a suite, refuses deleting it while linked', async () => {
    const name = `orders-hook-${randomUUID().slice(0, 6)}`;
    const adminPage = await world.newPage();
    await screenshotOnFailure(adminPage.page, 'alerting-channels', async () => {
      const { page } = adminPage;
      await world.signIn(page, LISTED_ADMIN);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
      await page.getByRole('heading', { name: 'Notification channels', level: 2 }).waitFor();
      await page.getByText('No notification channels yet').waitFor();
      await noSeriousViolations(page);

      await page.getByRole('button', { name: 'New channel' }).click();
      const form = page.getByRole('form', { name: 'New notification channel' });
      await field(form, 'Name').fill(name);
      await field(form, 'Webhook URL').fill(receivers.url('/webhook'));
      // A template that is not JSON is refused before anything is sent.
      await field(form, 'Payload template \\(JSON\\)').fill('{"text": ');
      await form.getByRole('button', { name: 'Create channel' }).click();
      await form.getByText(/Not valid JSON/).waitFor();
      expect(await channels()).toEqual([]);
      await field(form, 'Payload template \\(JSON\\)').fill('{"text": "{{summary}}"}');
      await field(form, 'Auth header name').fill('X-Team-Token');
      await field(form, 'Auth header value').fill('team-secret-1');
      await noSeriousViolations(page);
      await form.getByRole('button', { name: 'Create channel' }).click();

      const box = page.getByTestId('signing-key-box');
      await box.waitFor();
      const key = (await page.getByTestId('signing-key').textContent()) ?? '';
      expect(key.length).toBeGreaterThanOrEqual(40);
      await box.getByText('it is shown only this once').waitFor();
      await noSeriousViolations(page);
      const [created] = await channels();
      expect(created).toMatchObject({ name, type: 'webhook', has_webhook: true, has_payload_template: true });
      expect(created?.signing_key).toBeUndefined();
      // Nothing on the page or in the list read leaks the URL or the header value.
      expect(await page.content()).not.toContain('team-secret-1');
      await box.getByRole('button', { name: 'I have stored the key' }).click();
      await box.waitFor({ state: 'detached' });
      expect(await page.getByTestId('signing-key').count()).toBe(0);

      const row = page.getByTestId('channels-table').getByRole('row', { name: new RegExp(name) });
      await row.getByText('Webhook URL stored').waitFor();
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Regenerate signing key…' }).click();
      await page
        .getByRole('dialog', { name: 'Regenerate signing key' })
        .getByRole('button', { name: 'Regenerate key' })
        .click();
      await page.getByTestId('signing-key-box').waitFor();
      const next = (await page.getByTestId('signing-key').textContent()) ?? '';
      expect(next).not.toBe(key);
      expect(next.length).toBeGreaterThanOrEqual(40);
      await waitFor(
        'the previous key kept for 24 hours',
        async () => (await channels())[0]?.previous_key_until !== null,
      );
    });

    const memberPage = await world.newPage();
    await screenshotOnFailure(memberPage.page, 'alerting-suite-notifications', async () => {
      const { page } = memberPage;
      await world.signIn(page, MEMBER);
      await page.goto(`${world.baseUrl}/suites/${suiteId}?tab=notifications`);
      await page.getByRole('heading', { name: 'Alerts for this suite', level: 2 }).waitFor();
      await noSeriousViolations(page);
      // A search matching no channel says so as a disabled option, so the open list is never an empty listbox.
      await field(page, 'Channels').click();
      await field(page, 'Channels').fill('no-such-channel');
      const nothingFound = page.getByRole('option', { name: 'No channel by that name' });
      await nothingFound.waitFor();
      expect(await nothingFound.getAttribute('aria-disabled')).toBe('true');
      await noSeriousViolations(page);
      await field(page, 'Channels').fill('');
      await field(page, 'Channels').click();
      await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      await page.keyboard.press('Escape');
      await field(page, 'Alert on').click();
      await page.getByRole('option', { name: 'Failures only (fail, critical)' }).click();
      await page
        .getByRole('switch', { name: 'Resolve open incidents when a later run passes' })
        .click({ force: true });
      await page.getByRole('button', { name: 'Save alert settings' }).click();
      await page.getByText('Alert settings saved.').waitFor();
      const settings = (await call(world.api(), 'GET', `/suites/${suiteId}/notifications`, { token: member }))
        .body as { channel_ids: string[]; alert_on: string; auto_resolve: boolean; enabled: boolean };
      const [channel] = await channels();
      expect(settings).toMatchObject({
        channel_ids: [channel?.id],
        alert_on: 'fail_only',
        auto_resolve: true,
        enabled: true,
      });
      await page.getByTestId('effective-channels').getByText(name).waitFor();
      await noSeriousViolations(page);
    });
    await memberPage.context.close();

    await screenshotOnFailure(adminPage.page, 'alerting-channel-in-use', async () => {
      const { page } = adminPage;
      const row = page.getByTestId('channels-table').getByRole('row', { name: new RegExp(name) });
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete channel' });
      await dialog.getByRole('button', { name: 'Delete channel' }).click();
      await dialog.getByRole('alert').waitFor();
      expect(await channels()).toHaveLength(1);
      // The row's action menu closes as the dialog opens; axe judges the page once it is gone.
      await page.getByRole('menu').waitFor({ state: 'detached', timeout: 5_000 });
      await noSeriousViolations(page);
    });
    await adminPage.context.close();
  });

  it('lists an incident, opens its evidence, acknowledges and resolves it with a reason', async () => {
    const incidentId = await insertIncident('order id present');
    const incident = async (): Promise<IncidentBody> =>
      (await call(world.api(), 'GET', `/incidents/${incidentId}`, { token: member })).body as IncidentBody;
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'alerting-incident', async () => {
      await world.signIn(page, MEMBER);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Incidents' }).click();
      await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
      const row = page.getByTestId('incidents-table').locator(`[data-incident-id="${incidentId}"]`);
      await row.getByText('nightly orders').waitFor();
      await noSeriousViolations(page);

      // Filtered by the server: no resolved incident yet, then the open one again.
      await field(page, 'State').click();
      await page.getByRole('option', { name: 'Resolved' }).click();
      await page.getByText('No incidents match these filters').waitFor();
      expect(page.url()).toContain('state=resolved');
      await field(page, 'State').click();
      await page.getByRole('option', { name: 'Open' }).click();
      await row.waitFor();

      await row.getByRole('link', { name: `Incident ${incidentId.slice(0, 8)}` }).click();
      await page.getByRole('heading', { name: 'Incident: order id present', level: 1 }).waitFor();
      const evidence = page.getByTestId('evidence-card');
      await evidence.getByRole('link', { name: 'order id present' }).waitFor();
      await evidence.getByTestId('sample-table').getByText('•••• (redacted)').waitFor();
      await evidence.getByTestId('evidence-runs').waitFor();
      await noSeriousViolations(page);

      await page.getByRole('button', { name: 'Acknowledge' }).click();
      await page.locator('[data-testid="incident-state"][data-state="acknowledged"]').waitFor();
      expect((await incident()).state).toBe('acknowledged');
      expect(await page.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Resolve…' }).click();
      const dialog = page.getByRole('form', { name: 'Resolve incident' });
      await field(dialog, 'Reason').click();
      await page.getByRole('option', { name: 'Expected' }).click();
      await field(dialog, 'Comment').fill('Backfill of old orders without ids');
      await noSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Resolve' }).click();
      await page.locator('[data-testid="incident-state"][data-state="resolved"]').waitFor();
      await page.getByTestId('resolve-reason').getByText('Expected').waitFor();
      expect(await incident()).toMatchObject({
        state: 'resolved',
        resolve_reason: 'expected',
        resolve_comment: 'Backfill of old orders without ids',
      });
      expect(await page.getByRole('button', { name: /Resolve|Acknowledge/ }).count()).toBe(0);
      await noSeriousViolations(page);
    });
    await context.close();
  });

  it('shows a Viewer the incident and the suite alert settings with no way to change them', async () => {
    const incidentId = await insertIncident('customer id present');
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'alerting-viewer', async () => {
      await world.signIn(page, VIEWER);
      await page.goto(`${world.baseUrl}/incidents/${incidentId}`);
      await page.getByRole('heading', { name: 'Incident: customer id present', level: 1 }).waitFor();
      await page.locator('[data-testid="incident-state"][data-state="open"]').waitFor();
      await page.getByTestId('evidence-card').waitFor();
      expect(await page.getByRole('button', { name: /Resolve|Acknowledge/ }).count()).toBe(0);
      await noSeriousViolations(page);
      // The API refuses the viewer too, and nothing changed.
      const refused = await call(world.api(), 'POST', `/incidents/${incidentId}/ack`, { token: viewer });
      expect(refused.status).toBe(403);

      await page.goto(`${world.baseUrl}/suites/${suiteId}?tab=notifications`);
      await page.getByRole('heading', { name: 'Alerts for this suite', level: 2 }).waitFor();
      await page.getByText('You can view these settings').waitFor();
      expect(await page.getByRole('button', { name: /Save alert settings|Reset to defaults/ }).count()).toBe(
        0,
      );
      expect(await page.getByRole('switch', { name: 'Send alerts for this suite' }).isDisabled()).toBe(true);
      await noSeriousViolations(page);
    });
    await context.close();
    const after = (await call(world.api(), 'GET', `/incidents/${incidentId}`, { token: member }))
      .body as IncidentBody;
    expect(after.state).toBe('open');
  });
});
