/**
 * The suite and check tools of the MCP endpoint against the REST routes they wrap, over real HTTP
 * with the SDK's own client, one api-gateway, one mcp-gateway and one runner in one world, and a
 * real PostgreSQL table as the datasource:
 *  - reads of one object answer the same body through both surfaces, for every principal;
 *  - every tool, writes included, answers each principal (owner, edit share, view share, Viewer
 *    with a view share, stranger, admin) as REST does: success for 2xx, else the same status and
 *    error envelope; the REST statuses are those the spec's roles and grants call for;
 *  - a write through one surface is what the other reads at once;
 *  - profiles and dry-runs are redacted alike, and the planted email is never shown in clear;
 *  - nothing secret (the planted email, the tokens) reaches any process's output.
 */
import { randomUUID } from 'node:crypto';
import {
  type AppProcess,
  call,
  GatewayWorld,
  McpTestClient,
  pollUntil,
  ScratchDatabase,
  TERMINAL_RUN_STATES,
} from '@dq/testing';
import {
  ANOMALY_CHECK,
  DRIFT_CHECK,
  DRY_RUN_BODY,
  expectedFor,
  type Fixture,
  LIVE_KEYS,
  normaliser,
  NOT_NULL_CHECK,
  type Outcome,
  type ParityCase,
  PLANTED_EMAIL,
  PRINCIPAL_SETUP,
  PRINCIPALS,
  READ_CASES,
  type RestCaller,
  restOutcome,
  SCORE_CHECK,
  statusOf,
  TARGET,
  toolOutcome,
  type Who,
  withoutKeys,
  type WorldIds,
  WRITE_CASES,
} from './support/suites-parity-fixtures';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

