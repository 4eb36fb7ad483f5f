/* eslint-disable no-console -- a command-line tool: its output is the seed's progress and the token. */
// `npm run demo` seeds the running service through its own REST API (development only): a sample
// PostgreSQL shop with realistic defects, a connection to it, two suites with checks of several
// kinds, and a few days of run history made by the real runner. Idempotent: connections, suites
// and checks are found by name; a rerun only loads today's data again and adds one run per suite.
//
//   node -r ./tools/register.cjs tools/demo/seed.ts [--api http://127.0.0.1:8082/api/v1]
//     [--web http://localhost:8080] [--database dq_demo_shop] [--ready-timeout 180]
//     [--peers <npm run peers output file>] [--token-file .local/demo-admin-token]
// DATABASE_URL names the service's database (default the local `dq`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backdateSeedRuns } from './backdate-runs';
import {
  CARRIERS,
  COUNTRIES,
  DEMO_DATABASE,
  DEMO_READER,
  DEMO_READER_PASSWORD,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  SHOP_SNAPSHOTS,
  ensureShopDatabase,
  loadShopSnapshot,
} from './shop-data';

const DAY_MS = 86_400_000;
const TERMINAL = ['succeeded', 'failed', 'cancelled'];
export const DEMO_CONNECTION_NAME = 'Demo shop (PostgreSQL)';
export const DEMO_ADMIN_EMAIL = 'demo-admin@example.test';

export interface DemoSeedOptions {
  /** The REST API base, e.g. `http://127.0.0.1:8082/api/v1`. */
  api: string;
  /** A workspace Admin's bearer token. */
  token: string;
  /** Superuser URL of the local PostgreSQL that holds the sample shop (any database name). */
  datasourceAdminUrl: string;
  /** The sample database's name (default `dq_demo_shop`). */
  database?: string;
  /** The service's own database: the seed's first runs are moved into the past there. */
  serviceDatabaseUrl: string;
  /** Host and port the service reaches the shop at (the runner's view). */
  datasourceHost?: string;
  datasourcePort?: number;
  log?: (line: string) => void;
  /** How long to wait for one run to finish. */
  runTimeoutMs?: number;
}

export interface DemoSeedResult {
  connectionId: string;
  suiteIds: string[];
  /** Runs this seed triggered, oldest first. */
  runIds: string[];
  historySeeded: boolean;
}

interface CheckBody {
  name: string;
  kind: string;
  description?: string;
  thresholds?: Record<string, number>;
  config: Record<string, unknown>;
}

interface SuiteBody {
  name: string;
  description: string;
  target: string;
  checks: CheckBody[];
}

const expectation = (
  name: string,
  expectation_type: string,
  kwargs: Record<string, unknown>,
  thresholds?: Record<string, number>,
): CheckBody => ({ name, kind: 'expectation', thresholds, config: { expectation_type, kwargs } });

/** The two demo suites: every kind a PostgreSQL table supports, most with something to find. */
export const DEMO_SUITES: readonly SuiteBody[] = [
  {
    name: 'Orders quality',
    description: 'Demo: the shop orders feed (npm run demo)',
    target: 'public.orders',
    checks: [
      expectation('order id present', 'expect_column_values_to_not_be_null', { column: 'order_id' }),
      expectation(
        'order id unique',
        'expect_column_values_to_be_unique',
        { column: 'order_id' },
        { warn: 0, fail: 1 },
      ),
      expectation(
        'customer present',
        'expect_column_values_to_not_be_null',
        { column: 'customer_id' },
        { warn: 1, fail: 5, critical: 20 },
      ),
      expectation(
        'status is known',
        'expect_column_values_to_be_in_set',
        { column: 'status', value_set: ORDER_STATUSES },
        { warn: 0, fail: 0.5 },
      ),
      expectation('amount in range', 'expect_column_values_to_be_between', {
        column: 'amount',
        min_value: 0,
        max_value: 10_000,
      }),
      {
        name: 'orders arrive',
        kind: 'freshness',
        config: { column: 'created_at', warn_after_hours: 6, fail_after_hours: 24 },
      },
      { name: 'at least 100 orders', kind: 'volume', config: { min_rows: 100 } },
      { name: 'order volume', kind: 'anomaly', config: { metric: 'row_count', min_points: 3 } },
      { name: 'columns unchanged', kind: 'schema_drift', config: {} },
      {
        name: 'paid orders have a payment',
        kind: 'custom_sql',
        description:
          'Any returned row fails: an order marked paid, shipped or delivered without a payment row.',
        config: {
          sql: `SELECT o.order_id FROM public.orders o LEFT JOIN public.payments p ON p.order_id = o.order_id
 WHERE o.status IN ('paid', 'shipped', 'delivered') AND p.payment_id IS NULL`,
        },
      },
    ],
  },
  {
    name: 'Customers and payments',
    description: 'Demo: customers, payments and the shipments feed (npm run demo)',
    target: 'public.shipments',
    checks: [
      {
        name: 'shipments arrive daily',
        kind: 'freshness',
        config: { column: 'shipped_at', warn_after_hours: 24, fail_after_hours: 48 },
      },
      expectation(
        'carrier is known',
        'expect_column_values_to_be_in_set',
        { column: 'carrier', value_set: CARRIERS },
        { warn: 0, fail: 1 },
      ),
      expectation('shipment id unique', 'expect_column_values_to_be_unique', { column: 'shipment_id' }),
      {
        name: 'customers have an email',
        kind: 'custom_sql',
        config: { sql: 'SELECT customer_id FROM public.customers WHERE email IS NULL' },
      },
      {
        name: 'customer ids unique',
        kind: 'custom_sql',
        config: {
          sql: 'SELECT customer_id, count(*) AS copies FROM public.customers GROUP BY customer_id HAVING count(*) > 1',
        },
      },
      {
        name: 'customer country is a code',
        kind: 'custom_sql',
        config: {
          sql: `SELECT customer_id, country FROM public.customers WHERE country NOT IN (${COUNTRIES.map((c) => `'${c}'`).join(', ')})`,
        },
      },
      {
        name: 'payments are positive and known',
        kind: 'custom_sql',
        config: {
          sql: `SELECT payment_id, method, amount FROM public.payments
 WHERE amount <= 0 OR method NOT IN (${PAYMENT_METHODS.map((m) => `'${m}'`).join(', ')})`,
        },
      },
    ],
  },
];

