import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DbModule } from '@dq/db';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { EgressGuard, PublicKeySealer, generateSigningKey, guardedFetch } from '@dq/security';
import { SecretOpener, generateKeyPairEntries, parsePrivateKeyRing, publicKeysOf } from '@dq/secrets-opening';
import {
  type AlertReceivers,
  type IsolatedEnvironment,
  type SmtpCapture,
  createIsolatedEnvironment,
  startAlertReceivers,
  startSmtpCapture,
  waitFor,
} from '@dq/testing';
import { channelSecretAad } from '../channels/channel-secrets';
import { validatePayloadTemplate } from '../channels/channel-validation';
import { buildPollFailurePayload, buildTestPayload } from './alert-payload.builder';
import { AlertSender } from './alert-sender';
import { ChannelTester } from './channel-tester';
import { StoredDeliveryChannels } from './delivery-channel';
import { type DeliverySender, DeliveryWorker } from './delivery-worker';
import { enqueueDeliveries } from './outbox';
import { RETRY_WINDOW_MS } from './backoff';

const quiet = { warn: (): void => undefined };

interface ChannelSpec {
  type?: 'slack' | 'teams' | 'email' | 'webhook';
  url?: string | null;
  emailTo?: string[];
  key?: string | null;
  previousKey?: string | null;
  previousUntil?: Date | null;
  authHeader?: { name: string; value: string };
  template?: Record<string, unknown>;
}

