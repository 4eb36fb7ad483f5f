/**
 * Alert delivery through real processes: the gateway's "send test" asks the alerting process (which
 * alone opens channel secrets) over NATS; the alerting process signs and sends through its egress
 * guard to real HTTPS receivers on loopback (Slack- and Teams-shaped ones validating the payloads)
 * and by SMTP; its outbox worker sends a queued alert once. No alerting process: 503.
 */
import { randomUUID } from 'node:crypto';
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

describe('notification channel delivery', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let alerting: AppProcess | undefined;
  let receivers: AlertReceivers;
  let admin: string;
  let member: string;

  const as = (token: string, method: string, path: string, body?: unknown): Promise<HttpResult> =>
    call(`${gateway.url}/api/v1`, method, path, { token, ...(body !== undefined ? { body } : {}) });

  async function createChannel(body: Record<string, unknown>): Promise<{ id: string; signing_key?: string }> {
    const created = await as(admin, 'POST', '/notification-channels', {
      name: `ch-${randomUUID().slice(0, 8)}`,
      ...body,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; signing_key?: string };
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('channel-delivery');
    receivers = await startAlertReceivers();
    gateway = await world.startGateway({
      EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
    });
    admin = await world.mintToken('admin@example.test', 'admin');
    member = await world.mintToken('member@example.test', 'member');
  });

  afterAll(async () => {
    await alerting?.stop();
    await receivers?.stop();
    await world?.close();
  });

  it('answers 503 while no alerting process runs, and sends nothing', async () => {
    const channel = await createChannel({ type: 'webhook', webhook_url: receivers.url('/webhook') });
    const before = receivers.received.length;
    const result = await as(admin, 'POST', `/notification-channels/${channel.id}/test`);
    expect(result.status).toBe(503);
    expect((result.body as { error: { code: string } }).error.code).toBe('service_unavailable');
    expect(receivers.received).toHaveLength(before);
  });

  it('sends a signed alert.test to a webhook, a Slack and a Teams receiver and by mail', async () => {
    alerting = await startApp('alerting', {
      ...world.env.env,
      SMTP_URL: world.smtp.url,
      PUBLIC_BASE_URL: 'https://dq.example.test',
      EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      EGRESS_TLS_CA_FOR_TESTS: receivers.ca,
      ALERT_DELIVERY_POLL_MS: '100',
    });
    const webhook = await createChannel({ type: 'webhook', webhook_url: receivers.url('/webhook') });
    receivers.keys = [webhook.signing_key!];
    const tested = await as(admin, 'POST', `/notification-channels/${webhook.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ delivered: true, status_code: 200 });
    const got = receivers.accepted('/webhook').at(-1)!;
    expect(got.problems).toEqual([]);
    expect(got.json).toMatchObject({ type: 'alert.test', alert_id: got.headers['webhook-id'] });

    const slack = await createChannel({ type: 'slack', webhook_url: receivers.url('/slack') });
    expect((await as(admin, 'POST', `/notification-channels/${slack.id}/test`)).body).toEqual({
      delivered: true,
      status_code: 200,
    });
    const teams = await createChannel({ type: 'teams', webhook_url: receivers.url('/teams') });
    expect((await as(admin, 'POST', `/notification-channels/${teams.id}/test`)).body).toEqual({
      delivered: true,
      status_code: 202,
    });
    expect(receivers.accepted('/slack')).toHaveLength(1);
    expect(receivers.accepted('/teams')).toHaveLength(1);

    const mails = world.smtp.mails.length;
    const email = await createChannel({ type: 'email', email_to: ['oncall@example.test'] });
    expect((await as(admin, 'POST', `/notification-channels/${email.id}/test`)).body).toEqual({
      delivered: true,
    });
    expect(world.smtp.mails.slice(mails).map((m) => m.to)).toEqual([['oncall@example.test']]);
  });

  it('answers a refused send as not delivered, names no URL, and is for admins only', async () => {
    const redirecting = await createChannel({ type: 'webhook', webhook_url: receivers.url('/redirect') });
    const result = await as(admin, 'POST', `/notification-channels/${redirecting.id}/test`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      delivered: false,
      status_code: 302,
      error: 'redirect not followed (HTTP 302)',
    });
    expect(JSON.stringify(result.body)).not.toContain('127.0.0.1');
    expect((await as(member, 'POST', `/notification-channels/${redirecting.id}/test`)).status).toBe(403);
    expect((await as(admin, 'POST', `/notification-channels/${randomUUID()}/test`)).status).toBe(404);
  });

  it('the alerting process sends a queued delivery once, signed with its row id', async () => {
    const channel = await createChannel({ type: 'webhook', webhook_url: receivers.url('/webhook') });
    receivers.keys = [channel.signing_key!];
    const runId = randomUUID();
    const before = receivers.accepted('/webhook').length;
    const [row] = await world.db.query<{ id: string }[]>(
      `INSERT INTO alert_deliveries (channel_id, run_id, kind, dedup_key, payload)
       VALUES ($1, $2, 'alert', $3, $4) RETURNING id`,
      [
        channel.id,
        runId,
        `${runId}:${channel.id}:alert`,
        JSON.stringify({ type: 'alert', alert_id: '', summary: 'queued' }),
      ],
    );
    await receivers.waitForAccepted(before + 1, '/webhook');
    await waitFor('the delivery to be recorded', async () => {
      const [state] = await world.db.query<{ state: string }[]>(
        `SELECT state FROM alert_deliveries WHERE id = $1`,
        [row.id],
      );
      return state.state === 'delivered' ? true : undefined;
    });
    const mine = receivers.received.filter((r) => r.headers['webhook-id'] === row.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].problems).toEqual([]);

    const listed = await as(admin, 'GET', `/notification-channels/${channel.id}/deliveries`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      items: [{ id: row.id, state: 'delivered', attempts: 1, last_error: null, last_status_code: 200 }],
      next_cursor: null,
    });
    expect(
      (await as(admin, 'GET', `/notification-channels/${channel.id}/deliveries?state=dead`)).body,
    ).toEqual({
      items: [],
      next_cursor: null,
    });
    expect(
      (await as(admin, 'GET', `/notification-channels/${channel.id}/deliveries?state=lost`)).status,
    ).toBe(422);
    expect((await as(member, 'GET', `/notification-channels/${channel.id}/deliveries`)).status).toBe(403);
  });
});