class Api {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  async call<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 500)}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  /** A list answer, whether a bare array or a page (`items`/`data`), every page followed. */
  async list<T>(pathname: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page += 1) {
      const separator = pathname.includes('?') ? '&' : '?';
      const answer: unknown = await this.call(
        'GET',
        cursor ? `${pathname}${separator}cursor=${encodeURIComponent(cursor)}` : pathname,
      );
      if (Array.isArray(answer)) return answer as T[];
      const paged = answer as { items?: T[]; data?: T[]; next_cursor?: string | null };
      items.push(...(paged.items ?? paged.data ?? []));
      cursor = paged.next_cursor ?? null;
      if (!cursor) break;
    }
    return items;
  }
}

/** Seeds (or tops up) the demo. Safe to run again against the same service. */
export async function seedDemo(options: DemoSeedOptions): Promise<DemoSeedResult> {
  if (process.env['NODE_ENV'] === 'production') throw new Error('the demo seed runs in development only');
  const log = options.log ?? ((line: string) => console.log(`[demo] ${line}`));
  const api = new Api(options.api, options.token);

  const database = options.database ?? DEMO_DATABASE;
  await ensureShopDatabase(options.datasourceAdminUrl, database);
  log(`sample database ${database} ready (read by the role ${DEMO_READER})`);

  const connections = await api.list<{ id: string; name: string }>('/connections');
  let connectionId = connections.find((connection) => connection.name === DEMO_CONNECTION_NAME)?.id;
  if (!connectionId) {
    const created = await api.call<{ id: string }>('POST', '/connections', {
      name: DEMO_CONNECTION_NAME,
      kind: 'postgres',
      config: {
        host: options.datasourceHost ?? '127.0.0.1',
        port: options.datasourcePort ?? 5432,
        database,
        user: DEMO_READER,
        sslmode: 'disable',
      },
      credential: { password: DEMO_READER_PASSWORD },
    });
    connectionId = created.id;
    log(`connection "${DEMO_CONNECTION_NAME}" created`);
  } else {
    log(`connection "${DEMO_CONNECTION_NAME}" already there`);
  }

  // The tables must exist before checks are saved (schema drift takes its baseline from the live
  // columns): the oldest snapshot, replaced below by each day's and finally today's.
  await loadShopSnapshot(options.datasourceAdminUrl, SHOP_SNAPSHOTS[0], database);
  const suites = await api.list<{ id: string; name: string }>('/suites');
  const suiteIds: string[] = [];
  let anySuiteNew = false;
  for (const suite of DEMO_SUITES) {
    let suiteId = suites.find((existing) => existing.name === suite.name)?.id;
    if (!suiteId) {
      suiteId = (
        await api.call<{ id: string }>('POST', '/suites', {
          name: suite.name,
          description: suite.description,
          connection_id: connectionId,
          target: suite.target,
        })
      ).id;
      anySuiteNew = true;
      log(`suite "${suite.name}" created`);
    }
    const checks = await api.list<{ name: string }>(`/suites/${suiteId}/checks`);
    for (const check of suite.checks) {
      if (checks.some((existing) => existing.name === check.name)) continue;
      await api.call('POST', `/suites/${suiteId}/checks`, check);
    }
    suiteIds.push(suiteId);
  }

  const runIds: string[] = [];
  const runAll = async (): Promise<string[]> => {
    const ids = await Promise.all(
      suiteIds.map(async (suiteId) => (await api.call<{ id: string }>('POST', `/suites/${suiteId}/run`)).id),
    );
    await Promise.all(ids.map((id) => waitForRun(api, id, options.runTimeoutMs ?? 120_000)));
    runIds.push(...ids);
    return ids;
  };

  const existingRuns = await api.call<{ items: unknown[] }>('GET', `/runs?suite_id=${suiteIds[0]}&limit=1`);
  const historySeeded = anySuiteNew || existingRuns.items.length === 0;
  if (historySeeded) {
    // One run per past day on that day's snapshot, then moved back to that day.
    const pastDays = SHOP_SNAPSHOTS.length - 1;
    for (let index = 0; index < pastDays; index += 1) {
      await loadShopSnapshot(options.datasourceAdminUrl, SHOP_SNAPSHOTS[index], database);
      const ids = await runAll();
      await backdateSeedRuns(options.serviceDatabaseUrl, ids, (pastDays - index) * DAY_MS);
      log(`history: day -${pastDays - index} run`);
    }
  }
  await loadShopSnapshot(options.datasourceAdminUrl, SHOP_SNAPSHOTS[SHOP_SNAPSHOTS.length - 1], database);
  await runAll();
  log(`today's runs finished (${suiteIds.length} suites)`);

  // The first suite also runs every morning, so its Schedule tab shows a real schedule.
  const schedules = await api.list<{ id: string }>(`/schedules?suite_id=${suiteIds[0]}`);
  if (schedules.length === 0) {
    await api.call('POST', '/schedules', { suite_id: suiteIds[0], cron: '0 6 * * *', timezone: 'UTC' });
    log(`suite "${DEMO_SUITES[0].name}" scheduled daily at 06:00 UTC`);
  }
  return { connectionId, suiteIds, runIds, historySeeded };
}

