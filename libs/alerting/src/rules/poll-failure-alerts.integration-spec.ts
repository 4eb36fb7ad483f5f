import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { type OrchestrationPollFailedEvent } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { DbModule, InboxService } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { AlertRulesModule } from './alert-rules.module';
import { PollFailureAlerts, pollFailureDedupKey } from './poll-failure-alerts';

const CONSUMER = 'alerting-poll-failed';

interface DeliveryRow {
  channel_id: string;
  run_id: string | null;
  suite_id: string | null;
  kind: string;
  dedup_key: string;
  state: string;
  payload: { type: string; connection: { id: string }; poll: { first_failed_at: string } };
}

/**
 * The poll-failure alert against the real database: one delivery to the workspace default channel
 * per connection and failure streak, however often the event arrives or how many processes take it.
 */
describe('PollFailureAlerts', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let db: DataSource;
  let alerts: PollFailureAlerts;
  let inbox: InboxService;

  beforeAll(async () => {
    env = await createIsolatedEnvironment('poll-failure-alerts');
    const moduleRef = await Test.createTestingModule({
      imports: [
        DbModule.forRoot({ url: env.databaseUrl, applicationName: 'poll-failure-alerts-spec' }),
        AuditModule,
        AlertRulesModule.forRoot(),
      ],
    }).compile();
    context = await moduleRef.init();
    db = context.get(DataSource);
    alerts = context.get(PollFailureAlerts);
    inbox = new InboxService(db);
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  async function seedChannel(isDefault: boolean): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO notification_channels (id, name, type, email_to, is_workspace_default)
       VALUES ($1, $2, 'email', ARRAY['ops@example.test'], $3)`,
      [id, `channel ${id}`, isDefault],
    );
    return id;
  }

  function pollFailed(
    connectionId: string,
    firstFailedAt: string,
    failures = 3,
  ): OrchestrationPollFailedEvent {
    return {
      event_id: `poll-failed.${connectionId}.${firstFailedAt}.${failures}`,
      connection_id: connectionId,
      connection_name: 'adf prod',
      provider: 'factory',
      consecutive_failures: failures,
      first_failed_at: firstFailedAt,
      last_failed_at: new Date(Date.parse(firstFailedAt) + 20 * 60_000).toISOString(),
      last_error_class: 'timeout',
    };
  }

  /** What the consumer does: the inbox row and the effect in one transaction. */
  const consume = (event: OrchestrationPollFailedEvent, using: PollFailureAlerts = alerts, through = inbox) =>
    through.consumeOnce(CONSUMER, event.event_id, async (manager) => {
      await using.apply(manager, event);
    });

  const deliveriesOf = (connectionId: string): Promise<DeliveryRow[]> =>
    db.query(
      `SELECT channel_id, run_id, suite_id, kind, dedup_key, state, payload FROM alert_deliveries
        WHERE kind = 'poll_failure' AND payload->'connection'->>'id' = $1 ORDER BY created_at, dedup_key`,
      [connectionId],
    );

  it('queues nothing while no workspace default channel is set, and records the event consumed', async () => {
    await seedChannel(false);
    const connectionId = randomUUID();
    const event = pollFailed(connectionId, '2026-01-01T00:00:00.000Z');
    await consume(event);
    expect(await deliveriesOf(connectionId)).toEqual([]);
    const consumed = await db.query(`SELECT 1 FROM consumed_events WHERE consumer = $1 AND event_id = $2`, [
      CONSUMER,
      event.event_id,
    ]);
    expect(consumed).toHaveLength(1);
    expect(await db.query(`SELECT 1 FROM alert_deliveries`)).toEqual([]);
  });

  it('queues one delivery per streak however often the event arrives, and a new streak alerts again', async () => {
    const defaultChannel = await seedChannel(true);
    const connectionId = randomUUID();
    const first = pollFailed(connectionId, '2026-01-02T00:00:00.000Z');

    await consume(first);
    await consume(first); // a redelivery: the inbox row stops it
    // A republish of the streak with a later count (another event id) and a second alerting process.
    const secondProcess = new PollFailureAlerts();
    await consume(
      pollFailed(connectionId, '2026-01-02T00:00:00+00:00', 4),
      secondProcess,
      new InboxService(db),
    );

    const once = await deliveriesOf(connectionId);
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({
      channel_id: defaultChannel,
      run_id: null,
      suite_id: null,
      kind: 'poll_failure',
      dedup_key: pollFailureDedupKey(connectionId, '2026-01-02T00:00:00.000Z'),
      state: 'pending',
      payload: {
        type: 'poll_failure',
        connection: { id: connectionId },
        poll: { first_failed_at: '2026-01-02T00:00:00.000Z' },
      },
    });

    // Polls recovered and failed again: a new streak, a new alert.
    await consume(pollFailed(connectionId, '2026-01-02T06:00:00.000Z'));
    const twice = await deliveriesOf(connectionId);
    expect(twice.map((row) => row.payload.poll.first_failed_at)).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-01-02T06:00:00.000Z',
    ]);
    expect(new Set(twice.map((row) => row.channel_id))).toEqual(new Set([defaultChannel]));
  });

  it('two processes taking the same streak at once queue one delivery', async () => {
    const connectionId = randomUUID();
    const at = '2026-01-03T00:00:00.000Z';
    await Promise.all([
      consume(pollFailed(connectionId, at, 3)),
      consume(pollFailed(connectionId, at, 5), new PollFailureAlerts(), new InboxService(db)),
    ]);
    expect(await deliveriesOf(connectionId)).toHaveLength(1);
  });
});
