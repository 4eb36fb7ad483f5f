/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Alert latency benchmark (B6). See bench/README.md.
//   npm run bench:alerts                         full size (1, 10 and 100 suites failing at once)
//   DQ_BENCH_SCALE=0.1 npm run bench:alerts      a quick trial with fewer rounds, not recorded
//
// Ours: a real alerting process. A `RunCompletedEvent` with a failing check is published to
//   JetStream for each of N suites at once; measured per suite from the publish call to the signed
//   webhook's arrival at an HTTPS receiver on loopback (consumer, inbox, rules, incident, outbox
//   insert and NOTIFY, worker claim, render, sign, egress check, POST). Goal: p99 < 100 ms at 100.
// Baseline, same run: a bare core NATS publish whose subscriber (in this process) POSTs the message
//   to the same receiver through the same guarded fetch.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { Events, type RunCompletedEvent, ServiceName } from '@dq/contracts';
import { EventPublisher, MessagingNamespace, NatsClient } from '@dq/messaging';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import {
  EgressGuard,
  PublicKeySealer,
  generateSigningKey,
  guardedFetch,
  parsePublicKeys,
} from '@dq/security';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import {
  type AlertReceivers,
  type AppProcess,
  createIsolatedEnvironment,
  startAlertReceivers,
  startApp,
  waitFor,
} from '@dq/testing';
import { recordResults, runBenchmark } from './bench-results';

const RESULTS_FILE = path.join(__dirname, 'results', 'alert-latency.json');
const SCALE = Number(process.env['DQ_BENCH_SCALE'] ?? '1');
/** DQ_BENCH_PROFILE_DIR=<dir>: the alerting process writes a V8 CPU profile there when it stops. */
const profileDir = process.env['DQ_BENCH_PROFILE_DIR'];
const SIZES = [1, 10, 100] as const;
/** Rounds per size: about 300 samples each, at least 3 rounds. */
const ROUNDS: Record<number, number> = {
  1: Math.max(3, Math.round(100 * SCALE)),
  10: Math.max(3, Math.round(30 * SCALE)),
  100: Math.max(3, Math.round(5 * SCALE)),
};
const GOAL_P99_MS = 100;
const BASELINE_SUBJECT = 'bench.alert.baseline';

class BenchConfig extends BaseServiceConfig {
  override PORT = 0;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples: number[]): { n: number; p50_ms: number; p99_ms: number; max_ms: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    max_ms: sorted.at(-1) ?? 0,
  };
}

/** `count` suites of one check each; their (suite, check) ids. */
async function insertSuites(db: DataSource, count: number): Promise<Array<{ suite: string; check: string }>> {
  const suites = Array.from({ length: count }, () => ({ suite: randomUUID(), check: randomUUID() }));
  await db.transaction(async (manager) => {
    // Owner and connection are foreign keys alerting does not read.
    await manager.query(`SET LOCAL session_replication_role = replica`);
    await manager.query(
      `INSERT INTO suites (id, name, connection_id, target, owner_id)
       SELECT id, 'suite-' || id, $2, 'public.t', $3 FROM unnest($1::uuid[]) AS id`,
      [suites.map((s) => s.suite), randomUUID(), randomUUID()],
    );
    await manager.query(
      `INSERT INTO checks (id, suite_id, name, kind, dimension, config)
       SELECT c, s, 'rows', 'row_count', 'completeness', '{"min": 1}'
         FROM unnest($1::uuid[], $2::uuid[]) AS t(c, s)`,
      [suites.map((s) => s.check), suites.map((s) => s.suite)],
    );
  });
  return suites;
}

function failedRun(suite: string, check: string): RunCompletedEvent {
  return {
    event_id: randomUUID(),
    run_id: randomUUID(),
    suite_id: suite,
    status: 'failed',
    suite_name: `suite-${suite}`,
    trigger: 'schedule',
    checks: [
      {
        check_id: check,
        check_name: 'rows',
        kind: 'row_count',
        check_version: 1,
        outcome: 'fail',
        severity: 'fail',
        metric_value: 0,
        unexpected_percent: null,
        previous_outcome: 'pass',
        snoozed_until: null,
      },
    ],
    outcome_counts: { fail: 1 },
    total_checks: 1,
    finished_at: new Date().toISOString(),
  };
}

