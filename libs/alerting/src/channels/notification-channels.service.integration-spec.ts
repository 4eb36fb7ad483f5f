import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppError, ErrorCode, ServiceName, type WorkspaceRole } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { type Actor } from '@dq/auth';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { EgressGuard } from '@dq/security';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { SecretOpener } from '@dq/secrets-opening';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { NotificationChannelEntity } from '../entities/notification-channel.entity';
import { channelsForDelivery, clearChannelFlag, flagChannel } from './channel-delivery';
import { channelSecretAad } from './channel-secrets';
import { NotificationChannelsModule } from './notification-channels.module';
import { NotificationChannelsService } from './notification-channels.service';

class ChannelsTestConfig extends BaseServiceConfig {
  override PORT = 0;
}

const SLACK_URL = 'https://hooks.slack.example/services/T000/B000/slack-secret-token';
const WEBHOOK_URL = 'https://receiver.example/hooks/webhook-secret-path';
// Public names resolve to a documentation-range public address; `internal.example` to a private one.
// `nowhere.example` does not resolve.
const resolve = async (host: string) => {
  if (host === 'nowhere.example') {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), {
      code: 'ENOTFOUND',
      syscall: 'getaddrinfo',
    });
  }
  return host === 'internal.example'
    ? [{ address: '10.1.2.3', family: 4 }]
    : [{ address: '93.184.216.34', family: 4 }];
};

