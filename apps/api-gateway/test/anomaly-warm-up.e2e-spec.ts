/**
 * Anomaly monitors learn from real runs through the gateway and the runner: during warm-up each run
 * records a `skip` that carries the observed metric (history shows it), the monitor judges from run
 * `min_points + 1`, and an outlier after that is flagged. On a PostgreSQL table and on a warehouse
 * table (fakesnow), for the row count and the freshness age: the spec's matrix gives anomaly
 * monitors to the SQL kinds only (a flat-file or Iceberg suite cannot hold one). Every result says
 * what it was judged against (`detail.judged`), through `GET /runs/{id}` and the MCP `get_runs` tool.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  type AppProcess,
  call,
  type FakesnowPeer,
  GatewayWorld,
  McpTestClient,
  startFakesnowPeer,
} from '@dq/testing';

const PASSWORD = `pw-${randomUUID()}`;
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const MIN_POINTS = 3;
const RECENT = new Date(Date.now() - 48 * 3_600_000);
const YEARS_AGO = new Date(Date.now() - 10 * 365 * 24 * 3_600_000);

const stamp = (at: Date): string => at.toISOString().replace('T', ' ').replace('Z', '');
const valuesOf = (from: number, to: number, at: Date): string =>
  Array.from({ length: to - from + 1 }, (_unused, index) => `(${from + index}, '${stamp(at)}')`).join(', ');

interface Judged {
  metric: string;
  value: number | null;
  unit: string;
  thresholds: Record<string, number>;
  range?: Record<string, unknown>;
  band: string;
  reading: string;
}
interface ResultView {
  check_id: string;
  outcome: string;
  metric_value: number | null;
  detail: Record<string, unknown> & { judged?: Judged };
}

describe('anomaly monitors warm up on real runs, then judge', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let mcpGateway: AppProcess;
  let fakesnow: FakesnowPeer;
  let api: string;
  let owner: string;
  const connections = { postgres: '', warehouse: '' };
  const database = `anomaly_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const pg = () => new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });

  async function connection(body: Record<string, unknown>): Promise<string> {
    const admin = await world.mintToken('admin@example.test', 'admin');
    const created = await call(api, 'POST', '/connections', { token: admin, body });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function suiteWithChecks(
    connectionId: string,
    target: string,
  ): Promise<{ suiteId: string; checks: Record<string, string> }> {
    const created = await call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `anomaly-${randomUUID()}`, connection_id: connectionId, target },
    });
    expect(created.status).toBe(201);
    const suiteId = (created.body as { id: string }).id;
    const bodies: Record<string, Record<string, unknown>> = {
      rows: { name: 'rows', kind: 'anomaly', config: { metric: 'row_count', min_points: MIN_POINTS } },
      // Each run is seconds older than the last: wide bounds, so only a real jump is flagged.
      age: {
        name: 'age',
        kind: 'anomaly',
        thresholds: { warn: 1000, fail: 10000, critical: 100000 },
        config: { metric: 'freshness_hours', column: 'updated_at', min_points: MIN_POINTS },
      },
      volume: { name: 'volume', kind: 'volume', config: { min_rows: 5, max_rows: 12 } },
      ids: {
        name: 'ids',
        kind: 'expectation',
        thresholds: { warn: 1, fail: 5 },
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
      },
    };
    const checks: Record<string, string> = {};
    for (const [key, body] of Object.entries(bodies)) {
      const check = await call(api, 'POST', `/suites/${suiteId}/checks`, { token: owner, body });
      expect(check.status).toBe(201);
      checks[key] = (check.body as { id: string }).id;
    }
    return { suiteId, checks };
  }

  /** Triggers a run, waits for it to finish and answers `GET /runs/{id}`'s results by check id. */
  async function run(suiteId: string): Promise<{ runId: string; results: Map<string, ResultView> }> {
    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, { token: owner });
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
    const read = await call(api, 'GET', `/runs/${runId}`, { token: owner });
    expect(read.status).toBe(200);
    const results = (read.body as { results: ResultView[] }).results;
    return { runId, results: new Map(results.map((result) => [result.check_id, result])) };
  }

  beforeAll(async () => {
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const client = pg();
    await client.connect();
    await client.query('CREATE TABLE public.events (id bigint, updated_at timestamptz)');
    await client.query('INSERT INTO public.events SELECT g, $1::timestamptz FROM generate_series(1, 10) g', [
      RECENT.toISOString(),
    ]);
    await client.end();

    world = await GatewayWorld.create('anomaly-warm-up');
    fakesnow = await startFakesnowPeer({ password: PASSWORD });
    await fakesnow.execute('CREATE DATABASE EVENTS_DB');
    await fakesnow.execute('CREATE SCHEMA EVENTS_DB.APP');
    await fakesnow.execute('CREATE TABLE EVENTS_DB.APP.EVENTS (ID NUMBER(38, 0), UPDATED_AT TIMESTAMP_NTZ)');
    await fakesnow.execute(`INSERT INTO EVENTS_DB.APP.EVENTS VALUES ${valuesOf(1, 10, RECENT)}`);
    [gateway, mcpGateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' }),
      world.startMcpGateway({ ...LOOPBACK, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' }),
      world.startRunner({ ...LOOPBACK, WAREHOUSE_ACCESS_URL_FOR_TESTS: fakesnow.accessUrl }),
    ]);
    api = `${gateway.url}/api/v1`;
    owner = await world.mintToken('owner@example.test', 'member');
    Object.assign(connections, {
      postgres: await connection({
        name: 'events-pg',
        kind: 'postgres',
        config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
        credential: { password: 'unused-with-trust' },
      }),
      warehouse: await connection({
        name: 'events-warehouse',
        kind: 'warehouse',
        config: { account: 'dq-anomaly', user: 'reader', database: 'EVENTS_DB', schema: 'APP' },
        credential: { password: PASSWORD },
      }),
    });
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await fakesnow?.stop();
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it.each([
    [
      'postgres',
      'public.events',
      async () => {
        const client = pg();
        await client.connect();
        await client.query(
          'INSERT INTO public.events SELECT g, $1::timestamptz FROM generate_series(11, 15) g',
          [RECENT.toISOString()],
        );
        await client.query('UPDATE public.events SET updated_at = $1::timestamptz', [
          YEARS_AGO.toISOString(),
        ]);
        await client.end();
      },
    ],
    [
      'warehouse',
      'EVENTS_DB.APP.EVENTS',
      async () => {
        await fakesnow.execute(`INSERT INTO EVENTS_DB.APP.EVENTS VALUES ${valuesOf(11, 15, RECENT)}`);
        await fakesnow.execute(`UPDATE EVENTS_DB.APP.EVENTS SET UPDATED_AT = '${stamp(YEARS_AGO)}'`);
      },
    ],
  ])(
    '%s: skips with the metric recorded for min_points runs, judges at the next, flags an outlier',
    async (kind, target, makeOutlier) => {
      const { suiteId, checks } = await suiteWithChecks(
        kind === 'postgres' ? connections.postgres : connections.warehouse,
        target,
      );
      const runIds: string[] = [];
      for (let index = 0; index < MIN_POINTS; index += 1) {
        const { runId, results } = await run(suiteId);
        runIds.push(runId);
        for (const monitor of ['rows', 'age']) {
          const result = results.get(checks[monitor])!;
          expect({ kind, monitor, index, result }).toMatchObject({
            result: {
              outcome: 'skip',
              metric_value: expect.any(Number),
              detail: {
                warming_up: true,
                points: index,
                min_points: MIN_POINTS,
                judged: { metric: 'abs_z', value: null, band: 'skip' },
              },
            },
          });
        }
        expect(results.get(checks['rows'])!.metric_value).toBe(10);
      }

      // Run min_points + 1: a verdict from the warm-up's own observations.
      const judged = await run(suiteId);
      runIds.push(judged.runId);
      const rows = judged.results.get(checks['rows'])!;
      expect(rows).toMatchObject({
        outcome: 'pass',
        metric_value: 10,
        detail: {
          points: MIN_POINTS,
          mean: 10,
          stddev: 0,
          judged: {
            metric: 'abs_z',
            value: 0,
            unit: 'z',
            thresholds: { warn: 2, fail: 3, critical: 4 },
            band: 'pass',
            reading: 'abs_z 0 <= warn 2',
          },
        },
      });
      expect(judged.results.get(checks['age'])).toMatchObject({
        outcome: 'pass',
        detail: { points: MIN_POINTS, judged: { thresholds: { warn: 1000, fail: 10000, critical: 100000 } } },
      });
      expect(rows.detail).not.toHaveProperty('warming_up');

      // The other kinds say their bounds too.
      expect(judged.results.get(checks['volume'])!.detail.judged).toEqual({
        metric: 'row_count',
        value: 10,
        unit: 'rows',
        thresholds: {},
        range: { min: 5, max: 12, severity: 'fail' },
        band: 'pass',
        reading: 'row_count 10 rows within [5, 12]',
      });
      expect(judged.results.get(checks['ids'])!.detail.judged).toEqual({
        metric: 'unexpected_percent',
        value: 0,
        unit: 'percent',
        thresholds: { warn: 1, fail: 5 },
        band: 'pass',
        reading: 'unexpected_percent 0 % <= warn 1 %',
      });

      // An outlier: 15 rows after a flat 10, and the newest timestamp ten years old.
      await makeOutlier();
      const outlier = await run(suiteId);
      runIds.push(outlier.runId);
      expect(outlier.results.get(checks['rows'])).toMatchObject({
        outcome: 'critical',
        metric_value: 15,
        detail: { points: MIN_POINTS + 1, judged: { band: 'critical' } },
      });
      const age = outlier.results.get(checks['age'])!;
      expect(age.outcome).toBe('critical');
      expect(age.detail.judged!.reading).toMatch(/^abs_z \d+(\.\d+)? > critical 100000$/);
      expect(outlier.results.get(checks['volume'])!.detail.judged).toMatchObject({
        band: 'fail',
        reading: 'row_count 15 rows > max 12: fail',
      });

      // History shows the warm-up points with their metric, newest first.
      const history = await call(api, 'GET', `/suites/${suiteId}/checks/${checks['rows']}/history`, {
        token: owner,
      });
      expect(history.status).toBe(200);
      expect(
        (history.body as { run_id: string; outcome: string; metric_value: number }[]).map(
          ({ run_id, outcome, metric_value }) => ({ run_id, outcome, metric_value }),
        ),
      ).toEqual(
        [
          ...runIds.slice(0, MIN_POINTS).map((run_id) => ({ run_id, outcome: 'skip', metric_value: 10 })),
          { run_id: runIds[MIN_POINTS], outcome: 'pass', metric_value: 10 },
          { run_id: runIds[MIN_POINTS + 1], outcome: 'critical', metric_value: 15 },
        ].reverse(),
      );
      const baseline = await call(api, 'GET', `/suites/${suiteId}/checks/${checks['rows']}/baseline`, {
        token: owner,
      });
      expect(baseline.body).toMatchObject({ baseline: { points: MIN_POINTS + 2 } });

      // The MCP run tools carry the same judgement.
      const mcp = await McpTestClient.connect(mcpGateway.url, { token: owner });
      try {
        const answer = await mcp.call('get_runs', { run_ids: [outlier.runId] });
        expect(answer.isError).toBe(false);
        expect(JSON.stringify(answer.body)).toContain('"reading":"row_count 15 rows > max 12: fail"');
      } finally {
        await mcp.close();
      }
    },
    240_000,
  );
});
