/**
 * The suite and check tools of the MCP endpoint side by side with the REST calls they wrap: who
 * the tests act as, the objects they act on, each tool call with its REST twin, what a role and a
 * grant should get, and the comparison of the two answers (REST's body or error envelope and
 * status, against the tool's body or `{error, status}`).
 */
import { type HttpResult, type McpToolAnswer } from '@dq/testing';

/** The principals of the matrix: a suite owner and five others, each with their grant on it. */
export const PRINCIPALS = ['owner', 'editor', 'reader', 'viewer', 'stranger', 'admin'] as const;
export type Who = (typeof PRINCIPALS)[number];

/** Workspace role of each principal and the grant each holds on a fixture suite. */
export const PRINCIPAL_SETUP: Record<Who, { role: 'admin' | 'member' | 'viewer'; grant: Grant | null }> = {
  owner: { role: 'member', grant: 'owner' },
  editor: { role: 'member', grant: 'edit' },
  reader: { role: 'member', grant: 'view' },
  viewer: { role: 'viewer', grant: 'view' },
  stranger: { role: 'member', grant: null },
  admin: { role: 'admin', grant: 'admin' },
};

type Grant = 'view' | 'edit' | 'admin' | 'owner';
const GRANT_ORDER: readonly Grant[] = ['view', 'edit', 'admin', 'owner'];

/** A personal value planted in the datasource: no answer and no log line may show it in clear. */
export const PLANTED_EMAIL = 'ada.lovelace@parity-planted.example.com';

/** The datasource table every suite of these tests points at. */
export const TARGET = 'public.customers';

export const NOT_NULL_CHECK = {
  name: 'id present',
  kind: 'expectation',
  config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
};

/** Fails on two rows, both holding the planted email: its samples show what redaction does. */
export const SCORE_CHECK = {
  name: 'score not negative',
  kind: 'expectation',
  config: {
    expectation_type: 'expect_column_values_to_be_between',
    kwargs: { column: 'score', min_value: 0 },
  },
};

export const DRIFT_CHECK = { name: 'schema', kind: 'schema_drift', config: {} };
export const ANOMALY_CHECK = {
  name: 'row count anomaly',
  kind: 'anomaly',
  config: { metric: 'row_count', min_points: 3 },
};

/** A suite with its checks, as each test acts on it. */
export interface Fixture {
  suiteId: string;
  name: string;
  checks: { notNull: string; score: string; drift: string; anomaly: string };
  /** The suite's export, taken by its owner through REST when the fixture was made. */
  document: Record<string, unknown>;
}

/** Stable ids of the world (users, the connection) that a normalisation keeps as they are. */
export interface WorldIds {
  users: Record<Who | 'grantee', string>;
  connectionId: string;
}

/** One REST request with the caller's token already bound. */
export type RestCaller = (method: string, path: string, body?: unknown) => Promise<HttpResult>;

/** REST's answer to one tool call: the status and the body, mapped into the tool's shape on success. */
export interface RestAnswer {
  status: number;
  body: unknown;
}

export type RestRequest = (rest: RestCaller, fixture: Fixture, ids: WorldIds) => Promise<RestAnswer>;

/** What a principal should get: `ok` (2xx / no `isError`) or the failure status. */
export type Expected = 'ok' | number;

export interface ParityCase {
  name: string;
  tool: string;
  args: (fixture: Fixture, ids: WorldIds) => Record<string, unknown>;
  rest: RestRequest;
  /** The least the call needs: any role, the create capability, or a grant on the suite. */
  needs: 'any' | 'create' | Grant;
  /** The answer of a principal the call is allowed to (default `ok`). */
  allowed?: Expected;
  /** Overrides needs/allowed when the answer depends on more than the grant. */
  expected?: (who: Who) => Expected;
  /** Maps the tool's success body before comparing (e.g. list_suites' `last_run`). */
  toolShape?: (body: unknown) => unknown;
  /** A workspace-wide read (not of the fixture): both answers must be equal as they are. */
  global?: boolean;
}

/** What REST answered for a principal, derived from the spec's rules for that call. */
export function expectedFor(parityCase: ParityCase, who: Who): Expected {
  if (parityCase.expected) return parityCase.expected(who);
  const allowed = parityCase.allowed ?? 'ok';
  const { role, grant } = PRINCIPAL_SETUP[who];
  if (parityCase.needs === 'any') return allowed;
  if (parityCase.needs === 'create') return role === 'viewer' ? 403 : allowed;
  if (grant === null) return 404;
  return GRANT_ORDER.indexOf(grant) >= GRANT_ORDER.indexOf(parityCase.needs) ? allowed : 403;
}

