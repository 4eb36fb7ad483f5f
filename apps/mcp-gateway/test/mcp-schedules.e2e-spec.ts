/**
 * The schedule tools through MCP, over real HTTP with the SDK's client, against the REST routes they
 * wrap: each tool answers the body REST answers, a write through one surface is what the other
 * reads, and each principal (edit share, view share, stranger) is refused exactly as REST refuses
 * it; a read-only assistant sees only the two read tools.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, McpTestClient } from '@dq/testing';
import { createSharedSuiteWorld, type SharedSuiteWorld } from './support/shared-suite-world';

const SCHEDULE_TOOLS = [
  'list_schedules',
  'get_schedule',
  'create_schedule',
  'update_schedule',
  'delete_schedule',
];
/** Once a year: the upcoming fire times cannot move between the REST call and the tool call. */
const YEARLY = { cron: '0 6 1 1 *', timezone: 'Europe/Berlin' };

type Who = 'owner' | 'editor' | 'viewer' | 'stranger';

describe('MCP schedule tools answer as REST does', () => {
  let shared: SharedSuiteWorld;
  let mcp: AppProcess;
  let tokens: SharedSuiteWorld['tokens'];
  let clients: SharedSuiteWorld['clients'];
  let suiteId: string;

  const rest: SharedSuiteWorld['rest'] = (...args) => shared.rest(...args);

  beforeAll(async () => {
    shared = await createSharedSuiteWorld('mcp-schedules', { suiteName: 'scheduled through mcp' });
    ({ mcp, tokens, clients, suiteId } = shared);
  }, 120_000);

  afterAll(() => shared?.close());

  it('lists the five tools to every role; a read-only assistant sees only the reads', async () => {
    for (const who of ['viewer', 'editor'] as const) {
      const names = (await clients[who].tools()).map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(SCHEDULE_TOOLS));
    }
    const readOnly = await McpTestClient.connect(mcp.url, {
      token: tokens.viewer,
      headers: { 'X-MCP-Toolsets': 'read' },
    });
    const names = (await readOnly.tools()).map((tool) => tool.name);
    await readOnly.close();
    expect(names.filter((name) => SCHEDULE_TOOLS.includes(name)).sort()).toEqual([
      'get_schedule',
      'list_schedules',
    ]);
  });

  it('create, get, list, update and delete answer what REST reads, and REST writes are what MCP reads', async () => {
    const created = await clients.editor.call('create_schedule', { suite_id: suiteId, ...YEARLY });
    expect(created.isError).toBe(false);
    const schedule = created.body as { id: string; upcoming_fire_times: string[] };
    expect(schedule).toMatchObject({ suite_id: suiteId, ...YEARLY, enabled: true });
    expect(schedule.upcoming_fire_times).toHaveLength(5);
    for (const text of schedule.upcoming_fire_times) expect(text).toMatch(/-01-01T06:00:00\+01:00$/);

    const restRead = await rest('viewer', 'GET', `/schedules/${schedule.id}`);
    expect(restRead.status).toBe(200);
    expect(restRead.body).toEqual(created.body);
    const toolRead = await clients.viewer.call('get_schedule', { schedule_id: schedule.id });
    expect(toolRead.body).toEqual(restRead.body);

    const restList = await rest('viewer', 'GET', `/schedules?suite_id=${suiteId}`);
    const toolList = await clients.viewer.call('list_schedules', { suite_id: suiteId });
    expect(toolList.isError).toBe(false);
    expect(toolList.body).toEqual(restList.body);
    expect((toolList.body as { items: unknown[] }).items).toHaveLength(1);

    const updated = await clients.owner.call('update_schedule', { schedule_id: schedule.id, enabled: false });
    expect(updated.body).toMatchObject({ enabled: false, next_fire_at: null, upcoming_fire_times: [] });
    expect((await rest('owner', 'GET', `/schedules/${schedule.id}`)).body).toEqual(updated.body);

    const patched = await rest('owner', 'PATCH', `/schedules/${schedule.id}`, {
      enabled: true,
      cron: '0 7 1 1 *',
    });
    expect(patched.status).toBe(200);
    expect((await clients.editor.call('get_schedule', { schedule_id: schedule.id })).body).toEqual(
      patched.body,
    );

    const deleted = await clients.editor.call('delete_schedule', { schedule_id: schedule.id });
    expect(deleted.body).toEqual({ deleted: true, schedule_id: schedule.id });
    expect((await rest('owner', 'GET', `/schedules/${schedule.id}`)).status).toBe(404);
  });

  it('refuses each principal as REST does: 403 for a view share, 404 for a stranger, 409, 422 naming the field', async () => {
    const made = await rest('owner', 'POST', '/schedules', { suite_id: suiteId, ...YEARLY });
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    const cases: [Who, string, Record<string, unknown>, string, string, unknown][] = [
      [
        'viewer',
        'update_schedule',
        { schedule_id: id, enabled: false },
        'PATCH',
        `/schedules/${id}`,
        { enabled: false },
      ],
      ['viewer', 'delete_schedule', { schedule_id: id }, 'DELETE', `/schedules/${id}`, undefined],
      ['stranger', 'get_schedule', { schedule_id: id }, 'GET', `/schedules/${id}`, undefined],
      ['stranger', 'delete_schedule', { schedule_id: id }, 'DELETE', `/schedules/${id}`, undefined],
      [
        'stranger',
        'list_schedules',
        { suite_id: suiteId },
        'GET',
        `/schedules?suite_id=${suiteId}`,
        undefined,
      ],
      [
        'editor',
        'create_schedule',
        { suite_id: suiteId, ...YEARLY },
        'POST',
        '/schedules',
        { suite_id: suiteId, ...YEARLY },
      ],
      [
        'viewer',
        'create_schedule',
        { suite_id: randomUUID(), ...YEARLY },
        'POST',
        '/schedules',
        { suite_id: randomUUID(), ...YEARLY },
      ],
      [
        'editor',
        'update_schedule',
        { schedule_id: id, cron: '0 0 6 * * *' },
        'PATCH',
        `/schedules/${id}`,
        { cron: '0 0 6 * * *' },
      ],
      [
        'editor',
        'update_schedule',
        { schedule_id: id, timezone: 'Europe/Atlantis' },
        'PATCH',
        `/schedules/${id}`,
        { timezone: 'Europe/Atlantis' },
      ],
    ];
    const statuses: number[] = [];
    for (const [who, tool, args, method, path, body] of cases) {
      const answer = await clients[who].call(tool, args);
      const expected = await rest(who, method, path, body);
      expect(answer.isError).toBe(true);
      const refused = answer.body as { status: number; error: { code: string; detail: unknown } };
      expect(`${tool} as ${who}: ${refused.status}`).toBe(`${tool} as ${who}: ${expected.status}`);
      expect(refused.error).toEqual((expected.body as { error: unknown }).error);
      statuses.push(refused.status);
    }
    expect(statuses).toEqual([403, 403, 404, 404, 404, 409, 404, 422, 422]);
    // Nothing changed: the one schedule is as the owner made it.
    expect((await rest('owner', 'GET', `/schedules/${id}`)).body).toMatchObject({ ...YEARLY, enabled: true });
  });
});
