/**
 * `npm run demo -- --with-peers`'s seeding half: with the peers `npm run peers` starts (S3, ADLS,
 * Iceberg REST, warehouse), the seed adds a connection and a suite on each and runs it; a second
 * seed updates those connections in place (peers get new ports and secrets at every start).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type RunDetailView } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld, waitFor } from '@dq/testing';
import { itemsOf, type Listed, ROOT, runDemoSeed } from './demo-seed-command';

const PEER_SUITES = ['Landing files on S3', 'Landing files on ADLS', 'Iceberg table', 'Warehouse orders'];

describe('the demo seed with peers', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  let peers: ChildProcess | undefined;
  const scratch = mkdtempSync(path.join(tmpdir(), 'demo-peers-'));
  const peersFile = path.join(scratch, 'peers.out');
  const database = `demo_peers_e2e_${Date.now().toString(36)}`;

  /** Starts `npm run peers` and answers once it printed its connection bodies. */
  async function startPeers(): Promise<string> {
    writeFileSync(peersFile, '');
    let output = '';
    peers = spawn(
      process.execPath,
      ['-r', path.join(ROOT, 'tools/register.cjs'), path.join(ROOT, 'tools/peers/up.ts')],
      {
        cwd: ROOT,
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    peers.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    peers.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('the peers', () => output.includes('peers running') || undefined, {
      timeoutMs: 90_000,
    });
    writeFileSync(peersFile, output);
    return output;
  }

  async function stopPeers(): Promise<void> {
    const child = peers;
    peers = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  function seed(): Promise<string> {
    return runDemoSeed(
      [
        '--api',
        api,
        '--database',
        database,
        '--peers',
        peersFile,
        '--token-file',
        path.join(scratch, 'token'),
      ],
      world.env.databaseUrl,
      0,
    );
  }

  beforeAll(async () => {
    const output = await startPeers();
    const warehouseUrl = /"WAREHOUSE_ACCESS_URL_FOR_TESTS": "([^"]+)"/.exec(output)![1];
    world = await GatewayWorld.create('demo-seed-peers');
    [gateway] = await Promise.all([
      world.startGateway({
        EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
      }),
      world.startRunner({
        EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        WAREHOUSE_ACCESS_URL_FOR_TESTS: warehouseUrl,
      }),
    ]);
    api = `${gateway.url}/api/v1`;
  }, 180_000);

  afterAll(async () => {
    await stopPeers();
    await world?.close();
    const root = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await root.connect();
    await root.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await root.end();
  });

  it('adds a connection and a suite with a finished run on each peer, and reruns without duplicates', async () => {
    const output = await seed();
    expect(output).not.toContain('skipped');
    const token = readFileSync(path.join(scratch, 'token'), 'utf8').trim();
    const suites = itemsOf<Listed>((await call(api, 'GET', '/suites', { token })).body);
    expect(suites.map((suite) => suite.name)).toEqual(expect.arrayContaining(PEER_SUITES));
    for (const name of PEER_SUITES) {
      const suite = suites.find((candidate) => candidate.name === name)!;
      const runs = itemsOf<{ id: string }>(
        (await call(api, 'GET', `/runs?suite_id=${suite.id}`, { token })).body,
      );
      expect({ name, runs: runs.length }).toEqual({ name, runs: 1 });
      const detail = (await call(api, 'GET', `/runs/${runs[0].id}`, { token })).body as RunDetailView;
      expect({ name, status: detail.status }).toEqual({ name, status: 'succeeded' });
      expect(detail.results.length).toBeGreaterThan(0);
      expect({ name, outcomes: detail.results.map((result) => result.outcome) }).toEqual({
        name,
        outcomes: expect.not.arrayContaining(['error']),
      });
    }
    const connections = itemsOf<Listed>((await call(api, 'GET', '/connections', { token })).body).length;

    // A second seed finds the peer connections by name and updates them in place.
    expect(await seed()).not.toContain('skipped');
    expect(itemsOf<Listed>((await call(api, 'GET', '/connections', { token })).body)).toHaveLength(
      connections,
    );
    expect(itemsOf<Listed>((await call(api, 'GET', '/suites', { token })).body)).toHaveLength(suites.length);
  }, 300_000);
});
