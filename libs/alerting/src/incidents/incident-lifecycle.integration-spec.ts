import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppError, CheckOutcome, ErrorCode, RunStatus, RunTrigger } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { type Actor } from '@dq/auth';
import { evaluateAnomaly } from '@dq/check-engine';
import { DbModule } from '@dq/db';
import { CheckMetricHistory } from '@dq/runs';
import { SuiteAccessService } from '@dq/suites';
import { type IsolatedEnvironment, createIsolatedEnvironment, testActor } from '@dq/testing';
import { IncidentLifecycle, type IncidentFailure } from './incident-lifecycle';

async function failure(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The incident lifecycle against the real database: one unresolved incident per check, transitions, audit. */
describe('IncidentLifecycle', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let lifecycle: IncidentLifecycle;
  let db: DataSource;
  const owner: Actor = testActor();
  const editor: Actor = testActor();
  const viewer: Actor = testActor(undefined, { role: 'viewer' });
  const stranger: Actor = testActor();
  let suiteId: string;

  async function insertCheck(kind = 'volume'): Promise<string> {
    const [row] = await db.query<{ id: string }[]>(
      `INSERT INTO checks (suite_id, name, kind, dimension, config) VALUES ($1, $2, $3, 'volume', '{}') RETURNING id`,
      [suiteId, `check ${randomUUID().slice(0, 8)}`, kind],
    );
    return row.id;
  }

  const fail = (checkId: string, over: Partial<IncidentFailure> = {}): IncidentFailure => ({
    suite_id: suiteId,
    check_id: checkId,
    run_id: randomUUID(),
    severity: 'fail',
    check_version: 1,
    at: new Date(),
    ...over,
  });

  const record = (input: IncidentFailure) =>
    db.transaction((manager) => lifecycle.recordFailure(manager, input));

  async function incidentsOf(
    checkId: string,
  ): Promise<{ id: string; state: string; failure_count: number }[]> {
    return db.query(
      `SELECT id, state, failure_count FROM incidents WHERE check_id = $1 ORDER BY opened_at, id`,
      [checkId],
    );
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('incident-lifecycle');
    const moduleRef = await Test.createTestingModule({
      imports: [
        DbModule.forRoot({ url: env.databaseUrl, applicationName: 'incident-lifecycle-spec' }),
        AuditModule,
      ],
      providers: [IncidentLifecycle, SuiteAccessService],
    }).compile();
    context = await moduleRef.init();
    lifecycle = context.get(IncidentLifecycle);
    db = context.get(DataSource);
    for (const actor of [owner, editor, viewer, stranger]) {
      await db.query(`INSERT INTO users (id, email, display_name, role) VALUES ($1, $2, $3, $4)`, [
        actor.user.id,
        actor.user.email,
        actor.user.display_name,
        actor.user.role,
      ]);
    }
    suiteId = randomUUID();
    await db.transaction(async (manager) => {
      // The connection is a foreign key no incident reads.
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, 'incidents', $2, 'public.t', $3)`,
        [suiteId, randomUUID(), owner.user.id],
      );
    });
    await db.query(
      `INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, 'edit'), ($1, $3, 'view')`,
      [suiteId, editor.user.id, viewer.user.id],
    );
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  it('opens one incident per check; later failures attach and raise the severity, never lower it', async () => {
    const checkId = await insertCheck();
    const first = await record(fail(checkId, { severity: 'warn' }));
    expect(first.effect).toBe('opened');
    expect(first.incident).toMatchObject({ state: 'open', severity: 'warn', failureCount: 1 });
    const raised = await record(fail(checkId, { severity: 'critical', check_version: 2 }));
    expect(raised).toMatchObject({ effect: 'attached', previous_severity: 'warn' });
    expect(raised.incident).toMatchObject({ id: first.incident.id, severity: 'critical', failureCount: 2 });
    expect(raised.incident.lastFailure.check_version).toBe(2);
    const lower = await record(fail(checkId, { severity: 'warn' }));
    expect(lower.incident).toMatchObject({ id: first.incident.id, severity: 'critical', failureCount: 3 });
    expect(lower.incident.runIds).toHaveLength(3);
    expect(await incidentsOf(checkId)).toHaveLength(1);
  });

  it('a redelivered failure of the same run changes nothing', async () => {
    const checkId = await insertCheck();
    const input = fail(checkId);
    await record(input);
    const again = await record(input);
    expect(again.effect).toBe('duplicate');
    expect(again.incident.failureCount).toBe(1);
    expect(await incidentsOf(checkId)).toEqual([expect.objectContaining({ failure_count: 1 })]);
  });

  it('concurrent failures of one check converge on one incident with every run attached', async () => {
    const checkId = await insertCheck();
    const results = await Promise.all(Array.from({ length: 8 }, () => record(fail(checkId))));
    expect(results.filter((r) => r.effect === 'opened')).toHaveLength(1);
    expect(new Set(results.map((r) => r.incident.id)).size).toBe(1);
    expect(await incidentsOf(checkId)).toEqual([
      expect.objectContaining({ state: 'open', failure_count: 8 }),
    ]);
  });

  it('acknowledges only an open incident and resolves an open or acknowledged one; resolved is final (409)', async () => {
    const checkId = await insertCheck();
    const { incident } = await record(fail(checkId));
    const acked = await lifecycle.acknowledge(editor, incident.id);
    expect(acked).toMatchObject({ state: 'acknowledged', acknowledgedBy: editor.user.id });
    const twice = await failure(lifecycle.acknowledge(editor, incident.id));
    expect(twice.code).toBe(ErrorCode.Conflict);
    expect(twice.detail).toMatchObject({ state: 'acknowledged', allowed_from: ['open'] });
    const resolved = await lifecycle.resolve(editor, incident.id, {
      reason: 'fixed',
      comment: 'index rebuilt',
    });
    expect(resolved).toMatchObject({ state: 'resolved', resolvedBy: editor.user.id, resolveReason: 'fixed' });
    expect((await failure(lifecycle.resolve(owner, incident.id))).code).toBe(ErrorCode.Conflict);
    expect((await failure(lifecycle.acknowledge(owner, incident.id))).code).toBe(ErrorCode.Conflict);
    const audit = await db.query<
      { action: string; actor_user_id: string; detail: Record<string, unknown> }[]
    >(
      `SELECT action, actor_user_id, detail FROM audit_events WHERE target_id = $1 ORDER BY occurred_at, id`,
      [incident.id],
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'incident.acknowledged', actor_user_id: editor.user.id }),
      expect.objectContaining({
        action: 'incident.resolved',
        detail: expect.objectContaining({
          from: 'acknowledged',
          to: 'resolved',
          reason: 'fixed',
          has_comment: true,
        }),
      }),
    ]);
    // The comment is free text: it is kept on the incident, not copied into the audit log.
    expect(JSON.stringify(audit)).not.toContain('index rebuilt');
  });

  it('resolves straight from open; a failure after the resolve opens a new incident', async () => {
    const checkId = await insertCheck();
    const { incident } = await record(fail(checkId));
    await lifecycle.resolve(owner, incident.id);
    const next = await record(fail(checkId));
    expect(next.effect).toBe('opened');
    expect(next.incident.id).not.toBe(incident.id);
    expect((await incidentsOf(checkId)).map((row) => row.state)).toEqual(['resolved', 'open']);
  });

  it('hides the incident from a stranger (404), refuses a viewer (403), and writes nothing for either', async () => {
    const checkId = await insertCheck();
    const { incident } = await record(fail(checkId));
    expect((await failure(lifecycle.acknowledge(stranger, incident.id))).code).toBe(ErrorCode.NotFound);
    expect((await failure(lifecycle.resolve(viewer, incident.id))).code).toBe(ErrorCode.Forbidden);
    expect((await failure(lifecycle.acknowledge(owner, randomUUID()))).code).toBe(ErrorCode.NotFound);
    expect((await failure(lifecycle.acknowledge(owner, 'not-a-uuid'))).code).toBe(ErrorCode.NotFound);
    expect(await incidentsOf(checkId)).toEqual([expect.objectContaining({ state: 'open' })]);
    const [{ n }] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM audit_events WHERE target_id = $1`,
      [incident.id],
    );
    expect(n).toBe(0);
  });

  it('a clean run resolves the incident only when the suite auto-resolves', async () => {
    const checkId = await insertCheck();
    const { incident } = await record(fail(checkId));
    const kept = await db.transaction((m) =>
      lifecycle.recordClean(m, { check_id: checkId, run_id: randomUUID(), autoResolve: false }),
    );
    expect(kept).toBeNull();
    expect(await incidentsOf(checkId)).toEqual([expect.objectContaining({ state: 'open' })]);
    await lifecycle.acknowledge(owner, incident.id);
    const cleanRun = randomUUID();
    const resolved = await db.transaction((m) =>
      lifecycle.recordClean(m, { check_id: checkId, run_id: cleanRun, autoResolve: true }),
    );
    expect(resolved).toMatchObject({
      id: incident.id,
      state: 'resolved',
      resolvedBy: null,
      resolvedByRunId: cleanRun,
    });
    const none = await db.transaction((m) =>
      lifecycle.recordClean(m, { check_id: checkId, run_id: randomUUID(), autoResolve: true }),
    );
    expect(none).toBeNull();
  });

  it('leaves the runs of a false-positive incident out of the anomaly baseline', async () => {
    const checkId = await insertCheck('volume_anomaly');
    const history = new CheckMetricHistory(db);
    async function result(minutesAgo: number, value: number, outcome: CheckOutcome): Promise<string> {
      const at = new Date(Date.now() - minutesAgo * 60_000);
      const [run] = await db.query<{ id: string }[]>(
        `INSERT INTO runs (suite_id, "trigger", status, finished_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [suiteId, RunTrigger.Schedule, RunStatus.Succeeded, at],
      );
      await db.query(
        `INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, finished_at)
         VALUES ($1, $2, $3, $4, '{}', $5)`,
        [run.id, checkId, outcome, value, at],
      );
      return run.id;
    }
    const normal = [1000, 1010, 990, 1005, 995, 1002, 998];
    for (const [i, value] of normal.entries()) await result(100 - i, value, CheckOutcome.Pass);
    // A one-off spike the monitor flagged, which a person then called a false positive.
    const spike = await result(50, 5000, CheckOutcome.Critical);
    const { incident } = await record(fail(checkId, { run_id: spike, severity: 'critical' }));
    const next = { at: new Date(), value: 1300 };

    const withSpike = evaluateAnomaly({
      history: await history.points(checkId),
      observed: next,
      minPoints: 7,
    });
    await lifecycle.resolve(owner, incident.id, { reason: 'false_positive' });
    const points = await history.points(checkId);
    expect(points.map((p) => p.value)).toEqual(normal);
    const withoutSpike = evaluateAnomaly({ history: points, observed: next, minPoints: 7 });
    // Against the spiky baseline the drop-off looks normal; against the true one it is critical.
    expect(withSpike.outcome).toBe(CheckOutcome.Pass);
    expect(withoutSpike.outcome).toBe(CheckOutcome.Critical);
    const [{ n }] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM false_positive_check_runs WHERE check_id = $1 AND run_id = $2`,
      [checkId, spike],
    );
    expect(n).toBe(1);
  });
});