/** Sealing at rest, the signing key lifecycle and what the alerting process opens. */
describe('NotificationChannelsService', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let service: NotificationChannelsService;
  let admin: Actor;
  let member: Actor;
  const { opener, sealer } = SecretOpener.withFreshKeyForTests('alerting-test');

  async function seedUser(role: WorkspaceRole, isAdmin = false): Promise<Actor> {
    const id = randomUUID();
    await dataSource.query(`INSERT INTO users (id, email, display_name, role) VALUES ($1, $2, $3, $4)`, [
      id,
      `${id}@example.test`,
      role,
      role,
    ]);
    return {
      user: { id, email: `${id}@example.test`, display_name: role, role, is_workspace_admin: isAdmin },
      credential: 'test',
    };
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('notification-channels');
    const config = loadConfig(ChannelsTestConfig, env.env);
    const moduleRef = await Test.createTestingModule({
      imports: [
        ...platformModules({ service: ServiceName.ApiGateway, config }),
        ServiceRuntimeModule.forRoot({ service: ServiceName.ApiGateway, config }),
        AuditModule,
        NotificationChannelsModule.forRoot({
          sealer: { seal: (value, aad) => sealer.seal(value, aad) },
          egress: new EgressGuard({ resolve, logger: { warn: () => undefined } }),
        }),
      ],
    }).compile();
    context = await moduleRef.init();
    dataSource = context.get(DataSource);
    service = context.get(NotificationChannelsService);
    admin = await seedUser('admin', true);
    member = await seedUser('member');
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  const storedRow = async (id: string): Promise<Record<string, unknown>> =>
    (
      await dataSource.query<Record<string, unknown>[]>(`SELECT * FROM notification_channels WHERE id = $1`, [
        id,
      ])
    )[0];

  it('stores no plaintext URL, header value or signing key; the alerting side opens them', async () => {
    const created = await service.create(admin, {
      name: 'ops webhook',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      auth_header_name: 'Authorization',
      auth_header_value: 'Bearer header-secret-value',
      payload_template: { text: '{{summary}}', run: '{{run.id}}' },
    });
    expect(created.signing_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      has_webhook: true,
      has_auth_header_value: true,
      auth_header_name: 'Authorization',
    });
    expect(JSON.stringify(created)).not.toContain('webhook-secret-path');
    expect(JSON.stringify(created)).not.toContain('header-secret-value');

    const row = JSON.stringify(await storedRow(created.id));
    for (const secret of [
      'webhook-secret-path',
      'receiver.example',
      'header-secret-value',
      created.signing_key!,
    ]) {
      expect(row).not.toContain(secret);
    }
    // An envelope is bound to its channel and field: moved to another field it does not open.
    const stored = await storedRow(created.id);
    expect(() =>
      opener.open(stored['webhook_url_sealed'] as string, channelSecretAad(created.id, 'signing_key')),
    ).toThrow();

    const [delivery] = await channelsForDelivery(dataSource.manager, [created.id], opener);
    expect(delivery).toMatchObject({
      webhookUrl: WEBHOOK_URL,
      authHeader: { name: 'Authorization', value: 'Bearer header-secret-value' },
      signingKeys: [created.signing_key],
      payloadTemplate: { text: '{{summary}}', run: '{{run.id}}' },
    });

    // The key is shown once: reading the channel again never returns it.
    expect(await service.get(admin, created.id)).not.toHaveProperty('signing_key');
    const audit = await dataSource.query<{ detail: unknown }[]>(
      `SELECT detail FROM audit_events WHERE target_id = $1`,
      [created.id],
    );
    expect(audit).toHaveLength(1);
    for (const secret of ['webhook-secret-path', 'header-secret-value', created.signing_key!]) {
      expect(JSON.stringify(audit)).not.toContain(secret);
    }
  });

  it('rotates the signing key: both keys sign for 24 hours, then only the new one', async () => {
    const created = await service.create(admin, {
      name: 'rotating',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
    });
    const rotated = await service.update(admin, created.id, { regenerate_hmac_secret: true });
    expect(rotated.signing_key).toBeDefined();
    expect(rotated.signing_key).not.toBe(created.signing_key);
    const until = Date.parse(rotated.previous_key_until!);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const [now] = await channelsForDelivery(dataSource.manager, [created.id], opener);
    expect(now.signingKeys).toEqual([rotated.signing_key, created.signing_key]);
    const [later] = await channelsForDelivery(
      dataSource.manager,
      [created.id],
      opener,
      new Date(until + 1000),
    );
    expect(later.signingKeys).toEqual([rotated.signing_key]);

    // Another rotation keeps two keys: the newest and the one it replaced.
    const again = await service.update(admin, created.id, { regenerate_hmac_secret: true });
    const [twice] = await channelsForDelivery(dataSource.manager, [created.id], opener);
    expect(twice.signingKeys).toEqual([again.signing_key, rotated.signing_key]);

    const actions = await dataSource.query<{ action: string }[]>(
      `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY occurred_at`,
      [created.id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'notification_channel.created',
      'notification_channel.signing_key_rotated',
      'notification_channel.signing_key_rotated',
    ]);
    // A chat channel has no key to rotate.
    const slack = await service.create(admin, { name: 'chat', type: 'slack', webhook_url: SLACK_URL });
    expect(slack).not.toHaveProperty('signing_key');
    await expect(service.update(admin, slack.id, { regenerate_hmac_secret: true })).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
  });

  it('a new URL on a channel with an auth header needs the header value again (422 channel_credential_redirect), and writes nothing', async () => {
    const created = await service.create(admin, {
      name: 'with header',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      auth_header_name: 'X-Api-Key',
      auth_header_value: 'k-1',
    });
    const before = await storedRow(created.id);
    await expect(
      service.update(admin, created.id, { webhook_url: 'https://elsewhere.example/collect' }),
    ).rejects.toMatchObject({ code: ErrorCode.ChannelCredentialRedirect });
    expect(await storedRow(created.id)).toEqual(before);

    await service.update(admin, created.id, {
      webhook_url: 'https://elsewhere.example/collect',
      auth_header_value: 'k-2',
    });
    const [delivery] = await channelsForDelivery(dataSource.manager, [created.id], opener);
    expect(delivery).toMatchObject({
      webhookUrl: 'https://elsewhere.example/collect',
      authHeader: { name: 'X-Api-Key', value: 'k-2' },
    });
  });

  it('refuses a URL resolving to a private address with url_forbidden, and stores nothing', async () => {
    const count = async () =>
      (await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM notification_channels`))[0].n;
    const before = await count();
    await expect(
      service.create(admin, {
        name: 'internal',
        type: 'webhook',
        webhook_url: 'https://internal.example/hook',
      }),
    ).rejects.toMatchObject({ code: ErrorCode.UrlForbidden, detail: { field: 'webhook_url' } });
    await expect(
      service.create(admin, { name: 'plain', type: 'webhook', webhook_url: 'http://receiver.example/hook' }),
    ).rejects.toMatchObject({ code: ErrorCode.UrlForbidden });
    // A name that does not resolve is a 422 on the field, not a server error.
    await expect(
      service.create(admin, {
        name: 'nowhere',
        type: 'webhook',
        webhook_url: 'https://nowhere.example/hook',
      }),
    ).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      detail: { fields: [{ field: 'webhook_url' }] },
    });
    expect(await count()).toBe(before);
  });

  it('keeps names unique and one workspace default, moving the flag', async () => {
    const first = await service.create(admin, {
      name: 'default one',
      type: 'email',
      email_to: ['Ops@Example.com'],
      is_workspace_default: true,
    });
    expect(first.email_to).toEqual(['ops@example.com']);
    await expect(
      service.create(admin, { name: 'default one', type: 'email', email_to: ['x@example.com'] }),
    ).rejects.toMatchObject({ code: ErrorCode.Conflict, detail: { field: 'name' } });
    const second = await service.create(admin, {
      name: 'default two',
      type: 'email',
      email_to: ['y@example.com'],
      is_workspace_default: true,
    });
    expect((await service.get(member, first.id)).is_workspace_default).toBe(false);
    expect((await service.get(member, second.id)).is_workspace_default).toBe(true);
  });

  it('shows the payload template to admins only, pages by name, and flags and clears a channel', async () => {
    const created = await service.create(admin, {
      name: 'templated',
      type: 'webhook',
      webhook_url: WEBHOOK_URL,
      payload_template: { text: '{{summary}}' },
    });
    expect(await service.get(admin, created.id)).toMatchObject({ payload_template: { text: '{{summary}}' } });
    const seen = await service.get(member, created.id);
    expect(seen).not.toHaveProperty('payload_template');
    expect(seen.has_payload_template).toBe(true);

    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.list(member, { limit: 2, ...(cursor ? { cursor } : {}) });
      names.push(...page.items.map((item) => item.name));
      for (const item of page.items) expect(item).not.toHaveProperty('payload_template');
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    const all = await dataSource.getRepository(NotificationChannelEntity).find({ order: { name: 'ASC' } });
    expect(names).toEqual(all.map((channel) => channel.name));

    await flagChannel(dataSource.manager, created.id, 'deliveries failed for 24 hours');
    expect((await service.get(member, created.id)).flag_reason).toBe('deliveries failed for 24 hours');
    await clearChannelFlag(dataSource.manager, created.id);
    expect((await service.get(member, created.id)).flagged_at).toBeNull();
  });

  it('refuses to delete a channel a suite links (409 channel_in_use) and deletes it once unlinked', async () => {
    const created = await service.create(admin, { name: 'linked', type: 'slack', webhook_url: SLACK_URL });
    const suiteId = randomUUID();
    await dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, $2, $3, 'public.orders', $4)`,
        [suiteId, `suite ${suiteId}`, randomUUID(), admin.user.id],
      );
    });
    await dataSource.query(
      `INSERT INTO suite_notification_channels (suite_id, channel_id, role) VALUES ($1, $2, 'escalation')`,
      [suiteId, created.id],
    );
    const refused = await service.delete(admin, created.id).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: ErrorCode.ChannelInUse,
      detail: { suite_count: 1, suite_ids: [suiteId] },
    });
    expect(await service.get(admin, created.id)).toMatchObject({ id: created.id });

    await dataSource.query(`DELETE FROM suite_notification_channels WHERE channel_id = $1`, [created.id]);
    await service.delete(admin, created.id);
    await expect(service.get(admin, created.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
