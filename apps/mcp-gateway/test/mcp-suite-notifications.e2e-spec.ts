/**
 * The suite notification tools through MCP, over real HTTP with the SDK's client, against the REST
 * routes they wrap: each answers the body REST answers, a write through one surface is what the
 * other reads, and a view share, a stranger and a bad value are refused exactly as REST refuses them;
 * a read-only assistant sees only the two read tools.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, McpTestClient } from '@dq/testing';
import { createSharedSuiteWorld, type SharedSuiteWorld } from './support/shared-suite-world';

const TOOLS = ['get_suite_notifications', 'list_suite_notification_channels', 'set_suite_notifications'];

type Who = 'owner' | 'editor' | 'viewer' | 'stranger';

describe('MCP suite notification tools answer as REST does', () => {
  let shared: SharedSuiteWorld;
  let mcp: AppProcess;
  let tokens: SharedSuiteWorld['tokens'];
  let clients: SharedSuiteWorld['clients'];
  let suiteId: string;
  let channelId: string;

  const rest: SharedSuiteWorld['rest'] = (...args) => shared.rest(...args);

  beforeAll(async () => {
    shared = await createSharedSuiteWorld('mcp-suite-notifications', { suiteName: 'alerted through mcp' });
    ({ mcp, tokens, clients, suiteId } = shared);
    channelId = randomUUID();
    await shared.world.db.query(
      `INSERT INTO notification_channels (id, name, type, email_to) VALUES ($1, 'ops mail', 'email', ARRAY['ops@example.test'])`,
      [channelId],
    );
  }, 120_000);

  afterAll(() => shared?.close());

  it('lists the three tools; a read-only assistant sees only the reads', async () => {
    expect((await clients.viewer.tools()).map((tool) => tool.name)).toEqual(expect.arrayContaining(TOOLS));
    const readOnly = await McpTestClient.connect(mcp.url, {
      token: tokens.viewer,
      headers: { 'X-MCP-Toolsets': 'read' },
    });
    const names = (await readOnly.tools()).map((tool) => tool.name);
    await readOnly.close();
    expect(names.filter((name) => TOOLS.includes(name)).sort()).toEqual([
      'get_suite_notifications',
      'list_suite_notification_channels',
    ]);
  });

  it('get, set and list answer what REST reads, and REST writes are what MCP reads', async () => {
    const defaults = await clients.viewer.call('get_suite_notifications', { suite_id: suiteId });
    expect(defaults.isError).toBe(false);
    expect(defaults.body).toEqual((await rest('viewer', 'GET', `/suites/${suiteId}/notifications`)).body);
    expect(defaults.body).toMatchObject({ alert_on: 'warn_and_above', is_default: true });

    const set = await clients.editor.call('set_suite_notifications', {
      suite_id: suiteId,
      channel_ids: [channelId],
      alert_on: 'fail_only',
      auto_resolve: true,
    });
    expect(set.isError).toBe(false);
    expect(set.body).toMatchObject({ channel_ids: [channelId], alert_on: 'fail_only', auto_resolve: true });
    expect((await rest('viewer', 'GET', `/suites/${suiteId}/notifications`)).body).toEqual(set.body);

    const listed = await clients.viewer.call('list_suite_notification_channels', { suite_id: suiteId });
    expect(listed.body).toEqual(
      (await rest('viewer', 'GET', `/suites/${suiteId}/notification-channels`)).body,
    );
    expect((listed.body as { items: { channel_id: string }[] }).items.map((item) => item.channel_id)).toEqual(
      [channelId],
    );

    expect((await rest('owner', 'DELETE', `/suites/${suiteId}/notifications`)).status).toBe(204);
    expect((await clients.editor.call('get_suite_notifications', { suite_id: suiteId })).body).toMatchObject({
      channel_ids: [],
      is_default: true,
    });
  });

  it('refuses each principal as REST does: 403 for a view share, 404 for a stranger, 422 naming the field', async () => {
    const cases: [Who, string, Record<string, unknown>, string, string][] = [
      ['viewer', 'set_suite_notifications', { channel_ids: [] }, 'PUT', `/suites/${suiteId}/notifications`],
      ['stranger', 'get_suite_notifications', {}, 'GET', `/suites/${suiteId}/notifications`],
      ['stranger', 'list_suite_notification_channels', {}, 'GET', `/suites/${suiteId}/notification-channels`],
      [
        'editor',
        'set_suite_notifications',
        { channel_ids: [randomUUID()] },
        'PUT',
        `/suites/${suiteId}/notifications`,
      ],
      [
        'editor',
        'set_suite_notifications',
        { channel_ids: [], alert_on: 'sometimes' },
        'PUT',
        `/suites/${suiteId}/notifications`,
      ],
    ];
    const statuses: number[] = [];
    for (const [who, tool, body, method, path] of cases) {
      const answer = await clients[who].call(tool, { suite_id: suiteId, ...body });
      const expected = await rest(who, method, path, method === 'PUT' ? body : undefined);
      expect(answer.isError).toBe(true);
      const refused = answer.body as { status: number; error: { code: string; detail: unknown } };
      expect(`${tool} as ${who}: ${refused.status}`).toBe(`${tool} as ${who}: ${expected.status}`);
      expect(refused.error).toEqual((expected.body as { error: unknown }).error);
      statuses.push(refused.status);
    }
    expect(statuses).toEqual([403, 404, 404, 422, 422]);
    expect((await rest('owner', 'GET', `/suites/${suiteId}/notifications`)).body).toMatchObject({
      is_default: true,
    });
  });
});