/** The outbox worker against the real database, real sealed channels and real HTTPS/SMTP receivers. */
describe('DeliveryWorker', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let db: DataSource;
  let receivers: AlertReceivers;
  let smtp: SmtpCapture;
  let guard: EgressGuard;
  let sender: AlertSender;
  let channels: StoredDeliveryChannels;
  let sealer: PublicKeySealer;
  let now: Date;
  const clock = (): Date => now;
  const workers: DeliveryWorker[] = [];

  function worker(options: { batchSize?: number; leaseMs?: number } = {}): DeliveryWorker {
    const created = new DeliveryWorker({
      dataSource: db,
      channels,
      sender,
      clock,
      random: () => 1,
      ...options,
    });
    workers.push(created);
    return created;
  }

  async function channel(spec: ChannelSpec): Promise<string> {
    const id = randomUUID();
    const type = spec.type ?? 'webhook';
    const seal = (
      value: string | null | undefined,
      field: 'webhook_url' | 'auth_header_value' | 'signing_key',
    ) => (value === null || value === undefined ? null : sealer.seal(value, channelSecretAad(id, field)));
    await db.query(
      `INSERT INTO notification_channels
         (id, name, type, webhook_url_sealed, email_to, payload_template, auth_header_name, auth_header_value_sealed,
          signing_key_sealed, previous_signing_key_sealed, previous_key_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        `channel ${id.slice(0, 8)}`,
        type,
        seal(spec.url === undefined ? receivers.url('/webhook') : spec.url, 'webhook_url'),
        spec.emailTo ?? [],
        spec.template === undefined ? null : JSON.stringify(spec.template),
        spec.authHeader?.name ?? null,
        seal(spec.authHeader?.value, 'auth_header_value'),
        seal(spec.key === undefined && type === 'webhook' ? receivers.keys[0] : spec.key, 'signing_key'),
        seal(spec.previousKey, 'signing_key'),
        spec.previousUntil ?? null,
      ],
    );
    return id;
  }

  async function enqueue(channelId: string, count = 1): Promise<string[]> {
    const runs = Array.from({ length: count }, () => randomUUID());
    // Rows are due from the database's now(): the test clock moves past it.
    now = new Date(Math.max(now.getTime(), Date.now() + 1000));
    return db.transaction((manager) =>
      enqueueDeliveries(
        manager,
        runs.map((runId) => ({
          channel_id: channelId,
          run_id: runId,
          suite_id: null,
          kind: 'alert',
          dedup_key: `${runId}:${channelId}:alert`,
          payload: { ...buildTestPayload({ id: channelId, name: 'ops' }, now), type: 'alert' },
        })),
      ),
    );
  }

  async function row(id: string): Promise<Record<string, unknown>> {
    const [found] = await db.query<Record<string, unknown>[]>(
      `SELECT * FROM alert_deliveries WHERE id = $1`,
      [id],
    );
    return found;
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('delivery-worker');
    const moduleRef = await Test.createTestingModule({
      imports: [DbModule.forRoot({ url: env.databaseUrl, applicationName: 'delivery-worker-spec' })],
    }).compile();
    context = await moduleRef.init();
    db = context.get(DataSource);
    receivers = await startAlertReceivers();
    receivers.keys = [generateSigningKey()];
    smtp = await startSmtpCapture();
    guard = new EgressGuard({
      allowLoopbackForTests: true,
      nodeEnv: 'test',
      tlsCaForTests: receivers.ca,
      logger: quiet,
    });
    sender = new AlertSender({ guard, smtpUrl: smtp.url, timeoutMs: 5_000 });
    const { privateEntry } = generateKeyPairEntries('k1');
    const ring = parsePrivateKeyRing(privateEntry, 'k1');
    sealer = new PublicKeySealer(publicKeysOf(ring));
    channels = new StoredDeliveryChannels(db, new SecretOpener(ring));
  });

  beforeEach(async () => {
    // Each test starts with an empty queue: what an earlier test left due is retired.
    await db.query(`UPDATE alert_deliveries SET state = 'dead' WHERE state IN ('pending', 'delivering')`);
    now = new Date();
    receivers.failNext = { count: 0, status: 503 };
    receivers.requiredHeader = undefined;
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    sender?.close();
    guard?.destroy();
    await receivers?.stop();
    await smtp?.close();
    await context?.close();
    await env?.cleanup();
  });

  it('retries a refused delivery with backoff and the same webhook-id, then marks it delivered', async () => {
    const channelId = await channel({});
    const [id] = await enqueue(channelId);
    receivers.failNext = { count: 2, status: 503 };
    const w = worker();
    const start = receivers.received.length;

    expect(await w.runOnce()).toBe(1);
    let state = await row(id);
    expect(state).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status_code: 503,
      last_error: 'receiver refused (HTTP 503)',
    });
    // Not due yet: nothing is claimed before next_attempt_at.
    expect(await w.runOnce()).toBe(0);
    now = new Date((state.next_attempt_at as Date).getTime());
    expect(await w.runOnce()).toBe(1);
    state = await row(id);
    expect(state).toMatchObject({ state: 'pending', attempts: 2 });
    now = new Date((state.next_attempt_at as Date).getTime());
    expect(await w.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({
      state: 'delivered',
      attempts: 3,
      last_error: null,
      last_status_code: 200,
    });

    const mine = receivers.received.slice(start);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
    expect(mine[2]).toMatchObject({ status: 200, problems: [] });
    expect((mine[2].json as { alert_id: string }).alert_id).toBe(id);
    expect(await w.runOnce()).toBe(0);
  });

  it('treats a 3xx as a failed delivery and never follows it', async () => {
    const channelId = await channel({ url: receivers.url('/redirect') });
    const [id] = await enqueue(channelId);
    const before = receivers.accepted('/webhook').length;
    await worker().runOnce();
    expect(await row(id)).toMatchObject({
      state: 'pending',
      last_status_code: 302,
      last_error: 'redirect not followed (HTTP 302)',
    });
    expect(receivers.accepted('/webhook')).toHaveLength(before);
  });

  it('gives up after 24 hours since the first attempt: dead, the channel flagged, nothing sent after', async () => {
    const channelId = await channel({});
    const [id] = await enqueue(channelId);
    receivers.failNext = { count: 10_000, status: 500 };
    const w = worker();
    const first = now.getTime();
    for (let i = 0; i < 60; i += 1) {
      await w.runOnce();
      const state = await row(id);
      if (state.state === 'dead') break;
      now = new Date((state.next_attempt_at as Date).getTime());
    }
    const dead = await row(id);
    expect(dead.state).toBe('dead');
    expect((dead.attempts as number) > 2).toBe(true);
    expect(now.getTime() - first).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    const [flag] = await db.query<{ flagged_at: Date | null; flag_reason: string | null }[]>(
      `SELECT flagged_at, flag_reason FROM notification_channels WHERE id = $1`,
      [channelId],
    );
    expect(flag.flagged_at).not.toBeNull();
    expect(flag.flag_reason).toContain('HTTP 500');
    expect(flag.flag_reason).not.toContain('127.0.0.1');
    const sent = receivers.received.length;
    now = new Date(now.getTime() + RETRY_WINDOW_MS);
    expect(await w.runOnce()).toBe(0);
    expect(receivers.received).toHaveLength(sent);
    receivers.failNext = { count: 0, status: 503 };
  });

  it('two workers draining one burst send every delivery exactly once', async () => {
    const channelId = await channel({});
    const ids = await enqueue(channelId, 40);
    const a = worker({ batchSize: 7 });
    const b = worker({ batchSize: 7 });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    const got = receivers.accepted('/webhook').filter((r) => ids.includes(String(r.headers['webhook-id'])));
    expect(got).toHaveLength(40);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(40);
    const states = await db.query<{ state: string; n: number }[]>(
      `SELECT state, count(*)::int AS n FROM alert_deliveries WHERE id = ANY($1) GROUP BY state`,
      [ids],
    );
    expect(states).toEqual([{ state: 'delivered', n: 40 }]);
  });

  it('records the sends of a claim that finish together, each only while its lease is still ours', async () => {
    const channelId = await channel({ url: receivers.url('/webhook') });
    const ids = await enqueue(channelId, 6);
    const stolen = ids[2];
    const warned: Record<string, unknown>[] = [];
    // The lease of one row lapses and another worker takes it while its send is in flight.
    const takingOver: DeliverySender = {
      send: async (ch, id, payload, at) => {
        const outcome = await sender.send(ch, id, payload, at);
        if (id === stolen)
          await db.query(`UPDATE alert_deliveries SET leased_by = 'other' WHERE id = $1`, [id]);
        return outcome;
      },
    };
    const w = new DeliveryWorker({
      dataSource: db,
      channels,
      sender: takingOver,
      clock,
      random: () => 1,
      batchSize: 10,
      logger: { log: () => undefined, warn: (entry) => void warned.push(entry) },
    });
    workers.push(w);
    expect(await w.runOnce()).toBe(6);
    for (const id of ids) {
      const found = await row(id);
      if (id === stolen) expect(found).toMatchObject({ state: 'delivering', leased_by: 'other' });
      else expect(found).toMatchObject({ state: 'delivered', last_status_code: 200, lease_until: null });
    }
    expect(warned).toEqual([{ event: 'alert_delivery_lease_lost', delivery_id: stolen }]);
  });

  it('a restart mid-burst loses nothing and sends nothing twice; a crashed claim is taken over after its lease', async () => {
    const channelId = await channel({});
    const ids = await enqueue(channelId, 30);
    const first = worker({ batchSize: 10 });
    await first.runOnce(); // ten sent and recorded
    // The process dies after claiming the next ten, before sending them.
    const crashed = worker({ batchSize: 10, leaseMs: 60_000 });
    const leased = await crashed.claim();
    expect(leased).toHaveLength(10);
    const second = worker({ batchSize: 10 });
    await second.drain(); // the other ten; the leased ones wait for their lease
    expect(
      receivers.accepted('/webhook').filter((r) => ids.includes(String(r.headers['webhook-id']))),
    ).toHaveLength(20);
    now = new Date(now.getTime() + 61_000);
    await second.drain();
    const got = receivers.accepted('/webhook').filter((r) => ids.includes(String(r.headers['webhook-id'])));
    expect(got).toHaveLength(30);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(30);
    const [{ n }] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM alert_deliveries WHERE id = ANY($1) AND state = 'delivered'`,
      [ids],
    );
    expect(n).toBe(30);
  });

  it('signs with both keys during the 24 h window after a rotation, and only the new one after it', async () => {
    const oldKey = generateSigningKey();
    const newKey = generateSigningKey();
    const inWindow = await channel({
      key: newKey,
      previousKey: oldKey,
      previousUntil: new Date(Date.now() + 3600_000),
    });
    const afterWindow = await channel({
      key: newKey,
      previousKey: oldKey,
      previousUntil: new Date(Date.now() - 1000),
    });
    const saved = receivers.keys;
    try {
      // A receiver still holding the old key verifies the Standard Webhooks signature during the window.
      receivers.keys = [oldKey];
      const [a] = await enqueue(inWindow);
      await worker().runOnce();
      expect(await row(a)).toMatchObject({ state: 'delivered' });
      const signed = receivers.received.at(-1)!;
      expect(String(signed.headers['webhook-signature']).split(' ')).toHaveLength(2);
      // After the window the old key no longer signs: that receiver refuses.
      const [b] = await enqueue(afterWindow);
      await worker().runOnce();
      expect(await row(b)).toMatchObject({ state: 'pending', last_status_code: 401 });
      // A receiver on the new key verifies both schemes.
      receivers.keys = [newKey];
      now = new Date((await row(b)).next_attempt_at as Date);
      await worker().runOnce();
      expect(await row(b)).toMatchObject({ state: 'delivered' });
      expect(String(receivers.received.at(-1)!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    } finally {
      receivers.keys = saved;
    }
  });

  it('a replayed request is refused by the receiver, a retry (new timestamp) is not', async () => {
    const channelId = await channel({});
    const [id] = await enqueue(channelId);
    await worker().runOnce();
    const original = receivers.received.at(-1)!;
    expect(original.status).toBe(200);
    const replay = await fetchReplay(original);
    expect(replay).toBe(409);
    expect(await row(id)).toMatchObject({ state: 'delivered' });
  });

  it('renders per channel type: Slack blocks, a Teams card, a mail, a templated webhook with its auth header', async () => {
    const slack = await channel({ type: 'slack', url: receivers.url('/slack'), key: null });
    const teams = await channel({ type: 'teams', url: receivers.url('/teams'), key: null });
    const email = await channel({
      type: 'email',
      url: null,
      key: null,
      emailTo: ['ops@example.com', 'dq@example.com'],
    });
    receivers.requiredHeader = { name: 'X-Api-Key', value: 'secret-value' };
    const templated = await channel({
      authHeader: { name: 'X-Api-Key', value: 'secret-value' },
      template: { text: 'Suite {{suite.name}} at {{severity}}', counts: '{{counts}}', run: '{{run.id}}' },
    });
    const ids = [
      ...(await enqueue(slack)),
      ...(await enqueue(teams)),
      ...(await enqueue(email)),
      ...(await enqueue(templated)),
    ];
    const mails = smtp.mails.length;
    await worker().drain();
    for (const id of ids) expect(await row(id)).toMatchObject({ state: 'delivered' });
    expect(receivers.accepted('/slack').at(-1)?.problems).toEqual([]);
    expect(receivers.accepted('/teams').at(-1)?.status).toBe(202);
    const shaped = receivers.accepted('/webhook').at(-1)!;
    expect(shaped.json).toEqual({
      text: 'Suite Test suite at warn',
      counts: { pass: 1, warn: 1, fail: 0, critical: 0, error: 0, skip: 0 },
      run: '00000000-0000-4000-8000-000000000000',
    });
    expect(smtp.mails).toHaveLength(mails + 1);
    expect(smtp.mails.at(-1)!.to).toEqual(['ops@example.com', 'dq@example.com']);
    expect(smtp.mails.at(-1)!.raw).toContain('multipart/alternative');
  });

  it('a template naming the poll-failure paths, validated as at save, renders a poll failure and a run alert', async () => {
    const template = {
      text: 'Polling {{ connection.name }} ({{connection.provider}}) failed {{poll.consecutive_failures}}x',
      connection: '{{connection.id}}',
      poll: '{{ poll }}',
      suite: '{{suite.name}}',
    };
    expect(() => validatePayloadTemplate(template)).not.toThrow();
    const templated = await channel({ template });
    const connectionId = randomUUID();
    now = new Date(Math.max(now.getTime(), Date.now() + 1000));
    const poll = buildPollFailurePayload(
      {
        event_id: `poll-failed.${connectionId}`,
        connection_id: connectionId,
        connection_name: 'adf "prod" \\ west',
        provider: 'factory',
        consecutive_failures: 3,
        first_failed_at: '2026-01-01T00:00:00.000Z',
        last_failed_at: '2026-01-01T00:20:00.000Z',
        last_error_class: 'http_401',
      },
      now,
    );
    const [pollId] = await db.transaction((manager) =>
      enqueueDeliveries(manager, [
        {
          channel_id: templated,
          run_id: null,
          suite_id: null,
          kind: 'poll_failure',
          dedup_key: `poll:${connectionId}:${poll.poll.first_failed_at}`,
          payload: poll,
        },
      ]),
    );
    await worker().drain();
    expect(await row(pollId)).toMatchObject({ state: 'delivered' });
    expect(receivers.accepted('/webhook').at(-1)!.json).toEqual({
      text: 'Polling adf "prod" \\ west (factory) failed 3x',
      connection: connectionId,
      poll: poll.poll,
      suite: null,
    });
    const [runId] = await enqueue(templated);
    await worker().drain();
    expect(await row(runId)).toMatchObject({ state: 'delivered' });
    expect(receivers.accepted('/webhook').at(-1)!.json).toEqual({
      text: 'Polling  () failed x',
      connection: null,
      poll: null,
      suite: 'Test suite',
    });
  });

  it('re-checks egress before every send: a strict guard refuses the loopback URL and nothing is sent', async () => {
    const strict = new EgressGuard({ logger: quiet });
    const strictSender = new AlertSender({ guard: strict, timeoutMs: 2_000 });
    const channelId = await channel({});
    const [id] = await enqueue(channelId);
    const before = receivers.received.length;
    const w = new DeliveryWorker({ dataSource: db, channels, sender: strictSender, clock, random: () => 1 });
    await w.runOnce();
    strict.destroy();
    expect(await row(id)).toMatchObject({ state: 'pending', last_error: 'url_forbidden (loopback)' });
    expect(receivers.received).toHaveLength(before);
    const state = await row(id);
    expect(String(state.last_error)).not.toContain('127.0.0.1');
  });

  it('the send test answers what the receiver did, without queueing anything', async () => {
    const good = await channel({});
    const refused = await channel({ url: receivers.url('/redirect') });
    const tester = new ChannelTester(channels, sender, null, clock);
    const [{ n: before }] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM alert_deliveries`,
    );
    expect(await tester.test(good)).toEqual({ delivered: true, status_code: 200 });
    expect(await tester.test(refused)).toEqual({
      delivered: false,
      status_code: 302,
      error: 'redirect not followed (HTTP 302)',
    });
    expect(await tester.test(randomUUID())).toEqual({ delivered: false, error: 'channel not found' });
    const [{ n: after }] = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM alert_deliveries`);
    expect(after).toBe(before);
    expect((receivers.accepted('/webhook').at(-1)!.json as { type: string }).type).toBe('alert.test');
  });

  it('while running, a commit wakes it at once and its rows go out while earlier sends are still in flight', async () => {
    const id = await channel({});
    const running = new DeliveryWorker({ dataSource: db, channels, sender, listen: true, pollMs: 60_000 });
    workers.push(running);
    await running.start();
    const arrived = (deliveryId: string) =>
      receivers.received.find((r) => r.headers['webhook-id'] === deliveryId)?.at;
    receivers.delayMs = 2_000;
    try {
      const [first] = await enqueue(id);
      await waitFor('the first send', () => arrived(first), { intervalMs: 10, timeoutMs: 5_000 });
      const committed = Date.now();
      const [second] = await enqueue(id);
      // Neither the poll (a minute) nor the first send's answer (two seconds) is waited for.
      const at = await waitFor('the second send', () => arrived(second), {
        intervalMs: 10,
        timeoutMs: 5_000,
      });
      expect(at - committed).toBeLessThan(1_000);
      expect(await row(first)).toMatchObject({ state: 'delivering' });
      await waitFor(
        'both recorded',
        async () => (await row(first)).state === 'delivered' && (await row(second)).state === 'delivered',
      );
    } finally {
      receivers.delayMs = 0;
      await running.stop();
    }
  });

  /** Sends a recorded request again byte for byte, as an attacker replaying it would. */
  async function fetchReplay(original: { body: string; headers: Record<string, unknown> }): Promise<number> {
    const headers: Record<string, string> = {};
    for (const name of [
      'content-type',
      'x-svc-signature',
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]) {
      headers[name] = String(original.headers[name]);
    }
    const response = await guardedFetch(receivers.url('/webhook'), {
      method: 'POST',
      headers,
      body: original.body,
      guard,
    });
    return response.status;
  }
});
