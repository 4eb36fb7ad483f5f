/**
 * Known personal data planted in failing rows never leaves the datasource in the clear: not in any
 * response (run, list, progress, diff of a result), not in any stored row (results, runs, audit),
 * not in the completion event, not in any log line of the gateway or the runner (at debug level),
 * under each column policy (allow all and rely on the classifier, mask by default, redact by
 * default). Under zero-sample mode no failing row is even read: the view's column function, which
 * PostgreSQL counts per call, is never called for the run.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Events, type RunDetailView, type RunProgressView } from '@dq/contracts';
import {
  call,
  GatewayWorld,
  lastStreamMessage,
  pollUntil,
  ScratchDatabase,
  TERMINAL_RUN_STATES,
} from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

/** Every value a sample must never show. */
const PLANTED = [
  'grace.hopper@example.com',
  '+1 415 555 0199',
  '4111111111111111',
  'DE89370400440532013000',
  '078-05-1120',
  'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  'alan.turing@example.org',
  '+44 20 7946 0958',
  '5500000000000004',
  'GB82WEST12345698765432',
  '219-09-9999',
  'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB',
];

const POLICIES = {
  'allow everything (the classifier alone)': { columns: {}, default: 'allow' },
  'mask by default': { columns: { id: 'allow', score: 'allow' }, default: 'mask' },
  'redact by default': { columns: { id: 'allow' }, default: 'redact' },
} as const;

function expectNoPlanted(text: string, where: string): void {
  const found = PLANTED.filter((value) => text.includes(value));
  expect({ where, found }).toEqual({ where, found: [] });
}

