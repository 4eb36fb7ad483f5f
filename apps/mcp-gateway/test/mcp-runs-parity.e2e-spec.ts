/**
 * The run, connection and scoring tools of the MCP endpoint against the REST routes they wrap,
 * through one api-gateway, one mcp-gateway and one runner on one database: for the same user and
 * the same object, each tool answers what REST answers (deep equality of runs, results, metric
 * values and redacted samples; of lists, progress, dashboard, diff report, connections, weights)
 * and refuses what REST refuses with REST's status and code, for an owner, a member with an `edit`
 * share, a member and a viewer with a `view` share, a member without a share, and an admin. Runs
 * triggered on one surface are visible on the other at once; a duplicate trigger while queued and
 * a second cancel answer alike; planted personal data never shows in clear, on either surface or
 * in any log line, and no PAT is ever logged.
 */
import { randomUUID } from 'node:crypto';
import {
  type ConnectionResponse,
  type ErrorBody,
  type RunDetailView,
  type RunPage,
  type RunProgressView,
  type RunResultView,
  type TriggeredRunView,
} from '@dq/contracts';
import {
  type AppProcess,
  call,
  GatewayWorld,
  type HttpResult,
  McpTestClient,
  pollUntil,
  ScratchDatabase,
  TERMINAL_RUN_STATES,
} from '@dq/testing';
import {
  asToolFailure,
  batchItemOf,
  CALLER_NAMES,
  CALLERS,
  type Caller,
  type CallerName,
  CONFLICT,
  expectSameAnswer,
  FORBIDDEN,
  foundIn,
  INVALID,
  NOT_FOUND,
  OK,
  type Outcome,
  restOutcome,
  Surfaces,
  toolOutcome,
} from './support/runs-parity-fixtures';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

/** Personal data planted in failing rows: none may ever show in clear. */
const PEOPLE_ROWS = [
  { email: 'grace.hopper@example.com', card: '4111111111111111' },
  { email: 'alan.turing@example.org', card: '5500000000000004' },
];
const CUSTOMERS = {
  both: 'ada.lovelace@example.com',
  onlyTarget: 'bob.byte@example.org',
  onlyBaseline: 'eve.online@example.org',
};
const PLANTED = [...PEOPLE_ROWS.flatMap((row) => [row.email, row.card]), ...Object.values(CUSTOMERS)];