/** One peer as `npm run peers` (tools/peers/up.ts) prints it. */
interface PeerEntry {
  body: { name: string; kind: string; config: Record<string, unknown>; credential: Record<string, unknown> };
  targets: string[];
}

/** A suite per peer: checks every kind of datasource supports, and one that finds something. */
const PEER_SUITES: Record<string, { name: string; checks: CheckBody[] }> = {
  object_store: {
    name: 'Landing files on S3',
    checks: [
      { name: 'file has rows', kind: 'volume', config: { min_rows: 1 } },
      { name: 'columns unchanged', kind: 'schema_drift', config: {} },
      { name: 'file arrived today', kind: 'freshness', config: { fail_after_hours: 24 } },
      expectation('departure time present', 'expect_column_values_to_not_be_null', { column: 'DepTime' }),
    ],
  },
  file_store: {
    name: 'Landing files on ADLS',
    checks: [
      { name: 'file has rows', kind: 'volume', config: { min_rows: 1 } },
      { name: 'columns unchanged', kind: 'schema_drift', config: {} },
      { name: 'file arrived today', kind: 'freshness', config: { fail_after_hours: 24 } },
      expectation('tail number present', 'expect_column_values_to_not_be_null', { column: 'TailNum' }),
    ],
  },
  iceberg_catalog: {
    name: 'Iceberg table',
    checks: [
      { name: 'table has rows', kind: 'volume', config: { min_rows: 1 } },
      { name: 'columns unchanged', kind: 'schema_drift', config: {} },
    ],
  },
  warehouse: {
    name: 'Warehouse orders',
    checks: [
      { name: 'table has rows', kind: 'volume', config: { min_rows: 1 } },
      expectation('amount present', 'expect_column_values_to_not_be_null', { column: 'AMOUNT' }),
      { name: 'columns unchanged', kind: 'schema_drift', config: {} },
    ],
  },
};

/** Reads the peers' connection bodies from `npm run peers`' output (one JSON document). */
export function parsePeersOutput(text: string): Record<string, PeerEntry> {
  const document = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(
    Object.entries(document).filter(
      (entry): entry is [string, PeerEntry] =>
        typeof entry[1] === 'object' && entry[1] !== null && 'body' in entry[1],
    ),
  );
}

/**
 * A connection and a suite on each running peer, then one run each. Peers get new ports and
 * secrets at every start, so an existing peer connection is updated in place. A peer that fails
 * is reported and skipped.
 */
