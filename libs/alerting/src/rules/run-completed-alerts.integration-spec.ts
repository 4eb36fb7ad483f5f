import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AlertOn, type CheckOutcome, RunStatus, type RunCompletedEvent } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { DbModule, InboxService } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment, testActor } from '@dq/testing';
import { IncidentLifecycle } from '../incidents/incident-lifecycle';
import { SuiteNotificationsModule } from '../suite-notifications/suite-notifications.module';
import { SuiteNotificationsService } from '../suite-notifications/suite-notifications.service';
import { AlertRulesModule } from './alert-rules.module';
import { RunCompletedAlerts } from './run-completed-alerts';

const CONSUMER = 'alerting-run-completed';

interface DeliveryRow {
  run_id: string;
  channel_id: string;
  kind: string;
  payload: { type: string; checks: { id: string; severity: string; snooze_ended_at: string | null }[] };
}

/**
 * The run-completed reaction against the real database: the rules' sequence end to end through
 * the check states, the incident lifecycle and the outbox, once per event whatever redelivers it.
 */
describe('RunCompletedAlerts', () => {
  let env: IsolatedEnvironment;
  const contexts: INestApplicationContext[] = [];
  let db: DataSource;
  let alerts: RunCompletedAlerts;
  let inbox: InboxService;
  const owner = testActor();

  async function boot(): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [
        DbModule.forRoot({ url: env.databaseUrl, applicationName: 'run-completed-alerts-spec' }),
        AuditModule,
        AlertRulesModule.forRoot({ publicBaseUrl: 'https://dq.example.test' }),
        SuiteNotificationsModule,
      ],
    }).compile();
    const context = await moduleRef.init();
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('run-completed-alerts');
    const context = await boot();
    db = context.get(DataSource);
    alerts = context.get(RunCompletedAlerts);
    inbox = new InboxService(db);
    await db.query(`INSERT INTO users (id, email, display_name, role) VALUES ($1, $2, $3, $4)`, [
      owner.user.id,
      owner.user.email,
      owner.user.display_name,
      owner.user.role,
    ]);
  });

  afterAll(async () => {
    for (const context of contexts.reverse()) await context.close();
    await env?.cleanup();
  });

  async function seedSuite(checks = 1): Promise<{ suiteId: string; checkIds: string[] }> {
    const suiteId = randomUUID();
    const checkIds: string[] = [];
    await db.transaction(async (manager) => {
      // The connection is a foreign key alerting never reads.
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, $2, $3, 'public.t', $4)`,
        [suiteId, `suite ${suiteId}`, randomUUID(), owner.user.id],
      );
      for (let i = 0; i < checks; i += 1) {
        const [row] = await manager.query<{ id: string }[]>(
          `INSERT INTO checks (suite_id, name, kind, dimension, config) VALUES ($1, $2, 'volume', 'volume', '{}') RETURNING id`,
          [suiteId, `check ${i}`],
        );
        if (row) checkIds.push(row.id);
      }
    });
    return { suiteId, checkIds };
  }

  async function seedChannel(options: { isDefault?: boolean; isEscalation?: boolean } = {}): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO notification_channels (id, name, type, email_to, is_workspace_default, is_escalation)
       VALUES ($1, $2, 'email', ARRAY['ops@example.test'], $3, $4)`,
      [id, `channel ${id}`, options.isDefault ?? false, options.isEscalation ?? false],
    );
    return id;
  }

  /** A suite of `checks` checks whose alerts go to one new channel. */
  async function seedNotifiedSuite(
    checks = 1,
  ): Promise<{ suiteId: string; checkIds: string[]; channel: string }> {
    const { suiteId, checkIds } = await seedSuite(checks);
    const channel = await seedChannel();
    await context0()
      .get(SuiteNotificationsService)
      .set(owner, suiteId, { channel_ids: [channel] });
    return { suiteId, checkIds, channel };
  }

  let minute = 0;
  function runEvent(
    suiteId: string,
    outcomes: Record<string, CheckOutcome | null>,
    snoozedUntil: string | null = null,
  ): RunCompletedEvent {
    const runId = randomUUID();
    minute += 1;
    return {
      event_id: runId,
      run_id: runId,
      suite_id: suiteId,
      suite_name: 'orders',
      status: RunStatus.Succeeded,
      outcome_counts: {},
      total_checks: Object.keys(outcomes).length,
      finished_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
      checks: Object.entries(outcomes).map(([checkId, outcome]) => ({
        check_id: checkId,
        check_name: 'rows',
        kind: 'volume',
        check_version: 1,
        outcome,
        severity: outcome === 'warn' || outcome === 'fail' || outcome === 'critical' ? outcome : null,
        metric_value: 1,
        unexpected_percent: null,
        previous_outcome: null,
        snoozed_until: snoozedUntil,
      })),
    };
  }

  /** What the consumer does: the inbox row and the effect in one transaction. */
  const consume = (event: RunCompletedEvent, using: RunCompletedAlerts = alerts, through = inbox) =>
    through.consumeOnce(CONSUMER, event.event_id, async (manager) => {
      await using.apply(manager, event);
    });

  const deliveriesOf = (runId: string): Promise<DeliveryRow[]> =>
    db.query(
      `SELECT run_id, channel_id, kind, payload FROM alert_deliveries WHERE run_id = $1 ORDER BY kind, channel_id`,
      [runId],
    );

  const incidentsOf = (
    checkId: string,
  ): Promise<{ state: string; severity: string; failure_count: number }[]> =>
    db.query(`SELECT state, severity, failure_count FROM incidents WHERE check_id = $1 ORDER BY opened_at`, [
      checkId,
    ]);

  it('pass, warn, warn, fail, critical, pass, fail: alerts at warn, fail, critical (escalated) and the last fail; incidents follow', async () => {
    const { suiteId, checkIds } = await seedSuite();
    const check = checkIds[0];
    const alertChannel = await seedChannel();
    const escalationChannel = await seedChannel();
    await context0()
      .get(SuiteNotificationsService)
      .set(owner, suiteId, {
        channel_ids: [alertChannel],
        escalation_channel_ids: [escalationChannel],
        alert_on: AlertOn.WarnAndAbove,
        auto_resolve: true,
      });

    const sequence: CheckOutcome[] = ['pass', 'warn', 'warn', 'fail', 'critical', 'pass', 'fail'];
    const seen: { kinds: string[]; incidents: string[] }[] = [];
    for (const outcome of sequence) {
      const event = runEvent(suiteId, { [check]: outcome });
      expect(await consume(event)).toBe(true);
      const rows = await deliveriesOf(event.run_id);
      seen.push({
        kinds: rows
          .map((row) => `${row.channel_id === alertChannel ? 'alert' : 'escalation'}:${row.kind}`)
          .sort(),
        incidents: (await incidentsOf(check)).map((row) => `${row.state}:${row.severity}`),
      });
    }
    expect(seen.map((step) => step.kinds)).toEqual([
      [],
      ['alert:alert'],
      [],
      ['alert:alert'],
      ['alert:alert.escalation', 'escalation:alert.escalation'],
      [],
      ['alert:alert'],
    ]);
    expect(seen.map((step) => step.incidents)).toEqual([
      [],
      ['open:warn'],
      ['open:warn'],
      ['open:fail'],
      ['open:critical'],
      ['resolved:critical'],
      ['resolved:critical', 'open:fail'],
    ]);
    const [state] = await db.query<{ episode_open: boolean; last_alerted_severity: string }[]>(
      `SELECT episode_open, last_alerted_severity FROM check_alert_states WHERE check_id = $1`,
      [check],
    );
    expect(state).toEqual({ episode_open: true, last_alerted_severity: 'fail' });
  });

  it('without auto-resolve the clean run leaves the incident open; the episode still resets', async () => {
    const { suiteId, checkIds } = await seedSuite();
    const check = checkIds[0];
    await seedChannelAsDefault();
    for (const outcome of ['fail', 'pass', 'fail'] as CheckOutcome[])
      await consume(runEvent(suiteId, { [check]: outcome }));
    expect(await incidentsOf(check)).toEqual([{ state: 'open', severity: 'fail', failure_count: 2 }]);
  });

  it('a suite with no config alerts the workspace default channel, grouping the run checks in one alert', async () => {
    const { suiteId, checkIds } = await seedSuite(3);
    const defaultChannel = await seedChannelAsDefault();
    const [a, b, c] = checkIds as [string, string, string];
    const event = runEvent(suiteId, { [a]: 'warn', [b]: 'fail', [c]: 'pass' });
    await consume(event);
    const rows = await deliveriesOf(event.run_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel_id: defaultChannel, kind: 'alert' });
    expect(rows[0]?.payload.checks.map((check) => check.id).sort()).toEqual([a, b].sort());
  });

  it('a snoozed check is silent; the first alert after the snooze says until when it was snoozed', async () => {
    const { suiteId, checkIds } = await seedNotifiedSuite();
    const check = checkIds[0];
    const until = new Date(Date.UTC(2026, 0, 1, 0, minute + 2, 30)).toISOString();
    const snoozed = [
      runEvent(suiteId, { [check]: 'fail' }, until),
      runEvent(suiteId, { [check]: 'fail' }, until),
    ];
    for (const event of snoozed) await consume(event);
    for (const event of snoozed) expect(await deliveriesOf(event.run_id)).toEqual([]);
    const after = runEvent(suiteId, { [check]: 'fail' }, until);
    await consume(after);
    const [row] = await deliveriesOf(after.run_id);
    expect(row?.payload.checks).toEqual([expect.objectContaining({ id: check, snooze_ended_at: until })]);
    const again = runEvent(suiteId, { [check]: 'fail' }, until);
    await consume(again);
    expect(await deliveriesOf(again.run_id)).toEqual([]);
    // Silenced failures still attach to the incident.
    expect(await incidentsOf(check)).toEqual([{ state: 'open', severity: 'fail', failure_count: 4 }]);
  });

  it('a manual resolve while the check keeps failing: the next failure alerts once as a first failure and opens a new incident', async () => {
    const { suiteId, checkIds, channel } = await seedNotifiedSuite();
    const check = checkIds[0];
    const lifecycle = context0().get(IncidentLifecycle);
    const alertsToChannel = async (): Promise<number> =>
      (
        await db.query<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM alert_deliveries WHERE channel_id = $1`,
          [channel],
        )
      )[0].n;

    const first = runEvent(suiteId, { [check]: 'fail' });
    await consume(first);
    expect(await deliveriesOf(first.run_id)).toHaveLength(1);
    const still = runEvent(suiteId, { [check]: 'fail' });
    await consume(still);
    expect(await deliveriesOf(still.run_id)).toEqual([]);
    const [opened] = await db.query<{ id: string }[]>(
      `SELECT id FROM incidents WHERE check_id = $1 AND state = 'open'`,
      [check],
    );
    await lifecycle.resolve(owner, opened.id, { reason: 'fixed' });
    const [closed] = await db.query<Record<string, unknown>[]>(
      `SELECT episode_open, last_alerted_severity, episode_severity, last_run_id FROM check_alert_states
        WHERE check_id = $1`,
      [check],
    );
    expect(closed).toEqual({
      episode_open: false,
      last_alerted_severity: null,
      episode_severity: null,
      last_run_id: still.run_id,
    });
    // The run before the resolve, replayed, is still stale: it neither alerts nor reopens.
    const stale = await db.transaction((manager) => alerts.apply(manager, still));
    expect(stale.delivery_ids).toEqual([]);
    expect(stale.decision.stale_check_ids).toEqual([check]);
    expect(await alertsToChannel()).toBe(1);

    const again = runEvent(suiteId, { [check]: 'fail' });
    expect(await consume(again)).toBe(true);
    const [alert] = await deliveriesOf(again.run_id);
    expect(await deliveriesOf(again.run_id)).toHaveLength(1);
    expect(alert).toMatchObject({ channel_id: channel, kind: 'alert' });
    expect(alert?.payload.checks).toEqual([expect.objectContaining({ id: check, severity: 'fail' })]);
    expect(await incidentsOf(check)).toEqual([
      { state: 'resolved', severity: 'fail', failure_count: 2 },
      { state: 'open', severity: 'fail', failure_count: 1 },
    ]);

    // The same failing run redelivered, by the inbox, by a second process, or replayed past the
    // inbox: no second alert and no second incident.
    const peer = await boot();
    const redelivered = await Promise.all([
      consume(again),
      consume(again, peer.get(RunCompletedAlerts), new InboxService(peer.get(DataSource))),
    ]);
    expect(redelivered).toEqual([false, false]);
    const replay = await db.transaction((manager) => alerts.apply(manager, again));
    expect(replay.delivery_ids).toEqual([]);
    expect(await alertsToChannel()).toBe(2);
    expect(await incidentsOf(check)).toHaveLength(2);

    // Still failing afterwards: the new episode has told, so it is silent again.
    const later = runEvent(suiteId, { [check]: 'fail' });
    await consume(later);
    expect(await deliveriesOf(later.run_id)).toEqual([]);
    expect(await incidentsOf(check)).toEqual([
      { state: 'resolved', severity: 'fail', failure_count: 2 },
      { state: 'open', severity: 'fail', failure_count: 2 },
    ]);
  });

  it('a resolve racing a failing run neither deadlocks nor loses the alert: one alert and one open incident either way', async () => {
    const { suiteId, checkIds } = await seedNotifiedSuite();
    const check = checkIds[0];
    const lifecycle = context0().get(IncidentLifecycle);
    await consume(runEvent(suiteId, { [check]: 'fail' }));
    const [opened] = await db.query<{ id: string }[]>(
      `SELECT id FROM incidents WHERE check_id = $1 AND state = 'open'`,
      [check],
    );
    const racing = runEvent(suiteId, { [check]: 'fail' });
    await Promise.all([lifecycle.resolve(owner, opened.id), consume(racing)]);
    const next = runEvent(suiteId, { [check]: 'fail' });
    await consume(next);
    // Run first: it attaches silently, the resolve closes both, the next run alerts. Resolve
    // first: the racing run alerts and opens the new incident, the next run is silent.
    const sent = (await deliveriesOf(racing.run_id)).length + (await deliveriesOf(next.run_id)).length;
    expect(sent).toBe(1);
    expect((await incidentsOf(check)).filter((row) => row.state === 'open')).toHaveLength(1);
  });

  it('a redelivered event changes nothing twice; two processes racing on one event queue one alert', async () => {
    const { suiteId, checkIds } = await seedNotifiedSuite();
    const check = checkIds[0];
    const event = runEvent(suiteId, { [check]: 'fail' });
    const peer = await boot();
    const peerAlerts = peer.get(RunCompletedAlerts);
    const peerInbox = new InboxService(peer.get(DataSource));
    const ran = await Promise.all([consume(event), consume(event, peerAlerts, peerInbox), consume(event)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await deliveriesOf(event.run_id)).toHaveLength(1);
    expect(await incidentsOf(check)).toEqual([{ state: 'open', severity: 'fail', failure_count: 1 }]);
    // Even an effect replayed outside the inbox queues nothing new: the state is already ahead.
    const replay = await db.transaction((manager) => alerts.apply(manager, event));
    expect(replay.delivery_ids).toEqual([]);
    expect(replay.decision.stale_check_ids).toEqual([check]);
  });

  it('a restart mid-burst: an effect that failed left nothing, the redelivery after it sends each alert once', async () => {
    const channel = await seedChannel();
    const suites = await Promise.all([1, 2, 3, 4].map(() => seedSuite()));
    for (const { suiteId } of suites) {
      await context0()
        .get(SuiteNotificationsService)
        .set(owner, suiteId, { channel_ids: [channel] });
    }
    const events = suites.map(({ suiteId, checkIds }) => runEvent(suiteId, { [checkIds[0]]: 'critical' }));
    // The first process handles two events, then dies inside the third's transaction.
    await consume(events[0]);
    await consume(events[1]);
    await expect(
      inbox.consumeOnce(CONSUMER, events[2].event_id, async (manager) => {
        await alerts.apply(manager, events[2]);
        throw new Error('process killed');
      }),
    ).rejects.toThrow('process killed');
    expect(await deliveriesOf(events[2].run_id)).toEqual([]);
    // The restarted process gets every unacknowledged event again, some of them already consumed.
    const restarted = await boot();
    const again = new InboxService(restarted.get(DataSource));
    const ran = [];
    for (const event of events) ran.push(await consume(event, restarted.get(RunCompletedAlerts), again));
    expect(ran).toEqual([false, false, true, true]);
    for (const event of events) expect(await deliveriesOf(event.run_id)).toHaveLength(1);
  });

  it('error and skip neither alert nor reset; a deleted check is ignored', async () => {
    const { suiteId, checkIds } = await seedNotifiedSuite(2);
    const [check, doomed] = checkIds as [string, string];
    await consume(runEvent(suiteId, { [check]: 'fail' }));
    await db.query(`DELETE FROM checks WHERE id = $1`, [doomed]);
    const quiet = [
      runEvent(suiteId, { [check]: 'error', [doomed]: 'fail' }),
      runEvent(suiteId, { [check]: 'skip' }),
      runEvent(suiteId, { [check]: null }),
      runEvent(suiteId, { [check]: 'fail' }),
    ];
    for (const event of quiet) {
      await consume(event);
      expect(await deliveriesOf(event.run_id)).toEqual([]);
    }
    expect(await incidentsOf(doomed)).toEqual([]);
  });

  describe('applyMany (a batch in one inbox transaction)', () => {
    /** What the batch consumer does: one inbox transaction, the unseen events applied together. */
    const consumeBatch = (events: RunCompletedEvent[]): Promise<string[]> =>
      inbox.consumeManyOnce(
        CONSUMER,
        events.map((event) => event.event_id),
        async (manager, fresh) => {
          await alerts.applyMany(
            manager,
            events.filter((event) => fresh.includes(event.event_id)),
          );
        },
      );

    interface Scenario {
      suiteId: string;
      checkIds: string[];
      roleOf: Map<string, string>;
    }

    /** Three suites of two checks, configured differently; channels named by role for comparison. */
    async function seedScenario(): Promise<Scenario[]> {
      const configs = [
        { alert_on: AlertOn.WarnAndAbove, auto_resolve: true, escalation: true },
        { alert_on: AlertOn.FailOnly, auto_resolve: false, escalation: false },
        { alert_on: AlertOn.Always, auto_resolve: true, escalation: true },
      ];
      const scenario: Scenario[] = [];
      for (const config of configs) {
        const { suiteId, checkIds } = await seedSuite(2);
        const alert = await seedChannel();
        const escalation = await seedChannel();
        await context0()
          .get(SuiteNotificationsService)
          .set(owner, suiteId, {
            channel_ids: [alert],
            escalation_channel_ids: config.escalation ? [escalation] : [],
            alert_on: config.alert_on,
            auto_resolve: config.auto_resolve,
          });
        scenario.push({
          suiteId,
          checkIds,
          roleOf: new Map([
            [alert, 'alert'],
            [escalation, 'escalation'],
          ]),
        });
      }
      return scenario;
    }

    const STEPS: CheckOutcome[][] = [
      ['pass', 'warn'],
      ['warn', 'fail'],
      ['fail', 'fail'],
      ['critical', 'pass'],
      ['pass', 'critical'],
      ['fail', 'pass'],
    ];

    /** Per suite and step: the deliveries (role, kind, check index), the incidents and the states. */
    async function observe(scenario: Scenario[], runIds: string[][]): Promise<unknown> {
      const seen = [];
      for (const [i, suite] of scenario.entries()) {
        const steps = [];
        for (const runId of runIds[i]) {
          steps.push(
            (await deliveriesOf(runId))
              .map(
                (row) =>
                  `${suite.roleOf.get(row.channel_id)}:${row.kind}:` +
                  row.payload.checks
                    .map((check) => `${suite.checkIds.indexOf(check.id)}/${check.severity}`)
                    .join(','),
              )
              .sort(),
          );
        }
        const incidents = [];
        const states = [];
        for (const check of suite.checkIds) {
          incidents.push(await incidentsOf(check));
          states.push(
            await db.query(
              `SELECT episode_open, last_alerted_severity, episode_severity FROM check_alert_states WHERE check_id = $1`,
              [check],
            ),
          );
        }
        seen.push({ steps, incidents, states });
      }
      return seen;
    }

    const eventsFor = (scenario: Scenario[], step: CheckOutcome[], shift: number): RunCompletedEvent[] =>
      scenario.map((suite, i) =>
        runEvent(
          suite.suiteId,
          Object.fromEntries(suite.checkIds.map((check, j) => [check, step[(j + i + shift) % step.length]])),
        ),
      );

    it('a batch of several suites gives the same alerts, incidents and states as one event at a time', async () => {
      const oneByOne = await seedScenario();
      const batched = await seedScenario();
      const runsOne: string[][] = oneByOne.map(() => []);
      const runsBatched: string[][] = batched.map(() => []);
      for (const step of STEPS) {
        for (const [i, event] of eventsFor(oneByOne, step, 0).entries()) {
          expect(await consume(event)).toBe(true);
          runsOne[i].push(event.run_id);
        }
        const batch = eventsFor(batched, step, 0);
        expect(await consumeBatch(batch)).toEqual(batch.map((event) => event.event_id));
        for (const [i, event] of batch.entries()) runsBatched[i].push(event.run_id);
      }
      const expected = await observe(oneByOne, runsOne);
      expect(await observe(batched, runsBatched)).toEqual(expected);
      // The sequence did alert and open incidents, so the comparison means something.
      expect(JSON.stringify(expected)).toContain('alert.escalation');
      expect(JSON.stringify(expected)).toContain('"state":"open"');
    });

    it('a batch mixing seen and unseen events applies only the unseen; a redelivered batch changes nothing', async () => {
      const scenario = await seedScenario();
      const first = eventsFor(scenario, ['fail', 'fail'], 0);
      expect(await consume(first[0])).toBe(true);
      const before = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM alert_deliveries`);
      expect(await consumeBatch(first)).toEqual([first[1].event_id, first[2].event_id]);
      for (const event of first) expect(await deliveriesOf(event.run_id)).toHaveLength(1);
      expect(await consumeBatch(first)).toEqual([]);
      const after = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM alert_deliveries`);
      expect(after[0].n - before[0].n).toBe(2);
      for (const suite of scenario)
        for (const check of suite.checkIds)
          expect(await incidentsOf(check)).toEqual([
            expect.objectContaining({ state: 'open', failure_count: 1 }),
          ]);
    });

    it('two runs of one suite in one applyMany are applied in order, as one at a time would', async () => {
      const [oneByOne] = await seedScenario();
      const [batched] = await seedScenario();
      const runsOne: string[] = [];
      const runsBatched: string[] = [];
      const batch: RunCompletedEvent[] = [];
      for (const step of STEPS) {
        const [single] = eventsFor([oneByOne], step, 0);
        await consume(single);
        runsOne.push(single.run_id);
        const [next] = eventsFor([batched], step, 0);
        batch.push(next);
        runsBatched.push(next.run_id);
      }
      const applied = await db.transaction((manager) => alerts.applyMany(manager, batch));
      expect(applied).toHaveLength(STEPS.length);
      expect(await observe([batched], [runsBatched])).toEqual(await observe([oneByOne], [runsOne]));
      // Given again, every run is stale: nothing new is queued.
      const replay = await db.transaction((manager) => alerts.applyMany(manager, batch));
      expect(replay.flatMap((one) => one.delivery_ids)).toEqual([]);
    });
  });

  const context0 = (): INestApplicationContext => contexts[0];

  /** The workspace default channel (at most one: the previous default gives way). */
  async function seedChannelAsDefault(): Promise<string> {
    await db.query(
      `UPDATE notification_channels SET is_workspace_default = false WHERE is_workspace_default`,
    );
    return seedChannel({ isDefault: true });
  }
});