const LIMITS = { RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000', LOG_LEVEL: 'debug' };
const DEFAULT_WEIGHTS = { warn: 1, fail: 3, critical: 5 };

describe('MCP run, connection and scoring tools answer as REST does', () => {
  const database = new ScratchDatabase('mcp_runs_parity');
  let world: GatewayWorld;
  let gateway: AppProcess;
  let mcpGateway: AppProcess;
  let api: string;
  let surfaces: Surfaces;
  const callers = {} as Record<CallerName, Caller>;
  const all = (): Caller[] => CALLER_NAMES.map((name) => callers[name]);
  let connectionId: string;

  /** Shared with editor (edit), viewMember and viewer (view): failing rows with planted data. */
  let peopleSuite: string;
  /** Shared: a comparison with a baseline table, and a plain check. */
  let compareSuite: string;
  /** Shared: triggered, deduplicated and cancelled while no runner runs. */
  let queueSuite: string;
  /** Shared, never run. */
  let neverSuite: string;
  /** The owner's alone. */
  let hiddenSuite: string;

  /** Triggered through MCP, run by the runner. */
  let mcpRun: string;
  /** Triggered through REST, run by the runner. */
  let restRun: string;
  /** The hidden suite's run. */
  let hiddenRun: string;
  /** The queue suite's runs, all cancelled before the runner starts. */
  const cancelledRuns: string[] = [];

  const rest = (caller: Caller, method: string, path: string, body?: unknown) =>
    surfaces.rest(caller, method, path, body);
  const tool = (caller: Caller, name: string, args: Record<string, unknown> = {}) =>
    surfaces.tool(caller, name, args);

  async function suite(target: string, checks: unknown[], policy: object, shared: boolean): Promise<string> {
    const owner = callers.owner;
    const created = await rest(owner, 'POST', '/suites', {
      name: `suite-${randomUUID()}`,
      connection_id: connectionId,
      target,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const check of checks)
      expect((await rest(owner, 'POST', `/suites/${id}/checks`, check)).status).toBe(201);
    expect((await rest(owner, 'PUT', `/suites/${id}/column-policy`, policy)).status).toBe(200);
    if (shared) {
      for (const caller of all()) {
        const grant = CALLERS[caller.name].share;
        if (grant === null) continue;
        const share = await rest(owner, 'POST', `/suites/${id}/shares`, { user_id: caller.userId, grant });
        expect(share.status).toBe(201);
      }
    }
    return id;
  }

  const volume = { name: 'rows', kind: 'volume', config: { min_rows: 1 } };

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.people (id bigint, email text, card text, score int)`);
      await client.query(
        `INSERT INTO public.people VALUES (1, $1, $2, -1), (2, $3, $4, -5), (3, 'fine@example.net', NULL, 10)`,
        PEOPLE_ROWS.flatMap((row) => [row.email, row.card]),
      );
      await client.query(
        `CREATE TABLE public.orders (order_id bigint, customer text, amount double precision)`,
      );
      await client.query(
        `INSERT INTO public.orders VALUES (1, $1, 10), (2, NULL, 20), (3, $2, -5), (4, NULL, 40)`,
        [CUSTOMERS.both, CUSTOMERS.onlyTarget],
      );
      await client.query(
        `CREATE TABLE public.orders_baseline (order_id bigint, customer text, amount double precision)`,
      );
      await client.query(
        `INSERT INTO public.orders_baseline VALUES (1, $1, 10), (2, NULL, 25), (5, $2, 50)`,
        [CUSTOMERS.both, CUSTOMERS.onlyBaseline],
      );
      await client.query(`CREATE TABLE public.wide (id int, note text)`);
      await client.query(`CREATE TABLE public.wide_baseline (id int, note text)`);
      await client.query(
        `INSERT INTO public.wide SELECT g, repeat('target note ' || g || ' ', 4000) FROM generate_series(1, 12) g
         UNION ALL SELECT g, 'short' FROM generate_series(100, 105) g`,
      );
      await client.query(
        `INSERT INTO public.wide_baseline SELECT g, repeat('baseline note ' || g || ' ', 4000) FROM generate_series(1, 12) g`,
      );
    });

    world = await GatewayWorld.create('mcp-runs-parity');
    [gateway, mcpGateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK_EGRESS, ...LIMITS }),
      world.startMcpGateway({ ...LOOPBACK_EGRESS, ...LIMITS }),
    ]);
    api = `${gateway.url}/api/v1`;
    surfaces = new Surfaces(api);
    for (const name of CALLER_NAMES) {
      const token = await world.mintToken(CALLERS[name].email, CALLERS[name].role);
      const me = await call(api, 'GET', '/me', { token });
      expect(me.status).toBe(200);
      callers[name] = {
        name,
        token,
        userId: (me.body as { id: string }).id,
        mcp: await McpTestClient.connect(mcpGateway.url, { token }),
      };
    }
    connectionId = await database.connect(api, callers.admin.token, 'people-db');
    const baselineConnectionId = await database.connect(api, callers.admin.token, 'baseline-db');

    peopleSuite = await suite(
      'public.people',
      [
        {
          name: 'score not negative',
          kind: 'expectation',
          config: {
            expectation_type: 'expect_column_values_to_be_between',
            kwargs: { column: 'score', min_value: 0 },
          },
        },
        {
          name: 'email present',
          kind: 'expectation',
          config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'email' } },
        },
        {
          name: 'negative scores (sql)',
          kind: 'custom_sql',
          config: { sql: 'SELECT * FROM public.people WHERE score < 0' },
        },
        volume,
      ],
      // The columns holding the planted data are masked by name, the rest redacted.
      { columns: { id: 'allow', score: 'allow', email: 'mask', card: 'mask' }, default: 'redact' },
      true,
    );
    compareSuite = await suite(
      'public.orders',
      [
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
          config: {
            expectation_type: 'expect_column_values_to_not_be_null',
            kwargs: { column: 'order_id' },
          },
        },
      ],
      { columns: { order_id: 'allow', amount: 'allow', customer: 'mask' }, default: 'mask' },
      true,
    );
    queueSuite = await suite('public.people', [volume], { columns: {}, default: 'mask' }, true);
    neverSuite = await suite('public.people', [volume], { columns: {}, default: 'mask' }, true);
    hiddenSuite = await suite('public.people', [volume], { columns: {}, default: 'mask' }, false);
  }, 180_000);

  afterAll(async () => {
    for (const caller of Object.values(callers)) await caller.mcp.close().catch(() => undefined);
    await world?.close();
    await database.drop();
  });

  describe('while no runner runs', () => {
    it('a run triggered through trigger_suite_run is visible through REST at once; a duplicate is deduplicated alike', async () => {
      const owner = callers.owner;
      const triggered = await tool(owner, 'trigger_suite_run', { suite_id: peopleSuite });
      expect(triggered.isError).toBe(false);
      expect(triggered.body).toEqual({
        id: expect.any(String),
        status: 'queued',
        total_checks: 4,
        deduplicated: false,
      });
      mcpRun = (triggered.body as TriggeredRunView).id;

      const read = await rest(owner, 'GET', `/runs/${mcpRun}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id: mcpRun,
        suite_id: peopleSuite,
        status: 'queued',
        trigger: 'api',
        total_checks: 4,
        results: [],
      });
      const progress = await rest(owner, 'GET', `/runs/${mcpRun}/progress`);
      expect(progress.body).toEqual({
        run_id: mcpRun,
        status: 'queued',
        completed_checks: 0,
        total_checks: 4,
      });

      // The same trigger again while it is queued, on either surface: the queued run, deduplicated.
      const again = await rest(owner, 'POST', `/suites/${peopleSuite}/run`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ id: mcpRun, status: 'queued', total_checks: 4, deduplicated: true });
      expectSameAnswer(
        'duplicate trigger',
        again,
        await tool(owner, 'trigger_suite_run', { suite_id: peopleSuite }),
      );
      const [{ n }] = await world.db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM runs WHERE suite_id = $1`,
        [peopleSuite],
      );
      expect(n).toBe(1);
    });

    it('a run triggered through REST is visible through get_run_status and get_runs at once; MCP deduplicates to it', async () => {
      const owner = callers.owner;
      const triggered = await rest(owner, 'POST', `/suites/${compareSuite}/run`);
      expect(triggered.status).toBe(201);
      expect(triggered.body).toEqual({
        id: expect.any(String),
        status: 'queued',
        total_checks: 2,
        deduplicated: false,
      });
      restRun = (triggered.body as TriggeredRunView).id;

      const status = await tool(owner, 'get_run_status', { run_ids: [restRun] });
      expect(status.isError).toBe(false);
      const progress = await rest(owner, 'GET', `/runs/${restRun}/progress`);
      expect(status.body).toEqual({ items: [{ ...(progress.body as object), reason: null, checks: [] }] });
      const runs = await tool(owner, 'get_runs', { run_ids: [restRun] });
      const read = await rest(owner, 'GET', `/runs/${restRun}`);
      expect(runs.body).toEqual({ items: [read.body] });

      const duplicate = await tool(owner, 'trigger_suite_run', { suite_id: compareSuite });
      expect(duplicate.body).toEqual({ ...(triggered.body as object), deduplicated: true });
      expectSameAnswer(
        'REST duplicate after the MCP one',
        await rest(owner, 'POST', `/suites/${compareSuite}/run`),
        await tool(owner, 'trigger_suite_run', { suite_id: compareSuite }),
      );
    });

    it('trigger_suite_run allows and refuses each role and grant as POST /suites/{id}/run does', async () => {
      const expected: Record<string, Record<CallerName, Outcome>> = {
        shared: {
          owner: OK,
          editor: OK,
          viewMember: FORBIDDEN,
          viewer: FORBIDDEN,
          stranger: NOT_FOUND,
          admin: OK,
        },
        hidden: {
          owner: OK,
          editor: NOT_FOUND,
          viewMember: NOT_FOUND,
          viewer: NOT_FOUND,
          stranger: NOT_FOUND,
          admin: OK,
        },
      };
      for (const [which, suiteId] of [
        ['shared', queueSuite],
        ['hidden', hiddenSuite],
      ] as const) {
        for (const caller of all()) {
          const label = `${which} suite, ${caller.name}`;
          const viaRest = await rest(caller, 'POST', `/suites/${suiteId}/run`);
          const viaTool = await tool(caller, 'trigger_suite_run', { suite_id: suiteId });
          expect({ label, outcome: restOutcome(viaRest) }).toEqual({
            label,
            outcome: expected[which][caller.name],
          });
          // A success through MCP right after REST's finds REST's run queued: the same run, deduplicated.
          expectSameAnswer(label, viaRest, viaTool, (body) => ({ ...(body as object), deduplicated: true }));
        }
      }
      const queued = (await rest(callers.owner, 'GET', `/runs?suite_id=${queueSuite}&status=queued`))
        .body as RunPage;
      expect(queued.items).toHaveLength(1);
      cancelledRuns.push(queued.items[0].id);
      const hidden = (await rest(callers.owner, 'GET', `/runs?suite_id=${hiddenSuite}`)).body as RunPage;
      expect(hidden.items).toHaveLength(1);
      hiddenRun = hidden.items[0].id;

      // Arguments are validated as REST validates the body.
      expectSameAnswer(
        'allow_concurrent not a boolean',
        await rest(callers.owner, 'POST', `/suites/${queueSuite}/run`, { allow_concurrent: 'yes' }),
        await tool(callers.owner, 'trigger_suite_run', { suite_id: queueSuite, allow_concurrent: 'yes' }),
      );
      expectSameAnswer(
        'unknown suite',
        await rest(callers.owner, 'POST', `/suites/${randomUUID()}/run`),
        await tool(callers.owner, 'trigger_suite_run', { suite_id: randomUUID() }),
      );
    });

    it('cancel_run cancels a queued run like POST /runs/{id}/cancel; a second cancel and each refusal answer alike', async () => {
      const { owner, editor, admin } = callers;
      const [queued] = cancelledRuns;

      // Refusals leave the run queued: a view grant is 403, no grant 404, on both surfaces.
      const refusals: Record<CallerName, Outcome | null> = {
        owner: null,
        editor: null,
        viewMember: FORBIDDEN,
        viewer: FORBIDDEN,
        stranger: NOT_FOUND,
        admin: null,
      };
      for (const caller of all()) {
        const outcome = refusals[caller.name];
        if (outcome === null) continue;
        const viaRest = await rest(caller, 'POST', `/runs/${queued}/cancel`);
        expect({ who: caller.name, outcome: restOutcome(viaRest) }).toEqual({ who: caller.name, outcome });
        expectSameAnswer(
          `cancel by ${caller.name}`,
          viaRest,
          await tool(caller, 'cancel_run', { run_id: queued }),
        );
      }
      expectSameAnswer(
        "the hidden suite's run, by the editor",
        await rest(editor, 'POST', `/runs/${hiddenRun}/cancel`),
        await tool(editor, 'cancel_run', { run_id: hiddenRun }),
      );
      expectSameAnswer(
        'an unknown run',
        await rest(owner, 'POST', `/runs/${randomUUID()}/cancel`),
        await tool(owner, 'cancel_run', { run_id: randomUUID() }),
      );
      expect((await rest(owner, 'GET', `/runs/${queued}/progress`)).body).toMatchObject({ status: 'queued' });

      // REST cancels the queued run; MCP cancels another one (the editor's, through allow_concurrent).
      const cancelled = await rest(owner, 'POST', `/runs/${queued}/cancel`);
      expect(cancelled.status).toBe(202);
      const another = await tool(editor, 'trigger_suite_run', {
        suite_id: queueSuite,
        allow_concurrent: true,
      });
      expect(another.body).toMatchObject({ status: 'queued', deduplicated: false });
      const anotherId = (another.body as TriggeredRunView).id;
      cancelledRuns.push(anotherId);
      const viaTool = await tool(editor, 'cancel_run', { run_id: anotherId });
      expect(viaTool.isError).toBe(false);
      const shape = (body: unknown) => ({
        ...(body as object),
        id: 'the run',
        cancel_requested_at: 'when',
      });
      expect(shape(viaTool.body)).toEqual(shape(cancelled.body));
      expect(viaTool.body).toEqual({
        id: anotherId,
        status: 'cancelled',
        cancel_requested_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      // REST sees the MCP cancel at once, with the same instant.
      const read = (await rest(editor, 'GET', `/runs/${anotherId}`)).body as RunDetailView;
      expect(read).toMatchObject({
        status: 'cancelled',
        cancel_requested_at: (viaTool.body as { cancel_requested_at: string }).cancel_requested_at,
      });

      // The second cancel of either run: the same 409 on both surfaces, whoever cancelled first.
      for (const runId of [queued, anotherId]) {
        const second = await rest(owner, 'POST', `/runs/${runId}/cancel`);
        expect(restOutcome(second)).toEqual(CONFLICT);
        expectSameAnswer(
          `second cancel of ${runId}`,
          second,
          await tool(owner, 'cancel_run', { run_id: runId }),
        );
        expectSameAnswer(
          `second cancel of ${runId} by the editor`,
          await rest(editor, 'POST', `/runs/${runId}/cancel`),
          await tool(editor, 'cancel_run', { run_id: runId }),
        );
      }

      // An admin cancels through MCP a run REST queued.
      const third = await rest(admin, 'POST', `/suites/${queueSuite}/run`, { allow_concurrent: true });
      expect(third.status).toBe(201);
      const thirdId = (third.body as TriggeredRunView).id;
      cancelledRuns.push(thirdId);
      expect((await tool(admin, 'cancel_run', { run_id: thirdId })).body).toMatchObject({
        id: thirdId,
        status: 'cancelled',
      });
      expect((await rest(owner, 'GET', `/runs/${thirdId}/progress`)).body).toEqual({
        run_id: thirdId,
        status: 'cancelled',
        completed_checks: 0,
        total_checks: 1,
      });
      const [{ n }] = await world.db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM audit_events WHERE action = 'run.cancel_requested' AND target_id = ANY($1::text[])`,
        [cancelledRuns],
      );
      expect(n).toBe(3);
    });
  });

  describe('with a runner', () => {
    beforeAll(async () => {
      await world.startRunner({ ...LOOPBACK_EGRESS, LOG_LEVEL: 'debug' });
    }, 120_000);

    it('the run triggered through MCP reaches a terminal state, polled with get_run_status', async () => {
      const ids = [mcpRun, restRun, hiddenRun];
      const done = await pollUntil(
        () => tool(callers.owner, 'get_run_status', { run_ids: ids }),
        (answer) =>
          !answer.isError &&
          (answer.body as { items: RunProgressView[] }).items.every((item) =>
            TERMINAL_RUN_STATES.includes(item.status),
          ),
        'the runs to end',
        120_000,
      );
      const items = (done.body as { items: (RunProgressView & { checks: unknown[] })[] }).items;
      expect(items.map((item) => [item.run_id, item.status])).toEqual(ids.map((id) => [id, 'succeeded']));
      expect(items[0]).toMatchObject({ completed_checks: 4, total_checks: 4 });
      expect(items[0].checks).toHaveLength(4);
      // Nothing is left queued or running: every read below compares settled runs.
      await pollUntil(
        () => rest(callers.admin, 'GET', '/runs?status=queued,running'),
        (read) => (read.body as RunPage).items.length === 0,
        'no run left queued or running',
      );
      const people = (await rest(callers.owner, 'GET', `/runs/${mcpRun}`)).body as RunDetailView;
      expect(people).toMatchObject({ status: 'succeeded', outcome_counts: { fail: 2, pass: 2 } });
    });

    it('get_runs answers each run as GET /runs/{id} does, for each role and grant', async () => {
      const ids = [mcpRun, restRun, hiddenRun, cancelledRuns[0], randomUUID(), 'not-a-uuid'];
      const visible: Record<CallerName, string[]> = {
        owner: [mcpRun, restRun, hiddenRun, cancelledRuns[0]],
        editor: [mcpRun, restRun, cancelledRuns[0]],
        viewMember: [mcpRun, restRun, cancelledRuns[0]],
        viewer: [mcpRun, restRun, cancelledRuns[0]],
        stranger: [],
        admin: [mcpRun, restRun, hiddenRun, cancelledRuns[0]],
      };
      for (const caller of all()) {
        const answer = await tool(caller, 'get_runs', { run_ids: ids });
        expect(answer.isError).toBe(false);
        const expected: unknown[] = [];
        const seen: string[] = [];
        for (const id of ids) {
          const read = await rest(caller, 'GET', `/runs/${id}`);
          if (read.status === 200) seen.push(id);
          else expect(restOutcome(read)).toEqual(NOT_FOUND);
          expected.push(batchItemOf('run_id', id, read, () => read.body));
        }
        expect({ who: caller.name, seen }).toEqual({ who: caller.name, seen: visible[caller.name] });
        expect({ who: caller.name, body: answer.body }).toEqual({
          who: caller.name,
          body: { items: expected },
        });
      }
      // The same ids twice are one item; an empty or oversized list is a 422.
      const twice = await tool(callers.owner, 'get_runs', { run_ids: [mcpRun, mcpRun] });
      expect((twice.body as { items: unknown[] }).items).toHaveLength(1);
      for (const run_ids of [[], Array.from({ length: 21 }, () => randomUUID())]) {
        expect(toolOutcome(await tool(callers.owner, 'get_runs', { run_ids }))).toEqual(INVALID);
      }
    });

    it('get_run_status answers GET /runs/{id}/progress with the outcomes GET /runs/{id} shows', async () => {
      const ids = [mcpRun, restRun, hiddenRun, cancelledRuns[1], randomUUID()];
      for (const caller of all()) {
        const answer = await tool(caller, 'get_run_status', { run_ids: ids });
        expect(answer.isError).toBe(false);
        const expected: unknown[] = [];
        for (const id of ids) {
          const progress = await rest(caller, 'GET', `/runs/${id}/progress`);
          const read = await rest(caller, 'GET', `/runs/${id}`);
          expect(restOutcome(read)).toEqual(restOutcome(progress));
          expected.push(
            batchItemOf('run_id', id, progress, () => {
              const run = read.body as RunDetailView;
              return {
                ...(progress.body as RunProgressView),
                reason: run.reason,
                checks: run.results.map((result) => ({
                  check_id: result.check_id,
                  check_name: result.check_name,
                  outcome: result.outcome,
                  finished_at: result.finished_at,
                })),
              };
            }),
          );
        }
        expect({ who: caller.name, body: answer.body }).toEqual({
          who: caller.name,
          body: { items: expected },
        });
      }
    });

    it('list_runs answers GET /runs for the same filters and pages, and refuses alike', async () => {
      const since = new Date(Date.now() - 3_600_000).toISOString();
      const future = new Date(Date.now() + 3_600_000).toISOString();
      const cases: [args: Record<string, unknown>, query: string][] = [
        [{}, ''],
        [{ suite_id: peopleSuite }, `?suite_id=${peopleSuite}`],
        [{ suite_id: queueSuite }, `?suite_id=${queueSuite}`],
        [{ suite_id: hiddenSuite }, `?suite_id=${hiddenSuite}`],
        [{ status: ['succeeded', 'failed'] }, '?status=succeeded,failed'],
        [{ status: 'cancelled' }, '?status=cancelled'],
        [{ suite_id: queueSuite, status: ['cancelled'] }, `?suite_id=${queueSuite}&status=cancelled`],
        [{ suite_id: peopleSuite, status: ['cancelled'] }, `?suite_id=${peopleSuite}&status=cancelled`],
        [{ since }, `?since=${encodeURIComponent(since)}`],
        [{ since: future }, `?since=${encodeURIComponent(future)}`],
        [{ until: since }, `?until=${encodeURIComponent(since)}`],
        [{ limit: 2 }, '?limit=2'],
        [{ status: ['paused'] }, '?status=paused'],
        [{ limit: 0 }, '?limit=0'],
        [{ limit: 201 }, '?limit=201'],
        [{ suite_id: 'x' }, '?suite_id=x'],
        [{ since: 'yesterday' }, '?since=yesterday'],
        [{ before: 'nope' }, '?before=nope'],
        [{ suite_id: randomUUID() }, `?suite_id=${randomUUID()}`],
      ];
      for (const caller of all()) {
        for (const [args, query] of cases) {
          expectSameAnswer(
            `${caller.name} ${query || '(no filter)'}`,
            await rest(caller, 'GET', `/runs${query}`),
            await tool(caller, 'list_runs', args),
          );
        }
      }

      // The owner's runs page by page: each page and its cursor the same on both surfaces.
      const owner = callers.owner;
      let cursor: string | null = null;
      const pages: string[][] = [];
      do {
        const read = await rest(owner, 'GET', `/runs?limit=2${cursor ? `&before=${cursor}` : ''}`);
        const answer = await tool(owner, 'list_runs', { limit: 2, ...(cursor ? { before: cursor } : {}) });
        expectSameAnswer(`page ${pages.length + 1}`, read, answer);
        const page = answer.body as RunPage;
        pages.push(page.items.map((run) => run.id));
        cursor = page.next_cursor;
      } while (cursor !== null && pages.length < 10);
      expect(pages.flat()).toHaveLength(6);
      expect(pages.flat()).toEqual(expect.arrayContaining([mcpRun, restRun, hiddenRun, ...cancelledRuns]));

      // What each caller sees is grant-filtered alike.
      const seen = async (caller: Caller) =>
        ((await tool(caller, 'list_runs', {})).body as RunPage).items.map((run) => run.id).sort();
      expect(await seen(callers.stranger)).toEqual([]);
      expect(await seen(callers.viewer)).toEqual([mcpRun, restRun, ...cancelledRuns].sort());
      expect(await seen(callers.admin)).toEqual([mcpRun, restRun, hiddenRun, ...cancelledRuns].sort());
    });

    it("get_suite_results answers each suite's latest run as GET /runs?suite_id=&limit=1 then GET /runs/{id}", async () => {
      const ids = [peopleSuite, compareSuite, queueSuite, neverSuite, hiddenSuite, randomUUID(), 'nope'];
      for (const caller of all()) {
        const answer = await tool(caller, 'get_suite_results', { suite_ids: ids });
        expect(answer.isError).toBe(false);
        const expected: unknown[] = [];
        for (const id of ids) {
          const latest = await rest(caller, 'GET', `/runs?suite_id=${id}&limit=1`);
          let run: unknown = null;
          if (latest.status === 200) {
            const [newest] = (latest.body as RunPage).items;
            if (newest) run = (await rest(caller, 'GET', `/runs/${newest.id}`)).body;
          } else if (id === 'nope') {
            // REST refuses a malformed suite id as a 422 query; the tool answers it not found.
            expect(restOutcome(latest)).toEqual(INVALID);
            expected.push({ suite_id: id, error: expect.objectContaining({ code: 'not_found' }) });
            continue;
          }
          expected.push(batchItemOf('suite_id', id, latest, () => ({ suite_id: id, run })));
        }
        expect({ who: caller.name, body: answer.body }).toEqual({
          who: caller.name,
          body: { items: expected },
        });
      }
      const owner = (await tool(callers.owner, 'get_suite_results', { suite_ids: ids })).body as {
        items: { suite_id: string; run?: RunDetailView | null }[];
      };
      expect(owner.items.map((item) => item.run?.id ?? null).slice(0, 5)).toEqual([
        mcpRun,
        restRun,
        cancelledRuns[2],
        null,
        hiddenRun,
      ]);
    });

    it("failing-row samples are exactly REST's and never show the planted data", async () => {
      for (const caller of [callers.owner, callers.viewer, callers.admin]) {
        const read = await rest(caller, 'GET', `/runs/${mcpRun}`);
        expect(foundIn(read.text, PLANTED)).toEqual([]);
        const viaRuns = await tool(caller, 'get_runs', { run_ids: [mcpRun] });
        const viaSuite = await tool(caller, 'get_suite_results', { suite_ids: [peopleSuite] });
        for (const answer of [viaRuns, viaSuite])
          expect(foundIn(JSON.stringify(answer.raw), PLANTED)).toEqual([]);

        const restResults = (read.body as RunDetailView).results;
        const toolResults = (viaRuns.body as { items: RunDetailView[] }).items[0].results;
        const suiteResults = (viaSuite.body as { items: { run: RunDetailView }[] }).items[0].run.results;
        for (const name of ['score not negative', 'negative scores (sql)']) {
          const byName = (results: RunResultView[]) => results.find((result) => result.check_name === name)!;
          const restSamples = byName(restResults).samples;
          expect(byName(restResults)).toMatchObject({ outcome: 'fail', samples_purged: false });
          // Both failing rows sampled, the planted columns masked to a shape, the rest as the policy says.
          expect(restSamples.map((sample) => String(sample['id'])).sort()).toEqual(['1', '2']);
          for (const sample of restSamples) {
            expect(sample['email']).toEqual(expect.stringMatching(/^[a-z]\*+[a-z]$/));
            expect(sample['card']).toEqual(expect.stringMatching(/^\d\*+\d$/));
            expect(Number(sample['score'])).toBeLessThan(0);
          }
          expect(byName(toolResults).samples).toEqual(restSamples);
          expect(byName(suiteResults).samples).toEqual(restSamples);
          expect(byName(toolResults)).toEqual(byName(restResults));
        }
        // Metric values as REST shows them: the volume check counted the three rows.
        expect(toolResults.find((result) => result.kind === 'volume')).toMatchObject({ metric_value: 3 });
      }
    });

    it('get_health_score answers GET /dashboard/summary for each caller and window', async () => {
      const cases: [args: Record<string, unknown>, query: string][] = [
        [{}, ''],
        [{ days: 7 }, '?days=7'],
        [{ days: 1 }, '?days=1'],
        [{ days: 366 }, '?days=366'],
        [{ days: 0 }, '?days=0'],
        [{ days: 367 }, '?days=367'],
        [{ days: 2.5 }, '?days=2.5'],
      ];
      for (const caller of all()) {
        for (const [args, query] of cases) {
          expectSameAnswer(
            `${caller.name} ${query || '(default window)'}`,
            await rest(caller, 'GET', `/dashboard/summary${query}`),
            await tool(caller, 'get_health_score', args),
          );
        }
      }
      const owner = (await tool(callers.owner, 'get_health_score', {})).body as {
        kpis: { suites: number; runs: number };
      };
      expect(owner.kpis).toMatchObject({ suites: 5, runs: 6 });
      const stranger = (await tool(callers.stranger, 'get_health_score', {})).body as {
        kpis: { suites: number };
      };
      expect(stranger.kpis.suites).toBe(0);
    });

    it('get_comparison_report answers the CSV of GET /runs/{id}/results/{rid}/comparison_report', async () => {
      const detail = (await rest(callers.owner, 'GET', `/runs/${restRun}`)).body as RunDetailView;
      const comparison = detail.results.find((result) => result.kind === 'comparison')!;
      const expectation = detail.results.find((result) => result.kind === 'expectation')!;
      expect(comparison.detail).toMatchObject({
        matched: 1,
        mismatched: 1,
        only_in_target: 2,
        only_in_baseline: 1,
      });

      const cases: [runId: string, resultId: string][] = [
        [restRun, comparison.id],
        [restRun, expectation.id],
        [restRun, randomUUID()],
        [mcpRun, comparison.id],
        [hiddenRun, comparison.id],
        ['not-a-uuid', comparison.id],
      ];
      for (const caller of all()) {
        for (const [runId, resultId] of cases) {
          const read = await rest(
            caller,
            'GET',
            `/runs/${runId}/results/${resultId}/comparison_report?format=csv`,
          );
          const answer = await tool(caller, 'get_comparison_report', { run_id: runId, result_id: resultId });
          expectSameAnswer(`${caller.name} ${runId}/${resultId}`, read, answer, () => {
            const fileName = /filename="([^"]+)"/.exec(read.headers.get('content-disposition') ?? '')?.[1];
            return { file_name: fileName, csv: read.text.replace(/^\uFEFF/, ''), truncated: false };
          });
        }
      }
      const answer = await tool(callers.viewer, 'get_comparison_report', {
        run_id: restRun,
        result_id: comparison.id,
      });
      const report = answer.body as { file_name: string; csv: string; truncated: boolean };
      expect(report.file_name).toBe(`comparison-${restRun}-${comparison.id}.csv`);
      expect(report.csv.startsWith('\uFEFF')).toBe(false);
      expect(report.csv.split(/\r?\n/)).toEqual(
        expect.arrayContaining([
          'mismatched,1',
          'only_in_target,2',
          'only_in_baseline,1',
          'mismatched,2,amount,20,25',
          'only_in_target,3,,,',
          'only_in_baseline,5,,,',
        ]),
      );
      expect(foundIn(report.csv, PLANTED)).toEqual([]);
    });
    it("a report over the tool's 512 KiB is cut at a line: a prefix of REST's CSV, flagged truncated", async () => {
      // Twelve keys whose long note differs (each line about 115 kB: over 2048 characters a value is
      // not classified, and the policy allows the column), then six keys only in the target.
      const owner = callers.owner;
      const wideSuite = await suite(
        'public.wide',
        [
          {
            name: 'wide notes match',
            kind: 'comparison',
            config: {
              baseline_connection_id: connectionId,
              baseline: { target: 'public.wide_baseline' },
              key_columns: ['id'],
              compare_columns: ['note'],
            },
          },
        ],
        { columns: { id: 'allow', note: 'allow' }, default: 'mask' },
        true,
      );
      const runId = ((await rest(owner, 'POST', `/suites/${wideSuite}/run`)).body as TriggeredRunView).id;
      await pollUntil(
        () => tool(owner, 'get_run_status', { run_ids: [runId] }),
        (answer) =>
          TERMINAL_RUN_STATES.includes((answer.body as { items: RunProgressView[] }).items[0]?.status ?? ''),
        'the wide comparison to end',
      );
      const [result] = ((await rest(owner, 'GET', `/runs/${runId}`)).body as RunDetailView).results;
      expect(result.detail).toMatchObject({ mismatched: 12, only_in_target: 6, only_in_baseline: 0 });
      for (const caller of [owner, callers.viewer]) {
        const read = await rest(caller, 'GET', `/runs/${runId}/results/${result.id}/comparison_report`);
        expect(read.status).toBe(200);
        const full = read.text.replace(/^\uFEFF/, '');
        expect(Buffer.byteLength(full)).toBeGreaterThan(1024 * 1024);
        const answer = await tool(caller, 'get_comparison_report', { run_id: runId, result_id: result.id });
        const report = answer.body as { file_name: string; csv: string; truncated: boolean };
        expect(report.truncated).toBe(true);
        expect(report.file_name).toBe(`comparison-${runId}-${result.id}.csv`);
        expect(Buffer.byteLength(report.csv)).toBeLessThanOrEqual(512 * 1024);
        expect(report.csv.length).toBeGreaterThan(0);
        // A prefix of REST's report, ending at a line end: nothing after a cut shows.
        expect(full.startsWith(report.csv)).toBe(true);
        expect(report.csv.endsWith('\r\n')).toBe(true);
        expect(report.csv).not.toContain('only_in_target,100');
      }
    });
  });

  describe('connections', () => {
    it('list_connections and get_connection answer GET /connections(/{id}) and /versions for each role', async () => {
      const unknown = randomUUID();
      for (const caller of all()) {
        const who = caller.name;
        expectSameAnswer(
          `${who} list`,
          await rest(caller, 'GET', '/connections'),
          await tool(caller, 'list_connections', { full: true }),
        );
        // Without `full`, each connection as a summary: the same connections, fewer fields.
        expectSameAnswer(
          `${who} list summaries`,
          await rest(caller, 'GET', '/connections?kind=postgres&limit=1'),
          await tool(caller, 'list_connections', { kind: 'postgres', limit: 1 }),
          (body) => {
            const page = body as { items: Record<string, unknown>[]; next_cursor: string | null };
            return {
              next_cursor: page.next_cursor,
              items: page.items.map((connection) => ({
                id: connection['id'],
                name: connection['name'],
                kind: connection['kind'],
                has_secret: connection['has_secret'],
                credential_status:
                  (connection['credential_health'] as { status: string } | null)?.status ?? null,
                privilege_warning: connection['privilege_warning'],
                version: connection['version'],
                updated_at: connection['updated_at'],
              })),
            };
          },
        );
        for (const id of [connectionId, unknown, 'not-a-uuid']) {
          expectSameAnswer(
            `${who} get ${id}`,
            await rest(caller, 'GET', `/connections/${id}`),
            await tool(caller, 'get_connection', { connection_id: id }),
          );
          expectSameAnswer(
            `${who} get ${id} without versions`,
            await rest(caller, 'GET', `/connections/${id}`),
            await tool(caller, 'get_connection', { connection_id: id, include_versions: false }),
          );
          // With versions: REST's two reads; the versions listing decides a refusal (Admins and Members).
          const read = await rest(caller, 'GET', `/connections/${id}`);
          const versions = await rest(caller, 'GET', `/connections/${id}/versions`);
          const withVersions = await tool(caller, 'get_connection', {
            connection_id: id,
            include_versions: true,
          });
          expectSameAnswer(`${who} get ${id} with versions`, versions, withVersions, (list) => ({
            ...(read.body as object),
            versions: (list as { items: unknown[] }).items,
          }));
        }
      }
      // A Viewer may read a connection but not its history, on both surfaces.
      expect(
        toolOutcome(await tool(callers.viewer, 'get_connection', { connection_id: connectionId })),
      ).toEqual(OK);
      expect(
        toolOutcome(
          await tool(callers.viewer, 'get_connection', {
            connection_id: connectionId,
            include_versions: true,
          }),
        ),
      ).toEqual(FORBIDDEN);
      const listed = (await tool(callers.viewer, 'list_connections')).body as { items: ConnectionResponse[] };
      expect(listed.items.map((connection) => connection.name)).toEqual(['baseline-db', 'people-db']);
      expect(toolOutcome(await tool(callers.owner, 'get_connection', { connection_id: 42 }))).toEqual(
        INVALID,
      );
    });

    it('test_connection answers POST /connections/{id}/test for each role, through the same runner', async () => {
      const probeId = await database.connect(api, callers.admin.token, 'probe-db');
      const health = async () =>
        ((await rest(callers.admin, 'GET', `/connections/${probeId}`)).body as ConnectionResponse)
          .credential_health;
      expect(await health()).toMatchObject({ status: 'unknown' });
      // A test through MCP is recorded as REST's is: the credential is now known to work.
      const first = await tool(callers.editor, 'test_connection', { connection_id: probeId });
      expect(first.body).toMatchObject({ ok: true, error: null });
      expect(await health()).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });

      const expected: Record<CallerName, Outcome> = {
        owner: OK,
        editor: OK,
        viewMember: OK,
        viewer: FORBIDDEN,
        stranger: OK,
        admin: OK,
      };
      const timing = (body: unknown) => ({ ...(body as object), duration_ms: 'some' });
      for (const caller of all()) {
        for (const id of [probeId, randomUUID()]) {
          const label = `${caller.name} tests ${id === probeId ? 'the probe' : 'an unknown connection'}`;
          const read = await rest(caller, 'POST', `/connections/${id}/test`);
          const answer = await tool(caller, 'test_connection', { connection_id: id });
          expect({ label, outcome: toolOutcome(answer) }).toEqual({ label, outcome: restOutcome(read) });
          if (read.status < 300) {
            expect(timing(answer.body)).toEqual(timing(read.body));
            expect((answer.body as { duration_ms: number }).duration_ms).toBeGreaterThanOrEqual(0);
          } else {
            expectSameAnswer(label, read, answer);
          }
        }
        const outcome = toolOutcome(await tool(caller, 'test_connection', { connection_id: probeId }));
        expect({ who: caller.name, outcome }).toEqual({ who: caller.name, outcome: expected[caller.name] });
      }
      expectSameAnswer(
        'the connection view after the tests',
        await rest(callers.owner, 'GET', `/connections/${probeId}`),
        await tool(callers.owner, 'get_connection', { connection_id: probeId }),
      );
    });

    it('test_connection re-checks a URL field with the egress policy and answers like REST (502 here)', async () => {
      // A connection whose endpoint host does not resolve: saved, then tested by the runner, which
      // cannot reach it. Each surface's test checks the URL again before asking the runner.
      const created = await rest(callers.admin, 'POST', '/connections', {
        name: 'bucket-with-endpoint',
        kind: 'object_store',
        config: {
          bucket: 'landing',
          endpoint_url: 'https://objects.nowhere.invalid',
          force_path_style: true,
        },
        credential: { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'not-a-real-secret-value' },
      });
      expect(created.status).toBe(201);
      const id = (created.body as { id: string }).id;
      /** The test result REST and MCP carry in `detail.test`, its timing aside. */
      const untimed = (failure: unknown) => {
        const { error, status } = failure as { error: ErrorBody; status: number };
        const test = (error.detail as { test?: object }).test;
        return {
          status,
          error: { ...error, detail: { ...error.detail, test: { ...test, duration_ms: 'some' } } },
        };
      };
      try {
        for (const caller of [callers.editor, callers.admin]) {
          const read = await rest(caller, 'POST', `/connections/${id}/test`);
          const answer = await tool(caller, 'test_connection', { connection_id: id });
          expect(restOutcome(read)).toEqual({ status: 502, code: 'datasource_unreachable' });
          expect(toolOutcome(answer)).toEqual(restOutcome(read));
          expect(untimed(answer.body)).toEqual(untimed(asToolFailure(read)));
        }
        expectSameAnswer(
          'the viewer',
          await rest(callers.viewer, 'POST', `/connections/${id}/test`),
          await tool(callers.viewer, 'test_connection', { connection_id: id }),
        );
      } finally {
        expect((await rest(callers.admin, 'DELETE', `/connections/${id}`)).status).toBe(204);
      }
    });
  });

  describe('scoring weights', () => {
    afterAll(async () => {
      await rest(callers.admin, 'DELETE', '/admin/scoring');
    });

    it('get/set/reset_scoring_weights refuse every non-admin with 403, like /admin/scoring', async () => {
      for (const caller of all()) {
        const pairs: [HttpResult, string, Record<string, unknown>][] = [
          [await rest(caller, 'GET', '/admin/scoring'), 'get_scoring_weights', {}],
          [
            await rest(caller, 'PUT', '/admin/scoring', DEFAULT_WEIGHTS),
            'set_scoring_weights',
            DEFAULT_WEIGHTS,
          ],
          [await rest(caller, 'DELETE', '/admin/scoring'), 'reset_scoring_weights', {}],
        ];
        for (const [read, name, args] of pairs) {
          expectSameAnswer(`${caller.name} ${name}`, read, await tool(caller, name, args));
          const outcome = restOutcome(read);
          expect({ who: caller.name, name, outcome }).toEqual({
            who: caller.name,
            name,
            outcome: caller.name === 'admin' ? OK : FORBIDDEN,
          });
        }
      }
    });

    it('an admin reads, sets and resets the weights alike; invalid weights are the same 422; scores follow', async () => {
      const admin = callers.admin;
      expectSameAnswer(
        'defaults',
        await rest(admin, 'GET', '/admin/scoring'),
        await tool(admin, 'get_scoring_weights'),
      );
      const weights = { warn: 0.5, fail: 5, critical: 5 };
      const set = await tool(admin, 'set_scoring_weights', weights);
      expect(set.body).toEqual({ weights, is_default: false, defaults: DEFAULT_WEIGHTS });
      expectSameAnswer(
        'after set',
        await rest(admin, 'GET', '/admin/scoring'),
        await tool(admin, 'get_scoring_weights'),
      );
      expectSameAnswer(
        'set again',
        await rest(admin, 'PUT', '/admin/scoring', weights),
        await tool(admin, 'set_scoring_weights', weights),
      );
      for (const invalid of [
        { warn: 4, fail: 3, critical: 5 },
        { warn: 0, fail: 0, critical: 0 },
        { warn: '1', fail: 3, critical: 5 },
        { warn: 1, fail: 3 },
        { warn: 1, fail: 3, critical: 5, extra: 1 },
      ]) {
        const read = await rest(admin, 'PUT', '/admin/scoring', invalid);
        expect(restOutcome(read)).toEqual(INVALID);
        expectSameAnswer(
          `invalid ${JSON.stringify(invalid)}`,
          read,
          await tool(admin, 'set_scoring_weights', invalid),
        );
      }
      // Scores everywhere now use the new weights, on both surfaces.
      for (const caller of [callers.owner, callers.viewer]) {
        expectSameAnswer(
          `${caller.name} dashboard under new weights`,
          await rest(caller, 'GET', '/dashboard/summary'),
          await tool(caller, 'get_health_score'),
        );
        const read = await rest(caller, 'GET', `/runs/${mcpRun}`);
        expectSameAnswer(
          `${caller.name} run under new weights`,
          read,
          await tool(caller, 'get_runs', { run_ids: [mcpRun] }),
          (body) => ({
            items: [body],
          }),
        );
        // 2 fails of 4 results at 5 each: 100 x (1 - 10 / 20).
        expect((read.body as RunDetailView).health_score).toBeCloseTo(50, 5);
      }
      const reset = await tool(admin, 'reset_scoring_weights');
      expect(reset.body).toEqual({ weights: DEFAULT_WEIGHTS, is_default: true, defaults: DEFAULT_WEIGHTS });
      expectSameAnswer(
        'reset again',
        await rest(admin, 'DELETE', '/admin/scoring'),
        await tool(admin, 'reset_scoring_weights'),
      );
      const events = await world.db.query<{ action: string; actor_user_id: string }[]>(
        `SELECT action, actor_user_id FROM audit_events WHERE target_type = 'workspace_settings' ORDER BY occurred_at, id`,
      );
      // Each change is audited alike whichever surface made it (the refused ones made none).
      expect(events.every((event) => event.actor_user_id === admin.userId)).toBe(true);
      expect(events.map((event) => event.action.replace('settings.scoring_', ''))).toEqual([
        // The admin's row of the role matrix: REST PUT and DELETE, then MCP set and reset.
        'updated',
        'reset',
        'updated',
        'reset',
        // This test: set through MCP, then REST and MCP; reset through MCP, then REST and MCP.
        'updated',
        'updated',
        'updated',
        'reset',
        'reset',
        'reset',
      ]);
    });
  });

  it('get_adf_pipeline_status says clearly that no pipeline runs are available', async () => {
    for (const caller of all()) {
      const answer = await tool(caller, 'get_adf_pipeline_status', { pipeline: 'nightly', limit: 5 });
      expect({ who: caller.name, body: answer.body }).toEqual({
        who: caller.name,
        body: {
          available: false,
          reason: 'no_orchestration_connection',
          message: expect.stringMatching(/no .*factory.* connection exists/i),
          factory_connections: [],
          pipeline_runs: [],
        },
      });
      expect(toolOutcome(await tool(caller, 'get_adf_pipeline_status', { limit: 0 }))).toEqual(INVALID);
    }
    const created = await rest(callers.admin, 'POST', '/connections', {
      name: 'the-factory',
      kind: 'factory',
      config: { subscription_id: 'sub-1', resource_group: 'rg-1', factory_name: 'adf-1' },
      credential: {
        tenant_id: 'tenant-1',
        client_id: 'client-1',
        client_secret: 'factory-secret-never-shown',
      },
    });
    expect(created.status).toBe(201);
    const answer = await tool(callers.viewer, 'get_adf_pipeline_status');
    expect(answer.body).toEqual({
      available: false,
      reason: 'observer_not_available',
      message: expect.stringMatching(/not polled yet/),
      factory_connections: [{ id: (created.body as { id: string }).id, name: 'the-factory' }],
      pipeline_runs: [],
    });
  });

  it('no answer on either surface and no log line holds a planted value; no log line holds a PAT', () => {
    expect(surfaces.texts.length).toBeGreaterThan(200);
    expect(foundIn(surfaces.texts.join('\n'), PLANTED)).toEqual([]);
    const output = world.output();
    expect(output.length).toBeGreaterThan(0);
    expect(foundIn(output, PLANTED)).toEqual([]);
    const tokens = all().map((caller) => caller.token);
    expect(foundIn(output, tokens)).toEqual([]);
    // Nor the secret part of any PAT on its own.
    expect(
      foundIn(
        output,
        tokens.map((token) => token.slice(-24)),
      ),
    ).toEqual([]);
    expect(foundIn(output, ['factory-secret-never-shown', 'not-a-real-secret-value'])).toEqual([]);
  });
});
