/**
 * Scheduling and pipeline triggers against the real stack in Chromium: a Member schedules a suite
 * in a chosen zone (its five next fire times read there), a bad cron is refused inline with nothing
 * written, the schedule is disabled, and a Viewer sees it read-only; a binding is created and
 * disabled, and a pipeline run published to JetStream is consumed by a real scheduler and shows
 * as a near-miss with its reason, fixed from the screen; an admin reads and runs the secret sweep.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import type { Locator, Page } from 'playwright-core';
import { type AppProcess, LISTED_ADMIN, call, startApp, waitFor } from '@dq/testing';
import { BrowserWorld, screenshotOnFailure, seriousAccessibilityViolations } from './browser-harness';

const MEMBER = 'scheduling-member@example.test';
const VIEWER = 'scheduling-viewer@example.test';
const ZONE = 'Asia/Tokyo';
/** The observer's event subject (`events.pipeline_run.observed`) in an environment's namespace. */
const observedSubject = (namespace: string): string => `${namespace}.events.pipeline_run.observed`;

interface ScheduleBody {
  id: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  upcoming_fire_times: string[];
}

interface BindingBody {
  id: string;
  pipeline_id: string;
  env: string;
  enabled: boolean;
}

interface NearMissBody {
  pipeline_id: string;
  reason: string;
  closest_binding: { id: string } | null;
}

/** The input labelled `label` (a required field's label ends in " *"; a select's list is labelled by it too). */
function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(scope.locator('input'));
}

