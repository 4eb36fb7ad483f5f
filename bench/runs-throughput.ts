/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Runs benchmark (B5). See bench/README.md.
//   npm run bench:runs                        full size (20,000 runs, 100,000 stored)
//   DQ_BENCH_SCALE=0.05 npm run bench:runs    a quick trial, not recorded
//
// Throughput: RUNS runs of a one-check suite (a volume check on a one-row PostgreSQL table), queued
//   through the API while no runner runs, then drained by 2 runner processes; runs/s from the first
//   start to the last finish, results persisted. Baseline: the same number of jobs drained by 2
//   processes of a bare BullMQ worker whose processor does nothing, on the same Redis.
// Latency: runs triggered at a fixed 200/s through the API while the 2 runners run; enqueue-to-start
//   (run created -> claimed by a runner) and enqueue-to-visible (run created -> final state and
//   results committed, so GET /runs/{id} shows them), against the bare worker's add-to-start and
//   add-to-finish at the same rate.
// Every API call goes to one of GATEWAYS gateway processes in turn (default 2), as a load balancer would.
// Reads: GET /runs (first page) and GET /runs/{id} at a fixed 500 req/s with STORED runs in the
//   table (grant-filtered for a member who owns the suites), against GET /healthz at the same rate.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { type AppProcess, createIsolatedEnvironment, startApp } from '@dq/testing';
import { type CpuPerOperation, type ProcessGroup, describeCpu, startCpuMeter } from './process-cpu';

const ROOT = path.resolve(__dirname, '..');
const RESULTS_FILE = path.join(__dirname, 'results', 'runs-throughput.json');
const SCALE = Number(process.env['DQ_BENCH_SCALE'] ?? '1');
// For a focused trial (not recorded): DQ_BENCH_RUNS and DQ_BENCH_STORED set the sizes apart from
// the scale; DQ_BENCH_SKIP=latency,baseline leaves those phases out.
const RUNS = Number(process.env['DQ_BENCH_RUNS'] ?? Math.round(20_000 * SCALE));
const STORED = Number(process.env['DQ_BENCH_STORED'] ?? Math.round(100_000 * SCALE));
const SKIPPED = new Set((process.env['DQ_BENCH_SKIP'] ?? '').split(',').filter(Boolean));
const RECORDED =
  SCALE === 1 &&
  SKIPPED.size === 0 &&
  process.env['DQ_BENCH_RUNS'] === undefined &&
  process.env['DQ_BENCH_STORED'] === undefined;
const RUNNERS = 2;
/**
 * Gateway processes (replicas) the calls are spread over, round-robin, as a load balancer in
 * front of them would; the capacity phase also reports one process alone.
 */
const GATEWAYS = Number(process.env['DQ_BENCH_GATEWAYS'] ?? '2');
/** Jobs each runner (and each bare worker) works on at once. */
const CONCURRENCY = Number(process.env['DQ_BENCH_CONCURRENCY'] ?? '16');
const LATENCY_RATE = 200;
const LATENCY_SECONDS = 15;
const READ_RATE = 500;
const READ_SECONDS = 10;
/** Seconds each fixed-rate phase runs at its rate before its calls count (reported as `cold`). */
const WARMUP_SECONDS = 2;
const SOURCE_DATABASE = 'dq_bench_runs_source';

const execFileAsync = promisify(execFile);
// A kept-alive socket idle for 2 s is closed here first, before the gateway's own idle timeout
// (5 s) closes it under a request being sent on it (ECONNRESET, which a POST cannot safely retry).
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 2_000 });

interface Answer {
  status: number;
  body: string;
}

/**
 * One HTTP call on the keep-alive agent. A GET sent on a kept-alive socket the server closed at
 * that instant fails with ECONNRESET before the server saw it: it is sent once more, as Node's
 * documentation advises (`reusedSocket`). Nothing else is retried.
 */
function request(url: string, method: string, token?: string, body?: unknown): Promise<Answer> {
  return requestOnce(url, method, token, body).catch((error: unknown) => {
    const stale = (error as { staleSocket?: boolean }).staleSocket === true;
    if (stale && method === 'GET') return requestOnce(url, method, token, body);
    throw error;
  });
}

