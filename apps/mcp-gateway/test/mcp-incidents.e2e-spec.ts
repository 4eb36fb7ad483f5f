/**
 * The incident tools through the MCP SDK client against a real mcp-gateway, beside a REST gateway
 * on the same database: each tool answers what its REST twin answers (the list, the card, the
 * transitions) with the same refusals: 404 for a hidden suite's incident, 403 for a viewer's
 * write, 409 for a wrong source state, 422 naming the field.
 */
import { AuditLog } from '@dq/audit';
import { IncidentLifecycle } from '@dq/alerting';
import { SuiteAccessService } from '@dq/suites';
import { type AppProcess, call, type GatewayWorld, McpTestClient } from '@dq/testing';
import { createSharedSuiteWorld, type Refusal, type SharedSuiteWorld } from './support/shared-suite-world';

describe('MCP incident tools', () => {
  let shared: SharedSuiteWorld;
  let world: GatewayWorld;
  let api: string;
  let mcp: AppProcess;
  let tokens: SharedSuiteWorld['tokens'];
  let clients: SharedSuiteWorld['clients'];
  let suiteId: string;
  let incidentId: string;

  beforeAll(async () => {
    shared = await createSharedSuiteWorld('mcp-incidents', { suiteName: 'orders' });
    ({ world, api, mcp, tokens, clients, suiteId } = shared);
    const check = await call(api, 'POST', `/suites/${suiteId}/checks`, {
      token: tokens.owner,
      body: { name: 'enough orders', kind: 'volume', config: { min_rows: 100 } },
    });
    expect(check.status).toBe(201);
    const checkId = (check.body as { id: string }).id;
    const [run] = await world.db.query<{ id: string }[]>(
      `INSERT INTO runs (suite_id, "trigger", status, finished_at, plan)
       VALUES ($1, 'schedule', 'succeeded', now(), $2::jsonb) RETURNING id`,
      [suiteId, JSON.stringify([{ check_id: checkId, kind: 'volume', version: 1 }])],
    );
    await world.db.query(
      `INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, finished_at)
       VALUES ($1, $2, 'fail', 12, '{}', now())`,
      [run.id, checkId],
    );
    const lifecycle = new IncidentLifecycle(
      world.db,
      new SuiteAccessService(world.db),
      new AuditLog(world.db),
    );
    const opened = await world.db.transaction((manager) =>
      lifecycle.recordFailure(manager, {
        suite_id: suiteId,
        check_id: checkId,
        run_id: run.id,
        severity: 'fail',
        check_version: 1,
        at: new Date(),
      }),
    );
    incidentId = opened.incident.id;
  });

  afterAll(() => shared?.close());

  it('lists the four tools; the read toolset has only the reads', async () => {
    const names = (await clients.editor.tools()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['list_incidents', 'get_incident', 'ack_incident', 'resolve_incident']),
    );
    const readOnly = await McpTestClient.connect(mcp.url, {
      token: tokens.editor,
      headers: { 'x-mcp-toolsets': 'read' },
    });
    try {
      const readNames = (await readOnly.tools()).map((tool) => tool.name);
      expect(readNames).toEqual(expect.arrayContaining(['list_incidents', 'get_incident']));
      expect(readNames).not.toContain('ack_incident');
      expect(readNames).not.toContain('resolve_incident');
    } finally {
      await readOnly.close();
    }
  });

  it('reads as REST reads: the list and the card; a hidden incident is not found', async () => {
    const listed = await clients.viewer.call('list_incidents', {
      suite_id: suiteId,
      state: 'open',
      limit: 10,
    });
    expect(listed.isError).toBe(false);
    expect(listed.body).toEqual(
      (await call(api, 'GET', `/incidents?suite_id=${suiteId}&state=open&limit=10`, { token: tokens.viewer }))
        .body,
    );
    expect((listed.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([incidentId]);
    const viaMcp = await clients.viewer.call('get_incident', { incident_id: incidentId });
    const viaRest = await call(api, 'GET', `/incidents/${incidentId}`, { token: tokens.viewer });
    expect(viaMcp.body).toEqual(viaRest.body);
    expect(viaMcp.body).toMatchObject({ evidence: { check: { name: 'enough orders' }, asset: null } });
    const hidden = await clients.stranger.call('get_incident', { incident_id: incidentId });
    expect(hidden.isError).toBe(true);
    expect(hidden.body).toMatchObject({ error: { code: 'not_found' }, status: 404 });
    const strangerList = await clients.stranger.call('list_incidents', {});
    expect((strangerList.body as { items: unknown[] }).items).toEqual([]);
  });

  it('acknowledges and resolves with REST refusals', async () => {
    const viewerAck = await clients.viewer.call('ack_incident', { incident_id: incidentId });
    expect(viewerAck.isError).toBe(true);
    expect(viewerAck.body).toMatchObject({ error: { code: 'forbidden' }, status: 403 });
    const strangerAck = await clients.stranger.call('ack_incident', { incident_id: incidentId });
    expect(strangerAck.body).toMatchObject({ error: { code: 'not_found' }, status: 404 });

    const acked = await clients.editor.call('ack_incident', { incident_id: incidentId });
    expect(acked.isError).toBe(false);
    expect(acked.body).toMatchObject({ id: incidentId, state: 'acknowledged' });
    const twice = await clients.editor.call('ack_incident', { incident_id: incidentId });
    expect(twice.body).toMatchObject({ error: { code: 'conflict' }, status: 409 });

    const bad = await clients.editor.call('resolve_incident', { incident_id: incidentId, reason: 'bored' });
    expect(bad.isError).toBe(true);
    expect((bad.body as Refusal).status).toBe(422);
    expect(((bad.body as Refusal).error.detail.fields ?? []).map((f) => f.field)).toEqual(['reason']);

    const resolved = await clients.editor.call('resolve_incident', {
      incident_id: incidentId,
      reason: 'false_positive',
      comment: 'the source was re-played',
    });
    expect(resolved.isError).toBe(false);
    expect(resolved.body).toMatchObject({ state: 'resolved', resolve_reason: 'false_positive' });
    const rest = await call(api, 'POST', `/incidents/${incidentId}/resolve`, { token: tokens.editor });
    expect(rest.status).toBe(409);
    const [row] = await world.db.query<{ state: string; resolve_comment: string }[]>(
      'SELECT state, resolve_comment FROM incidents WHERE id = $1',
      [incidentId],
    );
    expect(row).toEqual({ state: 'resolved', resolve_comment: 'the source was re-played' });
  });
});