export async function seedPeers(
  options: Pick<DemoSeedOptions, 'api' | 'token' | 'log' | 'runTimeoutMs'>,
  peers: Record<string, PeerEntry>,
): Promise<{ suiteIds: string[]; runIds: string[] }> {
  const log = options.log ?? ((line: string) => console.log(`[demo] ${line}`));
  const api = new Api(options.api, options.token);
  const suiteIds: string[] = [];
  const runIds: string[] = [];
  for (const [kind, peer] of Object.entries(peers)) {
    const suite = PEER_SUITES[kind];
    if (!suite || peer.targets.length === 0) continue;
    try {
      const connections = await api.list<{ id: string; name: string }>('/connections');
      let connectionId = connections.find((connection) => connection.name === peer.body.name)?.id;
      if (connectionId) {
        await api.call('PATCH', `/connections/${connectionId}`, {
          config: peer.body.config,
          credential: peer.body.credential,
        });
      } else {
        connectionId = (await api.call<{ id: string }>('POST', '/connections', peer.body)).id;
      }
      const suites = await api.list<{ id: string; name: string }>('/suites');
      let suiteId = suites.find((existing) => existing.name === suite.name)?.id;
      suiteId ??= (
        await api.call<{ id: string }>('POST', '/suites', {
          name: suite.name,
          description: `Demo: the ${kind} peer (npm run demo -- --with-peers)`,
          connection_id: connectionId,
          target: peer.targets[0],
        })
      ).id;
      const checks = await api.list<{ name: string }>(`/suites/${suiteId}/checks`);
      for (const check of suite.checks) {
        if (!checks.some((existing) => existing.name === check.name))
          await api.call('POST', `/suites/${suiteId}/checks`, check);
      }
      const run = await api.call<{ id: string }>('POST', `/suites/${suiteId}/run`);
      await waitForRun(api, run.id, options.runTimeoutMs ?? 120_000);
      suiteIds.push(suiteId);
      runIds.push(run.id);
      log(`peer ${kind}: connection "${peer.body.name}" and suite "${suite.name}" ready, one run done`);
    } catch (error) {
      log(`peer ${kind} skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { suiteIds, runIds };
}

async function waitForRun(api: Api, runId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { status } = await api.call<{ status: string }>('GET', `/runs/${runId}/progress`);
    if (TERMINAL.includes(status)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`run ${runId} did not finish within ${timeoutMs / 1000}s (is the runner up?)`);
}

async function waitForApi(api: string, timeoutMs: number): Promise<void> {
  const origin = new URL(api).origin;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      // Alive is enough: runs wait in the queue until the runner is up.
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `${response.status} ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the API at ${origin} was not ready within ${timeoutMs / 1000}s (last: ${last})`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: string): string => {
    const at = args.indexOf(name);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  if (process.env['NODE_ENV'] === 'production')
    throw new Error('the demo runs in development only (NODE_ENV=production)');
  const api = flag('--api', 'http://127.0.0.1:8082/api/v1');
  const web = flag('--web', 'http://localhost:8080');
  const serviceDatabaseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/dq';
  await waitForApi(api, Number(flag('--ready-timeout', '180')) * 1000);
  const root = path.resolve(__dirname, '../..');
  const token = execFileSync(
    process.execPath,
    [
      '-r',
      path.join(root, 'tools/register.cjs'),
      path.join(root, 'tools/token.ts'),
      DEMO_ADMIN_EMAIL,
      '--role',
      'admin',
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: serviceDatabaseUrl }, encoding: 'utf8' },
  ).trim();
  const started = Date.now();
  const result = await seedDemo({
    api,
    token,
    datasourceAdminUrl:
      process.env['DEMO_DATASOURCE_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    serviceDatabaseUrl,
    database: flag('--database', DEMO_DATABASE),
  });
  const peersFile = flag('--peers', '');
  if (peersFile !== '') {
    const peers = await seedPeers({ api, token }, parsePeersOutput(readFileSync(peersFile, 'utf8')));
    result.suiteIds.push(...peers.suiteIds);
    result.runIds.push(...peers.runIds);
  }
  // The token also lands in a file only this user reads, for scripts and a later terminal.
  const tokenFile = path.resolve(flag('--token-file', path.join(root, '.local', 'demo-admin-token')));
  mkdirSync(path.dirname(tokenFile), { recursive: true, mode: 0o700 });
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  console.log('');
  console.log(
    `[demo] seeded in ${Math.round((Date.now() - started) / 1000)}s: ${result.suiteIds.length} suites, ${result.runIds.length} new runs`,
  );
  console.log(`[demo] web UI:      ${web}`);
  console.log(`[demo] REST API:    ${web}/api/v1   (docs: ${web}/api/v1/docs)`);
  console.log(`[demo] admin token: ${token}   (also in ${path.relative(process.cwd(), tokenFile)})`);
  console.log(`[demo] try:         curl -H "Authorization: Bearer ${token}" ${web}/api/v1/dashboard/summary`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`[demo] seed failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