/** One REST request; on success its body is mapped into the tool's shape by `shape`. */
export function http(
  method: string,
  path: (fixture: Fixture, ids: WorldIds) => string,
  options: {
    body?: (fixture: Fixture, ids: WorldIds) => unknown;
    shape?: (body: unknown, fixture: Fixture, ids: WorldIds) => unknown;
  } = {},
): RestRequest {
  return async (rest, fixture, ids) => {
    const answer = await rest(method, path(fixture, ids), options.body?.(fixture, ids));
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      status: answer.status,
      body: ok && options.shape ? options.shape(answer.body, fixture, ids) : answer.body,
    };
  };
}

/** Several REST requests, as one tool makes them: the first refusal, else the last answer. */
export function sequence(...steps: RestRequest[]): RestRequest {
  return async (rest, fixture, ids) => {
    let last: RestAnswer = { status: 204, body: undefined };
    for (const step of steps) {
      last = await step(rest, fixture, ids);
      if (last.status >= 300) return last;
    }
    return last;
  };
}

const items = (body: unknown): unknown => ({ items: body });
/** GET /suites' array (its paging in headers) as the tool's one page. */
const onePage = (body: unknown): unknown => ({ items: body, next_cursor: null });
/** A tool's page without its cursor, for a REST list whose cursor travels in the Link header. */
const pageItems = (body: unknown): unknown => ({ items: (body as { items: unknown }).items });

/** A tool answer or a REST answer, reduced to what must be the same on both surfaces. */
export type Outcome = { ok: true; body: unknown } | { ok: false; status: number; error: unknown };

export function restOutcome(answer: RestAnswer): Outcome {
  if (answer.status >= 200 && answer.status < 300) return { ok: true, body: answer.body };
  const envelope = answer.body as { error?: unknown } | undefined;
  return { ok: false, status: answer.status, error: envelope?.error ?? answer.body };
}

export function toolOutcome(answer: McpToolAnswer, shape?: (body: unknown) => unknown): Outcome {
  if (!answer.isError) return { ok: true, body: shape ? shape(answer.body) : answer.body };
  const failure = answer.body as { error?: unknown; status?: number };
  return { ok: false, status: failure.status ?? -1, error: failure.error ?? answer.body };
}

export function statusOf(outcome: Outcome): Expected {
  return outcome.ok ? 'ok' : outcome.status;
}

/** Drops keys that legitimately differ between two live reads (timings, export time). */
export function withoutKeys(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !keys.includes(key))
      .map(([key, item]) => [key, withoutKeys(item, keys)]),
  );
}

/** Keys whose values differ between two runs of the same read even on one object. */
export const LIVE_KEYS = ['duration_ms', 'exported_at'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;

/**
 * Twin fixtures (one written through REST, one through MCP) compared as one: each fixture's ids
 * and name become the same symbols, ids minted during the calls and timestamps become
 * stand-in markers, timings are dropped. Users and the connection keep their ids.
 */
export function normaliser(fixture: Fixture, ids: WorldIds): (value: unknown) => unknown {
  const symbols = new Map<string, string>([
    [fixture.suiteId, '<suite>'],
    [fixture.checks.notNull, '<check:not-null>'],
    [fixture.checks.score, '<check:score>'],
    [fixture.checks.drift, '<check:drift>'],
    [fixture.checks.anomaly, '<check:anomaly>'],
  ]);
  const stable = new Set([...Object.values(ids.users), ids.connectionId]);
  const text = (value: string): string => {
    const symbol = symbols.get(value);
    if (symbol !== undefined) return symbol;
    if (UUID.test(value) && !stable.has(value)) return '<minted-id>';
    return value.split(fixture.name).join('<fixture>').replace(ISO_TIME, '<time>');
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'duration_ms')
        .map(([key, item]) => [text(key), walk(item)]),
    );
  };
  return walk;
}

/** list_suites adds each suite's last run to REST's list; the list itself must be REST's. */
export function withoutLastRun(body: unknown): unknown {
  const page = body as { items: Record<string, unknown>[]; next_cursor: string | null };
  return {
    items: page.items.map(({ last_run: _lastRun, ...suite }) => suite),
    next_cursor: page.next_cursor,
  };
}

