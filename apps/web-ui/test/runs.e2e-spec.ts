/**
 * The run screens in the browser against the real stack with a runner: Run now on the suite page
 * with live progress to the end, the run page with its results and masked samples (the raw value
 * never reaches the page), the comparison report downloaded with the session cookie, cancel of a
 * queued and of a running run, the run list's filters, Home's trend and links, zero-sample mode,
 * and a Viewer who sees no Run now or Cancel and whose direct trigger the API refuses.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { type ApiClient, dataOf, errorOf } from '@dq/api-client';
import { ScratchDatabase, TERMINAL_RUN_STATES, pollUntil } from '@dq/testing';
import { BrowserWorld, screenshotOnFailure, seriousAccessibilityViolations } from './browser-harness';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
/** A customer the suite's column policy masks: it must never reach the browser as it is. */
const SECRET_NAME = 'Grace Hopper';

jest.setTimeout(300_000);

describe('run screens in the browser (e2e)', () => {
  let world: BrowserWorld;
  const database = new ScratchDatabase('web_runs');
  const as = {} as Record<'owner' | 'viewer' | 'admin', ApiClient>;
  let ordersSuite: string;
  let slowSuite: string;
  let cancelledRun: string;
  let finishedRun: string;

  const OWNER = 'run-owner@example.test';
  const VIEWER = 'run-viewer@example.test';
  const ADMIN = 'run-admin@example.test';

  async function suite(
    name: string,
    connectionId: string,
    target: string,
    checks: unknown[],
  ): Promise<string> {
    const { id } = dataOf(
      await as.owner.POST('/api/v1/suites', { body: { name, connection_id: connectionId, target } }),
    );
    for (const check of checks) {
      const made = await as.owner.POST('/api/v1/suites/{id}/checks', {
        params: { path: { id } },
        body: check as never,
      });
      expect(made.response.status).toBe(201);
    }
    const policy = await as.owner.PUT('/api/v1/suites/{id}/column-policy', {
      params: { path: { id } },
      body: { columns: { order_id: 'allow', customer: 'mask' }, default: 'mask' },
    });
    expect(policy.response.status).toBe(200);
    const viewerId = dataOf(await as.viewer.GET('/api/v1/me')).id;
    const shared = await as.owner.POST('/api/v1/suites/{id}/shares', {
      params: { path: { id } },
      body: { user_id: viewerId, grant: 'view' },
    });
    expect(shared.response.status).toBe(201);
    return id;
  }

  const progress = async (runId: string) =>
    dataOf(await as.owner.GET('/api/v1/runs/{id}/progress', { params: { path: { id: runId } } }));

  /**
   * A browser signed in as `email`: the session of an emailed-code sign-in through the API, set as
   * the cookie the gateway sets (the sign-in page itself is the web-ui spec's subject).
   */
  async function signedIn(email: string): Promise<{ page: Page; close: () => Promise<void> }> {
    const session = await world.world.signInByEmail(world.api(), email);
    const { context, page } = await world.newPage();
    // A busy machine runs several browser suites at once: waits are generous.
    page.setDefaultTimeout(60_000);
    await context.addCookies([
      {
        name: 'svc_session',
        value: session,
        domain: 'localhost',
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
      },
    ]);
    await page.goto(`${world.baseUrl}/`);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    return { page, close: () => context.close() };
  }

  /** The owner's one browser session, shared by the tests (a person may ask for few codes at a time). */
  let ownerSession: { page: Page; close: () => Promise<void> } | undefined;
  async function ownerPage(): Promise<{ page: Page; close: () => Promise<void> }> {
    ownerSession ??= await signedIn(OWNER);
    await ownerSession.page.setViewportSize({ width: 1280, height: 900 });
    return { page: ownerSession.page, close: async () => undefined };
  }

  /** The run id of the live progress shown on a suite's Runs tab. */
  async function liveRunId(page: Page): Promise<string> {
    const href = await page
      .getByTestId('live-progress')
      .getByRole('link', { name: 'Open the run' })
      .getAttribute('href');
    return (href ?? '').replace('/runs/', '');
  }

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(
        `CREATE TABLE public.orders (order_id bigint, customer text, amount double precision)`,
      );
      await client.query(
        `INSERT INTO public.orders VALUES (1, 'Ada', 10), (2, 'Alan', 20), (3, $1, -5), (4, 'Edsger', 40)`,
        [SECRET_NAME],
      );
      await client.query(`CREATE TABLE public.orders_baseline (order_id bigint, amount double precision)`);
      await client.query(`INSERT INTO public.orders_baseline VALUES (1, 10), (2, 25), (5, 50)`);
      // Every statement over this view sleeps a minute first: a run to cancel while it runs.
      await client.query(
        `CREATE VIEW public.slow_orders AS SELECT o.* FROM public.orders o, LATERAL (SELECT pg_sleep(60)) s`,
      );
    });
    world = await BrowserWorld.create('web-ui-runs', {
      ...LOOPBACK_EGRESS,
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
    });
    const admin = await world.world.mintToken(ADMIN, 'admin');
    as.admin = world.world.apiClient(admin);
    as.owner = world.world.apiClient(await world.world.mintToken(OWNER, 'member'));
    as.viewer = world.world.apiClient(await world.world.mintToken(VIEWER, 'viewer'));
    const connectionId = await database.connect(world.api(), admin, 'orders-db');
    const baselineId = await database.connect(world.api(), admin, 'orders-baseline-db');
    ordersSuite = await suite('Orders', connectionId, 'public.orders', [
      {
        name: 'amount positive',
        kind: 'expectation',
        thresholds: { warn: 10, fail: 20 },
        config: {
          expectation_type: 'expect_column_values_to_be_between',
          kwargs: { column: 'amount', min_value: 0 },
        },
      },
      { name: 'rows', kind: 'volume', config: { min_rows: 1 } },
      {
        name: 'matches the baseline',
        kind: 'comparison',
        config: {
          baseline_connection_id: baselineId,
          baseline: { target: 'public.orders_baseline' },
          key_columns: ['order_id'],
          compare_columns: ['amount'],
        },
      },
    ]);
    slowSuite = await suite('Slow orders', connectionId, 'public.slow_orders', [
      {
        name: 'slow not null',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'order_id' } },
      },
    ]);
  }, 180_000);

  afterAll(async () => {
    await ownerSession?.close();
    expect(world?.world.output() ?? '').not.toContain(SECRET_NAME);
    await world?.close();
    await database.drop();
  });

  afterEach(() => {
    expect(world.pageProblems).toEqual([]);
  });

  it('while no runner runs: Run now queues a run, which Cancel ends at once', async () => {
    const { page, close } = await ownerPage();
    await screenshotOnFailure(page, 'runs-cancel-queued', async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Runs', exact: true }).click();
      await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
      await page.getByText('No runs yet').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.goto(`${world.baseUrl}/suites/${slowSuite}?tab=runs`);
      await page.getByRole('button', { name: 'Run now' }).click();
      const live = page.getByTestId('live-progress');
      await live.and(page.locator('[data-status="queued"]')).waitFor();
      await live.getByText('0 of 1 check done').waitFor();
      cancelledRun = await liveRunId(page);
      expect((await progress(cancelledRun)).status).toBe('queued');

      await live.getByRole('button', { name: 'Cancel run' }).click();
      await live.and(page.locator('[data-status="cancelled"]')).waitFor();
      expect(await progress(cancelledRun)).toMatchObject({ status: 'cancelled', completed_checks: 0 });
      expect(await live.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
      await page
        .getByTestId('suite-run-table')
        .locator(`[data-run-id="${cancelledRun}"]`)
        .getByText('cancelled')
        .waitFor();
    });
    await close();
  });

  it('Run now shows live progress to the end; the run page shows results and masked samples', async () => {
    await world.world.startRunner(LOOPBACK_EGRESS);
    const { page, close } = await ownerPage();
    await screenshotOnFailure(page, 'runs-run-now', async () => {
      await page.goto(`${world.baseUrl}/suites/${ordersSuite}?tab=runs`);
      await page.getByRole('button', { name: 'Run now' }).click();
      const live = page.getByTestId('live-progress');
      await live.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 60_000 });
      finishedRun = await liveRunId(page);
      expect(await live.getByTestId('progress-label').textContent()).toBe('3 of 3 checks done');
      expect(await live.getByTestId('progress-bar').getAttribute('data-percent')).toBe('100');
      // Each check's state, as the checks finished.
      await live.getByRole('list', { name: 'Checks done' }).getByText('amount positive').waitFor();
      expect(await live.getByRole('list', { name: 'Checks done' }).getByRole('listitem').count()).toBe(3);
      expect(await live.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);

      await live.getByRole('link', { name: 'Open the run' }).click();
      await page.getByRole('heading', { name: `Run ${finishedRun.slice(0, 8)}`, level: 1 }).waitFor();
      expect(await page.getByTestId('run-status').first().textContent()).toBe('succeeded');
      expect(await page.getByTestId('run-checks').textContent()).toBe('3 of 3');
      const run = dataOf(await as.owner.GET('/api/v1/runs/{id}', { params: { path: { id: finishedRun } } }));
      expect(await page.getByTestId('run-health').textContent()).toBe(
        String(Math.round(run.health_score ?? -1)),
      );
      // Worst first; the judged metric against its thresholds.
      const amountRow = page.getByTestId('result-table').getByRole('row', { name: /amount positive/ });
      await amountRow.getByText('unexpected_percent 25 %').waitFor();
      await amountRow.getByText('warn > 10 % · fail > 20 %').waitFor();
      expect(await amountRow.getByText('fail', { exact: true }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The failing result: its samples as the API gave them, the customer masked.
      await page.getByRole('button', { name: 'Open result amount positive' }).click();
      await page.waitForURL(/\?result=/);
      const detail = page.getByTestId('result-detail');
      const samples = detail.getByTestId('sample-table');
      await samples.waitFor();
      await samples.getByRole('columnheader', { name: 'customer' }).waitFor();
      await samples.getByRole('cell', { name: '-5', exact: true }).waitFor();
      const masked = (await samples.locator('td').allTextContents()).find((text) => /^G\*+r$/.test(text));
      expect(masked).toBeDefined();
      expect(await page.content()).not.toContain(SECRET_NAME);
      expect(await page.content()).not.toContain('Hopper');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // A deep link to the result opens it again.
      const deepLink = page.url();
      expect(deepLink).toContain(`/runs/${finishedRun}?result=`);
      await page.goto(deepLink);
      await page.getByTestId('result-detail').getByTestId('sample-table').waitFor();
      expect(await page.content()).not.toContain(SECRET_NAME);

      // The comparison result: the diff report downloads with the session cookie, CSV and XLSX.
      await page.getByRole('button', { name: 'Open result matches the baseline' }).click();
      const report = page.getByTestId('comparison-report');
      await report.getByText(/mismatched: 1/).waitFor();
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        report.getByRole('link', { name: 'Download diff report (CSV)' }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^comparison-.*\.csv$/);
      const csvText = readFileSync((await csv.path()) ?? '', 'utf8');
      expect(csvText).toContain('mismatched,2,amount,20,25');
      expect(csvText).not.toContain(SECRET_NAME);
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        report.getByRole('link', { name: 'Download diff report (XLSX)' }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
      expect(
        readFileSync((await xlsx.path()) ?? '')
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
    });
    await close();
  });

  it('lists runs with status and suite filters and a day range, as links', async () => {
    const { page, close } = await ownerPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotOnFailure(page, 'runs-list', async () => {
      await page.goto(`${world.baseUrl}/runs`);
      const table = page.getByTestId('run-table');
      await table.locator(`[data-run-id="${finishedRun}"]`).waitFor();
      await table.locator(`[data-run-id="${cancelledRun}"]`).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.goto(`${world.baseUrl}/runs?status=cancelled`);
      await table.locator(`[data-run-id="${cancelledRun}"]`).waitFor();
      expect(await table.locator(`[data-run-id="${finishedRun}"]`).count()).toBe(0);

      await page.goto(`${world.baseUrl}/runs?suite=${ordersSuite}`);
      await table.locator(`[data-run-id="${finishedRun}"]`).waitFor();
      expect(await table.locator(`[data-run-id="${cancelledRun}"]`).count()).toBe(0);

      const today = new Date().toISOString().slice(0, 10);
      await page.goto(`${world.baseUrl}/runs?from=${today}&to=${today}`);
      await table.locator(`[data-run-id="${finishedRun}"]`).waitFor();
      await page.goto(`${world.baseUrl}/runs?to=2020-01-01`);
      await page.getByText('No runs match these filters').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await table.locator(`[data-run-id="${finishedRun}"]`).waitFor();

      await table.getByRole('link', { name: `Run ${finishedRun.slice(0, 8)}` }).click();
      await page.getByRole('heading', { name: `Run ${finishedRun.slice(0, 8)}`, level: 1 }).waitFor();
      await page.getByTestId('result-table').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
    await close();
  });

  it("Home's trend counts the runs and links to them and to the suite's last run", async () => {
    const { page, close } = await ownerPage();
    await screenshotOnFailure(page, 'runs-home', async () => {
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByTestId('kpi-runs').waitFor();
      expect(await page.getByTestId('kpi-runs').textContent()).toBe('2');
      await page.locator('.recharts-bar-rectangle').filter({ visible: true }).first().waitFor();
      const link = page.getByTestId('trend-runs-link');
      expect(await link.textContent()).toContain('2 runs');
      await page
        .getByTestId('suite-table')
        .getByRole('row', { name: /Orders/ })
        .getByRole('link', { name: /\d/ })
        .last()
        .click();
      await page.getByRole('heading', { name: `Run ${finishedRun.slice(0, 8)}`, level: 1 }).waitFor();
      await page.goBack();
      await page.getByTestId('trend-runs-link').click();
      await page.getByTestId('run-table').locator(`[data-run-id="${finishedRun}"]`).waitFor();
    });
    await close();
  });

  it('a Viewer sees no Run now or Cancel, and the API refuses the Viewer a trigger; the owner cancels a running run', async () => {
    const running = dataOf(
      await as.owner.POST('/api/v1/suites/{id}/run', { params: { path: { id: slowSuite } }, body: {} }),
    );
    await pollUntil(
      () => database.sleepingStatements(world.world.db),
      (n) => n > 0,
      'the slow statement to start',
    );
    const viewer = await signedIn(VIEWER);
    await screenshotOnFailure(viewer.page, 'runs-viewer', async () => {
      const { page } = viewer;
      await page.goto(`${world.baseUrl}/suites/${slowSuite}?tab=runs`);
      await page.getByTestId('live-progress').and(page.locator('[data-status="running"]')).waitFor();
      await page.getByTestId('suite-run-table').waitFor();
      expect(await page.getByRole('button', { name: 'Run now' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);

      await page.goto(`${world.baseUrl}/runs/${running.id}`);
      await page.getByTestId('live-progress').waitFor();
      // Once the suite's grant is read, Cancel could show; it never does for a Viewer.
      await page.locator('[data-grant="view"]').waitFor();
      expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const refused = errorOf(
        await as.viewer.POST('/api/v1/suites/{id}/run', { params: { path: { id: slowSuite } }, body: {} }),
      );
      expect(refused?.status).toBe(403);
    });
    await viewer.close();

    const owner = await ownerPage();
    await screenshotOnFailure(owner.page, 'runs-cancel-running', async () => {
      const { page } = owner;
      await page.goto(`${world.baseUrl}/runs/${running.id}`);
      await page.getByTestId('live-progress').and(page.locator('[data-status="running"]')).waitFor();
      await page.getByRole('button', { name: 'Cancel run' }).click();
      // Once it ends the run page shows it so, and the live progress gives way to the results.
      await page.getByTestId('run-status').first().getByText('cancelled').waitFor({ timeout: 90_000 });
      await page.getByText('Cancel requested').waitFor();
      expect(await page.getByTestId('live-progress').count()).toBe(0);
    });
    await owner.close();
    expect((await progress(running.id)).status).toBe('cancelled');
  });

  it('under zero-sample mode a failing result says its samples are withheld and why', async () => {
    const on = await as.admin.PUT('/api/v1/admin/privacy', { body: { zero_sample_mode: true } });
    expect(on.response.status).toBe(200);
    try {
      const { id } = dataOf(
        await as.owner.POST('/api/v1/suites/{id}/run', { params: { path: { id: ordersSuite } }, body: {} }),
      );
      await pollUntil(
        () => progress(id),
        (p) => TERMINAL_RUN_STATES.includes(p.status),
        'the zero-sample run to end',
      );
      const { page, close } = await signedIn(ADMIN);
      await screenshotOnFailure(page, 'runs-zero-sample', async () => {
        await page.goto(`${world.baseUrl}/runs/${id}`);
        await page.getByRole('button', { name: 'Open result amount positive' }).click();
        const withheld = page.getByTestId('samples-withheld');
        await withheld.getByText(/Zero-sample mode keeps the service from reading or storing/).waitFor();
        await withheld.getByText(/Zero-sample mode is on now/).waitFor();
        expect(await page.getByTestId('sample-table').count()).toBe(0);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      });
      await close();
    } finally {
      await as.admin.PUT('/api/v1/admin/privacy', { body: { zero_sample_mode: false } });
    }
  });

  it('a run the person cannot see reads as not found', async () => {
    await world.world.mintToken('run-stranger@example.test', 'member');
    const { page, close } = await signedIn('run-stranger@example.test');
    await screenshotOnFailure(page, 'runs-not-found', async () => {
      await page.goto(`${world.baseUrl}/runs/${finishedRun}`);
      await page
        .getByRole('alert')
        .getByText(/not found/i)
        .waitFor();
      expect(await page.content()).not.toContain(SECRET_NAME);
    });
    await close();
  });
});
