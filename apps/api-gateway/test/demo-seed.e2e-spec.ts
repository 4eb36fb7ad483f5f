/**
 * The demo seed (`npm run demo`'s second half) against a real gateway and runner, run twice: it
 * prints a working admin token, leaves two suites with results from the real runner, a dashboard
 * with several days of runs, check history with failures and a judged anomaly monitor, and the
 * second run adds no connection, suite or check (only one more run per suite).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { type DashboardSummaryView, type RunDetailView } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld } from '@dq/testing';
import { demoSeedArgv, demoSeedEnv, itemsOf, type Listed, ROOT, runDemoSeed } from './demo-seed-command';

const run = promisify(execFile);
// What tools/demo/seed.ts makes: the connection, and each suite's number of checks.
const DEMO_CONNECTION_NAME = 'Demo shop (PostgreSQL)';
const DEMO_SUITES = { 'Orders quality': 10, 'Customers and payments': 7 };
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

describe('the demo seed', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  const database = `demo_e2e_${Date.now().toString(36)}`;
  const tokenFile = path.join(mkdtempSync(path.join(tmpdir(), 'demo-seed-')), 'token');

  async function seed(): Promise<{ output: string; token: string }> {
    const stdout = await runDemoSeed(
      ['--api', api, '--database', database, '--ready-timeout', '20', '--token-file', tokenFile],
      world.env.databaseUrl,
    );
    const token = /admin token: (\S+)/.exec(stdout)?.[1];
    expect(token).toBeDefined();
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token);
    return { output: stdout, token: token! };
  }

  async function inventory(token: string): Promise<{ connections: number; suites: number; checks: number }> {
    const connections = itemsOf<Listed>((await call(api, 'GET', '/connections', { token })).body);
    const suites = itemsOf<Listed>((await call(api, 'GET', '/suites', { token })).body);
    let checks = 0;
    for (const suite of suites)
      checks += itemsOf<Listed>(
        (await call(api, 'GET', `/suites/${suite.id}/checks`, { token })).body,
      ).length;
    return { connections: connections.length, suites: suites.length, checks };
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('demo-seed');
    [gateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK_EGRESS, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' }),
      world.startRunner(LOOPBACK_EGRESS),
    ]);
    api = `${gateway.url}/api/v1`;
  }, 120_000);

  afterAll(async () => {
    await world?.close();
    const root = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await root.connect();
    await root.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await root.end();
  });

  it('refuses to run with NODE_ENV=production and touches nothing', async () => {
    const refused = await run(process.execPath, demoSeedArgv(['--api', api, '--database', database]), {
      cwd: ROOT,
      env: demoSeedEnv(world.env.databaseUrl, 'production'),
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('development only');
    const root = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await root.connect();
    const { rowCount } = await root.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    await root.end();
    expect(rowCount).toBe(0);
  });

  it('seeds suites with results, a multi-day dashboard and history with failures, and reruns without duplicates', async () => {
    const first = await seed();
    expect(first.output).toMatch(/web UI: +http:\/\/localhost:8080/);
    const token = first.token;
    const me = await call(api, 'GET', '/me', { token });
    expect(me.status).toBe(200);
    const before = await inventory(token);
    expect(before).toEqual({
      connections: 1,
      suites: 2,
      checks: DEMO_SUITES['Orders quality'] + DEMO_SUITES['Customers and payments'],
    });
    const connections = itemsOf<Listed>((await call(api, 'GET', '/connections', { token })).body);
    expect(connections[0].name).toBe(DEMO_CONNECTION_NAME);

    // The dashboard: runs on several days, failing suites, a health score.
    const dashboard = (await call(api, 'GET', '/dashboard/summary', { token })).body as DashboardSummaryView;
    expect(dashboard.kpis.suites).toBe(2);
    expect(dashboard.kpis.runs).toBe(2 * 5);
    expect(dashboard.kpis.failing_suites).toBeGreaterThan(0);
    expect(dashboard.kpis.health_score).toEqual(expect.any(Number));
    expect(dashboard.trend.filter((day) => day.runs > 0).length).toBe(5);
    expect(dashboard.suites).toHaveLength(2);

    // Every suite's latest run finished with results from the engine, some failing, none in error.
    const suites = itemsOf<Listed>((await call(api, 'GET', '/suites', { token })).body);
    for (const suite of suites) {
      const latest = dashboard.suites.find((row) => row.suite_id === suite.id)!.last_completed_run!;
      const detail = (await call(api, 'GET', `/runs/${latest.id}`, { token })).body as RunDetailView;
      expect({ suite: suite.name, status: detail.status, results: detail.results.length }).toEqual({
        suite: suite.name,
        status: 'succeeded',
        results: DEMO_SUITES[suite.name as keyof typeof DEMO_SUITES],
      });
      const outcomes = detail.results.map((result) => result.outcome);
      expect(outcomes).toEqual(expect.arrayContaining(['pass', 'fail']));
      expect(outcomes).not.toContain('error');
    }
    const orders = suites.find((suite) => suite.name === 'Orders quality')!;

    // History: the anomaly monitor warmed up on past days, flagged yesterday's partial load and
    // judges today.
    const checks = itemsOf<Listed>((await call(api, 'GET', `/suites/${orders.id}/checks`, { token })).body);
    const volume = checks.find((check) => check.name === 'order volume')!;
    const history = (await call(api, 'GET', `/suites/${orders.id}/checks/${volume.id}/history`, { token }))
      .body as { outcome: string; metric_value: number }[];
    expect(history.map((point) => [point.outcome, point.metric_value])).toEqual([
      ['pass', 463],
      ['critical', 220],
      ['skip', 432],
      ['skip', 417],
      ['skip', 400],
    ]);

    // The first suite runs every morning on its own.
    const schedulesOf = async () =>
      ((await call(api, 'GET', `/schedules?suite_id=${orders.id}`, { token })).body as { items: unknown[] })
        .items;
    expect(await schedulesOf()).toEqual([
      expect.objectContaining({
        cron: '0 6 * * *',
        timezone: 'UTC',
        enabled: true,
        next_fire_at: expect.any(String),
      }),
    ]);

    const second = await seed();
    expect(await inventory(second.token)).toEqual(before);
    expect(await schedulesOf()).toHaveLength(1);
    const after = (await call(api, 'GET', '/dashboard/summary', { token })).body as DashboardSummaryView;
    expect(after.kpis.runs).toBe(2 * 6);
  }, 300_000);
});