const GATEWAY_ENV = { RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000', LOG_LEVEL: 'debug' };
/** The policy every fixture starts with: the email column masked, the rest shown. */
const START_POLICY = {
  columns: { id: 'allow', score: 'allow', country: 'allow', email: 'mask' },
  default: 'allow',
};

interface Row {
  case: string;
  outcome: Outcome;
}

describe('MCP suite and check tools answer as REST does', () => {
  const database = new ScratchDatabase('mcp_suites_parity');
  let world: GatewayWorld;
  let api: string;
  let mcp: AppProcess;
  const tokens = {} as Record<Who | 'grantee', string>;
  const clients = {} as Record<Who, McpTestClient>;
  let ids: WorldIds;
  let showcase: Fixture;

  const restAs =
    (who: Who | 'grantee'): RestCaller =>
    (method, path, body) =>
      call(api, method, path, { token: tokens[who], body });

  async function created<T>(method: string, path: string, body?: unknown, who: Who = 'owner'): Promise<T> {
    const answer = await restAs(who)(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
    return answer.body as T;
  }

  /** A suite of the owner's on the table, shared as the matrix needs, with four checks. */
  async function makeFixture(name: string): Promise<Fixture> {
    const suite = await created<{ id: string }>('POST', '/suites', {
      name,
      connection_id: ids.connectionId,
      target: TARGET,
    });
    const path = `/suites/${suite.id}`;
    for (const [who, grant] of [
      ['editor', 'edit'],
      ['reader', 'view'],
      ['viewer', 'view'],
    ] as const) {
      await created('POST', `${path}/shares`, { user_id: ids.users[who], grant });
    }
    await created('PUT', `${path}/column-policy`, START_POLICY);
    const check = async (body: object): Promise<string> =>
      (await created<{ id: string }>('POST', `${path}/checks`, body)).id;
    const checks = {
      notNull: await check(NOT_NULL_CHECK),
      score: await check(SCORE_CHECK),
      drift: await check(DRIFT_CHECK),
      anomaly: await check(ANOMALY_CHECK),
    };
    const document = await created<Record<string, unknown>>('GET', `${path}/export`);
    return { suiteId: suite.id, name, checks, document };
  }

  async function runToEnd(suiteId: string): Promise<void> {
    const run = await created<{ id: string }>('POST', `/suites/${suiteId}/run`, {});
    await pollUntil(
      async () => (await restAs('owner')('GET', `/runs/${run.id}/progress`)).body as { status: string },
      (progress) => TERMINAL_RUN_STATES.includes(progress.status),
      'the run to end',
    );
  }

  /** One case through both surfaces: REST's outcome and the tool's. */
  async function both(
    who: Who,
    parityCase: ParityCase,
    restFixture: Fixture,
    toolFixture: Fixture,
  ): Promise<{ rest: Outcome; tool: Outcome }> {
    const rest = restOutcome(await parityCase.rest(restAs(who), restFixture, ids));
    const tool = toolOutcome(
      await clients[who].call(parityCase.tool, parityCase.args(toolFixture, ids)),
      parityCase.toolShape,
    );
    return { rest, tool };
  }

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(
        `CREATE TABLE public.customers (id int NOT NULL, email text, country text, score int)`,
      );
      await client.query(
        `INSERT INTO public.customers VALUES (1, $1, 'UK', -3), (2, $1, 'UK', -1), (3, NULL, 'FR', 10),
           (4, 'n/a', 'DE', 20)`,
        [PLANTED_EMAIL],
      );
    });
    world = await GatewayWorld.create('mcp-suites-parity');
    const [gateway, mcpGateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK_EGRESS, ...GATEWAY_ENV }),
      world.startMcpGateway({ ...LOOPBACK_EGRESS, ...GATEWAY_ENV }),
      world.startRunner({ ...LOOPBACK_EGRESS, LOG_LEVEL: 'debug' }),
    ]);
    api = `${gateway.url}/api/v1`;
    mcp = mcpGateway;
    const users = {} as WorldIds['users'];
    for (const who of [...PRINCIPALS, 'grantee'] as const) {
      const role = who === 'grantee' ? 'member' : PRINCIPAL_SETUP[who].role;
      tokens[who] = await world.mintToken(`parity-${who}@example.test`, role);
      const me = await call(api, 'GET', '/me', { token: tokens[who] });
      users[who] = (me.body as { id: string }).id;
    }
    ids = { users, connectionId: await database.connect(api, tokens.admin, 'parity-db') };
    for (const who of PRINCIPALS) clients[who] = await McpTestClient.connect(mcp.url, { token: tokens[who] });

    showcase = await makeFixture(`parity-showcase-${randomUUID().slice(0, 8)}`);
    const path = `/suites/${showcase.suiteId}/checks`;
    await created('POST', `${path}/${showcase.checks.drift}/rebaseline`);
    await created('PATCH', `${path}/${showcase.checks.notNull}`, { thresholds: { warn: 1 } });
    // Two runs: the check history has points and list_suites a last run.
    await runToEnd(showcase.suiteId);
    await runToEnd(showcase.suiteId);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(Object.values(clients).map((client) => client.close()));
    await world?.close();
    await database.drop();
  });

  describe('same data: a read of one object answers the same through both surfaces', () => {
    it.each(PRINCIPALS)('as %s', async (who) => {
      const restRows: Row[] = [];
      const toolRows: Row[] = [];
      const statuses: { case: string; status: string | number }[] = [];
      const expected: typeof statuses = [];
      for (const parityCase of READ_CASES) {
        const { rest, tool } = await both(who, parityCase, showcase, showcase);
        restRows.push({ case: parityCase.name, outcome: withoutKeys(rest, LIVE_KEYS) as Outcome });
        toolRows.push({ case: parityCase.name, outcome: withoutKeys(tool, LIVE_KEYS) as Outcome });
        statuses.push({ case: parityCase.name, status: statusOf(rest) });
        expected.push({ case: parityCase.name, status: expectedFor(parityCase, who) });
      }
      expect(toolRows).toEqual(restRows);
      expect(statuses).toEqual(expected);
    });

    it.each(PRINCIPALS)(
      "as %s, list_suites' last_run of each suite is the newest run REST lists",
      async (who) => {
        const listed = await clients[who].call('list_suites');
        expect(listed.isError).toBe(false);
        const suites = (listed.body as { items: { id: string; last_run: unknown }[] }).items;
        for (const suite of suites) {
          const runs = await restAs(who)('GET', `/runs?suite_id=${suite.id}&limit=1`);
          expect(runs.status).toBe(200);
          expect({ suite: suite.id, last_run: suite.last_run }).toEqual({
            suite: suite.id,
            last_run: (runs.body as { items: unknown[] }).items[0] ?? null,
          });
        }
        const seen = suites.find((suite) => suite.id === showcase.suiteId);
        if (PRINCIPAL_SETUP[who].grant === null) expect(seen).toBeUndefined();
        else expect(seen?.last_run).toMatchObject({ suite_id: showcase.suiteId });
      },
    );

    it('get_check_history has the points of both runs, as REST has them', async () => {
      const history = await clients.reader.call('get_check_history', {
        suite_id: showcase.suiteId,
        check_id: showcase.checks.score,
      });
      const rest = await restAs('reader')(
        'GET',
        `/suites/${showcase.suiteId}/checks/${showcase.checks.score}/history`,
      );
      expect((history.body as { items: unknown[] }).items).toHaveLength(2);
      expect((history.body as { items: unknown[] }).items).toEqual(rest.body);
    });
  });

  describe('same refusals: every tool answers each principal as REST does', () => {
    it.each(PRINCIPALS)('as %s', async (who) => {
      const tag = randomUUID().slice(0, 8);
      const restFixture = await makeFixture(`parity-${who}-rest-${tag}`);
      const toolFixture = await makeFixture(`parity-${who}-mcp-${tag}`);
      const ofRest = normaliser(restFixture, ids);
      const ofTool = normaliser(toolFixture, ids);
      const restRows: Row[] = [];
      const toolRows: Row[] = [];
      const statuses: { case: string; status: string | number }[] = [];
      const expected: typeof statuses = [];
      for (const parityCase of [...READ_CASES, ...WRITE_CASES]) {
        const { rest, tool } = await both(who, parityCase, restFixture, toolFixture);
        const [restSeen, toolSeen] = parityCase.global
          ? [withoutKeys(rest, LIVE_KEYS), withoutKeys(tool, LIVE_KEYS)]
          : [ofRest(rest), ofTool(tool)];
        restRows.push({ case: parityCase.name, outcome: restSeen as Outcome });
        toolRows.push({ case: parityCase.name, outcome: toolSeen as Outcome });
        statuses.push({ case: parityCase.name, status: statusOf(rest) });
        expected.push({ case: parityCase.name, status: expectedFor(parityCase, who) });
      }
      expect(toolRows).toEqual(restRows);
      expect(statuses).toEqual(expected);
    });
  });

  describe('bad arguments: the same 422 (or 404 for an id) on both surfaces', () => {
    it.each(['owner', 'stranger'] as const)('as %s', async (who) => {
      const suite = `/suites/${showcase.suiteId}`;
      const snooze = `${suite}/checks/${showcase.checks.score}/snooze`;
      const cases: [string, Record<string, unknown>, string, string, unknown][] = [
        [
          'set_check_snooze',
          { suite_id: showcase.suiteId, check_id: showcase.checks.score, hours: 0 },
          'POST',
          snooze,
          { hours: 0 },
        ],
        [
          'set_check_snooze',
          { suite_id: showcase.suiteId, check_id: showcase.checks.score, hours: 721 },
          'POST',
          snooze,
          { hours: 721 },
        ],
        [
          'set_check_snooze',
          { suite_id: showcase.suiteId, check_id: showcase.checks.score, hours: 1.5 },
          'POST',
          snooze,
          { hours: 1.5 },
        ],
        ['update_suite', { suite_id: showcase.suiteId, surprise: true }, 'PATCH', suite, { surprise: true }],
        [
          'create_check',
          { suite_id: showcase.suiteId, kind: 'expectation' },
          'POST',
          `${suite}/checks`,
          { kind: 'expectation' },
        ],
        [
          'profile_column',
          { suite_id: showcase.suiteId, top_values: 21 },
          'POST',
          `${suite}/profile`,
          { top_values: 21 },
        ],
        ['search_users', { q: '' }, 'GET', '/users/search?q=', undefined],
        ['get_suite', { suite_id: 'not-a-suite-id' }, 'GET', '/suites/not-a-suite-id', undefined],
        [
          'list_checks',
          { suite_id: showcase.suiteId, check_ids: ['not-a-check-id'] },
          'GET',
          `${suite}/checks/not-a-check-id`,
          undefined,
        ],
      ];
      const restRows: unknown[] = [];
      const toolRows: unknown[] = [];
      for (const [tool, args, method, path, body] of cases) {
        const rest = restOutcome(await restAs(who)(method, path, body));
        const answer = toolOutcome(await clients[who].call(tool, args));
        const code = (outcome: Outcome) =>
          outcome.ok ? 'ok' : `${outcome.status} ${(outcome.error as { code: string }).code}`;
        restRows.push({ tool, args, answer: code(rest) });
        toolRows.push({ tool, args, answer: code(answer) });
      }
      expect(toolRows).toEqual(restRows);
      // Validation comes before the suite is looked up: a stranger learns nothing from it.
      expect(restRows.map((row) => (row as { answer: string }).answer)).toEqual([
        ...Array<string>(7).fill('422 validation_failed'),
        '404 not_found',
        '404 not_found',
      ]);
    });
  });

  describe('writes through one surface are read through the other at once', () => {
    let suiteId: string;

    beforeAll(async () => {
      suiteId = (await makeFixture(`parity-crossing-${randomUUID().slice(0, 8)}`)).suiteId;
    });

    it('a check made by create_check is what REST reads; one made through REST is in list_checks', async () => {
      const body = {
        name: 'made through MCP',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'email' } },
      };
      const viaTool = await clients.editor.call('create_check', { suite_id: suiteId, ...body });
      expect(viaTool.isError).toBe(false);
      const toolCheck = viaTool.body as { id: string };
      const readByRest = await restAs('reader')('GET', `/suites/${suiteId}/checks/${toolCheck.id}`);
      expect(readByRest.status).toBe(200);
      expect(readByRest.body).toEqual(toolCheck);

      const viaRest = await restAs('editor')('POST', `/suites/${suiteId}/checks`, {
        ...body,
        name: 'made through REST',
      });
      expect(viaRest.status).toBe(201);
      const restCheck = viaRest.body as { id: string };
      const listed = await clients.reader.call('list_checks', { suite_id: suiteId });
      expect((listed.body as { items: unknown[] }).items).toContainEqual(restCheck);
      const picked = await clients.viewer.call('list_checks', {
        suite_id: suiteId,
        check_ids: [restCheck.id],
      });
      expect(picked.body).toEqual({ items: [restCheck], next_cursor: null });
    });

    it('an update_check, a snooze and a restore are what REST reads next', async () => {
      const restCheck = await created<{ id: string }>('POST', `/suites/${suiteId}/checks`, {
        ...NOT_NULL_CHECK,
        name: 'changed through MCP',
      });
      const path = `/suites/${suiteId}/checks/${restCheck.id}`;
      const updated = await clients.editor.call('update_check', {
        suite_id: suiteId,
        check_id: restCheck.id,
        thresholds: { warn: 2, fail: 10 },
      });
      expect(updated.body).toMatchObject({ version: 2, thresholds: { warn: 2, fail: 10 } });
      expect((await restAs('viewer')('GET', path)).body).toEqual(updated.body);

      const snoozed = await clients.owner.call('set_check_snooze', {
        suite_id: suiteId,
        check_id: restCheck.id,
        hours: 3,
      });
      expect((snoozed.body as { snoozed_until: string | null }).snoozed_until).toEqual(expect.any(String));
      expect((await restAs('reader')('GET', path)).body).toEqual(snoozed.body);
      const unsnoozed = await clients.owner.call('set_check_snooze', {
        suite_id: suiteId,
        check_id: restCheck.id,
      });
      expect(unsnoozed.body).toMatchObject({ snoozed_until: null });
      expect((await restAs('reader')('GET', path)).body).toEqual(unsnoozed.body);

      const restored = await clients.admin.call('restore_check_version', {
        suite_id: suiteId,
        check_id: restCheck.id,
        version: 1,
      });
      expect(restored.body).toMatchObject({ version: 3, thresholds: null });
      const versions = await restAs('reader')('GET', `${path}/versions`);
      const toolVersions = await clients.reader.call('list_check_versions', {
        suite_id: suiteId,
        check_id: restCheck.id,
      });
      expect(toolVersions.body).toEqual(versions.body);
      expect(
        (versions.body as { items: { version: number }[] }).items.map((version) => version.version),
      ).toEqual([3, 2, 1]);
    });

    it('a suite made by create_suite is what REST reads; one made through REST is what get_suite and list_suites answer', async () => {
      const viaTool = await clients.editor.call('create_suite', {
        name: `parity-made-by-mcp-${randomUUID().slice(0, 8)}`,
        connection_id: ids.connectionId,
        target: TARGET,
      });
      expect(viaTool.isError).toBe(false);
      const toolSuite = viaTool.body as { id: string; owner_id: string };
      expect(toolSuite.owner_id).toBe(ids.users.editor);
      const readByRest = await restAs('editor')('GET', `/suites/${toolSuite.id}`);
      expect(readByRest.body).toEqual(toolSuite);
      expect((await restAs('owner')('GET', `/suites/${toolSuite.id}`)).status).toBe(404);
      expect((await restAs('admin')('GET', `/suites/${toolSuite.id}`)).body).toEqual({
        ...toolSuite,
        my_grant: 'admin',
      });

      const viaRest = await restAs('reader')('POST', '/suites', {
        name: `parity-made-by-rest-${randomUUID().slice(0, 8)}`,
        connection_id: ids.connectionId,
        target: TARGET,
      });
      expect(viaRest.status).toBe(201);
      const restSuite = viaRest.body as { id: string };
      expect((await clients.reader.call('get_suite', { suite_id: restSuite.id })).body).toEqual(restSuite);
      const listed = await clients.reader.call('list_suites');
      expect((listed.body as { items: unknown[] }).items).toContainEqual({ ...restSuite, last_run: null });
      const hidden = await clients.editor.call('get_suite', { suite_id: restSuite.id });
      expect(hidden.body).toMatchObject({ status: 404, error: { code: 'not_found' } });

      // A delete through one surface is a 404 through the other at once.
      expect((await clients.reader.call('delete_suite', { suite_id: restSuite.id })).isError).toBe(false);
      expect((await restAs('reader')('GET', `/suites/${restSuite.id}`)).status).toBe(404);
      expect((await restAs('editor')('DELETE', `/suites/${toolSuite.id}`)).status).toBe(204);
      const gone = await clients.editor.call('get_suite', { suite_id: toolSuite.id });
      expect(gone.body).toMatchObject({ status: 404, error: { code: 'not_found' } });
    });

    it('shares and the column policy set through MCP are what REST reads, and the reverse', async () => {
      const granted = await clients.owner.call('set_suite_share', {
        suite_id: suiteId,
        user_id: ids.users.grantee,
        grant: 'view',
      });
      expect(granted.body).toMatchObject({ user_id: ids.users.grantee, grant: 'view' });
      const shares = await restAs('grantee')('GET', `/suites/${suiteId}/shares`);
      expect(shares.status).toBe(200);
      expect((shares.body as { items: unknown[] }).items).toContainEqual(granted.body);
      const changed = await restAs('owner')('PATCH', `/suites/${suiteId}/shares/${ids.users.grantee}`, {
        grant: 'edit',
      });
      const listed = await clients.reader.call('list_suite_shares', { suite_id: suiteId });
      expect((listed.body as { items: unknown[] }).items).toContainEqual(changed.body);
      expect(
        (await clients.owner.call('revoke_suite_share', { suite_id: suiteId, user_id: ids.users.grantee }))
          .body,
      ).toEqual({
        revoked: true,
        suite_id: suiteId,
        user_id: ids.users.grantee,
      });
      expect((await restAs('grantee')('GET', `/suites/${suiteId}`)).status).toBe(404);

      const policy = { columns: { email: 'redact', country: 'allow' }, default: 'mask' };
      const set = await clients.admin.call('set_column_policy', { suite_id: suiteId, ...policy });
      expect(set.body).toEqual(policy);
      expect((await restAs('viewer')('GET', `/suites/${suiteId}/column-policy`)).body).toEqual(policy);
      await created('PUT', `/suites/${suiteId}/column-policy`, START_POLICY);
      expect((await clients.viewer.call('get_column_policy', { suite_id: suiteId })).body).toEqual(
        START_POLICY,
      );
    });
  });

  describe('redaction: profiles and dry-runs are redacted alike on both surfaces', () => {
    let suiteId: string;

    beforeAll(async () => {
      suiteId = (await makeFixture(`parity-redaction-${randomUUID().slice(0, 8)}`)).suiteId;
    });

    it.each(['mask', 'redact'] as const)(
      'a policy that says %s for the email column: the same answers, no planted email in either',
      async (treatment) => {
        const policy = {
          columns: { id: 'allow', score: 'allow', country: 'allow', email: treatment },
          default: 'allow',
        };
        expect((await restAs('owner')('PUT', `/suites/${suiteId}/column-policy`, policy)).status).toBe(200);
        for (const who of ['owner', 'editor', 'admin'] as const) {
          const profileBody = { columns: ['id', 'email', 'score'], top_values: 5 };
          const restProfile = await restAs(who)('POST', `/suites/${suiteId}/profile`, profileBody);
          const toolProfile = await clients[who].call('profile_column', {
            suite_id: suiteId,
            ...profileBody,
          });
          expect(restProfile.status).toBe(200);
          expect(toolProfile.isError).toBe(false);
          expect(withoutKeys(toolProfile.body, LIVE_KEYS)).toEqual(withoutKeys(restProfile.body, LIVE_KEYS));
          expect(restProfile.text).not.toContain(PLANTED_EMAIL);
          expect(JSON.stringify(toolProfile.raw)).not.toContain(PLANTED_EMAIL);
          const email = (
            toolProfile.body as {
              columns: { name: string; top_values: { value: string | null; count: number }[] }[];
            }
          ).columns.find((column) => column.name === 'email');
          // The planted value is the most frequent one: profiled, but not shown.
          expect(email?.top_values[0]).toEqual({ value: expect.any(String), count: 2 });

          const restDryRun = await restAs(who)('POST', `/suites/${suiteId}/checks/dryrun`, DRY_RUN_BODY);
          const toolDryRun = await clients[who].call('dry_run_check', { suite_id: suiteId, ...DRY_RUN_BODY });
          expect(restDryRun.status).toBe(200);
          expect(toolDryRun.isError).toBe(false);
          expect(withoutKeys(toolDryRun.body, LIVE_KEYS)).toEqual(withoutKeys(restDryRun.body, LIVE_KEYS));
          expect(restDryRun.text).not.toContain(PLANTED_EMAIL);
          expect(JSON.stringify(toolDryRun.raw)).not.toContain(PLANTED_EMAIL);
          const samples = (toolDryRun.body as { outcome: string; samples: Record<string, unknown>[] })
            .samples;
          expect(toolDryRun.body).toMatchObject({ outcome: 'fail' });
          // Both failing rows are sampled; the policy hides the email, not the evidence.
          expect(samples.map((sample) => String(sample['id'])).sort()).toEqual(['1', '2']);
          for (const sample of samples) {
            expect(sample['email']).toEqual(expect.any(String));
            if (treatment === 'redact') expect(sample['email']).toBe('[redacted]');
          }
        }
        // Those who may not profile are refused alike.
        for (const who of ['reader', 'viewer', 'stranger'] as const) {
          const rest = await restAs(who)('POST', `/suites/${suiteId}/profile`, {});
          const tool = await clients[who].call('profile_column', { suite_id: suiteId });
          expect(tool.body).toEqual({ ...(rest.body as object), status: rest.status });
          expect(rest.status).toBe(who === 'stranger' ? 404 : 403);
        }
      },
    );
  });

  describe('secrets', () => {
    it('nothing secret reaches any process output: not the planted email, not a token', () => {
      const output = world.output();
      expect(output.length).toBeGreaterThan(0);
      expect(output).not.toContain(PLANTED_EMAIL);
      for (const [who, token] of Object.entries(tokens)) {
        expect({ who, leaked: output.includes(token) }).toEqual({ who, leaked: false });
      }
    });
  });
});
