/**
 * The trigger-binding tools through the MCP SDK client against a real mcp-gateway, beside a REST
 * gateway on the same database: each tool answers what its REST twin answers (the same body, the
 * same refusals: 404 for a hidden suite's binding, 403 for a viewer's write, 422 naming the field),
 * and list_near_misses shows the closest binding only to callers who can see its suite.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, call, type GatewayWorld, McpTestClient } from '@dq/testing';
import { createSharedSuiteWorld, type Refusal, type SharedSuiteWorld } from './support/shared-suite-world';

interface Binding {
  id: string;
  provider: string;
  pipeline_id: string;
  env: string;
  suite_id: string;
  enabled: boolean;
}

describe('MCP trigger-binding tools', () => {
  let shared: SharedSuiteWorld;
  let world: GatewayWorld;
  let api: string;
  let mcp: AppProcess;
  let tokens: SharedSuiteWorld['tokens'];
  let clients: SharedSuiteWorld['clients'];
  let suiteId: string;

  beforeAll(async () => {
    shared = await createSharedSuiteWorld('mcp-trigger-bindings', { suiteName: 'orders' });
    ({ world, api, mcp, tokens, clients, suiteId } = shared);
  });

  afterAll(() => shared?.close());

  it('lists the six tools in their toolsets', async () => {
    const tools = await clients.editor.tools();
    const names = tools.map((tool) => tool.name);
    for (const name of [
      'list_trigger_bindings',
      'get_trigger_binding',
      'create_trigger_binding',
      'update_trigger_binding',
      'delete_trigger_binding',
      'list_near_misses',
    ])
      expect(names).toContain(name);
    const readOnly = await McpTestClient.connect(mcp.url, {
      token: tokens.editor,
      headers: { 'x-mcp-toolsets': 'read' },
    });
    try {
      const readNames = (await readOnly.tools()).map((tool) => tool.name);
      expect(readNames).toEqual(expect.arrayContaining(['list_trigger_bindings', 'list_near_misses']));
      expect(readNames).not.toContain('create_trigger_binding');
    } finally {
      await readOnly.close();
    }
  });

  it('creates, reads, disables and deletes a binding as REST does, with REST refusals', async () => {
    const created = await clients.editor.call('create_trigger_binding', {
      provider: 'factory',
      pipeline_id: 'pl_copy_orders',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(created.isError).toBe(false);
    const binding = created.body as Binding;
    expect(binding).toMatchObject({ provider: 'factory', pipeline_id: 'pl_copy_orders', enabled: true });

    const viaRest = await call(api, 'GET', `/trigger-bindings/${binding.id}`, { token: tokens.viewer });
    const viaMcp = await clients.viewer.call('get_trigger_binding', { binding_id: binding.id });
    expect(viaMcp.body).toEqual(viaRest.body);
    const listed = await clients.viewer.call('list_trigger_bindings', { suite_id: suiteId, limit: 10 });
    expect((listed.body as { items: Binding[] }).items.map((item) => item.id)).toEqual([binding.id]);
    expect(listed.body).toEqual(
      (
        await call(api, 'GET', `/trigger-bindings?suite_id=${suiteId}&limit=10`, {
          token: tokens.viewer,
        })
      ).body,
    );

    const hidden = await clients.stranger.call('get_trigger_binding', { binding_id: binding.id });
    expect(hidden.isError).toBe(true);
    expect(hidden.body).toMatchObject({ error: { code: 'not_found' }, status: 404 });
    const viewerWrite = await clients.viewer.call('update_trigger_binding', {
      binding_id: binding.id,
      enabled: false,
    });
    expect(viewerWrite.body).toMatchObject({ error: { code: 'forbidden' }, status: 403 });
    const bad = await clients.editor.call('create_trigger_binding', {
      provider: 'cron',
      pipeline_id: 'pl_other',
      env: 'prod',
      suite_id: suiteId,
    });
    expect((bad.body as Refusal).status).toBe(422);
    expect((bad.body as Refusal).error.detail.fields?.map((entry) => entry.field)).toEqual(['provider']);
    const [count] = await world.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM trigger_bindings');
    expect(count.n).toBe(1);

    const disabled = await clients.editor.call('update_trigger_binding', {
      binding_id: binding.id,
      enabled: false,
    });
    expect((disabled.body as Binding).enabled).toBe(false);
    const deleted = await clients.editor.call('delete_trigger_binding', { binding_id: binding.id });
    expect(deleted.body).toEqual({ deleted: true, binding_id: binding.id });
    expect((await call(api, 'GET', `/trigger-bindings/${binding.id}`, { token: tokens.owner })).status).toBe(
      404,
    );
  });

  it('list_near_misses answers what REST answers, the binding only to those who see its suite', async () => {
    const binding = (
      await clients.owner.call('create_trigger_binding', {
        provider: 'scheduler',
        pipeline_id: 'load_orders',
        env: 'staging',
        suite_id: suiteId,
      })
    ).body as Binding;
    // A succeeded pipeline run the matcher judged: the closest binding was in another environment.
    const runId = `scheduled__${randomUUID()}`;
    await world.db.query(
      `INSERT INTO pipeline_runs (provider, pipeline_id, env, external_run_id, status, finished_at, observed_at,
                                  matched_bindings, near_miss_reason, near_miss_binding_id)
       VALUES ('scheduler', 'load_orders', 'prod', $1, 'succeeded', now(), now(), 0, 'other_environment', $2)`,
      [runId, binding.id],
    );
    const owners = await clients.owner.call('list_near_misses', {});
    expect(owners.body).toEqual(
      (await call(api, 'GET', '/orchestration/near-misses', { token: tokens.owner })).body,
    );
    expect((owners.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        run_id: runId,
        reason: 'other_environment',
        closest_binding: expect.objectContaining({ id: binding.id }),
      }),
    ]);
    const strangers = await clients.stranger.call('list_near_misses', {});
    expect((strangers.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ run_id: runId, reason: 'other_environment', closest_binding: null }),
    ]);
    const viewers = await clients.viewer.call('list_near_misses', { limit: 5 });
    expect((viewers.body as { items: unknown[] }).items).toHaveLength(1);
  });
});