async function noSeriousViolations(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

describe('scheduling and pipeline triggers in the browser (e2e)', () => {
  let world: BrowserWorld;
  let scheduler: AppProcess;
  let admin: string;
  let member: string;
  let suiteId = '';

  beforeAll(async () => {
    world = await BrowserWorld.create('web-scheduling');
    // The scheduler consumes the observed pipeline runs and judges them against the bindings.
    scheduler = await startApp('scheduler', world.world.env.env, { env: { LOG_LEVEL: 'warn' } });
    admin = await world.world.mintToken(LISTED_ADMIN, 'admin');
    member = await world.world.mintToken(MEMBER, 'member');
    const viewer = await world.world.mintToken(VIEWER, 'viewer');
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
    await scheduler?.stop();
    await world?.close();
  });

  afterEach(() => {
    expect(world.pageProblems).toEqual([]);
  });

  const schedules = async (): Promise<ScheduleBody[]> =>
    (
      (await call(world.api(), 'GET', `/schedules?suite_id=${suiteId}`, { token: member })).body as {
        items: ScheduleBody[];
      }
    ).items;

  it('schedules a suite in a chosen zone, refuses a bad cron inline, disables it; a Viewer reads it only', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'scheduling-schedule', async () => {
      await world.signIn(page, MEMBER);
      await page.goto(`${world.baseUrl}/suites/${suiteId}?tab=schedule`);
      await page.getByRole('heading', { name: 'Schedule', level: 2 }).waitFor();
      await page.getByText('Not scheduled').waitFor();
      await noSeriousViolations(page);

      const cron = field(page, 'Cron expression');
      await cron.fill('30 7 * * *');
      const zone = field(page, 'Time zone');
      await zone.click();
      // No zone matches: the list says so as a disabled option rather than standing empty.
      await zone.fill('Nowhere');
      await page.getByRole('option', { name: 'No zone by that name' }).waitFor();
      await noSeriousViolations(page);
      await zone.fill('Tokyo');
      await page.getByRole('option', { name: ZONE, exact: true }).click();
      await page.getByRole('button', { name: 'Create schedule' }).click();
      await page.getByText('Schedule saved.').waitFor();

      const [created] = await schedules();
      expect(created).toMatchObject({ cron: '30 7 * * *', timezone: ZONE, enabled: true });
      expect(created?.upcoming_fire_times).toHaveLength(5);
      const times = page.getByTestId('upcoming-fire-times').locator('time');
      await times.nth(4).waitFor();
      const shown = await Promise.all(
        [0, 1, 2, 3, 4].map((index) => times.nth(index).getAttribute('datetime')),
      );
      expect(shown).toEqual(created?.upcoming_fire_times);
      expect(await times.count()).toBe(5);
      // Read on Tokyo's clock, whatever the browser's zone.
      for (const text of await times.allTextContents()) expect(text).toMatch(/, 07:30 GMT\+9$/);
      await noSeriousViolations(page);

      // A bad expression: the API's 422 under the field, what was typed stays, nothing is written.
      await cron.fill('every morning');
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByText(/cron must be 5 fields/).waitFor();
      expect(await cron.inputValue()).toBe('every morning');
      expect(await cron.getAttribute('aria-invalid')).toBe('true');
      expect(await schedules()).toEqual([created]);
      await noSeriousViolations(page);

      await cron.fill('30 7 * * *');
      await page.getByRole('switch', { name: 'Enabled' }).click({ force: true });
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByText('None while the schedule is disabled.').waitFor();
      expect(await page.getByTestId('schedule-state').textContent()).toBe('Disabled');
      const [disabled] = await schedules();
      expect(disabled).toMatchObject({ id: created?.id, enabled: false, upcoming_fire_times: [] });
    });
    await context.close();

    const viewer = await world.newPage();
    await screenshotOnFailure(viewer.page, 'scheduling-schedule-viewer', async () => {
      const { page } = viewer;
      await world.signIn(page, VIEWER);
      await page.goto(`${world.baseUrl}/suites/${suiteId}?tab=schedule`);
      await page.getByTestId('schedule-facts').getByText(ZONE).waitFor();
      expect(await page.getByTestId('schedule-state').textContent()).toBe('Disabled');
      expect(await page.getByRole('button', { name: /schedule/i }).count()).toBe(0);
      expect(await page.getByLabel(/Cron expression/).count()).toBe(0);
      await noSeriousViolations(page);
    });
    await viewer.context.close();
  });

  it('binds a pipeline, disables it, and shows the pipeline run that missed it with its reason', async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'scheduling-pipelines', async () => {
      await world.signIn(page, MEMBER);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pipelines' }).click();
      await page.getByRole('heading', { name: 'Pipelines', level: 1 }).waitFor();
      await page.getByText('No trigger bindings yet').waitFor();
      await noSeriousViolations(page);

      const form = page.getByRole('form', { name: 'Bind a pipeline to a suite' });
      await field(form, 'Pipeline id').fill('load_orders');
      await field(form, 'Environment').fill('prod');
      await field(form, 'Suite').click();
      await page.getByRole('option', { name: 'nightly orders' }).click();
      await form.getByRole('button', { name: 'Add binding' }).click();
      const row = page.getByTestId('bindings-table').getByRole('row', { name: /load_orders/ });
      await row.getByRole('link', { name: 'nightly orders' }).waitFor();
      const bindings = async (): Promise<BindingBody[]> =>
        (
          (await call(world.api(), 'GET', '/trigger-bindings', { token: member })).body as {
            items: BindingBody[];
          }
        ).items;
      const [binding] = await bindings();
      expect(binding).toMatchObject({ pipeline_id: 'load_orders', env: 'prod', enabled: true });

      await row.getByRole('switch', { name: 'Enabled: load_orders in prod' }).click({ force: true });
      await waitFor('the binding disabled', async () => (await bindings())[0]?.enabled === false);
      await noSeriousViolations(page);

      // The orchestrator reports a succeeded run of that pipeline, and one whose id differs only in case.
      const nats = await connect({ servers: world.world.env.natsUrl });
      try {
        for (const pipelineId of ['load_orders', 'Load_Orders']) {
          const event = {
            event_id: randomUUID(),
            provider: 'scheduler',
            pipeline_id: pipelineId,
            env: 'prod',
            run_id: `manual__${randomUUID()}`,
            status: 'succeeded',
            finished_at: new Date().toISOString(),
            observed_at: new Date().toISOString(),
          };
          await nats.jetstream().publish(observedSubject(world.world.env.namespace), JSON.stringify(event), {
            msgID: event.event_id,
          });
        }
      } finally {
        await nats.close();
      }
      const misses = await waitFor('both near-misses judged by the scheduler', async () => {
        const page = (await call(world.api(), 'GET', '/orchestration/near-misses', { token: member }))
          .body as {
          items: NearMissBody[];
        };
        return page.items.length === 2 ? page.items : undefined;
      });
      expect(misses.map((miss) => [miss.pipeline_id, miss.reason, miss.closest_binding?.id])).toEqual(
        expect.arrayContaining([
          ['load_orders', 'disabled', binding?.id],
          ['Load_Orders', 'id_differs_by_case_or_whitespace', binding?.id],
        ]),
      );
      // Nothing was queued for the suite by either.
      const runs = await call(world.api(), 'GET', `/runs?suite_id=${suiteId}`, { token: member });
      expect((runs.body as { items: unknown[] }).items).toEqual([]);

      await page.getByRole('tab', { name: 'Near-misses' }).click();
      const table = page.getByTestId('near-misses-table');
      const disabledRow = table.getByRole('row', { name: /load_orders in prod/ }).filter({
        hasText: 'The binding is disabled.',
      });
      await disabledRow.waitFor();
      const caseRow = table.getByRole('row').filter({ hasText: 'Load_Orders' });
      await caseRow.getByText('letter case').waitFor();
      expect(await caseRow.getByTestId('near-miss-ids').textContent()).toContain('“Load_Orders”');
      expect(await caseRow.getByTestId('near-miss-ids').textContent()).toContain('“load_orders”');
      await noSeriousViolations(page);

      await disabledRow.getByRole('button', { name: 'Enable the binding of load_orders in prod' }).click();
      await disabledRow.getByText('It has been enabled since.').waitFor();
      expect((await bindings())[0]).toMatchObject({ id: binding?.id, enabled: true });
    });
    await context.close();
  });

  it("shows an admin the secret sweep's last report and runs one now", async () => {
    const { context, page } = await world.newPage();
    await screenshotOnFailure(page, 'scheduling-secret-sweep', async () => {
      await world.signIn(page, LISTED_ADMIN);
      await page.goto(`${world.baseUrl}/admin`);
      await page.getByRole('heading', { name: 'Secret sweep', level: 2 }).waitFor();
      // Never run, or run once by the scheduler's daily pass since it started.
      expect(await page.getByTestId('secret-sweep-status').textContent()).toMatch(/^(Never run|Completed)$/);
      await noSeriousViolations(page);

      await page.getByRole('button', { name: 'Run now' }).click();
      await page.getByText('Run by an admin').waitFor();
      expect(await page.getByTestId('secret-sweep-status').textContent()).toBe('Completed');
      const report = (await call(world.api(), 'GET', '/admin/secret-sweep', { token: admin })).body as {
        status: string;
        trigger: string;
        counts: { sealed_credentials: number; orphans: number };
      };
      expect(report).toMatchObject({ status: 'completed', trigger: 'manual', counts: { orphans: 0 } });
      // The connection's sealed password was checked, and the screen shows the same count.
      expect(report.counts.sealed_credentials).toBeGreaterThanOrEqual(1);
      const counts = page.getByTestId('secret-sweep-counts');
      expect(await counts.getByRole('row', { name: /Sealed credentials checked/ }).textContent()).toContain(
        String(report.counts.sealed_credentials),
      );
      await noSeriousViolations(page);
    });
    await context.close();
  });
});
