/**
 * Running a suite through the gateway and the runner pool: trigger, poll progress to a terminal
 * state, read the run with its results; a duplicate trigger while queued or running; a suite that
 * never runs twice at once; cancel while queued and while a long datasource statement runs (the statement is
 * gone from PostgreSQL's activity view); lists filtered, paged and grant-filtered; reads audited.
 * Calls go through the typed client; the raw `call` stays where a test sends what the document
 * does not allow.
 */
import { randomUUID } from 'node:crypto';
import { type ApiClient, type components, type operations, dataOf, errorOf } from '@dq/api-client';
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

const SECRET_EMAIL = 'ada.lovelace@example.com';
describe('runs through the gateway and the runner pool', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  let owner: string;
  let stranger: string;
  let admin: string;
  const as = {} as Record<'owner' | 'viewer' | 'stranger' | 'admin', ApiClient>;
  let connectionId: string;
  const database = new ScratchDatabase('runs_e2e');

  const inRun = (id: string) => ({ params: { path: { id } } });

  async function suite(
    target: string,
    checks: components['schemas']['CreateCheckRequest'][],
  ): Promise<string> {
    const created = await as.owner.POST('/api/v1/suites', {
      body: { name: `suite-${randomUUID()}`, connection_id: connectionId, target },
    });
    expect(created.response.status).toBe(201);
    const { id } = dataOf(created);
    for (const check of checks) {
      const made = await as.owner.POST('/api/v1/suites/{id}/checks', {
        params: { path: { id } },
        body: check,
      });
      expect(made.response.status).toBe(201);
    }
    const policy = await as.owner.PUT('/api/v1/suites/{id}/column-policy', {
      params: { path: { id } },
      body: { columns: { order_id: 'allow', amount: 'allow' }, default: 'mask' },
    });
    expect(policy.response.status).toBe(200);
    return id;
  }

  const progress = async (runId: string, client = as.owner) => {
    const read = await client.GET('/api/v1/runs/{id}/progress', inRun(runId));
    expect(read.response.status).toBe(200);
    return dataOf(read);
  };

  // The document asks for a body; `{}` is the plain trigger.
  const trigger = (suiteId: string, body: components['schemas']['TriggerRunRequest'] = {}) =>
    as.owner.POST('/api/v1/suites/{id}/run', { params: { path: { id: suiteId } }, body });

  const listRuns = async (query: operations['list_runs']['parameters']['query'] = {}, client = as.owner) =>
    dataOf(await client.GET('/api/v1/runs', { params: { query } }));

  const slowStatements = () => database.sleepingStatements(world.db);

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(
        `CREATE TABLE public.orders (order_id bigint, customer text, amount double precision)`,
      );
      await client.query(
        `INSERT INTO public.orders VALUES (1, $1, 10), (2, NULL, 20), (3, 'bob@example.org', -5), (4, NULL, 40)`,
        [SECRET_EMAIL],
      );
      // The baseline of the comparison: order 2's amount differs, 3 and 4 are only in the target,
      // 5 only here. Customers stay secret: compared, so shown, but the classifier masks emails.
      await client.query(
        `CREATE TABLE public.orders_baseline (order_id bigint, customer text, amount double precision)`,
      );
      await client.query(
        `INSERT INTO public.orders_baseline VALUES (1, $1, 10), (2, NULL, 25), (5, 'eve@example.org', 50)`,
        [SECRET_EMAIL],
      );
      // Every statement over this view sleeps a minute first: a long query to cancel.
      await client.query(
        `CREATE VIEW public.slow_orders AS SELECT o.* FROM public.orders o, LATERAL (SELECT pg_sleep(60)) s`,
      );
    });

    world = await GatewayWorld.create('runs');
    gateway = await world.startGateway({ ...LOOPBACK_EGRESS, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    api = `${gateway.url}/api/v1`;
    owner = await world.mintToken('owner@example.test', 'member');
    stranger = await world.mintToken('stranger@example.test', 'member');
    admin = await world.mintToken('admin@example.test', 'admin');
    as.owner = world.apiClient(owner);
    as.viewer = world.apiClient(await world.mintToken('viewer@example.test', 'viewer'));
    as.stranger = world.apiClient(stranger);
    as.admin = world.apiClient(admin);
    connectionId = await database.connect(api, admin, 'orders-db');
  }, 120_000);

  afterAll(async () => {
    expect(world?.output() ?? '').not.toContain(SECRET_EMAIL);
    await world?.close();
    await database.drop();
  });

  let ordersSuite: string;
  let firstRun: string;

  it('while no runner runs: a second trigger returns the queued run; allow_concurrent makes another', async () => {
    ordersSuite = await suite('public.orders', [
      {
        name: 'customer present',
        kind: 'expectation',
        thresholds: { warn: 10, fail: 40 },
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'customer' } },
      },
      {
        name: 'amount positive',
        kind: 'expectation',
        config: {
          expectation_type: 'expect_column_values_to_be_between',
          kwargs: { column: 'amount', min_value: 0 },
        },
      },
      { name: 'rows', kind: 'volume', config: { min_rows: 1 } },
    ]);
    const first = await trigger(ordersSuite);
    expect(first.response.status).toBe(201);
    expect(dataOf(first)).toMatchObject({ status: 'queued', total_checks: 3, deduplicated: false });
    firstRun = dataOf(first).id;

    const again = await trigger(ordersSuite);
    expect(again.response.status).toBe(200);
    expect(dataOf(again)).toMatchObject({ id: firstRun, deduplicated: true });

    const overlapping = await trigger(ordersSuite, { allow_concurrent: true });
    expect(overlapping.response.status).toBe(201);
    const overlappingId = dataOf(overlapping).id;
    expect(overlappingId).not.toBe(firstRun);

    // Cancel while queued: it ends at once and no runner ever starts it.
    const cancelled = await as.owner.POST('/api/v1/runs/{id}/cancel', inRun(overlappingId));
    expect(cancelled.response.status).toBe(202);
    expect(dataOf(cancelled)).toMatchObject({ id: overlappingId, status: 'cancelled' });
    expect(await progress(overlappingId)).toEqual({
      run_id: overlappingId,
      status: 'cancelled',
      completed_checks: 0,
      total_checks: 3,
    });
    const twice = await as.owner.POST('/api/v1/runs/{id}/cancel', inRun(overlappingId));
    expect(errorOf(twice)).toMatchObject({ status: 409, detail: { status: 'cancelled' } });
    expect(errorOf(twice)?.detail).toEqual({ status: 'cancelled' });

    const [{ n }] = await world.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM runs WHERE suite_id = $1`,
      [ordersSuite],
    );
    expect(n).toBe(2);
  });

  it('a runner runs the queued run: progress to a terminal state, results with samples redacted', async () => {
    await world.startRunner(LOOPBACK_EGRESS);
    const done = await pollUntil(
      () => progress(firstRun),
      (p) => TERMINAL_RUN_STATES.includes(p.status),
      'the run to finish',
    );
    expect(done).toEqual({ run_id: firstRun, status: 'succeeded', completed_checks: 3, total_checks: 3 });

    const read = await as.owner.GET('/api/v1/runs/{id}', inRun(firstRun));
    expect(read.response.status).toBe(200);
    const run = dataOf(read);
    expect(JSON.stringify(run)).not.toContain(SECRET_EMAIL);
    expect(run).toMatchObject({
      id: firstRun,
      suite_id: ordersSuite,
      status: 'succeeded',
      trigger: 'api',
      total_checks: 3,
      completed_checks: 3,
      outcome_counts: { fail: 2, pass: 1 },
      cancel_requested_at: null,
    });
    // docs/decisions/0021: 100 x (1 - (3 + 3) / (3 x 5)), with the default weights.
    expect(run.health_score).toBeCloseTo(60, 5);
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    const byName = new Map(run.results.map((result) => [result.check_name, result]));
    expect(byName.get('customer present')).toMatchObject({
      kind: 'expectation',
      dimension: 'completeness',
      check_version: 1,
      outcome: 'fail',
      unexpected_count: 2,
      unexpected_percent: 50,
      samples_purged: false,
    });
    expect(byName.get('amount positive')).toMatchObject({ outcome: 'fail', unexpected_count: 1 });
    const amountSamples = byName.get('amount positive')!.samples;
    expect(amountSamples).toHaveLength(1);
    // A bigint keeps every digit: samples carry it as a string.
    expect(amountSamples[0]).toMatchObject({ order_id: '3', amount: -5 });
    expect(amountSamples[0]['customer']).not.toBe('bob@example.org');
    expect(byName.get('rows')).toMatchObject({
      kind: 'volume',
      outcome: 'pass',
      metric_value: 4,
      samples: [],
    });
    for (const result of run.results) {
      expect(result.started_at).not.toBeNull();
      expect(result.duration_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('lists runs newest first, filtered by suite, status and time, page by page, grant-filtered', async () => {
    const page = await listRuns({ suite_id: ordersSuite });
    expect(page.items.map((run) => run.status)).toEqual(['cancelled', 'succeeded']);
    expect(page.next_cursor).toBeNull();
    // The list formats timestamps in the statement; they read exactly as the run's own page shows them.
    for (const listed of page.items) {
      const read = dataOf(await as.owner.GET('/api/v1/runs/{id}', inRun(listed.id)));
      const times = (run: components['schemas']['RunView']) => [
        run.created_at,
        run.started_at,
        run.finished_at,
        run.cancel_requested_at,
        run.status === 'running' ? null : run.duration_ms,
      ];
      expect(times(listed)).toEqual(times(read));
      expect(listed.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      // The list reads the counts the runner kept on the run row; the run's page counts its results.
      expect([listed.outcome_counts, listed.health_score]).toEqual([read.outcome_counts, read.health_score]);
      // A listed run reads as the run's own page shows it (health score, duration and all).
      const { results: _results, ...run } = read;
      expect(listed).toEqual(run);
    }
    const [kept] = await world.db.query<{ outcome_counts: unknown }[]>(
      `SELECT outcome_counts FROM runs WHERE id = $1`,
      [firstRun],
    );
    expect(kept?.outcome_counts).toEqual({ fail: 2, pass: 1 });

    const first = await listRuns({ suite_id: ordersSuite, limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    // The statement read more rows than the page; its record counts only the runs shown.
    const [firstListing] = await world.db.query<{ detail: { runs: number } }[]>(
      `SELECT a.detail FROM audit_events a JOIN users u ON u.id = a.actor_user_id
        WHERE a.action = 'run.listed' AND u.email = 'owner@example.test'
        ORDER BY a.occurred_at DESC LIMIT 1`,
    );
    expect(firstListing?.detail.runs).toBe(1);
    const second = await listRuns({
      suite_id: ordersSuite,
      limit: 1,
      before: first.next_cursor ?? undefined,
    });
    expect(second.items.map((run) => run.id)).toEqual([firstRun]);
    expect(second.next_cursor).toBeNull();

    // Several statuses as the document states the parameter (repeated), and comma-separated.
    const succeeded = await listRuns({ status: ['succeeded', 'failed'] });
    expect(succeeded.items.map((run) => run.id)).toEqual([firstRun]);
    const commaSeparated = await call(api, 'GET', '/runs?status=succeeded,failed', { token: owner });
    expect((commaSeparated.body as { items: { id: string }[] }).items.map((run) => run.id)).toEqual([
      firstRun,
    ]);
    const future = await listRuns({ since: new Date(Date.now() + 60_000).toISOString() });
    expect(future.items).toEqual([]);

    // Nobody else sees these runs; a hidden suite's filter and run are "not found".
    expect((await listRuns({}, as.stranger)).items).toEqual([]);
    expect(
      errorOf(await as.stranger.GET('/api/v1/runs', { params: { query: { suite_id: ordersSuite } } }))
        ?.status,
    ).toBe(404);
    // ...and the document says so, as the fuzzer holds the API to it.
    const document = (await call(api, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/v1/runs'].get.responses)).toContain('404');
    const hidden = errorOf(await as.stranger.GET('/api/v1/runs/{id}', inRun(firstRun)));
    expect(hidden?.status).toBe(404);
    const missing = errorOf(await as.stranger.GET('/api/v1/runs/{id}', inRun(randomUUID())));
    expect([missing?.status, missing?.code, missing?.message, missing?.detail]).toEqual([
      hidden?.status,
      hidden?.code,
      hidden?.message,
      hidden?.detail,
    ]);
    // A read the caller may not make leaves no record of one.
    const strangerId = dataOf(await as.stranger.GET('/api/v1/me')).id;
    const strangerReads = await world.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'run.read' AND actor_user_id = $1`,
      [strangerId],
    );
    expect(strangerReads[0]?.n).toBe(0);
    expect(errorOf(await as.stranger.GET('/api/v1/runs/{id}/progress', inRun(firstRun)))?.status).toBe(404);
    expect(errorOf(await as.stranger.POST('/api/v1/runs/{id}/cancel', inRun(firstRun)))?.status).toBe(404);
    expect((await listRuns({}, as.admin)).items.length).toBeGreaterThanOrEqual(2);

    // Values outside the document's types: sent raw.

    for (const bad of [
      'status=paused',
      'limit=0',
      'limit=201',
      'before=nope',
      'since=yesterday',
      'suite_id=x',
    ]) {
      const refused = await call(api, 'GET', `/runs?${bad}`, { token: owner });
      expect(`${bad}: ${refused.status}`).toBe(`${bad}: 422`);
    }
  });

  it('pages runs created within one millisecond in their exact order: each once, none skipped', async () => {
    const suiteId = await suite('public.orders', []);
    // Three runs in the same millisecond, whose ids sort against their microseconds: an order
    // taken from the millisecond text would page them wrongly.
    const runs = [
      { id: '00000000-0000-4000-8000-000000000000', created: '2026-01-01T00:00:00.123900Z' },
      { id: 'ffffffff-ffff-4fff-bfff-ffffffffffff', created: '2026-01-01T00:00:00.123400Z' },
      { id: '88888888-8888-4888-8888-888888888888', created: '2026-01-01T00:00:00.123100Z' },
    ];
    for (const run of runs) {
      await world.db.query(
        `INSERT INTO runs (id, suite_id, trigger, status, plan, total_checks, completed_checks, outcome_counts,
                           created_at, started_at, finished_at)
         VALUES ($1, $2, 'api', 'succeeded', '[]', 0, 0, '{}', $3, $3, $3::timestamptz + interval '5 milliseconds')`,
        [run.id, suiteId, run.created],
      );
    }
    const seen: components['schemas']['RunView'][] = [];
    let before: string | null = null;
    do {
      const page: components['schemas']['RunPage'] = await listRuns({
        suite_id: suiteId,
        limit: 1,
        ...(before === null ? {} : { before }),
      });
      seen.push(...page.items);
      before = page.next_cursor;
    } while (before !== null && seen.length < 10);
    expect(seen.map((run) => run.id)).toEqual(runs.map((run) => run.id));
    expect(seen.map((run) => [run.created_at, run.duration_ms, run.health_score])).toEqual([
      ['2026-01-01T00:00:00.123Z', 5, null],
      ['2026-01-01T00:00:00.123Z', 5, null],
      ['2026-01-01T00:00:00.123Z', 5, null],
    ]);
  });

  it('a viewer with a view share reads runs but cannot cancel; reads are audited', async () => {
    const viewerId = dataOf(await as.viewer.GET('/api/v1/me')).id;
    const shared = await as.owner.POST('/api/v1/suites/{id}/shares', {
      params: { path: { id: ordersSuite } },
      body: { user_id: viewerId, grant: 'view' },
    });
    expect(shared.response.status).toBe(201);
    const read = await as.viewer.GET('/api/v1/runs/{id}', inRun(firstRun));
    expect(read.response.status).toBe(200);
    expect(JSON.stringify(dataOf(read))).not.toContain(SECRET_EMAIL);
    const listed = await listRuns({}, as.viewer);
    expect(listed.items.map((run) => run.id)).toContain(firstRun);

    const queued = dataOf(await trigger(ordersSuite, { allow_concurrent: true }));
    const refused = await as.viewer.POST('/api/v1/runs/{id}/cancel', inRun(queued.id));
    expect(errorOf(refused)?.status).toBe(403);

    const events = await world.db.query<
      { action: string; actor_user_id: string; target_id: string | null }[]
    >(
      `SELECT action, actor_user_id, target_id FROM audit_events WHERE action LIKE 'run.%' AND actor_user_id = $1`,
      [viewerId],
    );
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'run.read', target_id: firstRun }),
        expect.objectContaining({ action: 'run.listed' }),
      ]),
    );
    expect(events.some((event) => event.action === 'run.cancel_requested')).toBe(false);
    // The read's record names the suite and how many results it showed (counted by the same statement).
    const [reading] = await world.db.query<{ detail: Record<string, unknown> }[]>(
      `SELECT detail FROM audit_events WHERE action = 'run.read' AND actor_user_id = $1 AND target_id = $2`,
      [viewerId, firstRun],
    );
    expect(reading?.detail).toEqual({
      suite_id: ordersSuite,
      results: dataOf(read).results.length,
    });
    // The listing's record says what was asked and how many runs it showed (counted by the same statement).
    const [listing] = await world.db.query<{ detail: Record<string, unknown> }[]>(
      `SELECT detail FROM audit_events WHERE action = 'run.listed' AND actor_user_id = $1
        ORDER BY occurred_at DESC LIMIT 1`,
      [viewerId],
    );
    expect(listing?.detail).toEqual({
      filters: { suite_id: null, status: null, since: null, until: null },
      runs: listed.items.length,
    });
  });

  it('streams the diff report of a comparison result as CSV or XLSX; refuses what has none', async () => {
    const baselineConnectionId = await database.connect(api, admin, 'orders-baseline-db');
    const compared = await suite('public.orders', [
      {
        name: 'matches the baseline',
        kind: 'comparison',
        config: {
          baseline_connection_id: baselineConnectionId,
          baseline: { target: 'public.orders_baseline' },
          key_columns: ['order_id'],
          compare_columns: ['amount', 'customer'],
        },
      },
      {
        name: 'order id present',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'order_id' } },
      },
    ]);
    const runId = dataOf(await trigger(compared)).id;
    await pollUntil(
      () => progress(runId),
      (p) => TERMINAL_RUN_STATES.includes(p.status),
      'the comparison run to end',
    );
    const detail = dataOf(await as.owner.GET('/api/v1/runs/{id}', inRun(runId)));
    const comparison = detail.results.find((result) => result.kind === 'comparison')!;
    const expectation = detail.results.find((result) => result.kind === 'expectation')!;
    expect(comparison.detail).toMatchObject({
      matched: 1,
      mismatched: 1,
      only_in_target: 2,
      only_in_baseline: 1,
    });
    const reportPath = (resultId: string, query = '') =>
      `/runs/${runId}/results/${resultId}/comparison_report${query}`;
    const report = (client: ApiClient, rid: string) =>
      client.GET('/api/v1/runs/{id}/results/{rid}/comparison_report', {
        params: { path: { id: runId, rid } },
        parseAs: 'text',
      });

    const csv = await report(as.owner, comparison.id);
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toContain('text/csv');
    expect(csv.response.headers.get('content-disposition')).toContain(
      `comparison-${runId}-${comparison.id}.csv`,
    );
    expect(csv.response.headers.get('cache-control')).toBe('no-store');
    const text = dataOf(csv);
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines).toEqual(
      expect.arrayContaining([
        'mismatched,1',
        'only_in_target,2',
        'only_in_baseline,1',
        'mismatched,2,amount,20,25',
        'only_in_target,3,,,',
        'only_in_baseline,5,,,',
      ]),
    );
    // The customer column is compared (shown by default), yet its emails are masked by the classifier.
    expect(text).not.toContain(SECRET_EMAIL);
    expect(text).not.toContain('eve@example.org');

    const xlsx = await as.owner.GET('/api/v1/runs/{id}/results/{rid}/comparison_report', {
      params: { path: { id: runId, rid: comparison.id }, query: { format: 'xlsx' } },
      parseAs: 'arrayBuffer',
    });
    expect(xlsx.response.status).toBe(200);
    expect(xlsx.response.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = Buffer.from(dataOf(xlsx));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    // Nothing of the report is stored: no table grew a row for it, only the access was audited.
    const [audited] = await world.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'run.comparison_report_read' AND target_id = $1`,
      [runId],
    );
    expect(audited.n).toBe(2);

    // A format the document does not offer: sent raw.
    const pdf = await call(api, 'GET', reportPath(comparison.id, '?format=pdf'), { token: owner });
    expect([pdf.status, (pdf.body as { error: { code: string } }).error.code]).toEqual([
      422,
      'validation_failed',
    ]);
    const refusals: [string, ApiClient, string, number, string][] = [
      ['a non-comparison result', as.owner, expectation.id, 409, 'conflict'],
      ['an unknown result', as.owner, randomUUID(), 404, 'not_found'],
      ['not a uuid', as.owner, 'not-a-uuid', 404, 'not_found'],
      ['a stranger', as.stranger, comparison.id, 404, 'not_found'],
      ['a viewer without a share', as.viewer, comparison.id, 404, 'not_found'],
      ['anonymous', world.apiClient(), comparison.id, 401, 'unauthenticated'],
    ];
    for (const [who, client, rid, status, code] of refusals) {
      const refused = errorOf(await report(client, rid));
      expect({ who, status: refused?.status, code: refused?.code }).toEqual({ who, status, code });
    }
  });

  it('never runs a suite twice at once, and a cancel stops the long statement on the datasource', async () => {
    const slowSuite = await suite('public.slow_orders', [
      {
        name: 'slow not null',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'order_id' } },
      },
    ]);
    const running = dataOf(await trigger(slowSuite));
    await pollUntil(
      () => slowStatements(),
      (n) => n > 0,
      'the slow statement to start',
    );
    expect((await progress(running.id)).status).toBe('running');

    // A second trigger while the first runs: the running run, and no second one.
    const joined = await trigger(slowSuite);
    expect(joined.response.status).toBe(200);
    expect(dataOf(joined)).toMatchObject({ id: running.id, status: 'running', deduplicated: true });

    const startedAt = Date.now();
    const cancelled = await as.owner.POST('/api/v1/runs/{id}/cancel', inRun(running.id));
    expect(cancelled.response.status).toBe(202);
    expect(dataOf(cancelled)).toMatchObject({ id: running.id, status: 'running' });
    // A trigger after the cancel is not joined to the cancelled run: a new run, which waits its turn.
    const waiting = await trigger(slowSuite);
    expect(waiting.response.status).toBe(201);
    const waitingId = dataOf(waiting).id;
    const ended = await pollUntil(
      () => progress(running.id),
      (p) => TERMINAL_RUN_STATES.includes(p.status),
      'the cancelled run to end',
      20_000,
    );
    expect(ended.status).toBe('cancelled');
    // Far sooner than the statement's minute per row: the datasource was told to stop.
    expect(Date.now() - startedAt).toBeLessThan(15_000);

    // The waiting run now holds the suite; cancel it too, and nothing is left running.
    await pollUntil(
      () => progress(waitingId),
      (p) => p.status === 'running',
      'the waiting run to start',
    );
    expect((await as.owner.POST('/api/v1/runs/{id}/cancel', inRun(waitingId))).response.status).toBe(202);
    await pollUntil(
      () => progress(waitingId),
      (p) => p.status === 'cancelled',
      'the second run to end',
      20_000,
    );
    await pollUntil(
      () => slowStatements(),
      (n) => n === 0,
      'no slow statement left on the datasource',
      10_000,
    );
    const detail = dataOf(await as.owner.GET('/api/v1/runs/{id}', inRun(running.id)));
    expect(detail.cancel_requested_at).not.toBeNull();
    expect(detail.results).toEqual([]);
  });
});