export const DRY_RUN_BODY = { ...SCORE_CHECK, name: 'score dry run' };
const PROFILE_BODY = { columns: ['id', 'email', 'score'], top_values: 5 };
const suitePath = (fixture: Fixture): string => `/suites/${fixture.suiteId}`;
const checkPath = (fixture: Fixture, check: keyof Fixture['checks']): string =>
  `${suitePath(fixture)}/checks/${fixture.checks[check]}`;

/**
 * Reads: every suite and check read tool with its REST twin. On one object they must answer the
 * same body; run on twin fixtures, the same body up to ids and times.
 */
export const READ_CASES: ParityCase[] = [
  {
    name: 'list_suites',
    tool: 'list_suites',
    args: () => ({}),
    rest: http('GET', () => '/suites', { shape: onePage }),
    toolShape: withoutLastRun,
    needs: 'any',
    global: true,
  },
  {
    name: 'get_suite',
    tool: 'get_suite',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', suitePath),
    needs: 'view',
  },
  {
    name: 'export_suite',
    tool: 'export_suite',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/export`),
    needs: 'view',
  },
  {
    name: 'list_suite_columns',
    tool: 'list_suite_columns',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/columns`, { shape: (body) => ({ columns: body }) }),
    needs: 'view',
  },
  {
    name: 'preview_suite_batch (a SQL suite has no files)',
    tool: 'preview_suite_batch',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/batch-preview`),
    needs: 'view',
    allowed: 422,
  },
  {
    name: 'profile_column',
    tool: 'profile_column',
    args: (f) => ({ suite_id: f.suiteId, ...PROFILE_BODY }),
    rest: http('POST', (f) => `${suitePath(f)}/profile`, { body: () => PROFILE_BODY }),
    needs: 'edit',
  },
  {
    name: 'profile_column of a column that is not there',
    tool: 'profile_column',
    args: (f) => ({ suite_id: f.suiteId, columns: ['no_such_column'] }),
    rest: http('POST', (f) => `${suitePath(f)}/profile`, { body: () => ({ columns: ['no_such_column'] }) }),
    needs: 'edit',
    allowed: 422,
  },
  {
    name: 'suggest_column_policy',
    tool: 'suggest_column_policy',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('POST', (f) => `${suitePath(f)}/column-policy/suggest`, { body: () => ({}) }),
    needs: 'edit',
  },
  {
    name: 'get_column_policy',
    tool: 'get_column_policy',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/column-policy`),
    needs: 'view',
  },
  {
    name: 'list_suite_shares',
    tool: 'list_suite_shares',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/shares`),
    needs: 'view',
  },
  {
    name: 'search_users',
    tool: 'search_users',
    args: () => ({ q: 'parity-' }),
    rest: http('GET', () => '/users/search?q=parity-'),
    needs: 'any',
    global: true,
  },
  {
    name: 'list_checks',
    tool: 'list_checks',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/checks`),
    needs: 'view',
  },
  {
    name: 'list_checks with check_ids',
    tool: 'list_checks',
    args: (f) => ({ suite_id: f.suiteId, check_ids: [f.checks.drift, f.checks.notNull] }),
    rest: async (rest, f, ids) => {
      const read: unknown[] = [];
      for (const check of ['drift', 'notNull'] as const) {
        const answer = await http('GET', (fixture) => checkPath(fixture, check))(rest, f, ids);
        if (answer.status >= 300) return answer;
        read.push(answer.body);
      }
      return { status: 200, body: { items: read, next_cursor: null } };
    },
    needs: 'view',
  },
  {
    name: 'list_checks with a check_id of no check',
    tool: 'list_checks',
    args: (f) => ({
      suite_id: f.suiteId,
      check_ids: [f.checks.notNull, '00000000-0000-4000-8000-000000000000'],
    }),
    rest: sequence(
      http('GET', (f) => checkPath(f, 'notNull')),
      http('GET', (f) => `${suitePath(f)}/checks/00000000-0000-4000-8000-000000000000`),
    ),
    needs: 'view',
    allowed: 404,
  },
  {
    name: 'list_check_versions',
    tool: 'list_check_versions',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull }),
    rest: http('GET', (f) => `${checkPath(f, 'notNull')}/versions`),
    needs: 'view',
  },
  {
    name: 'get_check_history',
    tool: 'get_check_history',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.score }),
    rest: http('GET', (f) => `${checkPath(f, 'score')}/history`, { shape: items }),
    toolShape: pageItems,
    needs: 'view',
  },
  {
    name: 'get_check_history with a limit',
    tool: 'get_check_history',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.score, limit: 1 }),
    rest: http('GET', (f) => `${checkPath(f, 'score')}/history?limit=1`, { shape: items }),
    toolShape: pageItems,
    needs: 'view',
  },
  {
    name: 'get_schema_baseline of a schema-drift check',
    tool: 'get_schema_baseline',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.drift }),
    rest: http('GET', (f) => `${checkPath(f, 'drift')}/baseline`),
    needs: 'view',
  },
  {
    name: 'get_schema_baseline of an anomaly check',
    tool: 'get_schema_baseline',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.anomaly }),
    rest: http('GET', (f) => `${checkPath(f, 'anomaly')}/baseline`),
    needs: 'view',
  },
  {
    name: 'get_schema_baseline of an expectation (none)',
    tool: 'get_schema_baseline',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull }),
    rest: http('GET', (f) => `${checkPath(f, 'notNull')}/baseline`),
    needs: 'view',
    allowed: 422,
  },
  {
    name: 'dry_run_check',
    tool: 'dry_run_check',
    args: (f) => ({ suite_id: f.suiteId, ...DRY_RUN_BODY }),
    rest: http('POST', (f) => `${suitePath(f)}/checks/dryrun`, { body: () => DRY_RUN_BODY }),
    needs: 'edit',
  },
];

