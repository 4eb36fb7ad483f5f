/**
 * `GET /check-kinds` and `GET /check-kinds/{kind}` through a real gateway: the engine's catalogue,
 * narrowed per datasource kind and paged; and every example it shows for PostgreSQL is created
 * as it stands by `POST /suites/{id}/checks` on a PostgreSQL suite.
 */
import { type CheckKindDescription, type CheckKindPage } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld, ScratchDatabase } from '@dq/testing';

const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const ALL_KINDS = [
  'expectation',
  'custom_sql',
  'freshness',
  'volume',
  'anomaly',
  'schema_drift',
  'comparison',
  'profile',
];

describe('the check kind catalogue', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  let viewer: string;
  let member: string;
  const database = new ScratchDatabase('check_kinds_e2e');

  const list = async (query: string): Promise<CheckKindPage> => {
    const read = await call(api, 'GET', `/check-kinds${query}`, { token: viewer });
    expect(read.status).toBe(200);
    return read.body as CheckKindPage;
  };

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint, total numeric, status text)`);
    });
    world = await GatewayWorld.create('check_kinds');
    gateway = await world.startGateway({ ...LOOPBACK_EGRESS, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    api = `${gateway.url}/api/v1`;
    viewer = await world.mintToken('viewer@example.test', 'viewer');
    member = await world.mintToken('member@example.test', 'member');
  });

  afterAll(async () => {
    await world?.close();
    await database.drop();
  });

  it('lists every kind in one page, with datasource kinds, parameters and an example', async () => {
    const page = await list('');
    expect(page.next_cursor).toBeNull();
    expect(page.items.map((entry) => entry.kind)).toEqual(ALL_KINDS);
    const volume = page.items.find((entry) => entry.kind === 'volume') as CheckKindDescription;
    expect(volume.parameters.map((parameter) => parameter.name)).toEqual([
      'min_rows',
      'max_rows',
      'severity',
    ]);
    expect(volume.thresholds.applies).toBe(false);
    expect(volume.example).toMatchObject({ kind: 'volume' });
  });

  it('narrows to one datasource kind, and refuses an unknown one with 422', async () => {
    const iceberg = await list('?datasource_kind=iceberg_catalog');
    expect(iceberg.items.map((entry) => entry.kind)).toEqual(
      ALL_KINDS.filter((kind) => kind !== 'custom_sql' && kind !== 'anomaly'),
    );
    const expectation = iceberg.items.find((entry) => entry.kind === 'expectation');
    expect(expectation?.expectation_types.map((type) => type.type)).not.toContain('null_count');

    const refused = await call(api, 'GET', '/check-kinds?datasource_kind=mainframe', { token: viewer });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect(JSON.stringify(refused.body)).toContain('datasource_kind');
  });

  it('pages with limit and cursor like every list', async () => {
    const first = await list('?limit=3');
    expect(first.items.map((entry) => entry.kind)).toEqual(ALL_KINDS.slice(0, 3));
    expect(first.next_cursor).not.toBeNull();
    const rest = await list(`?limit=200&cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
    expect(rest.items.map((entry) => entry.kind)).toEqual(ALL_KINDS.slice(3));
    expect(rest.next_cursor).toBeNull();
    const badCursor = await call(api, 'GET', '/check-kinds?cursor=garbage', { token: viewer });
    expect(badCursor.status).toBe(422);
    expect((await call(api, 'GET', '/check-kinds?limit=0', { token: viewer })).status).toBe(422);
  });

  it('describes one kind, and an unknown kind is 404 not_found', async () => {
    const read = await call(api, 'GET', '/check-kinds/freshness', { token: viewer });
    expect(read.status).toBe(200);
    const freshness = read.body as CheckKindDescription;
    expect(freshness.variants.map((variant) => variant.variant)).toEqual([
      'freshness',
      'freshness_file_arrival',
    ]);
    const missing = await call(api, 'GET', '/check-kinds/freshnes', { token: viewer });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'not_found' } });
    expect((await call(api, 'GET', '/check-kinds/freshness')).status).toBe(401);
  });

  it('every example for PostgreSQL is created as shown (a comparison names a real baseline connection)', async () => {
    const admin = await world.mintToken('admin@example.test', 'admin');
    const connectionId = await database.connect(api, admin, 'check-kinds-db');
    const suite = await call(api, 'POST', '/suites', {
      token: member,
      body: { name: 'catalogue examples', connection_id: connectionId, target: 'public.orders' },
    });
    expect(suite.status).toBe(201);
    const suiteId = (suite.body as { id: string }).id;
    const page = await list('?datasource_kind=postgres');
    const examples = page.items.flatMap((entry) =>
      entry.expectation_types.length > 0
        ? entry.expectation_types.map((type) => type.example)
        : [entry.example],
    );
    expect(examples.length).toBeGreaterThan(ALL_KINDS.length);
    for (const [index, example] of examples.entries()) {
      const body = structuredClone(example);
      if (body.kind === 'comparison') body.config['baseline_connection_id'] = connectionId;
      const created = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: member,
        body: { ...body, name: `${body.name} ${index}` },
      });
      expect({
        example: body.name,
        status: created.status,
        body: created.status === 201 ? null : created.body,
      }).toEqual({
        example: body.name,
        status: 201,
        body: null,
      });
    }
  });
});
