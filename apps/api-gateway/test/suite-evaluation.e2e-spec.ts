/**
 * Checks evaluated against live data through the gateway and the runner: dry-runs (nothing
 * stored), the column profiler (audited, values protected) and a full run (fused evaluation,
 * results keyed by check, redacted samples, schema-drift baseline captured), on a PostgreSQL
 * table and on the same rows as a CSV file in an S3-compatible store (moto): same answers.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  type AppProcess,
  call,
  createS3PeerBucket,
  createS3PeerUser,
  enableS3PeerAuth,
  GatewayWorld,
  putS3PeerObject,
  type S3Peer,
  startS3Peer,
} from '@dq/testing';

const BUCKET = 'dq-evaluation';
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const SECRET_EMAIL = 'ada.lovelace@example.com';

// 10 orders: ids 1..10 with 7 twice (11 rows), two null customers, one negative amount.
const ROWS: [number, string | null, number, string][] = [
  [1, SECRET_EMAIL, 10.5, 'paid'],
  [2, 'bob@example.org', 20, 'paid'],
  [3, null, 30, 'open'],
  [4, 'carol@example.net', -5, 'refunded'],
  [5, 'dan@example.com', 50, 'paid'],
  [6, null, 60, 'open'],
  [7, 'erin@example.com', 70, 'paid'],
  [7, 'erin@example.com', 70, 'paid'],
  [8, 'frank@example.com', 80, 'lost'],
  [9, 'grace@example.com', 90, 'paid'],
  [10, 'heidi@example.com', 100, 'paid'],
];
const CSV = `order_id,customer,amount,status\n${ROWS.map((row) => row.map((value) => value ?? '').join(',')).join('\n')}\n`;

interface DryRun {
  outcome: string;
  metric_value: number | null;
  detail: Record<string, unknown>;
  samples: Record<string, unknown>[];
}

const CHECKS = {
  customerPresent: {
    name: 'customer present',
    kind: 'expectation',
    config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'customer' } },
  },
  idUnique: {
    name: 'id unique',
    kind: 'expectation',
    config: { expectation_type: 'expect_column_values_to_be_unique', kwargs: { column: 'order_id' } },
  },
  knownStatus: {
    name: 'known status',
    kind: 'expectation',
    thresholds: { warn: 5, fail: 50 },
    config: {
      expectation_type: 'expect_column_values_to_be_in_set',
      kwargs: { column: 'status', value_set: ['paid', 'open', 'refunded'] },
    },
  },
  positiveAmount: {
    name: 'positive amount',
    kind: 'expectation',
    config: {
      expectation_type: 'expect_column_values_to_be_between',
      kwargs: { column: 'amount', min_value: 0 },
    },
  },
  rows: {
    name: 'row count',
    kind: 'expectation',
    config: {
      expectation_type: 'expect_table_row_count_to_be_between',
      kwargs: { min_value: 1, max_value: 100 },
    },
  },
  volume: { name: 'volume', kind: 'volume', config: { min_rows: 20 } },
  drift: { name: 'schema', kind: 'schema_drift', config: {} },
};

describe('evaluating checks on live data', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let moto: S3Peer;
  let api: string;
  let owner: string;
  let viewer: string;
  const database = `suite_eval_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let tableSuite: string;
  let fileSuite: string;
  let bucketConnection: string;

  async function connection(body: Record<string, unknown>): Promise<string> {
    const admin = await world.mintToken('admin@example.test', 'admin');
    const created = await call(api, 'POST', '/connections', { token: admin, body });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function suite(connectionId: string, target: string): Promise<string> {
    const created = await call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `suite-${randomUUID()}`, connection_id: connectionId, target },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function dryRun(suiteId: string, check: unknown): Promise<DryRun> {
    const result = await call(api, 'POST', `/suites/${suiteId}/checks/dryrun`, { token: owner, body: check });
    expect(result.status).toBe(200);
    expect(result.text).not.toContain(SECRET_EMAIL);
    return result.body as DryRun;
  }

  beforeAll(async () => {
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await client.connect();
    await client.query(
      `CREATE TABLE public.orders (order_id bigint, customer text, amount double precision, status text)`,
    );
    for (const row of ROWS) await client.query('INSERT INTO public.orders VALUES ($1, $2, $3, $4)', row);
    await client.end();

    world = await GatewayWorld.create('suite-evaluation');
    moto = await startS3Peer();
    const key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, BUCKET);
    await putS3PeerObject(moto, BUCKET, 'landing/orders.csv', CSV);
    // The same orders without the duplicate, and order 5's amount changed: one mismatch in 10.
    await putS3PeerObject(
      moto,
      BUCKET,
      'landing/orders_clean.csv',
      CSV.replace('7,erin@example.com,70,paid\n', '').replace(
        '5,dan@example.com,50,paid',
        '5,dan@example.com,55,paid',
      ),
    );
    await enableS3PeerAuth(moto);
    [gateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' }),
      world.startRunner({ ...LOOPBACK, LOG_LEVEL: 'debug' }),
    ]);
    api = `${gateway.url}/api/v1`;
    owner = await world.mintToken('owner@example.test', 'member');
    viewer = await world.mintToken('viewer@example.test', 'viewer');
    const postgresId = await connection({
      name: 'local-pg',
      kind: 'postgres',
      config: { host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' },
      credential: { password: 'unused-with-trust' },
    });
    const bucketId = await connection({
      name: 'landing',
      kind: 'object_store',
      config: { bucket: BUCKET, endpoint_url: moto.endpoint, force_path_style: true },
      credential: { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
    });
    bucketConnection = bucketId;
    tableSuite = await suite(postgresId, 'public.orders');
    fileSuite = await suite(bucketId, 'landing/orders.csv');
    for (const id of [tableSuite, fileSuite]) {
      const policy = await call(api, 'PUT', `/suites/${id}/column-policy`, {
        token: owner,
        body: { columns: { order_id: 'allow', amount: 'allow', status: 'allow' }, default: 'mask' },
      });
      expect(policy.status).toBe(200);
    }
  }, 180_000);

  afterAll(async () => {
    // No failing sample, profile or log line ever carries the customer's address.
    expect(world?.output() ?? '').not.toContain(SECRET_EMAIL);
    await world?.close();
    await moto?.stop();
    const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it.each([
    ['postgres', () => tableSuite],
    ['object store CSV', () => fileSuite],
  ])(
    'dry-runs expectations on %s with the same answers, samples redacted, nothing stored',
    async (_kind, suiteId) => {
      const before = await world.db.query<{ count: string }[]>('SELECT count(*) FROM run_results');
      const missing = await dryRun(suiteId(), CHECKS.customerPresent);
      expect(missing).toMatchObject({
        outcome: 'fail',
        metric_value: 18.181818,
        detail: { unexpected_count: 2, element_count: 11 },
      });
      expect(missing.samples.map((row) => Number(row['order_id'])).sort()).toEqual([3, 6]);
      expect(missing.samples).toHaveLength(2);

      const unique = await dryRun(suiteId(), CHECKS.idUnique);
      expect(unique).toMatchObject({ outcome: 'fail', detail: { unexpected_count: 2 } });
      // Default policy masks every sampled value: no customer address leaves in a sample.
      expect(unique.samples.map((row) => row['customer'])).toEqual(['e********m', 'e********m']);
      expect(Object.keys(unique.samples[0])).toEqual(['order_id', 'customer', 'amount', 'status']);

      const status = await dryRun(suiteId(), CHECKS.knownStatus);
      expect(status).toMatchObject({ outcome: 'warn', metric_value: 9.090909 });

      const rows = await dryRun(suiteId(), CHECKS.rows);
      expect(rows).toMatchObject({ outcome: 'pass', metric_value: 11, samples: [] });

      const volume = await dryRun(suiteId(), CHECKS.volume);
      expect(volume).toMatchObject({ outcome: 'fail', metric_value: 11 });

      const drift = await dryRun(suiteId(), CHECKS.drift);
      expect(drift).toMatchObject({ outcome: 'pass', detail: { baseline_captured: true, columns: 4 } });

      const ghost = await dryRun(suiteId(), {
        name: 'ghost',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'nope' } },
      });
      expect(ghost).toMatchObject({ outcome: 'error', detail: { reason: 'column_not_found' } });

      const after = await world.db.query<{ count: string }[]>('SELECT count(*) FROM run_results');
      expect(after).toEqual(before);
    },
  );

  it('dry-runs custom SQL on PostgreSQL: rows returned are failures, no metric value', async () => {
    const result = await dryRun(tableSuite, {
      name: 'negative amounts',
      kind: 'custom_sql',
      config: { sql: 'SELECT order_id, amount FROM public.orders WHERE amount < 0;' },
    });
    expect(result).toMatchObject({ outcome: 'fail', metric_value: null, detail: { failing_rows: 1 } });
    expect(result.samples).toEqual([{ order_id: '4', amount: -5 }]);
  });

  it('compares the PostgreSQL table with a CSV on another connection: buckets, mismatch %, samples', async () => {
    const comparison = (overrides: Record<string, unknown> = {}) => ({
      name: 'matches the landing file',
      kind: 'comparison',
      thresholds: { warn: 0, fail: 5 },
      config: {
        baseline_connection_id: bucketConnection,
        baseline: { target: 'landing/orders_clean.csv' },
        target_query: 'SELECT DISTINCT order_id, amount, status FROM public.orders',
        key_columns: ['order_id'],
        compare_columns: ['amount', 'status'],
        ...overrides,
      },
    });
    const result = await dryRun(tableSuite, comparison());
    expect(result).toMatchObject({
      outcome: 'fail',
      metric_value: 10,
      detail: {
        matched: 9,
        mismatched: 1,
        only_in_target: 0,
        only_in_baseline: 0,
        mismatches_by_column: { amount: 1, status: 0 },
      },
    });
    const duplicated = await dryRun(
      tableSuite,
      comparison({ target_query: undefined, baseline: { target: 'landing/orders.csv' } }),
    );
    expect(duplicated).toMatchObject({ outcome: 'error', detail: { reason: 'duplicate_keys' } });

    for (const [overrides, field] of [
      [{ baseline_connection_id: randomUUID() }, 'config.baseline_connection_id'],
      [{ baseline: { query: 'SELECT 1' } }, 'config.baseline.query'],
    ] as const) {
      const refused = await call(api, 'POST', `/suites/${tableSuite}/checks`, {
        token: owner,
        body: comparison(overrides),
      });
      expect(refused.status).toBe(422);
      expect(
        (refused.body as { error: { detail: { fields: { field: string }[] } } }).error.detail.fields[0]
          ?.field,
      ).toBe(field);
    }
    const onFiles = await call(api, 'POST', `/suites/${fileSuite}/checks`, {
      token: owner,
      body: {
        ...comparison(),
        config: { ...comparison().config, baseline: { target: 'landing/orders.csv' } },
      },
    });
    expect(onFiles.status).toBe(422);
  });

  it('refuses a dry-run the datasource does not support, and one by a Viewer', async () => {
    const refused = await call(api, 'POST', `/suites/${fileSuite}/checks/dryrun`, {
      token: owner,
      body: { name: 'sql', kind: 'custom_sql', config: { sql: 'SELECT 1' } },
    });
    expect(refused.status).toBe(422);
    const viewerCall = await call(api, 'POST', `/suites/${tableSuite}/checks/dryrun`, {
      token: viewer,
      body: CHECKS.customerPresent,
    });
    expect(viewerCall.status).toBe(404);
  });

  it('profiles columns (nulls, distinct, min, max, top values), masks personal values and audits the access', async () => {
    const profiled = await call(api, 'POST', `/suites/${tableSuite}/profile`, {
      token: owner,
      body: { top_values: 3 },
    });
    expect(profiled.status).toBe(200);
    expect(profiled.text).not.toContain(SECRET_EMAIL);
    const body = profiled.body as {
      row_count: number;
      columns: {
        name: string;
        null_count: number;
        distinct_count: number;
        min: string;
        max: string;
        top_values: { value: string; count: number }[];
        pii: { category: string } | null;
      }[];
    };
    expect(body.row_count).toBe(11);
    const byName = new Map(body.columns.map((column) => [column.name, column]));
    expect(byName.get('order_id')).toMatchObject({ null_count: 0, distinct_count: 10, min: '1', max: '10' });
    expect(byName.get('status')?.top_values[0]).toEqual({ value: 'paid', count: 7 });
    expect(byName.get('customer')).toMatchObject({ null_count: 2, pii: { category: 'email' } });
    const audit = await world.db.query<{ action: string }[]>(
      `SELECT action FROM audit_events WHERE target_id = $1 AND action = 'suite.profiled'`,
      [tableSuite],
    );
    expect(audit).toHaveLength(1);
  });

  it('suggests a column policy from a profile: the email column, keeping what the policy already says', async () => {
    const suggested = await call(api, 'POST', `/suites/${tableSuite}/column-policy/suggest`, {
      token: owner,
      body: {},
    });
    expect(suggested.status).toBe(200);
    expect(suggested.text).not.toContain(SECRET_EMAIL);
    expect(suggested.body).toMatchObject({
      suggestions: [{ column: 'customer', category: 'email', treatment: 'mask' }],
      policy: {
        columns: { order_id: 'allow', amount: 'allow', status: 'allow', customer: 'mask' },
        default: 'mask',
      },
    });
    // Nothing stored: the policy is the owner's to PUT.
    const policy = await call(api, 'GET', `/suites/${tableSuite}/column-policy`, { token: owner });
    expect((policy.body as { columns: Record<string, string> }).columns['customer']).toBeUndefined();
  });

  it('runs a suite: every check gets one result, samples redacted, the schema baseline captured', async () => {
    const checkIds: string[] = [];
    for (const check of Object.values(CHECKS)) {
      const created = await call(api, 'POST', `/suites/${tableSuite}/checks`, { token: owner, body: check });
      expect(created.status).toBe(201);
      checkIds.push((created.body as { id: string }).id);
    }
    const triggered = await call(api, 'POST', `/suites/${tableSuite}/run`, { token: owner });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    let status = 'queued';
    for (
      let attempt = 0;
      attempt < 200 && !['succeeded', 'failed', 'cancelled'].includes(status);
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ status }] = await world.db.query<{ status: string }[]>('SELECT status FROM runs WHERE id = $1', [
        runId,
      ]);
    }
    expect(status).toBe('succeeded');
    const results = await world.db.query<
      { check_id: string; outcome: string; metric_value: number | null; detail: Record<string, unknown> }[]
    >('SELECT check_id, outcome, metric_value, detail FROM run_results WHERE run_id = $1', [runId]);
    expect(results).toHaveLength(checkIds.length);
    const outcomes = Object.fromEntries(
      Object.keys(CHECKS).map((key, index) => [
        key,
        results.find((row) => row.check_id === checkIds[index])?.outcome,
      ]),
    );
    expect(outcomes).toEqual({
      customerPresent: 'fail',
      idUnique: 'fail',
      knownStatus: 'warn',
      positiveAmount: 'fail',
      rows: 'pass',
      volume: 'fail',
      drift: 'pass',
    });
    expect(JSON.stringify(results)).not.toContain(SECRET_EMAIL);
    expect(results.every((row) => row.detail['check_version'] === 1)).toBe(true);
    const baseline = await call(api, 'GET', `/suites/${tableSuite}/checks/${checkIds[6]}/baseline`, {
      token: owner,
    });
    expect((baseline.body as { baseline: { columns: unknown[] } }).baseline.columns).toHaveLength(4);
    const history = await call(api, 'GET', `/suites/${tableSuite}/checks/${checkIds[0]}/history`, {
      token: owner,
    });
    expect(history.body).toEqual([
      expect.objectContaining({ run_id: runId, outcome: 'fail', metric_value: 18.181818 }),
    ]);
  });
});