const ADDED_CHECK = {
  name: 'added check',
  kind: 'expectation',
  config: { expectation_type: 'expect_column_values_to_be_unique', kwargs: { column: 'id' } },
};
const BAD_CHECK = {
  name: 'bad bounds',
  kind: 'expectation',
  config: {
    expectation_type: 'expect_column_values_to_be_between',
    kwargs: { column: 'score', min_value: 3, max_value: 1 },
  },
};
const MASKING_POLICY = { columns: { id: 'allow', score: 'allow', email: 'redact' }, default: 'mask' };

/** A suite an owner or admin deleted is gone for them; the others keep reading it. */
const deletedFor = (who: Who): Expected =>
  who === 'owner' || who === 'admin' || who === 'stranger' ? 404 : 'ok';

/**
 * Writes, in the order the matrix makes them, each principal on its own twin fixtures: every
 * write lands on one twin through REST and on the other through MCP, so both stay in step.
 */
export const WRITE_CASES: ParityCase[] = [
  {
    name: 'update_suite',
    tool: 'update_suite',
    args: (f) => ({ suite_id: f.suiteId, description: 'changed by the matrix' }),
    rest: http('PATCH', suitePath, { body: () => ({ description: 'changed by the matrix' }) }),
    needs: 'edit',
  },
  {
    name: 'update_suite to a target the connection cannot hold',
    tool: 'update_suite',
    args: (f) => ({ suite_id: f.suiteId, target: 'public.customers; DROP TABLE x' }),
    rest: http('PATCH', suitePath, { body: () => ({ target: 'public.customers; DROP TABLE x' }) }),
    needs: 'edit',
    allowed: 422,
  },
  {
    name: 'create_check',
    tool: 'create_check',
    args: (f) => ({ suite_id: f.suiteId, ...ADDED_CHECK }),
    rest: http('POST', (f) => `${suitePath(f)}/checks`, { body: () => ADDED_CHECK }),
    needs: 'edit',
  },
  {
    name: 'create_check of a name the suite has (409)',
    tool: 'create_check',
    args: (f) => ({ suite_id: f.suiteId, ...NOT_NULL_CHECK }),
    rest: http('POST', (f) => `${suitePath(f)}/checks`, { body: () => NOT_NULL_CHECK }),
    needs: 'edit',
    allowed: 409,
  },
  {
    name: 'create_check with a bad config (422)',
    tool: 'create_check',
    args: (f) => ({ suite_id: f.suiteId, ...BAD_CHECK }),
    rest: http('POST', (f) => `${suitePath(f)}/checks`, { body: () => BAD_CHECK }),
    needs: 'edit',
    allowed: 422,
  },
  {
    name: 'update_check',
    tool: 'update_check',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull, thresholds: { warn: 1, fail: 5 } }),
    rest: http('PATCH', (f) => checkPath(f, 'notNull'), {
      body: () => ({ thresholds: { warn: 1, fail: 5 } }),
    }),
    needs: 'edit',
  },
  {
    name: 'update_check changing its kind (422)',
    tool: 'update_check',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull, kind: 'volume' }),
    rest: http('PATCH', (f) => checkPath(f, 'notNull'), { body: () => ({ kind: 'volume' }) }),
    needs: 'edit',
    allowed: 422,
  },
  {
    name: 'list_check_versions after an update',
    tool: 'list_check_versions',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull }),
    rest: http('GET', (f) => `${checkPath(f, 'notNull')}/versions`),
    needs: 'view',
  },
  {
    name: 'restore_check_version',
    tool: 'restore_check_version',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull, version: 1 }),
    rest: http('POST', (f) => `${checkPath(f, 'notNull')}/versions/1/restore`),
    needs: 'edit',
  },
  {
    name: 'restore_check_version of a version that is not there (404)',
    tool: 'restore_check_version',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull, version: 99 }),
    rest: http('POST', (f) => `${checkPath(f, 'notNull')}/versions/99/restore`),
    needs: 'edit',
    allowed: 404,
  },
  {
    name: 'set_check_snooze (snooze)',
    tool: 'set_check_snooze',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.score, hours: 24 }),
    rest: http('POST', (f) => `${checkPath(f, 'score')}/snooze`, { body: () => ({ hours: 24 }) }),
    needs: 'edit',
  },
  {
    name: 'set_check_snooze (unsnooze)',
    tool: 'set_check_snooze',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.score }),
    rest: sequence(
      http('DELETE', (f) => `${checkPath(f, 'score')}/snooze`),
      http('GET', (f) => checkPath(f, 'score')),
    ),
    needs: 'edit',
  },
  {
    name: 'rebaseline_check',
    tool: 'rebaseline_check',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.drift }),
    rest: http('POST', (f) => `${checkPath(f, 'drift')}/rebaseline`),
    needs: 'edit',
  },
  {
    name: 'get_schema_baseline after a rebaseline',
    tool: 'get_schema_baseline',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.drift }),
    rest: http('GET', (f) => `${checkPath(f, 'drift')}/baseline`),
    needs: 'view',
  },
  {
    name: 'set_column_policy',
    tool: 'set_column_policy',
    args: (f) => ({ suite_id: f.suiteId, ...MASKING_POLICY }),
    rest: http('PUT', (f) => `${suitePath(f)}/column-policy`, { body: () => MASKING_POLICY }),
    needs: 'admin',
  },
  {
    // The policy is checked before the suite is looked up: the same 422 for everyone.
    name: 'set_column_policy with an unknown treatment (422)',
    tool: 'set_column_policy',
    args: (f) => ({ suite_id: f.suiteId, columns: { email: 'shout' } }),
    rest: http('PUT', (f) => `${suitePath(f)}/column-policy`, {
      body: () => ({ columns: { email: 'shout' } }),
    }),
    needs: 'any',
    allowed: 422,
  },
  {
    name: 'set_suite_share (grant)',
    tool: 'set_suite_share',
    args: (f, ids) => ({ suite_id: f.suiteId, user_id: ids.users.grantee, grant: 'view' }),
    rest: http('POST', (f) => `${suitePath(f)}/shares`, {
      body: (_f, ids) => ({ user_id: ids.users.grantee, grant: 'view' }),
    }),
    needs: 'admin',
  },
  {
    name: 'set_suite_share (change an existing share)',
    tool: 'set_suite_share',
    args: (f, ids) => ({ suite_id: f.suiteId, user_id: ids.users.grantee, grant: 'edit' }),
    rest: http('PATCH', (f, ids) => `${suitePath(f)}/shares/${ids.users.grantee}`, {
      body: () => ({ grant: 'edit' }),
    }),
    needs: 'admin',
  },
  {
    name: 'list_suite_shares after the grants',
    tool: 'list_suite_shares',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/shares`),
    needs: 'view',
  },
  {
    name: 'set_suite_share of edit to a Viewer (422)',
    tool: 'set_suite_share',
    args: (f, ids) => ({ suite_id: f.suiteId, user_id: ids.users.viewer, grant: 'edit' }),
    rest: http('PATCH', (f, ids) => `${suitePath(f)}/shares/${ids.users.viewer}`, {
      body: () => ({ grant: 'edit' }),
    }),
    needs: 'admin',
    allowed: 422,
  },
  {
    name: 'set_suite_share to the owner (409)',
    tool: 'set_suite_share',
    args: (f, ids) => ({ suite_id: f.suiteId, user_id: ids.users.owner, grant: 'view' }),
    rest: http('POST', (f) => `${suitePath(f)}/shares`, {
      body: (_f, ids) => ({ user_id: ids.users.owner, grant: 'view' }),
    }),
    needs: 'admin',
    allowed: 409,
  },
  {
    name: 'revoke_suite_share',
    tool: 'revoke_suite_share',
    args: (f, ids) => ({ suite_id: f.suiteId, user_id: ids.users.grantee }),
    rest: http('DELETE', (f, ids) => `${suitePath(f)}/shares/${ids.users.grantee}`, {
      shape: (_body, f, ids) => ({ revoked: true, suite_id: f.suiteId, user_id: ids.users.grantee }),
    }),
    needs: 'admin',
  },
  {
    name: 'revoke_suite_share of no share (404)',
    tool: 'revoke_suite_share',
    args: (f, ids) => ({ suite_id: f.suiteId, user_id: ids.users.grantee }),
    rest: http('DELETE', (f, ids) => `${suitePath(f)}/shares/${ids.users.grantee}`),
    needs: 'admin',
    allowed: 404,
  },
  {
    name: 'delete_check',
    tool: 'delete_check',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull }),
    rest: http('DELETE', (f) => checkPath(f, 'notNull'), {
      shape: (_body, f) => ({ deleted: true, check_id: f.checks.notNull }),
    }),
    needs: 'edit',
  },
  {
    name: 'delete_check of a deleted check (404)',
    tool: 'delete_check',
    args: (f) => ({ suite_id: f.suiteId, check_id: f.checks.notNull }),
    rest: http('DELETE', (f) => checkPath(f, 'notNull')),
    needs: 'view',
    expected: (who) => (PRINCIPAL_SETUP[who].grant === 'view' ? 403 : 404),
  },
  {
    name: 'create_suite',
    tool: 'create_suite',
    args: (f, ids) => ({ name: `${f.name} created`, connection_id: ids.connectionId, target: TARGET }),
    rest: http('POST', () => '/suites', {
      body: (f, ids) => ({ name: `${f.name} created`, connection_id: ids.connectionId, target: TARGET }),
    }),
    needs: 'create',
  },
  {
    name: 'create_suite on a connection that is not there (422)',
    tool: 'create_suite',
    args: (f) => ({
      name: `${f.name} nowhere`,
      connection_id: '00000000-0000-4000-8000-000000000000',
      target: TARGET,
    }),
    rest: http('POST', () => '/suites', {
      body: (f) => ({
        name: `${f.name} nowhere`,
        connection_id: '00000000-0000-4000-8000-000000000000',
        target: TARGET,
      }),
    }),
    needs: 'create',
    allowed: 422,
  },
  {
    // Same name as the fixture: the owner, an editor and an admin update it in place; a reader,
    // who may not edit it, and a stranger, who cannot see it, are refused alike (409
    // `suite_name_taken`: suite names are unique in the workspace).
    name: 'import_suite',
    tool: 'import_suite',
    args: (f) => ({ document: f.document }),
    rest: http('POST', () => '/suites/import', { body: (f) => ({ document: f.document }) }),
    needs: 'create',
    expected: (who) => (who === 'viewer' ? 403 : who === 'reader' || who === 'stranger' ? 409 : 'ok'),
  },
  {
    name: 'import_suite of a document that is no suite (422)',
    tool: 'import_suite',
    args: () => ({ document: { format: 'something-else' } }),
    rest: http('POST', () => '/suites/import', { body: () => ({ document: { format: 'something-else' } }) }),
    needs: 'create',
    allowed: 422,
  },
  {
    name: 'delete_suite',
    tool: 'delete_suite',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('DELETE', suitePath, { shape: (_body, f) => ({ deleted: true, suite_id: f.suiteId }) }),
    needs: 'admin',
  },
  {
    name: 'get_suite after the delete',
    tool: 'get_suite',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', suitePath),
    needs: 'view',
    expected: deletedFor,
  },
  {
    name: 'list_checks after the delete',
    tool: 'list_checks',
    args: (f) => ({ suite_id: f.suiteId }),
    rest: http('GET', (f) => `${suitePath(f)}/checks`),
    needs: 'view',
    expected: deletedFor,
  },
];
