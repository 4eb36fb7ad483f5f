/**
 * `GET /dashboard/summary` over runs a real runner made and runs recorded on earlier days: KPIs,
 * the daily trend with empty days filled, per-suite performance worst first, all grant-filtered
 * (a suite the caller cannot see is neither listed nor counted), scored with the workspace weights,
 * and no failing-row value in the answer.
 */
import { randomUUID } from 'node:crypto';
import { type DashboardSummaryView, type RunDetailView } from '@dq/contracts';
import {
  type AppProcess,
  call,
  GatewayWorld,
  pollUntil,
  ScratchDatabase,
  TERMINAL_RUN_STATES,
} from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

const SECRET_EMAIL = 'grace.hopper@example.com';
const DAY_MS = 86_400_000;

describe('the dashboard summary', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  let owner: string;
  let viewer: string;
  let stranger: string;
  let admin: string;
  let ordersSuite: string;
  let privateSuite: string;
  const lastRuns = new Map<string, RunDetailView>();
  const database = new ScratchDatabase('dashboard_e2e');

  const summary = async (token: string, query = ''): Promise<DashboardSummaryView> => {
    const read = await call(api, 'GET', `/dashboard/summary${query}`, { token });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(SECRET_EMAIL);
    return read.body as DashboardSummaryView;
  };

  async function suiteWith(connectionId: string, checks: unknown[]): Promise<string> {
    const created = await call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `suite-${randomUUID()}`, connection_id: connectionId, target: 'public.orders' },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const check of checks) {
      expect((await call(api, 'POST', `/suites/${id}/checks`, { token: owner, body: check })).status).toBe(
        201,
      );
    }
    return id;
  }

  async function runToEnd(suiteId: string): Promise<RunDetailView> {
    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, { token: owner });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    await pollUntil(
      () => call(api, 'GET', `/runs/${runId}/progress`, { token: owner }),
      (read) => TERMINAL_RUN_STATES.includes((read.body as { status: string }).status),
      'the run to finish',
    );
    return (await call(api, 'GET', `/runs/${runId}`, { token: owner })).body as RunDetailView;
  }

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint, customer text)`);
      await client.query(
        `INSERT INTO public.orders VALUES (1, $1), (2, NULL), (3, 'x@example.org'), (4, NULL)`,
        [SECRET_EMAIL],
      );
    });
    world = await GatewayWorld.create('dashboard');
    gateway = await world.startGateway({ ...LOOPBACK_EGRESS, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    api = `${gateway.url}/api/v1`;
    owner = await world.mintToken('owner@example.test', 'member');
    viewer = await world.mintToken('viewer@example.test', 'viewer');
    stranger = await world.mintToken('stranger@example.test', 'member');
    admin = await world.mintToken('admin@example.test', 'admin');
    const connectionId = await database.connect(api, admin, 'dashboard-db');

    // Half the customers are missing: 50% unexpected lands in `fail` (warn from 10%, fail from 40%).
    ordersSuite = await suiteWith(connectionId, [
      {
        name: 'customer present',
        kind: 'expectation',
        thresholds: { warn: 10, fail: 40 },
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'customer' } },
      },
      { name: 'rows', kind: 'volume', config: { min_rows: 1 } },
    ]);
    privateSuite = await suiteWith(connectionId, [{ name: 'rows', kind: 'volume', config: { min_rows: 1 } }]);
    const viewerId = ((await call(api, 'GET', '/me', { token: viewer })).body as { id: string }).id;
    const shared = await call(api, 'POST', `/suites/${ordersSuite}/shares`, {
      token: owner,
      body: { user_id: viewerId, grant: 'view' },
    });
    expect(shared.status).toBe(201);

    await world.startRunner(LOOPBACK_EGRESS);
    lastRuns.set(ordersSuite, await runToEnd(ordersSuite));
    lastRuns.set(privateSuite, await runToEnd(privateSuite));

    // Two days ago: a clean run of the orders suite taking 1.5 s, and one that failed outright.
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    const [{ id: historic }] = await world.db.query<{ id: string }[]>(
      `INSERT INTO runs (suite_id, trigger, status, plan, total_checks, completed_checks, created_at, started_at, finished_at)
       VALUES ($1, 'api', 'succeeded', '[]', 2, 2, $2, $2, $2::timestamptz + interval '1500 milliseconds')
       RETURNING id`,
      [ordersSuite, twoDaysAgo],
    );
    await world.db.query(
      `INSERT INTO run_results (run_id, check_id, outcome, finished_at)
       SELECT $1, c.id, 'pass', $2 FROM checks c WHERE c.suite_id = $3`,
      [historic, twoDaysAgo, ordersSuite],
    );
    await world.db.query(
      `INSERT INTO runs (suite_id, trigger, status, reason, plan, created_at)
       VALUES ($1, 'api', 'failed', 'datasource_unreachable', '[]', $2)`,
      [ordersSuite, twoDaysAgo],
    );
  }, 180_000);

  afterAll(async () => {
    expect(world?.output() ?? '').not.toContain(SECRET_EMAIL);
    await world?.close();
    await database.drop();
  });

  it('the real runs came out as planned', () => {
    expect(lastRuns.get(ordersSuite)).toMatchObject({
      status: 'succeeded',
      outcome_counts: { fail: 1, pass: 1 },
    });
    expect(lastRuns.get(privateSuite)).toMatchObject({ status: 'succeeded', outcome_counts: { pass: 1 } });
  });

  it("shows the owner KPIs, a 30-day trend with empty days filled and each suite's performance", async () => {
    const view = await summary(owner);
    const today = new Date().toISOString().slice(0, 10);
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10);
    expect(view.window.days).toBe(30);
    expect(view.window.until).toBe(
      `${new Date(Date.now() + DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`,
    );

    expect(view.kpis).toMatchObject({
      suites: 2,
      checks: 3,
      runs: 4,
      runs_by_status: { queued: 0, running: 0, succeeded: 3, failed: 1, cancelled: 0 },
      run_success_rate: 75,
      // 4 passes of 5 scorable results in the window.
      check_pass_rate: 80,
      results_by_outcome: { pass: 4, warn: 0, fail: 1, critical: 0, error: 0, skip: 0 },
      // Now, over each suite's latest completed run: 2 passes and a fail -> 100 x (1 - 3 / (3 x 5)).
      health_score: 80,
      failing_suites: 1,
    });
    expect(view.kpis.mean_run_duration_ms).toEqual(expect.any(Number));

    expect(view.trend).toHaveLength(30);
    expect(view.trend.at(-1)).toMatchObject({ date: today, runs: 2, health_score: 80 });
    expect(view.trend.at(-3)).toMatchObject({
      date: twoDaysAgo,
      runs: 2,
      runs_by_status: { succeeded: 1, failed: 1 },
      results_by_outcome: { pass: 2 },
      health_score: 100,
    });
    expect(view.trend.at(-2)).toMatchObject({ runs: 0, health_score: null });
    const dates = view.trend.map((day) => day.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);

    // Worst first; each suite's score is its latest run's, as GET /runs/{id} shows it.
    expect(view.suites.map((suite) => suite.suite_id)).toEqual([ordersSuite, privateSuite]);
    for (const suite of view.suites) {
      const last = lastRuns.get(suite.suite_id);
      expect(suite.health_score).toBe(last?.health_score);
      expect(suite.last_completed_run).toMatchObject({ id: last?.id, status: 'succeeded' });
    }
    expect(view.suites[0]).toMatchObject({
      checks: 2,
      runs: 3,
      run_success_rate: 66.67,
      check_pass_rate: 75,
      health_score: 70,
    });
  });

  it('counts only what the caller can see: a view share, nothing shared, an admin', async () => {
    const viewerView = await summary(viewer);
    expect(viewerView.kpis).toMatchObject({ suites: 1, checks: 2, runs: 3, health_score: 70 });
    expect(viewerView.suites.map((suite) => suite.suite_id)).toEqual([ordersSuite]);
    expect(JSON.stringify(viewerView)).not.toContain(privateSuite);

    const strangerView = await summary(stranger);
    expect(strangerView.kpis).toMatchObject({
      suites: 0,
      checks: 0,
      runs: 0,
      run_success_rate: null,
      health_score: null,
    });
    expect(strangerView.suites).toEqual([]);
    expect(strangerView.trend).toHaveLength(30);
    expect(strangerView.trend.every((day) => day.runs === 0 && day.health_score === null)).toBe(true);

    expect((await summary(admin)).kpis).toMatchObject({ suites: 2, runs: 4 });
  });

  it('narrows the window with days; a bad days is a 422 in the envelope', async () => {
    const todayOnly = await summary(owner, '?days=1');
    expect(todayOnly.trend).toHaveLength(1);
    expect(todayOnly.kpis).toMatchObject({ runs: 2, suites: 2 });
    for (const bad of ['0', '367', '2.5', 'week']) {
      const refused = await call(api, 'GET', `/dashboard/summary?days=${bad}`, { token: owner });
      expect(`${bad}: ${refused.status}`).toBe(`${bad}: 422`);
      expect(refused.body).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    expect((await call(api, 'GET', '/dashboard/summary', {})).status).toBe(401);
  });

  it('scores with the workspace weights', async () => {
    const put = await call(api, 'PUT', '/admin/scoring', {
      token: admin,
      body: { warn: 1, fail: 5, critical: 5 },
    });
    expect(put.status).toBe(200);
    try {
      // A fail now weighs as much as a critical: 100 x (1 - 5 / (3 x 5)).
      const view = await pollUntil(
        () => summary(owner),
        (read) => read.kpis.health_score !== 80,
        'the new weights to apply',
        10_000,
      );
      expect(view.kpis.health_score).toBeCloseTo(66.67, 2);
    } finally {
      expect((await call(api, 'DELETE', '/admin/scoring', { token: admin })).status).toBe(200);
    }
  });

  it('never scores 100 a suite whose latest run has an errored check', async () => {
    const connectionId = (
      (await call(api, 'GET', `/suites/${ordersSuite}`, { token: owner })).body as { connection_id: string }
    ).connection_id;
    // The mean of a text column cannot be computed: that check errors, the row count passes.
    const erroring = await suiteWith(connectionId, [
      { name: 'rows', kind: 'volume', config: { min_rows: 1 } },
      {
        name: 'customer mean',
        kind: 'expectation',
        config: {
          expectation_type: 'expect_column_mean_to_be_between',
          kwargs: { column: 'customer', min_value: 0 },
        },
      },
    ]);
    const run = await runToEnd(erroring);
    expect(run.outcome_counts).toEqual({ pass: 1, error: 1 });
    // The error weighs as critical: 100 x (1 - 5 / (2 x 5)).
    expect(run.health_score).toBe(50);
    const view = await summary(owner);
    expect(view.suites.find((suite) => suite.suite_id === erroring)).toMatchObject({
      health_score: 50,
      last_completed_run: { id: run.id, health_score: 50 },
    });
  });
});
