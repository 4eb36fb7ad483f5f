/**
 * The OpenAPI document the gateway serves at /api/v1/openapi.json (without a credential) describes
 * what the main resources answer: each response names its class's schema, and the schema lists the
 * fields a client reads, nullable ones as OpenAPI 3.1 writes them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppProcess, GatewayWorld } from '@dq/testing';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

describe('OpenAPI response schemas', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let document: OpenApiDocument;

  beforeAll(async () => {
    world = await GatewayWorld.create('openapi-responses');
    gateway = await world.startGateway();
    const docs = await fetch(`${gateway.url}/api/v1/openapi.json`);
    expect(docs.status).toBe(200);
    document = (await docs.json()) as OpenApiDocument;
    expect(document).toMatchObject({ openapi: '3.1.0' });
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  });

  it('is the committed docs/openapi.json, served without a credential', () => {
    const committed = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    ) as unknown;
    expect(document).toEqual(committed);
  });

  const schemaOf = (path: string, method: string, status: string): unknown =>
    document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it.each([
    ['/api/v1/connections', 'get', '200', ref('ConnectionPage')],
    ['/api/v1/connections', 'post', '201', ref('ConnectionResponse')],
    ['/api/v1/connections/{id}', 'get', '200', ref('ConnectionResponse')],
    ['/api/v1/connections/{id}/versions', 'get', '200', ref('ConnectionVersionPage')],
    ['/api/v1/suites', 'get', '200', { type: 'array', items: ref('SuiteResponse') }],
    ['/api/v1/suites', 'post', '201', ref('SuiteResponse')],
    ['/api/v1/suites/{id}/shares', 'get', '200', ref('SharePage')],
    ['/api/v1/me/api-keys', 'get', '200', ref('ApiKeyPage')],
    ['/api/v1/me/api-keys', 'post', '201', ref('ApiKeyCreatedResponse')],
    ['/api/v1/suites/{id}/checks', 'get', '200', ref('CheckPage')],
    ['/api/v1/suites/{id}/checks', 'post', '201', ref('CheckResponse')],
    ['/api/v1/suites/{id}/checks/{cid}/snooze', 'post', '200', ref('CheckResponse')],
    ['/api/v1/suites/{id}/checks/{cid}/versions', 'get', '200', ref('CheckVersionPage')],
    ['/api/v1/suites/{id}/checks/{cid}/baseline', 'get', '200', ref('CheckBaselineResponse')],
    ['/api/v1/admin/scoring', 'put', '200', ref('ScoringSettingsView')],
    ['/api/v1/admin/privacy', 'get', '200', ref('PrivacySettingsView')],
    ['/api/v1/admin/deployment', 'get', '200', ref('DeploymentView')],
    ['/api/v1/runs', 'get', '200', ref('RunPage')],
    ['/api/v1/runs/{id}', 'get', '200', ref('RunDetailView')],
    ['/api/v1/runs/{id}/progress', 'get', '200', ref('RunProgressView')],
    ['/api/v1/runs/{id}/cancel', 'post', '202', ref('CancelledRunView')],
    ['/api/v1/suites/{id}/run', 'post', '201', ref('TriggeredRunView')],
    ['/api/v1/suites/{id}/run', 'post', '200', ref('TriggeredRunView')],
    ['/api/v1/me', 'get', '200', ref('MeResponse')],
    ['/api/v1/suites/import', 'post', '201', ref('ImportSuiteResponse')],
    ['/api/v1/suites/import', 'post', '200', ref('ImportSuiteResponse')],
    ['/api/v1/dashboard/summary', 'get', '200', ref('DashboardSummaryView')],
    ['/api/v1/connections/test', 'post', '200', ref('ConnectionTestResult')],
    ['/api/v1/users/search', 'get', '200', ref('UserSearchPage')],
    ['/api/v1/schedules', 'get', '200', ref('SchedulePage')],
    ['/api/v1/schedules', 'post', '201', ref('ScheduleResponse')],
    ['/api/v1/schedules/{id}', 'get', '200', ref('ScheduleResponse')],
    ['/api/v1/schedules/{id}', 'patch', '200', ref('ScheduleResponse')],
  ])('%s %s answers %s with its schema', (path, method, status, schema) => {
    expect(schemaOf(path, method, status)).toEqual(schema);
  });

  it('the schemas list the fields, nullable ones marked, and never a secret', () => {
    const { schemas } = document.components;
    expect(schemas['ConnectionResponse']?.properties).toMatchObject({
      id: { type: 'string', format: 'uuid' },
      kind: { enum: expect.arrayContaining(['postgres', 'warehouse']) },
      has_secret: { type: 'boolean' },
      credential_health: { anyOf: [ref('CredentialHealth'), { type: 'null' }] },
      privilege_warning: { type: ['string', 'null'] },
    });
    expect(Object.keys(schemas['ConnectionResponse']?.properties ?? {})).not.toContain('credential');
    expect(schemas['SuiteResponse']?.properties).toMatchObject({
      my_grant: { enum: ['view', 'edit', 'admin', 'owner'] },
      file_encoding: { type: ['string', 'null'] },
    });
    expect(schemas['ApiKeyCreatedResponse']?.properties).toMatchObject({ token: { type: 'string' } });
    expect(schemas['ApiKeyResponse']?.properties).not.toHaveProperty('token');
    expect(schemas['CredentialHealth']?.properties).toHaveProperty('consecutive_auth_failures');
    expect(schemas['CheckResponse']?.properties).toMatchObject({
      dimension: { enum: expect.arrayContaining(['completeness', 'validity']) },
      caveats: { type: 'array', items: ref('CheckCaveat') },
    });
    expect(schemas['DeploymentView']?.properties).toMatchObject({ egress: ref('DeploymentEgressView') });
    expect(schemas['ScoringSettingsView']?.properties).toMatchObject({ weights: ref('ScoringWeights') });
    expect(schemas['RunPage']?.properties).toMatchObject({ items: { type: 'array', items: ref('RunView') } });
    expect(schemas['RunDetailView']?.properties).toMatchObject({
      status: { enum: expect.arrayContaining(['queued', 'running']) },
      results: { type: 'array', items: ref('RunResultView') },
    });
    expect(schemas['ScheduleResponse']?.properties).toMatchObject({
      next_fire_at: { type: ['string', 'null'], format: 'date-time' },
      last_run_id: { type: ['string', 'null'] },
      upcoming_fire_times: { type: 'array', items: { type: 'string' } },
    });
    expect(schemas['SchedulePage']?.properties).toMatchObject({
      items: { type: 'array', items: ref('ScheduleResponse') },
    });
  });
});
