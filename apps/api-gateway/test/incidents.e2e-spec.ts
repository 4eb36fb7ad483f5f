/**
 * Incidents through a real gateway: the list (filters, keyset pages, only suites the caller can
 * view; a hidden suite filter is its 404), one incident with its evidence card (the check now and
 * the version that failed, the latest failing result's metric, thresholds and samples exactly as
 * the run shows them, the check's last 10 runs, no asset yet), and the transitions: ack and
 * resolve need `edit` (a viewer's 403, a stranger's 404), a wrong source state is a 409, bad input
 * a 422 naming the field; refusals change nothing.
 */
import { randomUUID } from 'node:crypto';
import { AuditLog } from '@dq/audit';
import { IncidentLifecycle, type IncidentFailure } from '@dq/alerting';
import { SuiteAccessService } from '@dq/suites';
import { type AppProcess, type HttpResult, GatewayWorld } from '@dq/testing';
import { type Principals, seedPrincipals } from './support/principals';

interface Incident {
  id: string;
  suite_id: string;
  check_id: string;
  state: string;
  severity: string;
  failure_count: number;
  last_run_id: string;
  resolve_reason: string | null;
  resolve_comment: string | null;
  evidence?: {
    check: {
      id: string;
      name: string | null;
      kind: string | null;
      current_version: number | null;
      failed_version: number;
    };
    latest_failure: {
      run_id: string;
      outcome: string;
      metric_value: number | null;
      thresholds: Record<string, unknown> | null;
      samples: Record<string, unknown>[];
      samples_purged: boolean;
    } | null;
    recent_runs: {
      run_id: string;
      outcome: string;
      metric_value: number | null;
      finished_at: string | null;
    }[];
    asset: unknown;
  };
}

interface Page {
  items: Incident[];
  next_cursor: string | null;
}

interface ErrorEnvelope {
  error: { code: string; detail: { fields?: { field: string }[] } };
}

const fieldsOf = (result: HttpResult): string[] =>
  ((result.body as ErrorEnvelope).error.detail.fields ?? []).map((entry) => entry.field);

/** A stored sample as the runner keeps it: the email column already masked before it was written. */
const REDACTED_SAMPLE = { id: 7, email: '***@***', amount: -3 };