describe('failing-row samples under each column policy and zero-sample mode', () => {
  let world: GatewayWorld;
  let api: string;
  let admin: string;
  let owner: string;
  let connectionId: string;
  const database = new ScratchDatabase('sample_privacy');
  const runIds: string[] = [];

  /**
   * Calls of the view's `reveal` function: each is one personal value read from the datasource.
   * A backend reports its function counts lazily (up to 10 s after it goes idle, or when it ends),
   * so the runner's pooled connections to this database are closed first: every call they made is
   * counted by the time they are gone. Only called between runs.
   */
  async function reveals(): Promise<number> {
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: database.name });
    await client.connect();
    try {
      await client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database.name],
      );
      await pollUntil(
        async () =>
          (
            await client.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
              [database.name],
            )
          ).rows[0]?.n ?? 0,
        (others) => others === 0,
        'the pooled datasource connections to end',
      );
      const { rows } = await client.query<{ calls: string | null }>(
        `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_user_functions WHERE funcname = 'reveal'`,
      );
      return Number(rows[0]?.calls ?? 0);
    } finally {
      await client.end();
    }
  }

  async function suiteWith(policy: object): Promise<string> {
    const created = await call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `people-${randomUUID()}`, connection_id: connectionId, target: 'public.people_view' },
    });
    expect(created.status).toBe(201);
    const suiteId = (created.body as { id: string }).id;
    for (const check of [
      {
        name: 'score not negative',
        kind: 'expectation',
        config: {
          expectation_type: 'expect_column_values_to_be_between',
          kwargs: { column: 'score', min_value: 0 },
        },
      },
      {
        name: 'negative scores (sql)',
        kind: 'custom_sql',
        config: { sql: 'SELECT * FROM public.people_view WHERE score < 0' },
      },
    ]) {
      expect(
        (await call(api, 'POST', `/suites/${suiteId}/checks`, { token: owner, body: check })).status,
      ).toBe(201);
    }
    const set = await call(api, 'PUT', `/suites/${suiteId}/column-policy`, { token: owner, body: policy });
    expect(set.status).toBe(200);
    return suiteId;
  }

  async function runToEnd(suiteId: string): Promise<RunDetailView> {
    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, { token: owner });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    runIds.push(runId);
    await pollUntil(
      async () =>
        (await call(api, 'GET', `/runs/${runId}/progress`, { token: owner })).body as RunProgressView,
      (progress) => TERMINAL_RUN_STATES.includes(progress.status),
      'the run to end',
    );
    const read = await call(api, 'GET', `/runs/${runId}`, { token: owner });
    expect(read.status).toBe(200);
    expectNoPlanted(read.text, `GET /runs/${runId}`);
    return read.body as RunDetailView;
  }

  beforeAll(async () => {
    await database.create(
      async (client) => {
        await client.query(`CREATE TABLE public.people (
        id int, email text, phone text, card text, iban text, ssn text, api_key text, score int)`);
        await client.query(
          `INSERT INTO public.people VALUES
          (1, $1, $2, $3, $4, $5, $6, -1),
          (2, $7, $8, $9, $10, $11, $12, -5),
          (3, 'ok@example.net', NULL, NULL, NULL, NULL, NULL, 10)`,
          PLANTED,
        );
        // A plain PL/pgSQL identity: never inlined, so PostgreSQL counts each call.
        await client.query(`CREATE FUNCTION public.reveal(value text) RETURNS text LANGUAGE plpgsql STABLE
        AS $$ BEGIN RETURN value; END $$`);
        await client.query(`CREATE VIEW public.people_view AS
        SELECT id, public.reveal(email) AS email, phone, card, iban, ssn, api_key, score FROM public.people`);
      },
      // Count calls of PL/pgSQL functions in this database (sessions opened from now on).
      ["track_functions = 'pl'"],
    );

    world = await GatewayWorld.create('sample-privacy');
    const gateway = await world.startGateway({
      ...LOOPBACK_EGRESS,
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
      LOG_LEVEL: 'debug',
    });
    api = `${gateway.url}/api/v1`;
    await world.startRunner({ ...LOOPBACK_EGRESS, LOG_LEVEL: 'debug' });
    admin = await world.mintToken('admin@example.test', 'admin');
    owner = await world.mintToken('owner@example.test', 'member');
    connectionId = await database.connect(api, admin, 'people-db');
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await database.drop();
  });

  it.each(Object.entries(POLICIES))(
    '%s: samples are kept, none shows a planted value',
    async (_name, policy) => {
      const run = await runToEnd(await suiteWith(policy));
      expect(run.status).toBe('succeeded');
      expect(run.results.map((result) => result.outcome).sort()).toEqual(['fail', 'fail']);
      for (const result of run.results) {
        // Both failing rows are sampled: redaction hides values, it does not drop the evidence.
        expect(result.samples).toHaveLength(2);
        expect(result.samples.map((sample) => String(sample['id'])).sort()).toEqual(['1', '2']);
      }
    },
  );

  it('zero-sample mode: no failing row is read or stored, the outcomes stay the same', async () => {
    const suiteId = await suiteWith(POLICIES['allow everything (the classifier alone)']);
    // With samples on, the sample query reads the email column through `reveal`...
    const before = await reveals();
    await runToEnd(suiteId);
    const withSamples = await reveals();
    expect(withSamples).toBeGreaterThan(before);

    expect(
      (await call(api, 'PUT', '/admin/privacy', { token: admin, body: { zero_sample_mode: true } })).status,
    ).toBe(200);
    try {
      const run = await runToEnd(suiteId);
      expect(run.results.map((result) => result.outcome).sort()).toEqual(['fail', 'fail']);
      for (const result of run.results) {
        expect(result.samples).toEqual([]);
        expect(result.detail).not.toHaveProperty('samples');
      }
      const [stored] = await world.db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM run_results WHERE run_id = $1 AND detail ? 'samples'`,
        [run.id],
      );
      expect(stored.n).toBe(0);
      // A dry run reads no failing row either: same outcome, no sample.
      const dryRun = await call(api, 'POST', `/suites/${suiteId}/checks/dryrun`, {
        token: owner,
        body: {
          name: 'score not negative (draft)',
          kind: 'expectation',
          config: {
            expectation_type: 'expect_column_values_to_be_between',
            kwargs: { column: 'score', min_value: 0 },
          },
        },
      });
      expect(dryRun.status).toBe(200);
      expect(dryRun.body).toMatchObject({ outcome: 'fail', samples: [] });
      expectNoPlanted(dryRun.text, 'the dry run');
      // ...and without them it is never called: the aggregates do not touch it.
      expect(await reveals()).toBe(withSamples);
    } finally {
      await call(api, 'PUT', '/admin/privacy', { token: admin, body: { zero_sample_mode: false } });
    }
  });

  it('holds no planted value in any stored row, list, event or log line', async () => {
    const list = await call(api, 'GET', '/runs?limit=200', { token: owner });
    expectNoPlanted(list.text, 'GET /runs');
    for (const table of ['run_results', 'runs', 'audit_events', 'suites', 'checks']) {
      const rows = await world.db.query<{ row: string }[]>(`SELECT t::text AS row FROM ${table} t`);
      expectNoPlanted(rows.map((row) => row.row).join('\n'), `table ${table}`);
    }
    const event = await lastStreamMessage(world.env, Events.RunCompleted.subject);
    expectNoPlanted(JSON.stringify(event), 'the last run.completed event');
    expect(runIds.length).toBeGreaterThanOrEqual(5);
    expectNoPlanted(world.output(), 'gateway and runner logs');
  });
});
