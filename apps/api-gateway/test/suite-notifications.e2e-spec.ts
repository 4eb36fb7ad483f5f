/**
 * A suite's alert settings through a real gateway (defaults, replace, reset, link and unlink with the
 * suite's grants: hidden 404, view-only 403, unknown channel 422/404; refusals write nothing), and
 * the alert rules end to end through a real alerting process consuming the JetStream
 * `RunCompletedEvent`s the runner publishes: the Done-when sequence, a snooze, a redelivery and a
 * restart of the alerting process mid-burst (docs/decisions/0046).
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { type CheckOutcome, Consumers, Events, type RunCompletedEvent } from '@dq/contracts';
import { MessagingNamespace } from '@dq/messaging';
import {
  type AlertReceivers,
  type AppProcess,
  type HttpResult,
  GatewayWorld,
  startAlertReceivers,
  startApp,
  waitFor,
} from '@dq/testing';
import { type Principals, seedPrincipals } from './support/principals';

interface DeliveryRow {
  channel_id: string;
  kind: string;
  payload: { checks: { id: string; snooze_ended_at: string | null }[] };
}

const fieldsOf = (result: HttpResult): string[] =>
  ((result.body as { error: { detail: { fields?: { field: string }[] } } }).error.detail.fields ?? []).map(
    (entry) => entry.field,
  );

describe('suite notifications and the alert rules', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let alerting: AppProcess | undefined;
  let receivers: AlertReceivers;
  let principals: Principals;

  const api = (): string => `${gateway.url}/api/v1`;
  const as: Principals['as'] = (...args) => principals.as(...args);

  /** A suite of the owner with `checks` volume checks, shared edit with member and view with viewer. */
  async function suite(checks = 1): Promise<{ suiteId: string; checkIds: string[] }> {
    const suiteId = await principals.suite(`alerts ${randomUUID().slice(0, 8)}`);
    const checkIds: string[] = [];
    for (let i = 0; i < checks; i += 1) {
      const check = await as('owner', 'POST', `/suites/${suiteId}/checks`, {
        name: `rows ${i}`,
        kind: 'volume',
        config: { min_rows: 1 },
      });
      expect(check.status).toBe(201);
      checkIds.push((check.body as { id: string }).id);
    }
    await principals.share(suiteId);
    return { suiteId, checkIds };
  }

  /** An email channel, written as the channels' service stores one (it needs no sealed credential). */
  async function channel(): Promise<string> {
    const id = randomUUID();
    await world.db.query(
      `INSERT INTO notification_channels (id, name, type, email_to) VALUES ($1, $2, 'email', ARRAY['ops@example.test'])`,
      [id, `channel ${id}`],
    );
    return id;
  }

  const linkCount = async (suiteId: string): Promise<number> =>
    (
      await world.db.query<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM suite_notification_channels WHERE suite_id = $1',
        [suiteId],
      )
    )[0]?.n ?? 0;

  beforeAll(async () => {
    world = await GatewayWorld.create('suite-notifications');
    receivers = await startAlertReceivers();
    gateway = await world.startGateway({
      EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
    });
    principals = await seedPrincipals(world, api(), 'suite-notifications');
  });

  afterAll(async () => {
    await alerting?.stop();
    await receivers?.stop();
    await world?.close();
  });

  it('answers the defaults, replaces, resets, links and unlinks with the suite grants; refusals write nothing', async () => {
    const { suiteId } = await suite();
    const [alertChannel, escalationChannel] = [await channel(), await channel()];

    const defaults = await as('viewer', 'GET', `/suites/${suiteId}/notifications`);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({
      suite_id: suiteId,
      channel_ids: [],
      escalation_channel_ids: [],
      alert_on: 'warn_and_above',
      enabled: true,
      auto_resolve: false,
      use_workspace_default: true,
      is_default: true,
    });
    expect((await as('stranger', 'GET', `/suites/${suiteId}/notifications`)).status).toBe(404);

    const body = {
      channel_ids: [alertChannel],
      escalation_channel_ids: [escalationChannel],
      alert_on: 'fail_only',
      auto_resolve: true,
    };
    expect((await as('viewer', 'PUT', `/suites/${suiteId}/notifications`, body)).status).toBe(403);
    expect((await as('stranger', 'PUT', `/suites/${suiteId}/notifications`, body)).status).toBe(404);
    const unknown = await as('member', 'PUT', `/suites/${suiteId}/notifications`, {
      ...body,
      channel_ids: [randomUUID()],
    });
    expect(unknown.status).toBe(422);
    expect(fieldsOf(unknown)).toEqual(['channel_ids']);
    const badThreshold = await as('member', 'PUT', `/suites/${suiteId}/notifications`, {
      ...body,
      alert_on: 'sometimes',
    });
    expect(badThreshold.status).toBe(422);
    expect(fieldsOf(badThreshold)).toEqual(['alert_on']);
    expect(await linkCount(suiteId)).toBe(0);

    const set = await as('member', 'PUT', `/suites/${suiteId}/notifications`, body);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      channel_ids: [alertChannel],
      escalation_channel_ids: [escalationChannel],
      alert_on: 'fail_only',
      enabled: true,
      auto_resolve: true,
      effective_channel_ids: [alertChannel],
      is_default: false,
    });
    expect((await as('viewer', 'GET', `/suites/${suiteId}/notifications`)).body).toEqual(set.body);

    // Linking twice is a no-op answering the same link; the list shows each link once.
    const extra = await channel();
    const linked = await as('member', 'PUT', `/suites/${suiteId}/notification-channels/${extra}`);
    expect(linked.status).toBe(200);
    const relinked = await as('member', 'PUT', `/suites/${suiteId}/notification-channels/${extra}`);
    expect(relinked.status).toBe(200);
    expect(relinked.body).toEqual(linked.body);
    expect((await as('viewer', 'PUT', `/suites/${suiteId}/notification-channels/${extra}`)).status).toBe(403);
    expect(
      (await as('member', 'PUT', `/suites/${suiteId}/notification-channels/${randomUUID()}`)).status,
    ).toBe(404);
    const page1 = await as('viewer', 'GET', `/suites/${suiteId}/notification-channels?limit=2`);
    expect(page1.status).toBe(200);
    const first = page1.body as { items: { channel_id: string; role: string }[]; next_cursor: string | null };
    expect(first.items).toHaveLength(2);
    const page2 = await as(
      'viewer',
      'GET',
      `/suites/${suiteId}/notification-channels?limit=2&cursor=${encodeURIComponent(first.next_cursor ?? '')}`,
    );
    const all = [...first.items, ...(page2.body as { items: typeof first.items }).items];
    expect(all.map((item) => `${item.channel_id}:${item.role}`).sort()).toEqual(
      [`${alertChannel}:alert`, `${escalationChannel}:escalation`, `${extra}:alert`].sort(),
    );
    expect((await as('stranger', 'GET', `/suites/${suiteId}/notification-channels`)).status).toBe(404);

    expect((await as('viewer', 'DELETE', `/suites/${suiteId}/notification-channels/${extra}`)).status).toBe(
      403,
    );
    expect((await as('member', 'DELETE', `/suites/${suiteId}/notification-channels/${extra}`)).status).toBe(
      204,
    );
    expect((await as('member', 'DELETE', `/suites/${suiteId}/notification-channels/${extra}`)).status).toBe(
      204,
    );
    expect(await linkCount(suiteId)).toBe(2);

    expect((await as('viewer', 'DELETE', `/suites/${suiteId}/notifications`)).status).toBe(403);
    expect((await as('stranger', 'DELETE', `/suites/${suiteId}/notifications`)).status).toBe(404);
    expect(await linkCount(suiteId)).toBe(2);
    expect((await as('owner', 'DELETE', `/suites/${suiteId}/notifications`)).status).toBe(204);
    expect(await linkCount(suiteId)).toBe(0);
    expect((await as('owner', 'GET', `/suites/${suiteId}/notifications`)).body).toMatchObject({
      is_default: true,
      alert_on: 'warn_and_above',
    });
  });

  describe('through the alerting process', () => {
    let minute = 0;
    function runEvent(
      suiteId: string,
      outcomes: Record<string, CheckOutcome>,
      snoozedUntil: string | null = null,
    ): RunCompletedEvent {
      const runId = randomUUID();
      minute += 1;
      return {
        event_id: runId,
        run_id: runId,
        suite_id: suiteId,
        suite_name: 'orders',
        status: 'succeeded',
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
          metric_value: 0,
          unexpected_percent: null,
          previous_outcome: null,
          snoozed_until: snoozedUntil,
        })),
      };
    }

    /** Publishes as the runner does: message id `run-completed.<run id>`. */
    async function publish(events: RunCompletedEvent[], messageIdSuffix = ''): Promise<void> {
      const namespace = new MessagingNamespace(world.env.namespace);
      const connection = await connect({ servers: world.env.natsUrl });
      try {
        for (const event of events) {
          await connection
            .jetstream()
            .publish(namespace.subject(Events.RunCompleted.subject), JSON.stringify(event), {
              msgID: `run-completed.${event.run_id}${messageIdSuffix}`,
            });
        }
      } finally {
        await connection.close();
      }
    }

    const consumed = async (eventId: string): Promise<boolean> =>
      (
        await world.db.query<unknown[]>(
          'SELECT 1 FROM consumed_events WHERE consumer = $1 AND event_id = $2',
          [Consumers.AlertingRunCompleted.durable, eventId],
        )
      ).length > 0;

    const deliveriesOf = (runId: string): Promise<DeliveryRow[]> =>
      world.db.query(
        'SELECT channel_id, kind, payload FROM alert_deliveries WHERE run_id = $1 ORDER BY kind, channel_id',
        [runId],
      );

    async function consumeInOrder(events: RunCompletedEvent[]): Promise<void> {
      for (const event of events) {
        await publish([event]);
        await waitFor('alerting to consume the completion', () => consumed(event.event_id));
      }
    }

    /** The alerting process, sending to the loopback receivers and the SMTP capture. */
    const startAlerting = (): Promise<AppProcess> =>
      startApp('alerting', {
        ...world.env.env,
        SMTP_URL: world.smtp.url,
        EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        EGRESS_TLS_CA_FOR_TESTS: receivers.ca,
        ALERT_DELIVERY_POLL_MS: '100',
      });

    /** A channel made through the API, as an admin makes one (its URL sealed for the alerting process). */
    async function apiChannel(body: Record<string, unknown>): Promise<{ id: string; signing_key?: string }> {
      const created = await as('admin', 'POST', '/notification-channels', {
        name: `ch-${randomUUID().slice(0, 8)}`,
        ...body,
      });
      expect(created.status).toBe(201);
      return created.body as { id: string; signing_key?: string };
    }

    beforeAll(async () => {
      alerting = await startAlerting();
    });

    it('the Done-when sequence: alerts at warn, fail, critical (also escalated) and the last fail; incidents follow', async () => {
      const { suiteId, checkIds } = await suite();
      const check = checkIds[0];
      // A signed webhook receives the suite's alerts; a Slack channel its escalations.
      const webhook = await apiChannel({ type: 'webhook', webhook_url: receivers.url('/webhook') });
      const slack = await apiChannel({ type: 'slack', webhook_url: receivers.url('/slack') });
      receivers.keys = [webhook.signing_key ?? ''];
      const [alertChannel, escalationChannel] = [webhook.id, slack.id];
      const set = await as('owner', 'PUT', `/suites/${suiteId}/notifications`, {
        channel_ids: [alertChannel],
        escalation_channel_ids: [escalationChannel],
        auto_resolve: true,
      });
      expect(set.status).toBe(200);
      const sequence: CheckOutcome[] = ['pass', 'warn', 'warn', 'fail', 'critical', 'pass', 'fail'];
      const events = sequence.map((outcome) => runEvent(suiteId, { [check]: outcome }));
      await consumeInOrder(events);
      const seen = await Promise.all(
        events.map(async (event) =>
          (await deliveriesOf(event.run_id))
            .map((row) => `${row.channel_id === alertChannel ? 'alert' : 'escalation'}:${row.kind}`)
            .sort(),
        ),
      );
      expect(seen).toEqual([
        [],
        ['alert:alert'],
        [],
        ['alert:alert'],
        ['alert:alert.escalation', 'escalation:alert.escalation'],
        [],
        ['alert:alert'],
      ]);
      const incidents = await world.db.query<{ state: string; severity: string }[]>(
        'SELECT state, severity FROM incidents WHERE check_id = $1 ORDER BY opened_at',
        [check],
      );
      expect(incidents).toEqual([
        { state: 'resolved', severity: 'critical' },
        { state: 'open', severity: 'fail' },
      ]);
      // The outbox worker delivers each alert once: four to the webhook, the critical one to Slack.
      await receivers.waitForAccepted(4, '/webhook');
      await receivers.waitForAccepted(1, '/slack');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const hooks = receivers.received.filter((got) => got.route === '/webhook');
      expect(hooks.map((got) => got.problems)).toEqual([[], [], [], []]);
      const runIds = new Set(events.map((event) => event.run_id));
      const bodies = hooks.map(
        (got) =>
          got.json as { type: string; run: { id: string }; checks: { id: string; severity: string }[] },
      );
      expect(bodies.every((body) => runIds.has(body.run.id))).toBe(true);
      expect(
        bodies.map((body) => `${body.type}:${body.checks.map((c) => c.severity).join()}`).sort(),
      ).toEqual(['alert:warn', 'alert:fail', 'alert.escalation:critical', 'alert:fail'].sort());
      expect(receivers.accepted('/slack')).toHaveLength(1);
    });

    it('a snoozed check is silent; the first alert after the snooze says until when', async () => {
      const { suiteId, checkIds } = await suite();
      const check = checkIds[0];
      const alertChannel = await channel();
      await as('owner', 'PUT', `/suites/${suiteId}/notifications`, { channel_ids: [alertChannel] });
      const until = new Date(Date.UTC(2026, 0, 1, 0, minute + 1, 30)).toISOString();
      const events = [
        runEvent(suiteId, { [check]: 'fail' }, until),
        runEvent(suiteId, { [check]: 'fail' }, until),
        runEvent(suiteId, { [check]: 'fail' }, until),
      ];
      await consumeInOrder(events);
      expect(await deliveriesOf(events[0]?.run_id)).toEqual([]);
      const after = await deliveriesOf(events[1]?.run_id);
      expect(after.map((row) => row.payload.checks)).toEqual([
        [expect.objectContaining({ id: check, snooze_ended_at: until })],
      ]);
      expect(await deliveriesOf(events[2]?.run_id)).toEqual([]);
    });

    it('a redelivered event and a restart of the alerting process mid-burst send nothing twice and lose nothing', async () => {
      const alertChannel = await channel();
      const suites = [];
      for (let i = 0; i < 6; i += 1) suites.push(await suite());
      for (const { suiteId } of suites) {
        await as('owner', 'PUT', `/suites/${suiteId}/notifications`, { channel_ids: [alertChannel] });
      }
      const events = suites.map(({ suiteId, checkIds }) => runEvent(suiteId, { [checkIds[0]]: 'fail' }));
      await publish(events);
      // Killed while the burst is being consumed; the durable consumer hands the rest to the next process.
      await alerting?.kill();
      // The same completions published again under other message ids (JetStream would not dedup them).
      await publish(events, ':again');
      alerting = await startAlerting();
      for (const event of events) {
        await waitFor('the restarted alerting process to consume the burst', () => consumed(event.event_id));
      }
      // Let the second copies arrive too before counting.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const event of events) {
        expect(await deliveriesOf(event.run_id)).toEqual([
          expect.objectContaining({ channel_id: alertChannel }),
        ]);
      }
    });
  });
});