async function main(): Promise<void> {
  const env = await createIsolatedEnvironment('bench-alert-latency');
  const receivers: AlertReceivers = await startAlertReceivers();
  let alerting: AppProcess | undefined;
  let context: INestApplicationContext | undefined;
  const guard = new EgressGuard({
    allowLoopbackForTests: true,
    nodeEnv: 'test',
    tlsCaForTests: receivers.ca,
    logger: { warn: () => undefined },
  });
  try {
    const config = loadConfig(BenchConfig, { ...env.env, LOG_LEVEL: 'warn' });
    const service = ServiceName.Scheduler;
    const moduleRef = await Test.createTestingModule({
      imports: [...platformModules({ service, config }), ServiceRuntimeModule.forRoot({ service, config })],
    }).compile();
    context = await moduleRef.init();
    const db = context.get(DataSource);
    const publisher = context.get(EventPublisher);
    const nats = context.get(NatsClient).connection;
    const subject = context.get(MessagingNamespace).subject(BASELINE_SUBJECT);

    // The workspace default channel: suites without their own config alert it.
    const key = generateSigningKey();
    receivers.keys = [key];
    const channelId = randomUUID();
    const sealer = new PublicKeySealer(
      parsePublicKeys(env.env['ALERTING_PUBLIC_KEYS'], env.env['ALERTING_ACTIVE_KEY_ID']),
    );
    await db.query(
      `INSERT INTO notification_channels (id, name, type, webhook_url_sealed, email_to, is_workspace_default, signing_key_sealed)
       VALUES ($1, 'bench', 'webhook', $2, '{}', true, $3)`,
      [
        channelId,
        sealer.seal(receivers.url('/webhook'), `notification_channel:${channelId}:webhook_url`),
        sealer.seal(key, `notification_channel:${channelId}:signing_key`),
      ],
    );
    alerting = await startApp(
      'alerting',
      {
        ...env.env,
        LOG_LEVEL: 'warn',
        EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        EGRESS_TLS_CA_FOR_TESTS: receivers.ca,
      },
      profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
    );

    // Baseline subscriber: each message is POSTed to the receiver as it arrives.
    nats.subscribe(subject, {
      callback: (_err, msg) => {
        void guardedFetch(receivers.url('/baseline'), {
          method: 'POST',
          body: Buffer.from(msg.data),
          guard,
        }).catch(() => undefined);
      },
    });

    // Arrivals indexed once each by the ids in their body: scanning every body on every poll would
    // busy this process, which also runs the receiver that stamps the arrivals.
    const arrivals = new Map<string, number>();
    let indexed = 0;
    const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    const arrivedAt = (route: string, id: string): number | undefined => {
      for (; indexed < receivers.received.length; indexed += 1) {
        const r = receivers.received[indexed];
        for (const found of r.body.match(UUIDS) ?? []) {
          const key = `${r.route} ${found}`;
          if (!arrivals.has(key)) arrivals.set(key, r.at);
        }
      }
      return arrivals.get(`${route} ${id}`);
    };

    const results: Record<string, unknown> = {};
    // Warm-up: the consumer, the statements, the TLS session and both paths.
    for (const size of [...SIZES.map(() => 0), ...SIZES]) {
      const n = size === 0 ? 5 : size;
      const rounds = size === 0 ? 1 : ROUNDS[size];
      const ours: number[] = [];
      const bare: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const suites = await insertSuites(db, n);
        const events = suites.map((s) => failedRun(s.suite, s.check));
        const sentAt = new Map<string, number>();
        await Promise.all(
          events.map((event) => {
            sentAt.set(event.run_id, Date.now());
            return publisher.publish(Events.RunCompleted, event, { messageId: event.event_id });
          }),
        );
        await waitFor(
          `${n} alerts`,
          () => events.every((e) => arrivedAt('/webhook', e.run_id) !== undefined) || undefined,
          { timeoutMs: 60_000, intervalMs: 5 },
        );
        for (const e of events) ours.push(arrivedAt('/webhook', e.run_id)! - sentAt.get(e.run_id)!);

        const ids = events.map(() => randomUUID());
        const bareSent = new Map<string, number>();
        for (const id of ids) {
          bareSent.set(id, Date.now());
          nats.publish(subject, JSON.stringify({ id }));
        }
        await waitFor(
          `${n} bare posts`,
          () => ids.every((id) => arrivedAt('/baseline', id) !== undefined) || undefined,
          {
            timeoutMs: 60_000,
            intervalMs: 5,
          },
        );
        for (const id of ids) bare.push(arrivedAt('/baseline', id)! - bareSent.get(id)!);
      }
      if (size === 0) continue;
      const row = { suites: size, rounds, ours: summary(ours), bare_nats_to_post: summary(bare) };
      results[String(size)] = row;
      console.log(JSON.stringify(row));
    }
    const at100 = (results['100'] as { ours: { p99_ms: number } }).ours.p99_ms;
    const output = {
      measured_at: new Date().toISOString(),
      scale: SCALE,
      goal_p99_ms_at_100: GOAL_P99_MS,
      goal_met: at100 < GOAL_P99_MS,
      sizes: results,
    };
    console.log(JSON.stringify(output, null, 2));
    recordResults(RESULTS_FILE, output, SCALE);
  } finally {
    guard.destroy();
    await alerting?.stop();
    await context?.close();
    await receivers.stop();
    await env.cleanup();
  }
}

runBenchmark(main);
