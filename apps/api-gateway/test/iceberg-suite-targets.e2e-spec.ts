/**
 * Iceberg suite targets as the REST catalog names tables, through a real gateway and runner against
 * the catalog peer: the fixture tables (every name holds a hyphen) save unquoted and run; a
 * namespace and a table whose names hold dots save double-quoted and resolve to those levels; a
 * name written any other way is a 422 at save that says how to write it.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  type AppProcess,
  call,
  GatewayWorld,
  ICEBERG_FIXTURES_DIR,
  type IcebergCatalogPeer,
  startIcebergCatalogPeer,
} from '@dq/testing';

const TOKEN = `iceberg-tok-${randomBytes(12).toString('hex')}`;
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const FIXTURE = 'pyiceberg-v1-overwrite';

interface ResultView {
  check_id: string;
  outcome: string;
  metric_value: number | null;
  detail: Record<string, unknown>;
}

describe('iceberg suite targets: hyphens plain, dots quoted', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let peer: IcebergCatalogPeer;
  let api: string;
  let member: string;
  let connectionId: string;

  beforeAll(async () => {
    world = await GatewayWorld.create('iceberg-suite-targets');
    peer = await startIcebergCatalogPeer({ token: TOKEN });
    // The same fixture table served as namespace `lake.v2`, table `orders.v1-overwrite`.
    await peer.addTable(['lake.v2'], 'orders.v1-overwrite', path.join(ICEBERG_FIXTURES_DIR, FIXTURE));
    [gateway] = await Promise.all([world.startGateway(LOOPBACK), world.startRunner(LOOPBACK)]);
    api = `${gateway.url}/api/v1`;
    member = await world.mintToken('member@example.test', 'member');
    const admin = await world.mintToken('admin@example.test', 'admin');
    const created = await call(api, 'POST', '/connections', {
      token: admin,
      body: {
        name: 'lake',
        kind: 'iceberg_catalog',
        config: { catalog_uri: peer.catalogUri, secret_property: 'token' },
        credential: { value: TOKEN },
      },
    });
    expect(created.status).toBe(201);
    connectionId = (created.body as { id: string }).id;
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await peer?.stop();
  });

  async function suite(target: string): Promise<{ status: number; body: unknown; id: string }> {
    const created = await call(api, 'POST', '/suites', {
      token: member,
      body: { name: `lake-${randomBytes(4).toString('hex')}`, connection_id: connectionId, target },
    });
    return { status: created.status, body: created.body, id: (created.body as { id?: string }).id ?? '' };
  }

  async function runVolume(suiteId: string): Promise<ResultView> {
    const check = await call(api, 'POST', `/suites/${suiteId}/checks`, {
      token: member,
      body: { name: 'rows', kind: 'volume', config: { min_rows: 1 } },
    });
    expect(check.status).toBe(201);
    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, { token: member });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    let status = 'queued';
    for (
      let attempt = 0;
      attempt < 300 && !['succeeded', 'failed', 'cancelled'].includes(status);
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ status }] = await world.db.query<{ status: string }[]>('SELECT status FROM runs WHERE id = $1', [
        runId,
      ]);
    }
    expect(status).toBe('succeeded');
    const read = await call(api, 'GET', `/runs/${runId}`, { token: member });
    return (read.body as { results: ResultView[] }).results[0];
  }

  it('saves and runs a suite on a hyphenated fixture table, unquoted', async () => {
    const saved = await suite(`fixtures.${FIXTURE}`);
    expect(saved.status).toBe(201);
    const columns = await call(api, 'GET', `/suites/${saved.id}/columns`, { token: member });
    expect(columns.status).toBe(200);
    const result = await runVolume(saved.id);
    expect(result).toMatchObject({
      outcome: 'pass',
      detail: { judged: { metric: 'row_count', band: 'pass' } },
    });
    expect(result.metric_value).toBeGreaterThan(0);
  });

  it('resolves a dotted namespace and table written double-quoted to the same table', async () => {
    const plain = await suite(`fixtures.${FIXTURE}`);
    const quoted = await suite('"lake.v2"."orders.v1-overwrite"');
    expect(quoted.status).toBe(201);
    const columnsOf = async (id: string) =>
      (await call(api, 'GET', `/suites/${id}/columns`, { token: member })).body;
    expect(await columnsOf(quoted.id)).toEqual(await columnsOf(plain.id));
    const [a, b] = [await runVolume(plain.id), await runVolume(quoted.id)];
    expect(b.metric_value).toBe(a.metric_value);
  });

  it.each([
    ['fixtures.a b', 'must be double-quoted'],
    ['fixtures."open', 'not closed'],
    ['orders', 'namespace and a table'],
  ])('refuses %j at save with 422 saying how to write it', async (target, why) => {
    const refused = await suite(target);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(why);
  });
});
