/**
 * The poll-failure alert through real processes: the JetStream `OrchestrationPollFailedEvent` the
 * orchestration observer publishes reaches the alerting process, which sends one signed
 * `poll_failure` alert to the workspace default webhook channel per connection and failure streak,
 * however often the event is republished.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { Consumers, Events, type OrchestrationPollFailedEvent } from '@dq/contracts';
import { MessagingNamespace } from '@dq/messaging';
import {
  type AlertReceivers,
  type AppProcess,
  call,
  GatewayWorld,
  type HttpResult,
  startAlertReceivers,
  startApp,
  waitFor,
} from '@dq/testing';

describe('poll-failure alerts', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let alerting: AppProcess;
  let receivers: AlertReceivers;
  let admin: string;

  const as = (token: string, method: string, path: string, body?: unknown): Promise<HttpResult> =>
    call(`${gateway.url}/api/v1`, method, path, { token, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    world = await GatewayWorld.create('poll-failure-alerts');
    receivers = await startAlertReceivers();
    gateway = await world.startGateway({
      EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
    });
    admin = await world.mintToken('admin@example.test', 'admin');
    alerting = await startApp('alerting', {
      ...world.env.env,
      EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      EGRESS_TLS_CA_FOR_TESTS: receivers.ca,
      ALERT_DELIVERY_POLL_MS: '100',
    });
  });

  afterAll(async () => {
    await alerting?.stop();
    await receivers?.stop();
    await world?.close();
  });

  /** Publishes as the observer would: message id = `event_id`. */
  async function publish(event: OrchestrationPollFailedEvent, msgID = event.event_id): Promise<void> {
    const namespace = new MessagingNamespace(world.env.namespace);
    const connection = await connect({ servers: world.env.natsUrl });
    try {
      await connection
        .jetstream()
        .publish(namespace.subject(Events.OrchestrationPollFailed.subject), JSON.stringify(event), { msgID });
    } finally {
      await connection.close();
    }
  }

  const consumed = async (eventId: string): Promise<boolean> =>
    (
      await world.db.query<unknown[]>('SELECT 1 FROM consumed_events WHERE consumer = $1 AND event_id = $2', [
        Consumers.AlertingPollFailed.durable,
        eventId,
      ])
    ).length > 0;

  function pollFailed(
    connectionId: string,
    firstFailedAt: string,
    failures: number,
  ): OrchestrationPollFailedEvent {
    return {
      event_id: `poll-failed.${connectionId}.${firstFailedAt}.${failures}`,
      connection_id: connectionId,
      connection_name: 'adf prod',
      provider: 'factory',
      consecutive_failures: failures,
      first_failed_at: firstFailedAt,
      last_failed_at: new Date(Date.parse(firstFailedAt) + 20 * 60_000).toISOString(),
      last_error_class: 'http_401',
    };
  }

  it('sends nothing without a workspace default channel', async () => {
    const event = pollFailed(randomUUID(), '2026-01-01T00:00:00.000Z', 3);
    await publish(event);
    await waitFor('alerting to consume the poll failure', () => consumed(event.event_id));
    expect(await world.db.query(`SELECT 1 FROM alert_deliveries`)).toEqual([]);
    expect(receivers.received).toHaveLength(0);
  });

  it('sends one signed poll_failure alert per streak to the default webhook channel', async () => {
    const created = await as(admin, 'POST', '/notification-channels', {
      name: 'ops webhook',
      type: 'webhook',
      webhook_url: receivers.url('/webhook'),
      is_workspace_default: true,
    });
    expect(created.status).toBe(201);
    receivers.keys = [(created.body as { signing_key: string }).signing_key];

    const connectionId = randomUUID();
    const first = pollFailed(connectionId, '2026-01-02T00:00:00.000Z', 3);
    await publish(first);
    await receivers.waitForAccepted(1, '/webhook');
    // The same event again past JetStream's duplicate window, and a later count of the same streak.
    await publish(first, `${first.event_id}.again`);
    const later = pollFailed(connectionId, '2026-01-02T00:00:00.000Z', 4);
    await publish(later);
    await waitFor('alerting to consume the republished streak', () => consumed(later.event_id));

    const got = receivers.received.filter((r) => r.path === '/webhook');
    expect(got).toHaveLength(1);
    expect(got[0].problems).toEqual([]);
    expect(got[0].json).toMatchObject({
      type: 'poll_failure',
      alert_id: got[0].headers['webhook-id'],
      severity: 'fail',
      connection: { id: connectionId, name: 'adf prod', provider: 'factory' },
      poll: {
        consecutive_failures: 3,
        first_failed_at: '2026-01-02T00:00:00.000Z',
        last_error_class: 'http_401',
      },
    });
    const [row] = await world.db.query<{ id: string }[]>(
      `SELECT id FROM alert_deliveries WHERE kind = 'poll_failure' AND state = 'delivered'`,
    );
    expect(row.id).toBe(got[0].headers['webhook-id']);
    expect(await world.db.query(`SELECT 1 FROM alert_deliveries`)).toHaveLength(1);

    // Polls recovered, then failed again: a new streak, a second alert.
    await publish(pollFailed(connectionId, '2026-01-02T06:00:00.000Z', 3));
    await receivers.waitForAccepted(2, '/webhook');
    expect(
      receivers
        .accepted('/webhook')
        .map((r) => (r.json as { poll: { first_failed_at: string } }).poll.first_failed_at),
    ).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-02T06:00:00.000Z']);
  });
});