describe('incidents', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let lifecycle: IncidentLifecycle;
  let principals: Principals;
  let suiteId: string;
  let otherSuiteId: string;

  const api = (): string => `${gateway.url}/api/v1`;
  const as: Principals['as'] = (...args) => principals.as(...args);

  const suite = (name: string): Promise<string> => principals.suite(name);

  async function check(suite: string, name: string): Promise<string> {
    const created = await as('owner', 'POST', `/suites/${suite}/checks`, {
      name,
      kind: 'volume',
      config: { min_rows: 100 },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  /** A finished run of the suite with one result of the check, as the runner records it. */
  async function runResult(
    suite: string,
    checkId: string,
    outcome: string,
    metric: number,
    minutesAgo: number,
    detail: Record<string, unknown> = {},
  ): Promise<string> {
    const at = new Date(Date.now() - minutesAgo * 60_000);
    const [run] = await world.db.query<{ id: string }[]>(
      `INSERT INTO runs (suite_id, "trigger", status, finished_at, started_at, total_checks, completed_checks, plan)
       VALUES ($1, 'schedule', 'succeeded', $2, $2, 1, 1, $3::jsonb) RETURNING id`,
      [suite, at, JSON.stringify([{ check_id: checkId, kind: 'volume', version: 1 }])],
    );
    await world.db.query(
      `INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, started_at, finished_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
      [run.id, checkId, outcome, metric, JSON.stringify(detail), at],
    );
    return run.id;
  }

  const failure = (suite: string, checkId: string, runId: string, over: Partial<IncidentFailure> = {}) =>
    world.db.transaction((manager) =>
      lifecycle.recordFailure(manager, {
        suite_id: suite,
        check_id: checkId,
        run_id: runId,
        severity: 'fail',
        check_version: 1,
        at: new Date(),
        ...over,
      }),
    );

  const stateOf = async (id: string): Promise<string> =>
    (await world.db.query<{ state: string }[]>('SELECT state FROM incidents WHERE id = $1', [id]))[0].state;

  let shownIncident: string;
  let shownRun: string;
  let shownCheck: string;

  beforeAll(async () => {
    world = await GatewayWorld.create('incidents');
    gateway = await world.startGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    lifecycle = new IncidentLifecycle(world.db, new SuiteAccessService(world.db), new AuditLog(world.db));
    principals = await seedPrincipals(world, api(), 'incidents');
    suiteId = await suite('orders');
    otherSuiteId = await suite('payments');
    await principals.share(suiteId);

    // The shown incident: 12 runs of its check, the last two failing (the last with samples).
    shownCheck = await check(suiteId, 'enough orders');
    for (let i = 0; i < 10; i += 1) await runResult(suiteId, shownCheck, 'pass', 150 + i, 120 - i);
    const earlier = await runResult(suiteId, shownCheck, 'warn', 90, 20);
    shownRun = await runResult(suiteId, shownCheck, 'fail', 40, 10, {
      samples: [REDACTED_SAMPLE],
      unexpected_percent: 60,
    });
    shownIncident = (await failure(suiteId, shownCheck, earlier, { severity: 'warn' })).incident.id;
    await failure(suiteId, shownCheck, shownRun, { severity: 'fail' });

    // Two more: a critical one in the same suite, and one in a suite only the owner sees.
    const critical = await check(suiteId, 'fresh orders');
    await failure(suiteId, critical, await runResult(suiteId, critical, 'critical', 0, 5), {
      severity: 'critical',
    });
    const hidden = await check(otherSuiteId, 'payments settle');
    await failure(otherSuiteId, hidden, await runResult(otherSuiteId, hidden, 'fail', 1, 5));
  });

  afterAll(async () => {
    await world?.close();
  });

  it('lists the incidents of the suites the caller can view, filtered and paged', async () => {
    const owner = (await as('owner', 'GET', '/incidents')).body as Page;
    expect(owner.items).toHaveLength(3);
    const member = await as('member', 'GET', '/incidents');
    expect(member.status).toBe(200);
    expect((member.body as Page).items.map((i) => i.suite_id)).toEqual([suiteId, suiteId]);
    expect(((await as('stranger', 'GET', '/incidents')).body as Page).items).toEqual([]);
    expect(((await as('admin', 'GET', '/incidents')).body as Page).items).toHaveLength(3);

    const critical = (await as('viewer', 'GET', '/incidents?severity=critical')).body as Page;
    expect(critical.items.map((i) => i.severity)).toEqual(['critical']);
    const open = (await as('owner', 'GET', `/incidents?state=open&suite_id=${otherSuiteId}`)).body as Page;
    expect(open.items).toHaveLength(1);
    expect(((await as('owner', 'GET', '/incidents?state=resolved')).body as Page).items).toEqual([]);

    const first = (await as('owner', 'GET', '/incidents?limit=2')).body as Page;
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await as('owner', 'GET', `/incidents?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`)
    ).body as Page;
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(3);

    // A suite the caller cannot see answers as the suite does; bad filters are 422 naming the field.
    expect((await as('stranger', 'GET', `/incidents?suite_id=${suiteId}`)).status).toBe(404);
    const badState = await as('owner', 'GET', '/incidents?state=closed');
    expect(badState.status).toBe(422);
    expect(fieldsOf(badState)).toEqual(['state']);
    const badLimit = await as('owner', 'GET', '/incidents?limit=201');
    expect(badLimit.status).toBe(422);
    expect(fieldsOf(badLimit)).toEqual(['limit']);
  });

  it('shows the evidence card: the check, the failing metric and samples as the run shows them, the last 10 runs', async () => {
    const shown = await as('viewer', 'GET', `/incidents/${shownIncident}`);
    expect(shown.status).toBe(200);
    const incident = shown.body as Incident;
    expect(incident).toMatchObject({
      id: shownIncident,
      suite_id: suiteId,
      check_id: shownCheck,
      state: 'open',
      severity: 'fail',
      failure_count: 2,
      last_run_id: shownRun,
    });
    const evidence = incident.evidence!;
    expect(evidence.check).toEqual({
      id: shownCheck,
      name: 'enough orders',
      kind: 'volume',
      current_version: 1,
      failed_version: 1,
    });
    const run = (await as('viewer', 'GET', `/runs/${shownRun}`)).body as {
      results: { check_id: string; samples: unknown[]; metric_value: number }[];
    };
    const result = run.results.find((r) => r.check_id === shownCheck)!;
    expect(evidence.latest_failure).toMatchObject({
      run_id: shownRun,
      outcome: 'fail',
      metric_value: 40,
      samples: result.samples,
      samples_purged: false,
    });
    expect(evidence.latest_failure!.samples).toEqual([REDACTED_SAMPLE]);
    expect(evidence.recent_runs).toHaveLength(10);
    expect(evidence.recent_runs[0]).toMatchObject({ run_id: shownRun, outcome: 'fail', metric_value: 40 });
    expect(evidence.recent_runs[1]).toMatchObject({ outcome: 'warn', metric_value: 90 });
    expect(evidence.asset).toBeNull();
    // The list carries no card.
    const listed = ((await as('viewer', 'GET', '/incidents')).body as Page).items;
    expect(listed.every((item) => item.evidence === undefined)).toBe(true);
  });

  it('hides an incident of a suite the caller cannot view (404), like a missing one', async () => {
    const hidden = await as('stranger', 'GET', `/incidents/${shownIncident}`);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain(shownCheck);
    expect((await as('owner', 'GET', `/incidents/${randomUUID()}`)).status).toBe(404);
    expect((await as('owner', 'GET', '/incidents/not-a-uuid')).status).toBe(404);
  });

  it('acknowledges and resolves with edit; a viewer is refused (403), a stranger sees nothing (404)', async () => {
    // The check's alert episode, as the alerting process left it after alerting the failure.
    await world.db.query(
      `INSERT INTO check_alert_states (check_id, suite_id, episode_open, last_alerted_severity, episode_severity)
       VALUES ($1, $2, true, 'fail', 'fail')`,
      [shownCheck, suiteId],
    );
    const episode = async (): Promise<unknown> =>
      (
        await world.db.query(
          `SELECT episode_open, last_alerted_severity, episode_severity FROM check_alert_states WHERE check_id = $1`,
          [shownCheck],
        )
      )[0];
    expect((await as('viewer', 'POST', `/incidents/${shownIncident}/ack`)).status).toBe(403);
    expect((await as('stranger', 'POST', `/incidents/${shownIncident}/ack`)).status).toBe(404);
    expect(
      (await as('viewer', 'POST', `/incidents/${shownIncident}/resolve`, { reason: 'fixed' })).status,
    ).toBe(403);
    expect((await as('stranger', 'POST', `/incidents/${shownIncident}/resolve`)).status).toBe(404);
    expect(await stateOf(shownIncident)).toBe('open');

    const acked = await as('member', 'POST', `/incidents/${shownIncident}/ack`);
    expect(acked.status).toBe(200);
    expect(acked.body).toMatchObject({ state: 'acknowledged' });
    const again = await as('member', 'POST', `/incidents/${shownIncident}/ack`);
    expect(again.status).toBe(409);
    expect((again.body as ErrorEnvelope).error.code).toBe('conflict');

    const badReason = await as('member', 'POST', `/incidents/${shownIncident}/resolve`, { reason: 'bored' });
    expect(badReason.status).toBe(422);
    expect(fieldsOf(badReason)).toEqual(['reason']);
    const longComment = await as('member', 'POST', `/incidents/${shownIncident}/resolve`, {
      comment: 'x'.repeat(4001),
    });
    expect(longComment.status).toBe(422);
    expect(fieldsOf(longComment)).toEqual(['comment']);
    expect(await stateOf(shownIncident)).toBe('acknowledged');
    // Refused resolves and the ack leave the episode open.
    expect(await episode()).toEqual({
      episode_open: true,
      last_alerted_severity: 'fail',
      episode_severity: 'fail',
    });

    const resolved = await as('member', 'POST', `/incidents/${shownIncident}/resolve`, {
      reason: 'expected',
      comment: 'a planned backfill',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      state: 'resolved',
      resolve_reason: 'expected',
      resolve_comment: 'a planned backfill',
    });
    // A resolve by hand closes the episode: the check's next failure alerts as a first failure.
    expect(await episode()).toEqual({
      episode_open: false,
      last_alerted_severity: null,
      episode_severity: null,
    });
    expect((await as('owner', 'POST', `/incidents/${shownIncident}/resolve`)).status).toBe(409);
    expect((await as('owner', 'POST', `/incidents/${shownIncident}/ack`)).status).toBe(409);
    const audit = await world.db.query<{ action: string }[]>(
      `SELECT action FROM audit_events WHERE target_id = $1 AND action LIKE 'incident.%' ORDER BY occurred_at, id`,
      [shownIncident],
    );
    expect(audit.map((row) => row.action)).toEqual(['incident.acknowledged', 'incident.resolved']);
  });

  it('resolves without a body', async () => {
    const [row] = await world.db.query<{ id: string }[]>(
      `SELECT id FROM incidents WHERE suite_id = $1 AND state = 'open'`,
      [otherSuiteId],
    );
    const resolved = await as('owner', 'POST', `/incidents/${row.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ state: 'resolved', resolve_reason: null, resolve_comment: null });
  });
});
