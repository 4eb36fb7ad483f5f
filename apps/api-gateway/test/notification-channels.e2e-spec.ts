/**
 * Notification channels through a real gateway process: admins create, change and delete them;
 * everyone signed in lists and reads them without the URL or a credential (the payload template
 * for admins only); the signing key is shown once; every egress bypass is a 422 `url_forbidden` at
 * save (the gateway never fetches a URL at save, so no redirect can be followed); a new URL needs
 * the auth header value again; a linked channel is not deleted. Refused calls write nothing, and
 * the stored row and the audit log hold no plaintext secret.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, call, type HttpResult, GatewayWorld } from '@dq/testing';

interface Channel {
  id: string;
  name: string;
  type: string;
  has_webhook: boolean;
  has_payload_template: boolean;
  payload_template?: Record<string, unknown> | null;
  auth_header_name: string | null;
  has_auth_header_value: boolean;
  is_workspace_default: boolean;
  previous_key_until: string | null;
  signing_key?: string;
}

interface ErrorEnvelope {
  error: { code: string; detail: { field?: string; fields?: { field: string }[]; unknown_path?: string } };
}

// A public address as an IP literal: valid at save without DNS (a save never connects).
const PUBLIC = '93.184.216.34';
const WEBHOOK_URL = `https://${PUBLIC}/hooks/e2e-webhook-secret-path`;
const SLACK_URL = `https://${PUBLIC}/services/T000/B000/e2e-slack-secret-token`;
const TEAMS_URL = `https://${PUBLIC}/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=e2e-teams-sig`;

describe('notification channels', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  const tokens: Record<'admin' | 'member' | 'viewer', string> = { admin: '', member: '', viewer: '' };

  const api = (): string => `${gateway.url}/api/v1`;
  const as = (who: keyof typeof tokens, method: string, path: string, body?: unknown): Promise<HttpResult> =>
    call(api(), method, path, { token: tokens[who], ...(body !== undefined ? { body } : {}) });
  const codeOf = (result: HttpResult): string =>
    `${result.status} ${(result.body as ErrorEnvelope).error?.code}`;
  const channelCount = async (): Promise<number> =>
    (await world.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM notification_channels'))[0].n;
  const storedRow = async (id: string): Promise<string> =>
    JSON.stringify(await world.db.query('SELECT * FROM notification_channels WHERE id = $1', [id]));

  beforeAll(async () => {
    world = await GatewayWorld.create('notification-channels');
    // No loopback allowance: the guard refuses loopback exactly as in production.
    gateway = await world.startGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    tokens.admin = await world.mintToken('admin@example.test', 'admin');
    tokens.member = await world.mintToken('member@example.test', 'member');
    tokens.viewer = await world.mintToken('viewer@example.test', 'viewer');
  });

  afterAll(async () => {
    await world?.close();
  });

  it('creates a webhook channel with its signing key shown once; readers never see the URL or a credential', async () => {
    const created = await as('admin', 'POST', '/notification-channels', {
      name: 'ops webhook',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      auth_header_name: 'Authorization',
      auth_header_value: 'Bearer e2e-header-secret',
      payload_template: { text: '{{summary}}', suite: '{{suite.name}}' },
    });
    expect(created.status).toBe(201);
    const channel = created.body as Channel;
    expect(channel.signing_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(channel).toMatchObject({ type: 'webhook', has_webhook: true, has_auth_header_value: true });
    for (const secret of ['e2e-webhook-secret-path', 'e2e-header-secret'])
      expect(created.text).not.toContain(secret);

    for (const who of ['admin', 'member', 'viewer'] as const) {
      const read = await as(who, 'GET', `/notification-channels/${channel.id}`);
      expect(read.status).toBe(200);
      expect(read.body).not.toHaveProperty('signing_key');
      for (const secret of ['e2e-webhook-secret-path', 'e2e-header-secret', channel.signing_key!])
        expect(read.text).not.toContain(secret);
      expect((read.body as Channel).has_payload_template).toBe(true);
      if (who === 'admin')
        expect((read.body as Channel).payload_template).toEqual({
          text: '{{summary}}',
          suite: '{{suite.name}}',
        });
      else expect(read.body).not.toHaveProperty('payload_template');
      const listed = await as(who, 'GET', '/notification-channels?limit=200');
      expect(listed.status).toBe(200);
      expect((listed.body as { items: Channel[] }).items.map((item) => item.id)).toContain(channel.id);
      expect(listed.text).not.toContain('e2e-webhook-secret-path');
      if (who !== 'admin') expect(listed.text).not.toContain('{{summary}}');
    }
    const row = await storedRow(channel.id);
    for (const secret of ['e2e-webhook-secret-path', PUBLIC, 'e2e-header-secret', channel.signing_key!])
      expect(row).not.toContain(secret);
    const audit = JSON.stringify(
      await world.db.query('SELECT action, detail FROM audit_events WHERE target_id = $1', [channel.id]),
    );
    expect(audit).toContain('notification_channel.created');
    for (const secret of ['e2e-webhook-secret-path', 'e2e-header-secret', channel.signing_key!])
      expect(audit).not.toContain(secret);

    // Rotation: a new key, once; the old one still signs for 24 hours.
    const rotated = await as('admin', 'PATCH', `/notification-channels/${channel.id}`, {
      regenerate_hmac_secret: true,
    });
    expect(rotated.status).toBe(200);
    const after = rotated.body as Channel;
    expect(after.signing_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after.signing_key).not.toBe(channel.signing_key);
    expect(Date.parse(after.previous_key_until!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const again = await as('admin', 'GET', `/notification-channels/${channel.id}`);
    expect(again.body).not.toHaveProperty('signing_key');
    expect(await storedRow(channel.id)).not.toContain(after.signing_key!);
  });

  it('creates Slack, Teams and email channels (no signing key) and moves the workspace default', async () => {
    const slack = await as('admin', 'POST', '/notification-channels', {
      name: 'slack alerts',
      type: 'slack',
      webhook_url: SLACK_URL,
      is_workspace_default: true,
    });
    expect(slack.status).toBe(201);
    expect(slack.body).not.toHaveProperty('signing_key');
    const teams = await as('admin', 'POST', '/notification-channels', {
      name: 'teams alerts',
      type: 'teams',
      webhook_url: TEAMS_URL,
    });
    expect(teams.status).toBe(201);
    const email = await as('admin', 'POST', '/notification-channels', {
      name: 'email alerts',
      type: 'email',
      email_to: ['Ops@Example.test'],
      is_workspace_default: true,
    });
    expect(email.status).toBe(201);
    expect(email.body).toMatchObject({ email_to: ['ops@example.test'], is_workspace_default: true });
    const slackNow = await as('viewer', 'GET', `/notification-channels/${(slack.body as Channel).id}`);
    expect((slackNow.body as Channel).is_workspace_default).toBe(false);
  });

  it('refuses every egress bypass at save with 422 url_forbidden, writing nothing', async () => {
    const before = await channelCount();
    const forbidden = [
      'https://127.0.0.1/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://2130706433/hook',
      'https://0177.0.0.1/hook',
      'https://0x7f000001/hook',
      'https://127.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8/hook',
      'https://100.64.0.1/hook',
      // A DNS name resolving to a loopback address.
      'https://localhost/hook',
      `http://${PUBLIC}/hook`,
      `ftp://${PUBLIC}/hook`,
      `https://user:pass@${PUBLIC}/hook`,
    ];
    for (const webhook_url of forbidden) {
      const refused = await as('admin', 'POST', '/notification-channels', {
        name: `bypass ${randomUUID()}`,
        type: 'webhook',
        webhook_url,
      });
      expect(`${webhook_url}: ${codeOf(refused)}`).toBe(`${webhook_url}: 422 url_forbidden`);
      expect((refused.body as ErrorEnvelope).error.detail.field).toBe('webhook_url');
      // The refusal never echoes a resolved internal address.
      expect(refused.text).not.toContain('127.0.0.1"');
    }
    // The same on an update of an existing channel.
    const made = await as('admin', 'POST', '/notification-channels', {
      name: 'moving',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
    });
    const id = (made.body as Channel).id;
    const rowBefore = await storedRow(id);
    const moved = await as('admin', 'PATCH', `/notification-channels/${id}`, {
      webhook_url: 'https://[::ffff:127.0.0.1]/x',
    });
    expect(codeOf(moved)).toBe('422 url_forbidden');
    expect(await storedRow(id)).toBe(rowBefore);
    expect(await channelCount()).toBe(before + 1);
  });

  it('a template with white space inside the braces and the poll-failure paths saves as written; unclosed or nested braces are 422', async () => {
    const template = {
      text: '{{ connection.name }} ({{connection.provider}}): {{poll.consecutive_failures}} failed polls',
      poll: '{{poll}}',
      suite: '{{  suite.name }}',
    };
    const created = await as('admin', 'POST', '/notification-channels', {
      name: 'poll webhook',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      payload_template: template,
    });
    expect(created.status).toBe(201);
    const read = await as('admin', 'GET', `/notification-channels/${(created.body as Channel).id}`);
    expect((read.body as Channel).payload_template).toEqual(template);
    const before = await channelCount();
    for (const text of ['{{suite.name', '{{ {{suite.name}} }}', 'done }}']) {
      const refused = await as('admin', 'POST', '/notification-channels', {
        name: `bad braces ${text}`,
        type: 'webhook',
        webhook_url: WEBHOOK_URL,
        payload_template: { text },
      });
      expect(codeOf(refused)).toBe('422 validation_failed');
      expect((refused.body as ErrorEnvelope).error.detail.fields?.map((f) => f.field)).toEqual([
        'payload_template.text',
      ]);
    }
    expect(await channelCount()).toBe(before);
  });

  it('422 naming the field for a bad payload template, URL shape or missing addresses', async () => {
    const before = await channelCount();
    const unknown = await as('admin', 'POST', '/notification-channels', {
      name: 'bad template',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      payload_template: { text: '{{suite.owner_email}}' },
    });
    expect(codeOf(unknown)).toBe('422 validation_failed');
    expect((unknown.body as ErrorEnvelope).error.detail.unknown_path).toBe('suite.owner_email');
    const expression = await as('admin', 'POST', '/notification-channels', {
      name: 'expression template',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      payload_template: { text: '{{ counts.fail * 2 }}' },
    });
    expect(codeOf(expression)).toBe('422 validation_failed');
    const slackShape = await as('admin', 'POST', '/notification-channels', {
      name: 'not slack',
      type: 'slack',
      webhook_url: `https://${PUBLIC}/api/chat.postMessage`,
    });
    expect(codeOf(slackShape)).toBe('422 validation_failed');
    expect((slackShape.body as ErrorEnvelope).error.detail.fields?.map((f) => f.field)).toEqual([
      'webhook_url',
    ]);
    const noAddresses = await as('admin', 'POST', '/notification-channels', {
      name: 'empty mail',
      type: 'email',
    });
    expect((noAddresses.body as ErrorEnvelope).error.detail.fields?.map((f) => f.field)).toEqual([
      'email_to',
    ]);
    const badAddress = await as('admin', 'POST', '/notification-channels', {
      name: 'bad mail',
      type: 'email',
      email_to: ['not-an-address'],
    });
    expect(codeOf(badAddress)).toBe('422 validation_failed');
    const tooMany = await as('admin', 'POST', '/notification-channels', {
      name: 'many',
      type: 'email',
      email_to: Array.from({ length: 21 }, (_, i) => `a${i}@example.test`),
    });
    expect(codeOf(tooMany)).toBe('422 validation_failed');
    const longName = await as('admin', 'POST', '/notification-channels', {
      name: 'x'.repeat(201),
      type: 'email',
      email_to: ['a@example.test'],
    });
    expect(codeOf(longName)).toBe('422 validation_failed');
    expect(await channelCount()).toBe(before);
    const taken = await as('admin', 'POST', '/notification-channels', {
      name: 'ops webhook',
      type: 'email',
      email_to: ['a@example.test'],
    });
    expect(codeOf(taken)).toBe('409 conflict');
  });

  it('a new URL on a channel with an auth header needs the header value (422 channel_credential_redirect)', async () => {
    const made = await as('admin', 'POST', '/notification-channels', {
      name: 'headered',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      auth_header_name: 'X-Api-Key',
      auth_header_value: 'e2e-key-one',
    });
    const id = (made.body as Channel).id;
    const before = await storedRow(id);
    const redirected = await as('admin', 'PATCH', `/notification-channels/${id}`, {
      webhook_url: `https://${PUBLIC}/attacker-collector`,
    });
    expect(codeOf(redirected)).toBe('422 channel_credential_redirect');
    expect(await storedRow(id)).toBe(before);
    const moved = await as('admin', 'PATCH', `/notification-channels/${id}`, {
      webhook_url: `https://${PUBLIC}/new-receiver`,
      auth_header_value: 'e2e-key-two',
    });
    expect(moved.status).toBe(200);
    expect(moved.text).not.toContain('e2e-key-two');
  });

  it('pages by name with limit and cursor, each channel once; refuses a bad limit, type or foreign cursor', async () => {
    const seen: string[] = [];
    let path: string | null = '/notification-channels?limit=2';
    while (path !== null) {
      const page = await as('viewer', 'GET', path);
      expect(page.status).toBe(200);
      const body = page.body as { items: Channel[]; next_cursor: string | null };
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item) => item.name));
      path = body.next_cursor
        ? `/notification-channels?limit=2&cursor=${encodeURIComponent(body.next_cursor)}`
        : null;
    }
    const names = (
      await world.db.query<{ name: string }[]>('SELECT name FROM notification_channels ORDER BY name, id')
    ).map((row) => row.name);
    expect(seen).toEqual(names);
    const webhooks = (await as('viewer', 'GET', '/notification-channels?type=webhook&limit=200')).body as {
      items: Channel[];
    };
    expect(webhooks.items.length).toBeGreaterThan(0);
    expect(webhooks.items.every((item) => item.type === 'webhook')).toBe(true);
    for (const query of [
      'limit=0',
      'limit=201',
      'type=pager',
      `cursor=${Buffer.from('["schedules","x"]').toString('base64url')}`,
    ])
      expect(codeOf(await as('viewer', 'GET', `/notification-channels?${query}`))).toBe(
        '422 validation_failed',
      );
  });

  it('members and viewers cannot write; a linked channel is not deleted (409 channel_in_use)', async () => {
    const made = await as('admin', 'POST', '/notification-channels', {
      name: 'linked',
      type: 'teams',
      webhook_url: TEAMS_URL,
    });
    const id = (made.body as Channel).id;
    for (const who of ['member', 'viewer'] as const) {
      expect((await as(who, 'PATCH', `/notification-channels/${id}`, { name: 'mine' })).status).toBe(403);
      expect((await as(who, 'DELETE', `/notification-channels/${id}`)).status).toBe(403);
      expect(
        (
          await as(who, 'POST', '/notification-channels', {
            name: `by ${who}`,
            type: 'email',
            email_to: ['a@example.test'],
          })
        ).status,
      ).toBe(403);
    }
    const suiteId = randomUUID();
    await world.db.transaction(async (manager) => {
      await manager.query('SET LOCAL session_replication_role = replica');
      await manager.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, $2, $3, 'public.orders', $4)`,
        [suiteId, `suite ${suiteId}`, randomUUID(), randomUUID()],
      );
    });
    await world.db.query(
      `INSERT INTO suite_notification_channels (suite_id, channel_id, role) VALUES ($1, $2, 'alert')`,
      [suiteId, id],
    );
    const refused = await as('admin', 'DELETE', `/notification-channels/${id}`);
    expect(codeOf(refused)).toBe('409 channel_in_use');
    expect((await as('viewer', 'GET', `/notification-channels/${id}`)).status).toBe(200);
    await world.db.query('DELETE FROM suite_notification_channels WHERE channel_id = $1', [id]);
    expect((await as('admin', 'DELETE', `/notification-channels/${id}`)).status).toBe(204);
    expect((await as('viewer', 'GET', `/notification-channels/${id}`)).status).toBe(404);
    expect((await as('viewer', 'GET', '/notification-channels/not-a-uuid')).status).toBe(404);
  });
});
