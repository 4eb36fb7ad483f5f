/**
 * The check kind catalogue through MCP, over real HTTP with the SDK's client: `list_check_kinds` and
 * `describe_check_kind` answer as `GET /check-kinds` does; the check tools' input schemas carry the
 * kinds as an enum and each kind's config parameters; a wrong config is still refused by the same
 * validation as REST (422 `validation_failed` naming the field) and creates nothing.
 */
import { type CheckKindDescription } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld, McpTestClient, ScratchDatabase } from '@dq/testing';

const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const GATEWAY_ENV = { RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' };
const KINDS = [
  'expectation',
  'custom_sql',
  'freshness',
  'volume',
  'anomaly',
  'schema_drift',
  'comparison',
  'profile',
];

type Schema = Record<string, unknown> & { properties: Record<string, Schema> };

describe('the check kind catalogue through MCP', () => {
  const database = new ScratchDatabase('mcp_check_kinds');
  let world: GatewayWorld;
  let api: string;
  let mcp: AppProcess;
  let member: string;
  let viewer: string;
  let memberClient: McpTestClient;
  let viewerClient: McpTestClient;
  let suiteId: string;

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint, total numeric, status text)`);
    });
    world = await GatewayWorld.create('mcp-check-kinds');
    const [gateway, mcpGateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK_EGRESS, ...GATEWAY_ENV }),
      world.startMcpGateway({ ...LOOPBACK_EGRESS, ...GATEWAY_ENV }),
    ]);
    api = `${gateway.url}/api/v1`;
    mcp = mcpGateway;
    const admin = await world.mintToken('admin@example.test', 'admin');
    member = await world.mintToken('member@example.test', 'member');
    viewer = await world.mintToken('viewer@example.test', 'viewer');
    const connectionId = await database.connect(api, admin, 'mcp-check-kinds-db');
    const suite = await call(api, 'POST', '/suites', {
      token: member,
      body: { name: 'mcp catalogue', connection_id: connectionId, target: 'public.orders' },
    });
    expect(suite.status).toBe(201);
    suiteId = (suite.body as { id: string }).id;
    memberClient = await McpTestClient.connect(mcp.url, { token: member });
    viewerClient = await McpTestClient.connect(mcp.url, { token: viewer });
  }, 120_000);

  afterAll(async () => {
    await memberClient?.close();
    await viewerClient?.close();
    await world?.close();
    await database.drop();
  });

  it('list_check_kinds answers as GET /check-kinds, filters included', async () => {
    for (const query of [{}, { datasource_kind: 'file_store' }, { limit: 2 }]) {
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, String(value)] as [string, string]),
      );
      const rest = await call(api, 'GET', `/check-kinds?${search.toString()}`, { token: viewer });
      const tool = await viewerClient.call('list_check_kinds', query);
      expect(tool.isError).toBe(false);
      expect(rest.status).toBe(200);
      expect(tool.body).toEqual(rest.body);
    }
    const fileStore = (await viewerClient.call('list_check_kinds', { datasource_kind: 'file_store' }))
      .body as {
      items: CheckKindDescription[];
    };
    expect(fileStore.items.map((entry) => entry.kind)).not.toContain('custom_sql');
    const refused = await viewerClient.call('list_check_kinds', { datasource_kind: 'mainframe' });
    expect(refused.isError).toBe(true);
    expect(refused.body).toMatchObject({ status: 422, error: { code: 'validation_failed' } });
    expect(JSON.stringify(refused.body)).toContain('datasource_kind');
  });

  it('describe_check_kind answers as GET /check-kinds/{kind}; an unknown kind is 404 not_found', async () => {
    const tool = await viewerClient.call('describe_check_kind', { kind: 'anomaly' });
    const rest = await call(api, 'GET', '/check-kinds/anomaly', { token: viewer });
    expect(tool.body).toEqual(rest.body);
    expect((tool.body as CheckKindDescription).thresholds.default).toEqual({ warn: 2, fail: 3, critical: 4 });
    const unknown = await viewerClient.call('describe_check_kind', { kind: 'anomalies' });
    expect(unknown.isError).toBe(true);
    expect(unknown.body).toMatchObject({ status: 404, error: { code: 'not_found' } });
  });

  it("create_check's schema lists the kinds and each kind's parameters", async () => {
    const tools = await memberClient.tools();
    for (const name of ['create_check', 'update_check', 'dry_run_check']) {
      const schema = tools.find((tool) => tool.name === name)?.inputSchema as unknown as Schema;
      expect(schema.properties['kind']['enum']).toEqual(KINDS);
      const branches = schema.properties['config']['anyOf'] as Schema[];
      const volume = branches.find((branch) => branch['title'] === 'volume');
      expect(Object.keys(volume?.properties ?? {})).toEqual(['min_rows', 'max_rows', 'severity']);
      expect(volume?.properties['severity']).toMatchObject({
        enum: ['warn', 'fail', 'critical'],
        default: 'fail',
      });
      const expectation = branches.find((branch) => branch['title'] === 'expectation') as unknown as {
        oneOf: Schema[];
      };
      const between = expectation.oneOf.find(
        (branch) => branch['title'] === 'expect_column_values_to_be_between',
      );
      expect(Object.keys(between?.properties['kwargs'].properties ?? {})).toEqual([
        'column',
        'min_value',
        'max_value',
        'strict_min',
        'strict_max',
        'mostly',
        'row_condition',
      ]);
    }
    const update = tools.find((tool) => tool.name === 'update_check')?.inputSchema as unknown as Schema;
    expect(update.properties['thresholds']['anyOf']).toContainEqual({ type: 'null' });
    const importSuite = tools.find((tool) => tool.name === 'import_suite')?.inputSchema as unknown as Schema;
    const documentChecks = importSuite.properties['document'].properties['checks'] as unknown as {
      items: Schema;
    };
    expect(documentChecks.items.properties['kind']['enum']).toEqual(KINDS);
  });

  it('a wrong config is refused by the create validation, naming the field, and creates nothing', async () => {
    const wrongVolume = await memberClient.call('create_check', {
      suite_id: suiteId,
      name: 'too few rows',
      kind: 'volume',
      config: { min_rows: -1 },
    });
    expect(wrongVolume.isError).toBe(true);
    expect(wrongVolume.body).toMatchObject({ status: 422, error: { code: 'validation_failed' } });
    expect(JSON.stringify(wrongVolume.body)).toContain('config.min_rows');

    const wrongKwargs = await memberClient.call('create_check', {
      suite_id: suiteId,
      name: 'total in range',
      kind: 'expectation',
      config: {
        expectation_type: 'expect_column_values_to_be_between',
        kwargs: { column: 'total', mostly: 2 },
      },
    });
    expect(wrongKwargs.isError).toBe(true);
    expect(wrongKwargs.body).toMatchObject({ status: 422, error: { code: 'validation_failed' } });
    expect(JSON.stringify(wrongKwargs.body)).toContain('config.kwargs.mostly');

    const wrongKind = await memberClient.call('create_check', {
      suite_id: suiteId,
      name: 'no such kind',
      kind: 'row_count',
      config: {},
    });
    expect(wrongKind.body).toMatchObject({ status: 422, error: { code: 'validation_failed' } });
    expect(JSON.stringify(wrongKind.body)).toContain('"kind"');

    const listed = await call(api, 'GET', `/suites/${suiteId}/checks`, { token: member });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toMatch(/too few rows|total in range|no such kind/);
  });

  it("the catalogue's example is created as it stands", async () => {
    const volume = (await memberClient.call('describe_check_kind', { kind: 'volume' }))
      .body as CheckKindDescription;
    const created = await memberClient.call('create_check', { suite_id: suiteId, ...volume.example });
    expect(created.isError).toBe(false);
    expect(created.body).toMatchObject({ kind: 'volume', config: volume.example.config });
  });
});
