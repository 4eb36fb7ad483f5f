/**
 * Metrics and traces across gateway, queue and runner: a run triggered with a W3C `traceparent`
 * carries its trace id into the runner's log lines; `/metrics` on the runner counts the finished
 * run and on the gateway observes requests by route pattern, open to a scrape without a token and
 * never rate-limited.
 */
import { randomUUID } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunProgressView } from '@dq/contracts';
import {
  type AppProcess,
  call,
  GatewayWorld,
  pollUntil,
  ScratchDatabase,
  TERMINAL_RUN_STATES,
} from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback; info lines are the ones that carry the trace.
const APP_ENV = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true', LOG_LEVEL: 'info' };
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

async function scrape(app: AppProcess, token?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${app.url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, text: await response.text() };
}

/** The value of one sample line of the text format, e.g. `dq_runs_finished_total{status="succeeded",reason="none"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics and traces through the gateway and the runner', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let runner: AppProcess;
  let api: string;
  let admin: string;
  let suiteId: string;
  const database = new ScratchDatabase('traces_e2e');

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.orders (order_id bigint, amount double precision)`);
      await client.query(`INSERT INTO public.orders VALUES (1, 10), (2, NULL)`);
    });
    world = await GatewayWorld.create('traces');
    gateway = await world.startGateway({ ...APP_ENV, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    runner = await world.startRunner({ ...APP_ENV, METRICS_TOKEN: 'runner-metrics-token-0123' });
    api = `${gateway.url}/api/v1`;
    admin = await world.mintToken('admin@example.test', 'admin');
    const connectionId = await database.connect(api, admin, 'orders-db');
    const created = await call(api, 'POST', '/suites', {
      token: admin,
      body: { name: `suite-${randomUUID()}`, connection_id: connectionId, target: 'public.orders' },
    });
    expect(created.status).toBe(201);
    suiteId = (created.body as { id: string }).id;
    const check = await call(api, 'POST', `/suites/${suiteId}/checks`, {
      token: admin,
      body: {
        name: 'amount present',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'amount' } },
      },
    });
    expect(check.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await world?.close();
    await database.drop();
  });

  it('a run triggered with a traceparent logs the same trace id in the gateway and the runner', async () => {
    const before = await scrape(runner, 'runner-metrics-token-0123');
    const finishedBefore =
      sample(before.text, 'dq_runs_finished_total{status="succeeded",reason="none"}') ?? 0;

    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, {
      token: admin,
      headers: { traceparent: TRACEPARENT },
    });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    const done = await pollUntil(
      async () =>
        (await call(api, 'GET', `/runs/${runId}/progress`, { token: admin })).body as RunProgressView,
      (p) => TERMINAL_RUN_STATES.includes(p.status),
      'the run to finish',
    );
    expect(done.status).toBe('succeeded');

    const gatewayLine = gateway
      .jsonLogs()
      .find(
        (line) => line['msg'] === 'request completed' && line['path'] === `/api/v1/suites/${suiteId}/run`,
      );
    expect(gatewayLine).toMatchObject({ trace_id: TRACE_ID });
    // The gateway's own span, under the caller's.
    expect(gatewayLine?.['span_id']).toMatch(/^[0-9a-f]{16}$/);
    expect(gatewayLine?.['span_id']).not.toBe('00f067aa0ba902b7');

    const runnerLine = await pollUntil(
      async () =>
        runner.jsonLogs().find((line) => line['run_id'] === runId && line['msg'] === 'run finished'),
      (line) => line !== undefined,
      'the runner to log the run',
      10_000,
    );
    expect(runnerLine).toMatchObject({ trace_id: TRACE_ID, job_id: runId, status: 'succeeded' });
    // Every line of the run carries it.
    const runLines = runner.jsonLogs().filter((line) => line['run_id'] === runId);
    expect(runLines.every((line) => line['trace_id'] === TRACE_ID)).toBe(true);

    const after = await scrape(runner, 'runner-metrics-token-0123');
    expect(after.status).toBe(200);
    expect(sample(after.text, 'dq_runs_finished_total{status="succeeded",reason="none"}')).toBe(
      finishedBefore + 1,
    );
    expect(after.text).toMatch(/^dq_run_duration_seconds_count\{status="succeeded"\} [1-9]/m);
    expect(after.text).toMatch(/^dq_check_duration_seconds_count\{outcome="[a-z]+"\} [1-9]/m);
    expect(after.text).toMatch(/^dq_queue_wait_seconds_count\{queue="runs"\} [1-9]/m);
  });

  it('a request without a traceparent starts its own trace', async () => {
    const read = await call(api, 'GET', `/suites/${suiteId}`, { token: admin });
    expect(read.status).toBe(200);
    // The line is written once the answer is sent: wait for it to reach the pipe.
    const line = await pollUntil(
      async () =>
        gateway
          .jsonLogs()
          .find(
            (candidate) =>
              candidate['path'] === `/api/v1/suites/${suiteId}` && candidate['msg'] === 'request completed',
          ),
      (found) => found !== undefined,
      'the request line',
      10_000,
    );
    expect(line?.['trace_id']).toMatch(/^[0-9a-f]{32}$/);
    expect(line?.['trace_id']).not.toBe(TRACE_ID);
  });

  it('the gateway observes requests by route pattern, never by raw URL, and never rate-limits a scrape', async () => {
    for (let i = 0; i < 5; i++) {
      const unknown = await call(api, 'GET', `/runs/${randomUUID()}`, { token: admin });
      expect(unknown.status).toBe(404);
    }
    const scrapes = await Promise.all(Array.from({ length: 30 }, () => scrape(gateway)));
    expect(scrapes.map((s) => s.status)).toEqual(scrapes.map(() => 200));
    const text = scrapes[scrapes.length - 1].text;
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/suites\/:[A-Za-z]+\/run",status="201"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/runs\/:[A-Za-z]+",status="404"\} [5-9]/m,
    );
    expect(text).not.toContain(suiteId);
    expect(text).not.toContain('/metrics');
  });

  it('with METRICS_TOKEN set, a scrape without it is refused with the envelope', async () => {
    const refused = await scrape(runner);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'unauthenticated' } });
    expect((await scrape(runner, 'wrong-token-wrong-token')).status).toBe(401);
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT set, the request span is exported under the caller trace', async () => {
    // A loopback OTLP collector: keeps each body posted to /v1/traces.
    const bodies: { path: string; type: string; body: Buffer }[] = [];
    const collector: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push({
          path: req.url ?? '',
          type: req.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    try {
      const exporting = await world.startGateway({ ...APP_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      const read = await call(`${exporting.url}/api/v1`, 'GET', `/suites/${suiteId}`, {
        token: admin,
        headers: { traceparent: TRACEPARENT },
      });
      expect(read.status).toBe(200);
      // Stopping flushes the batch.
      await exporting.stop();
      const exported = bodies.find((posted) => posted.path === '/v1/traces');
      expect(exported).toBeDefined();
      const { type, body } = exported!;
      const carriesTrace = type.includes('json')
        ? body.toString('utf8').includes(TRACE_ID)
        : body.includes(Buffer.from(TRACE_ID, 'hex'));
      expect(carriesTrace).toBe(true);
    } finally {
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
  });
});
