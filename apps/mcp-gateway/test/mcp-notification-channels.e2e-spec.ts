/**
 * The notification-channel read tools through the MCP SDK client against a real mcp-gateway, beside
 * a REST gateway on the same database: each answers what its REST twin answers to the same caller
 * (no URL or credential for anyone, the payload template for admins only), a missing channel is
 * REST's 404, and no tool writes a channel.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, call, type GatewayWorld, McpTestClient } from '@dq/testing';
import { startGatewayPair } from './support/shared-suite-world';

const WEBHOOK_URL = 'https://93.184.216.34/hooks/mcp-webhook-secret-path';

describe('MCP notification-channel tools', () => {
  let world: GatewayWorld;
  let api: string;
  let mcp: AppProcess;
  const tokens = { admin: '', viewer: '' };
  const clients = {} as Record<keyof typeof tokens, McpTestClient>;
  let channelId: string;

  beforeAll(async () => {
    ({ world, api, mcp } = await startGatewayPair('mcp-notification-channels'));
    tokens.admin = await world.mintToken('admin@example.test', 'admin');
    tokens.viewer = await world.mintToken('viewer@example.test', 'viewer');
    const created = await call(api, 'POST', '/notification-channels', {
      token: tokens.admin,
      body: {
        name: 'ops webhook',
        type: 'webhook',
        webhook_url: WEBHOOK_URL,
        auth_header_name: 'Authorization',
        auth_header_value: 'Bearer mcp-header-secret',
        payload_template: { text: '{{summary}}' },
      },
    });
    expect(created.status).toBe(201);
    channelId = (created.body as { id: string }).id;
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
      clients[who] = await McpTestClient.connect(mcp.url, { token: tokens[who] });
  });

  afterAll(async () => {
    await Promise.all(Object.values(clients).map((client) => client.close()));
    await world?.close();
  });

  it('serves the two read tools in the read toolset and no channel write', async () => {
    const readOnly = await McpTestClient.connect(mcp.url, {
      token: tokens.viewer,
      headers: { 'x-mcp-toolsets': 'read' },
    });
    try {
      const names = (await readOnly.tools()).map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['list_notification_channels', 'get_notification_channel']),
      );
    } finally {
      await readOnly.close();
    }
    const all = (await clients.admin.tools()).map((tool) => tool.name);
    // No tool creates, changes, deletes or tests a channel (a suite's links are the suite's tools).
    expect(all.filter((name) => /^(create|update|delete|test)_notification_channel/.test(name))).toEqual([]);
    expect(all).toEqual(expect.arrayContaining(['get_notification_channel', 'list_notification_channels']));
  });

  it('answers as REST does for each caller, never with the URL or a credential', async () => {
    for (const who of ['admin', 'viewer'] as const) {
      const viaMcp = await clients[who].call('get_notification_channel', { channel_id: channelId });
      expect(viaMcp.isError).toBe(false);
      const viaRest = await call(api, 'GET', `/notification-channels/${channelId}`, { token: tokens[who] });
      expect(viaMcp.body).toEqual(viaRest.body);
      const listed = await clients[who].call('list_notification_channels', { type: 'webhook', limit: 10 });
      expect(listed.body).toEqual(
        (await call(api, 'GET', '/notification-channels?type=webhook&limit=10', { token: tokens[who] })).body,
      );
      const text = JSON.stringify([viaMcp.body, listed.body]);
      expect(text).not.toContain('mcp-webhook-secret-path');
      expect(text).not.toContain('mcp-header-secret');
      expect(text).not.toContain('signing_key');
      if (who === 'viewer') expect(text).not.toContain('{{summary}}');
      else expect(text).toContain('{{summary}}');
    }
    const missing = await clients.viewer.call('get_notification_channel', { channel_id: randomUUID() });
    expect(missing.isError).toBe(true);
    expect(missing.body).toMatchObject({ error: { code: 'not_found' }, status: 404 });
    const badType = await clients.viewer.call('list_notification_channels', { type: 'pager' });
    expect(badType.isError).toBe(true);
    expect(badType.body).toMatchObject({ error: { code: 'validation_failed' }, status: 422 });
  });
});