function requestOnce(url: string, method: string, token?: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(Object.assign(error, { staleSocket: req.reusedSocket && error.code === 'ECONNRESET' })),
    );
    req.end(payload);
  });
}

/** No reading (a phase left out). */
const NO_CPU: CpuPerOperation = { perOperation: {}, kernel: {} };

/** As recorded: the milliseconds of each group, and under `kernel` their system-time part. */
function cpuRecord({ perOperation, kernel }: CpuPerOperation): Record<string, unknown> {
  return { ...perOperation, kernel };
}

async function expectOk(answer: Promise<Answer>, what: string): Promise<{ id: string }> {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${body}`);
  return JSON.parse(body) as { id: string };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

interface LatencyFigures {
  triggerAnswer: Distribution;
  /** The warm-up's triggers, not counted above. */
  triggerAnswerCold: Distribution;
  admittedPerSecond: number;
  runStart: Distribution;
  runVisible: Distribution;
  cpuPerTriggeredRun: CpuPerOperation;
}

interface BaselineFigures {
  noopPerSecond: number;
  noopStart: Distribution;
  noopFinish: Distribution;
}

interface Distribution {
  n: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number): number => Math.round(value * 100) / 100;
  return {
    n: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? NaN),
  };
}

/** The latencies of a fixed-rate phase: the counted calls, and the warm-up's before them. */
interface PacedLatencies {
  counted: number[];
  warmup: number[];
}

/**
 * Calls `fire` at a fixed rate (open loop: a slow answer never delays the next call); each call's
 * latency. The first `WARMUP_SECONDS` of calls go at the same rate but are kept apart: they meet
 * code not yet optimized, pools not yet filled and statements not yet prepared, a start that a
 * service running for hours has left behind. `onCounting` is called as the first counted call is
 * due, so a phase can start its CPU meter or clock there.
 */
async function atFixedRate(
  rate: number,
  seconds: number,
  fire: (index: number) => Promise<void>,
  options: { onCounting?: () => void } = {},
): Promise<PacedLatencies> {
  const warmupCalls = rate * WARMUP_SECONDS;
  const total = warmupCalls + rate * seconds;
  const latencies: PacedLatencies = { counted: [], warmup: [] };
  const pending: Promise<void>[] = [];
  const failures: unknown[] = [];
  const start = performance.now();
  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (index === warmupCalls) options.onCounting?.();
    // Measured from when it was due, so a late send counts against the service, not for it (and
    // from when it was sent if that was early: timers fire to the millisecond). A failure is kept
    // and thrown once every call answered (not left unhandled until then).
    const from = Math.min(due, performance.now());
    const into = index < warmupCalls ? latencies.warmup : latencies.counted;
    pending.push(
      fire(index).then(
        () => void into.push(performance.now() - from),
        (error: unknown) => void failures.push(error),
      ),
    );
  }
  if (warmupCalls === total) options.onCounting?.();
  await Promise.all(pending);
  if (failures.length > 0) throw failures[0];
  return latencies;
}

/** `parallel` callers, each calling again as soon as its last call answered, for `seconds`. */
async function closedLoop(
  parallel: number,
  seconds: number,
  fire: (index: number) => Promise<void>,
): Promise<Distribution & { per_second: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  let calls = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        await fire(calls++);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { ...distribution(latencies), per_second: Math.round(latencies.length / elapsed) };
}

/** Runs `work` over `items` with at most `parallel` at once. */
async function inParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function mintToken(databaseUrl: string, email: string, role: string): Promise<string> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['-r', path.join(ROOT, 'tools/register.cjs'), path.join(ROOT, 'tools/token.ts'), email, '--role', role],
    { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: databaseUrl, NODE_ENV: 'test' } },
  );
  return stdout.trim();
}

async function ensureSourceDatabase(): Promise<void> {
  const root = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
  await root.connect();
  try {
    const exists = await root.query('SELECT 1 FROM pg_database WHERE datname = $1', [SOURCE_DATABASE]);
    if (exists.rowCount === 0) await root.query(`CREATE DATABASE ${SOURCE_DATABASE}`);
  } finally {
    await root.end();
  }
  const source = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: SOURCE_DATABASE });
  await source.connect();
  try {
    await source.query('CREATE TABLE IF NOT EXISTS public.heartbeat (id int)');
    await source.query(
      'INSERT INTO public.heartbeat SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM public.heartbeat)',
    );
  } finally {
    await source.end();
  }
}

function startNoopWorker(queue: string, prefix: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(ROOT, 'tools/register.cjs'),
      path.join(__dirname, 'runs-throughput-noop-worker.ts'),
      queue,
      prefix,
      String(CONCURRENCY),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`no-op worker exited with ${String(code)}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  console.log(
    `B5: ${RUNS} runs through ${RUNNERS} runners (concurrency ${CONCURRENCY} each), ${STORED} runs stored for reads`,
  );
  await ensureSourceDatabase();
  const env = await createIsolatedEnvironment('bench-runs');
  const apps: AppProcess[] = [];
  const children: ChildProcess[] = [];
  const db = new Client({ connectionString: env.databaseUrl });
  await db.connect();
  const noopPrefix = `${env.namespace}:noop`;
  const noopQueue = new Queue('noop', { connection: { host: '127.0.0.1', port: 6379 }, prefix: noopPrefix });
  try {
    // DQ_BENCH_PROFILE_DIR=<dir>: the gateway and each runner write a V8 CPU profile there when they stop.
    const profileDir = process.env['DQ_BENCH_PROFILE_DIR'];
    // DQ_BENCH_NODE_ARGS: Node flags for the gateways and runners (a trial of V8 settings, say).
    const nodeArgs = [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(process.env['DQ_BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean),
    ];
    const gateways: AppProcess[] = [];
    // One after the other: each boots against the same database.
    for (let index = 0; index < GATEWAYS; index += 1) {
      const gateway = await startApp(
        'api-gateway',
        {
          ...env.env,
          RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000000',
          EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        },
        { nodeArgs },
      );
      gateways.push(gateway);
      apps.push(gateway);
    }
    const [gateway] = gateways;
    if (gateway === undefined) throw new Error('DQ_BENCH_GATEWAYS must be at least 1');
    let nextGateway = 0;
    /** The next gateway's URL, round-robin. */
    const anyGateway = (): string => gateways[nextGateway++ % gateways.length]?.url ?? gateway.url;
    const api = `${gateway.url}/api/v1`;
    const admin = await mintToken(env.databaseUrl, 'bench-admin@example.test', 'admin');
    const member = await mintToken(env.databaseUrl, 'bench-member@example.test', 'member');
    const connection = await expectOk(
      request(`${api}/connections`, 'POST', admin, {
        name: 'bench-source',
        kind: 'postgres',
        config: {
          host: '127.0.0.1',
          port: 5432,
          database: SOURCE_DATABASE,
          user: 'postgres',
          sslmode: 'disable',
        },
        credential: { password: 'unused-with-trust' },
      }),
      'connection',
    );
    const suite = await expectOk(
      request(`${api}/suites`, 'POST', member, {
        name: 'bench-runs',
        connection_id: connection.id,
        target: 'public.heartbeat',
      }),
      'suite',
    );
    await expectOk(
      request(`${api}/suites/${suite.id}/checks`, 'POST', member, {
        name: 'rows',
        kind: 'volume',
        config: { min_rows: 1 },
      }),
      'check',
    );
    const trigger = (): Promise<{ id: string }> =>
      expectOk(
        request(`${anyGateway()}/api/v1/suites/${suite.id}/run`, 'POST', member, { allow_concurrent: true }),
        'trigger',
      );

    // Throughput: queue every run first, then let the pool drain them.
    const enqueueStart = performance.now();
    await inParallel(Array.from({ length: RUNS }), 32, async () => void (await trigger()));
    const enqueueSeconds = (performance.now() - enqueueStart) / 1000;
    console.log(`queued ${RUNS} runs through the API in ${enqueueSeconds.toFixed(1)} s`);
    const runnerEnv = {
      ...env.env,
      RUNS_CONCURRENCY: String(CONCURRENCY),
      EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    };
    const runners = await Promise.all(
      Array.from({ length: RUNNERS }, () => startApp('runner', runnerEnv, { nodeArgs })),
    );
    apps.push(...runners);
    // CPU per run from here (the runners are up, their start is not counted) to the drain's end.
    const servers: ProcessGroup[] = [
      { name: 'postgres', command: /^postgres$/ },
      { name: 'redis', command: /^redis-server$/ },
      { name: 'nats', command: /^nats-server$/ },
    ];
    const runnerPids = runners.flatMap((app) => (app.pid === undefined ? [] : [app.pid]));
    const finishedRuns = async (): Promise<number> => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM runs WHERE status NOT IN ('queued', 'running')`,
      );
      return rows[0]?.n ?? 0;
    };
    const finishedBefore = await finishedRuns();
    const drainCpu = startCpuMeter([{ name: 'runners', pids: runnerPids }, ...servers]);
    const drained = await waitFor(async () => {
      const { rows } = await db.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM runs WHERE status IN ('queued', 'running')`,
      );
      return rows[0]?.open === 0;
    }, 30 * 60_000);
    if (!drained) throw new Error('the runs did not drain');
    const { rows: drainRows } = await db.query<{
      runs: number;
      succeeded: number;
      results: number;
      seconds: number;
    }>(
      `SELECT count(*)::int AS runs, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
              (SELECT count(*)::int FROM run_results) AS results,
              extract(epoch FROM max(finished_at) - min(started_at))::float8 AS seconds
         FROM runs`,
    );
    const drain = drainRows[0];
    if (!drain || drain.succeeded !== RUNS || drain.results !== RUNS) {
      throw new Error(`not every run succeeded with its result: ${JSON.stringify(drain)}`);
    }
    const cpuPerRun = drainCpu.stop(RUNS - finishedBefore);
    const runsPerSecond = RUNS / drain.seconds;
    console.log(`pool: ${RUNS} runs in ${drain.seconds.toFixed(2)} s = ${runsPerSecond.toFixed(0)} runs/s`);
    console.log(`  ${describeCpu(cpuPerRun, 'run')}`);

    // Latency at a fixed rate while the pool runs.
    const gatewayGroup: ProcessGroup = {
      name: 'gateway',
      pids: gateways.flatMap((app) => (app.pid === undefined ? [] : [app.pid])),
    };
    // The benchmark's own process sends the calls: shown apart, outside the service's total (at a
    // fixed rate each call costs it about as much as a health check costs the gateway).
    const loadGenerator: ProcessGroup = { name: 'load_generator', pids: [process.pid], outsideTotal: true };
    const latency = SKIPPED.has('latency') ? null : await measureLatency();
    async function measureLatency(): Promise<LatencyFigures> {
      // Runs created from the first counted trigger on count (a warm-up trigger admitted late
      // may too, which can only add to the tail); the CPU is read from there.
      let latencyFrom = new Date();
      let meter: ReturnType<typeof startCpuMeter> | undefined;
      // The trigger's own answer time counts too: run timestamps start once the gateway admitted
      // the run, so a gateway falling behind the rate would otherwise not show.
      const triggers = await atFixedRate(LATENCY_RATE, LATENCY_SECONDS, async () => void (await trigger()), {
        onCounting: () => {
          latencyFrom = new Date();
          meter = startCpuMeter([
            gatewayGroup,
            { name: 'runners', pids: runnerPids },
            ...servers,
            loadGenerator,
          ]);
        },
      });
      const triggerAnswer = distribution(triggers.counted);
      const triggerAnswerCold = distribution(triggers.warmup);
      await waitFor(async () => {
        const { rows } = await db.query<{ open: number }>(
          `SELECT count(*)::int AS open FROM runs WHERE status IN ('queued', 'running')`,
        );
        return rows[0]?.open === 0;
      }, 5 * 60_000);
      const cpuPerTriggeredRun = meter?.stop(LATENCY_RATE * LATENCY_SECONDS) ?? NO_CPU;
      const { rows: latencyRows } = await db.query<{ to_start: number; to_visible: number }>(
        `SELECT extract(epoch FROM started_at - created_at) * 1000 AS to_start,
                extract(epoch FROM finished_at - created_at) * 1000 AS to_visible
           FROM runs WHERE created_at >= $1 AND status = 'succeeded'`,
        [latencyFrom],
      );
      const runStart = distribution(latencyRows.map((row) => Number(row.to_start)));
      const runVisible = distribution(latencyRows.map((row) => Number(row.to_visible)));
      const { rows: admittedRows } = await db.query<{ per_second: number }>(
        `SELECT count(*) / nullif(extract(epoch FROM max(created_at) - min(created_at)), 0) AS per_second
           FROM runs WHERE created_at >= $1`,
        [latencyFrom],
      );
      const admittedPerSecond = Math.round(Number(admittedRows[0]?.per_second ?? NaN));
      console.log(
        `pool at ${LATENCY_RATE}/s: enqueue-to-start p50 ${runStart.p50_ms} p99 ${runStart.p99_ms} ms; enqueue-to-visible p50 ${runVisible.p50_ms} p99 ${runVisible.p99_ms} ms`,
      );
      console.log(
        `  trigger answered p50 ${triggerAnswer.p50_ms} p99 ${triggerAnswer.p99_ms} ms (cold, the first ${WARMUP_SECONDS} s, not counted: p50 ${triggerAnswerCold.p50_ms} p99 ${triggerAnswerCold.p99_ms} ms); runs admitted ${admittedPerSecond}/s`,
      );
      console.log(`  ${describeCpu(cpuPerTriggeredRun, 'run triggered and run')}`);
      return {
        triggerAnswer,
        triggerAnswerCold,
        admittedPerSecond,
        runStart,
        runVisible,
        cpuPerTriggeredRun,
      };
    }

    // Stop the runners before the baseline, so the bare workers get the same machine.
    await Promise.all(runners.map((app) => app.stop()));

    // Baseline: the same number of jobs drained by bare no-op workers.
    const baseline = SKIPPED.has('baseline') ? null : await measureBaseline();
    async function measureBaseline(): Promise<BaselineFigures> {
      await noopQueue.addBulk(
        Array.from({ length: RUNS }, (_unused, index) => ({ name: 'noop', data: { index } })),
      );
      children.push(
        ...(await Promise.all(Array.from({ length: RUNNERS }, () => startNoopWorker('noop', noopPrefix)))),
      );
      await waitFor(async () => (await noopQueue.getJobCounts('completed')).completed === RUNS, 10 * 60_000);
      const drainedJobs = await noopQueue.getJobs(['completed'], 0, RUNS);
      const firstStart = Math.min(...drainedJobs.map((job) => job.processedOn ?? Infinity));
      const lastFinish = Math.max(...drainedJobs.map((job) => job.finishedOn ?? 0));
      const noopPerSecond = RUNS / ((lastFinish - firstStart) / 1000);
      console.log(`bare BullMQ no-op: ${RUNS} jobs at ${noopPerSecond.toFixed(0)} jobs/s`);
      await noopQueue.obliterate({ force: true });
      // Paced like the pool, warm-up included; the warm-up's jobs are left out alike.
      const warmupJobs = LATENCY_RATE * WARMUP_SECONDS;
      const pacedJobs = warmupJobs + LATENCY_RATE * LATENCY_SECONDS;
      await atFixedRate(LATENCY_RATE, LATENCY_SECONDS, async (index) => {
        await noopQueue.add('noop', { index });
      });
      await waitFor(async () => (await noopQueue.getJobCounts('completed')).completed === pacedJobs, 60_000);
      const paced = (await noopQueue.getJobs(['completed'], 0, pacedJobs)).filter(
        (job) => (job.data as { index: number }).index >= warmupJobs,
      );
      const noopStart = distribution(paced.map((job) => (job.processedOn ?? NaN) - job.timestamp));
      const noopFinish = distribution(paced.map((job) => (job.finishedOn ?? NaN) - job.timestamp));
      console.log(
        `bare BullMQ at ${LATENCY_RATE}/s: add-to-start p50 ${noopStart.p50_ms} p99 ${noopStart.p99_ms} ms; add-to-finish p50 ${noopFinish.p50_ms} p99 ${noopFinish.p99_ms} ms`,
      );
      await Promise.all(children.splice(0).map(stopChild));
      await noopQueue.obliterate({ force: true });
      return { noopPerSecond, noopStart, noopFinish };
    }

    // Reads: fill the table to STORED runs (each with its one result), then read at a fixed rate.
    const { rows: countRows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM runs');
    const missing = STORED - (countRows[0]?.n ?? 0);
    if (missing > 0) {
      await db.query(
        `WITH made AS (
           INSERT INTO runs (suite_id, trigger, status, plan, total_checks, completed_checks, outcome_counts, created_at, started_at, finished_at)
           SELECT s.id, 'api', 'succeeded', s.plan, 1, 1, '{"pass": 1}', t, t, t + interval '20 milliseconds'
             FROM (SELECT suite_id AS id, plan FROM runs LIMIT 1) s,
                  generate_series(1, $1::int) AS g(i),
                  LATERAL (SELECT now() - interval '30 days' + g.i * interval '20 seconds' AS t) ts
           RETURNING id, finished_at)
         INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, started_at, finished_at)
         SELECT made.id, rr.check_id, 'pass', 1, rr.detail, made.finished_at, made.finished_at
           FROM made, (SELECT check_id, detail FROM run_results LIMIT 1) rr`,
        [missing],
      );
      await db.query('ANALYZE runs; ANALYZE run_results');
    }
    const { rows: idRows } = await db.query<{ id: string }>(
      'SELECT id FROM runs ORDER BY random() LIMIT 1000',
    );
    const ids = idRows.map((row) => row.id);
    const expect200 = async (answer: Promise<Answer>): Promise<void> => {
      const { status, body } = await answer;
      if (status !== 200) throw new Error(`read answered ${status}: ${body.slice(0, 200)}`);
    };
    // Each read phase also says what one request cost the gateway and the servers.
    const readGroups = [gatewayGroup, ...servers, loadGenerator];
    const cpuPerRequest: Record<string, CpuPerOperation> = {};
    const metered = async <T extends { n: number }>(name: string, phase: () => Promise<T>): Promise<T> => {
      const meter = startCpuMeter(readGroups);
      const figures = await phase();
      cpuPerRequest[name] = meter.stop(figures.n);
      return figures;
    };
    const readsCold: Record<string, Distribution> = {};
    const readAtRate = async (
      name: string,
      call: (index: number) => Promise<void>,
    ): Promise<Distribution> => {
      let meter: ReturnType<typeof startCpuMeter> | undefined;
      const paced = await atFixedRate(READ_RATE, READ_SECONDS, call, {
        onCounting: () => (meter = startCpuMeter(readGroups)),
      });
      const figures = distribution(paced.counted);
      cpuPerRequest[name] = meter?.stop(figures.n) ?? NO_CPU;
      readsCold[name] = distribution(paced.warmup);
      return figures;
    };
    // The fixed-rate reads go to every gateway in turn; the capacity is measured for one process
    // alone and for all of them.
    const healthzOn = (base: () => string) => (): Promise<void> =>
      expect200(request(`${base()}/healthz`, 'GET'));
    const listOn = (base: () => string) => (): Promise<void> =>
      expect200(request(`${base()}/api/v1/runs`, 'GET', member));
    const byIdOn =
      (base: () => string) =>
      (index: number): Promise<void> =>
        expect200(request(`${base()}/api/v1/runs/${ids[index % ids.length] ?? ''}`, 'GET', member));
    const reads = {
      healthz: await readAtRate('healthz', healthzOn(anyGateway)),
      runs_list: await readAtRate('runs_list', listOn(anyGateway)),
      run_by_id: await readAtRate('run_by_id', byIdOn(anyGateway)),
    };
    console.log(
      `reads at ${READ_RATE}/s over ${GATEWAYS} gateway process(es), ${STORED} runs stored (p50 / p99 ms):`,
    );
    for (const [name, figures] of Object.entries(reads)) {
      console.log(
        `  ${name.padEnd(10)} ${figures.p50_ms} / ${figures.p99_ms}  (p99 ${(figures.p99_ms / reads.healthz.p99_ms).toFixed(2)}x healthz)`,
      );
      console.log(`    ${describeCpu(cpuPerRequest[name] ?? NO_CPU, 'request')}`);
    }
    console.log(
      `  cold (the first ${WARMUP_SECONDS} s at the rate, not counted above): ${Object.entries(readsCold)
        .map(([name, figures]) => `${name} ${figures.p50_ms} / ${figures.p99_ms}`)
        .join(', ')}`,
    );

    // What the gateways sustain: 16 callers back to back, each call as soon as the last answered.
    const atCapacity = (
      name: string,
      call: (index: number) => Promise<void>,
    ): Promise<Distribution & { per_second: number }> =>
      metered(`capacity_${name}`, () => closedLoop(16, READ_SECONDS, call));
    const oneGateway = (): string => gateway.url;
    const capacity = {
      healthz: await atCapacity('healthz', healthzOn(oneGateway)),
      runs_list: await atCapacity('runs_list', listOn(oneGateway)),
      run_by_id: await atCapacity('run_by_id', byIdOn(oneGateway)),
      ...(GATEWAYS > 1
        ? {
            runs_list_all_gateways: await atCapacity('runs_list_all_gateways', listOn(anyGateway)),
            run_by_id_all_gateways: await atCapacity('run_by_id_all_gateways', byIdOn(anyGateway)),
          }
        : {}),
    };
    console.log('capacity, 16 callers back to back (req/s, p50 / p99 ms); one gateway process unless said:');
    for (const [name, figures] of Object.entries(capacity)) {
      console.log(`  ${name.padEnd(10)} ${figures.per_second} req/s, ${figures.p50_ms} / ${figures.p99_ms}`);
      console.log(`    ${describeCpu(cpuPerRequest[`capacity_${name}`] ?? NO_CPU, 'request')}`);
    }

    const report = {
      measured_at: new Date().toISOString(),
      scale: SCALE,
      runs: RUNS,
      runners: RUNNERS,
      gateways: GATEWAYS,
      concurrency_per_runner: CONCURRENCY,
      throughput: {
        enqueue_through_api_runs_per_s: Math.round(RUNS / enqueueSeconds),
        pool_runs_per_s: Math.round(runsPerSecond),
        bare_bullmq_noop_jobs_per_s: baseline ? Math.round(baseline.noopPerSecond) : null,
        ratio_noop_over_pool: baseline
          ? Math.round((baseline.noopPerSecond / runsPerSecond) * 100) / 100
          : null,
        cpu_ms_per_run: cpuRecord(cpuPerRun),
      },
      latency_at_fixed_rate: latency && {
        rate_per_s: LATENCY_RATE,
        seconds: LATENCY_SECONDS,
        warmup_seconds: WARMUP_SECONDS,
        trigger_answer: latency.triggerAnswer,
        trigger_answer_cold: latency.triggerAnswerCold,
        runs_admitted_per_s: latency.admittedPerSecond,
        pool_enqueue_to_start: latency.runStart,
        pool_enqueue_to_visible: latency.runVisible,
        bare_add_to_start: baseline?.noopStart ?? null,
        bare_add_to_finish: baseline?.noopFinish ?? null,
        cpu_ms_per_run_triggered_and_run: cpuRecord(latency.cpuPerTriggeredRun),
      },
      reads_at_fixed_rate: {
        rate_per_s: READ_RATE,
        seconds: READ_SECONDS,
        warmup_seconds: WARMUP_SECONDS,
        stored_runs: STORED,
        ...reads,
        cold: readsCold,
        cpu_ms_per_request: Object.fromEntries(
          Object.entries(cpuPerRequest).map(([name, cpu]) => [name, cpuRecord(cpu)]),
        ),
      },
      read_capacity_closed_loop: { callers: 16, seconds: READ_SECONDS, ...capacity },
    };
    if (RECORDED) {
      fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
      fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`recorded in ${path.relative(process.cwd(), RESULTS_FILE)}`);
    } else {
      console.log(JSON.stringify(report, null, 2));
    }
  } finally {
    await Promise.all(children.map(stopChild));
    await Promise.all(apps.map((app) => app.stop()));
    await noopQueue.close();
    await db.end();
    agent.destroy();
    // DQ_BENCH_KEEP=1 keeps the database to look into (its URL is printed); it is dropped otherwise.
    if (process.env['DQ_BENCH_KEEP'] === undefined) await env.cleanup();
    else console.log(`kept the database: ${env.databaseUrl}`);
  }
}

async function waitFor(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
