/* eslint-disable no-console -- a terminal benchmark: its output is the report. */
// Schedule ticks benchmark. See bench/README.md.
//   npm run bench:schedules                        full size (10,000 schedules due in one minute)
//   DQ_BENCH_SCALE=0.05 npm run bench:schedules    a quick trial, not recorded
//
// Ours: SCHEDULES suites (one enabled check each) whose `* * * * *` schedules fall due at the same
//   instant; one tick of the scheduler's ticker (the scheduler's wiring, its default batch) from
//   its start to the last run row committed and the last BullMQ job added. Goal: within 10 s.
// Baseline: the same number of runs queued the existing per-run way, on other suites of the same
//   shape: per run the planner's read of the suite and its enabled checks, then
//   `RunDispatchService.trigger` (its one-run-per-suite transaction, one BullMQ add), 16 in flight.
//   Also printed: a bare `addBulk` of as many run jobs, the queue's own floor.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { Jobs, RunTrigger, ServiceName } from '@dq/contracts';
import { JobProducer, QueueRegistry } from '@dq/messaging';
import {
  DEFAULT_SCHEDULE_TICKER_OPTIONS,
  type ScheduleClock,
  ScheduleTicker,
  ScheduleTickerModule,
} from '@dq/orchestration';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { RunDispatchService, SystemRunsModule } from '@dq/runs';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { SuiteRunPlanner } from '@dq/suites';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { recordResults, runBenchmark } from './bench-results';

const RESULTS_FILE = path.join(__dirname, 'results', 'schedule-ticks.json');
const SCALE = Number(process.env['DQ_BENCH_SCALE'] ?? '1');
const SCHEDULES = Math.max(1, Math.round(10_000 * SCALE));
const GOAL_MS = 10_000;
const BASELINE_IN_FLIGHT = 16;

class BenchConfig extends BaseServiceConfig {
  override PORT = 0;
}

/** The instant the schedules fall due; the measured tick finds them one second later. */
const DUE = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60 * 60_000);
let tickAt = new Date(DUE.getTime() - 30_000);
const clock: ScheduleClock = { now: () => tickAt };

async function openContext(env: IsolatedEnvironment): Promise<INestApplicationContext> {
  const config = loadConfig(BenchConfig, { ...env.env, LOG_LEVEL: 'warn' });
  const service = ServiceName.Scheduler;
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...platformModules({ service, config }),
      ServiceRuntimeModule.forRoot({ service, config }),
      ScheduleTickerModule.forRoot({}, clock),
      SystemRunsModule,
    ],
  }).compile();
  return moduleRef.init();
}

/** `count` suites of one enabled row-count check each; their ids. */
async function insertSuites(dataSource: DataSource, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await dataSource.transaction(async (manager) => {
    // Owner and connection are foreign keys neither path reads.
    await manager.query(`SET LOCAL session_replication_role = replica`);
    await manager.query(
      `INSERT INTO suites (id, name, connection_id, target, owner_id)
       SELECT id, 'suite-' || id, $2, 'public.t', $3 FROM unnest($1::uuid[]) AS id`,
      [ids, randomUUID(), randomUUID()],
    );
    await manager.query(
      `INSERT INTO checks (suite_id, name, kind, dimension, config)
       SELECT id, 'rows', 'row_count', 'completeness', '{"min": 1}' FROM unnest($1::uuid[]) AS id`,
      [ids],
    );
  });
  await dataSource.query(`ANALYZE suites; ANALYZE checks`);
  return ids;
}

async function countRuns(dataSource: DataSource, suiteIds: string[]): Promise<number> {
  const [row] = await dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM runs WHERE suite_id = ANY($1::uuid[]) AND status = 'queued'`,
    [suiteIds],
  );
  return row?.n ?? 0;
}

async function baseline(context: INestApplicationContext, suiteIds: string[]): Promise<number> {
  const planner = context.get(SuiteRunPlanner);
  const dispatch = context.get(RunDispatchService);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BASELINE_IN_FLIGHT }, async () => {
      while (next < suiteIds.length) {
        const suiteId = suiteIds[next++];
        const plan = (await planner.planForSystem([suiteId])).get(suiteId)!;
        await dispatch.trigger({ suiteId, trigger: RunTrigger.Api, plan: plan.plan, target: plan.target });
      }
    }),
  );
  return performance.now() - started;
}

async function bareAddBulk(context: INestApplicationContext, count: number): Promise<number> {
  const jobs = Array.from({ length: count }, () => {
    const id = randomUUID();
    return { payload: { run_id: id }, jobId: id };
  });
  const started = performance.now();
  await context.get(JobProducer).enqueueMany(Jobs.ExecuteRun, jobs);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const env = await createIsolatedEnvironment('bench-schedule-ticks');
  const context = await openContext(env);
  try {
    const dataSource = context.get(DataSource);
    const queue = context.get(QueueRegistry).queue(Jobs.ExecuteRun.queue);
    console.log(`${SCHEDULES} schedules due at ${DUE.toISOString()}; preparing suites`);
    const scheduledSuites = await insertSuites(dataSource, SCHEDULES);
    const baselineSuites = await insertSuites(dataSource, SCHEDULES);
    await dataSource.query(
      `INSERT INTO schedules (suite_id, cron, timezone, enabled, next_fire_at)
       SELECT id, '* * * * *', 'UTC', true, $2 FROM unnest($1::uuid[]) AS id`,
      [scheduledSuites, DUE.toISOString()],
    );
    await dataSource.query(`ANALYZE schedules`);
    // Warms the statements and connections of both paths on a few suites of their own, the
    // ticker's with schedules due a minute before the others.
    const warm = await insertSuites(dataSource, 20);
    await baseline(context, warm.slice(0, 10));
    await dataSource.query(
      `INSERT INTO schedules (suite_id, cron, timezone, enabled, next_fire_at)
       SELECT id, '* * * * *', 'UTC', true, $2 FROM unnest($1::uuid[]) AS id`,
      [warm.slice(10), new Date(DUE.getTime() - 60_000).toISOString()],
    );
    await context.get(ScheduleTicker).tick();
    await dataSource.query(`UPDATE schedules SET enabled = false WHERE suite_id = ANY($1::uuid[])`, [warm]);
    tickAt = new Date(DUE.getTime() + 1_000);

    const baselineMs = await baseline(context, baselineSuites);
    const baselineRuns = await countRuns(dataSource, baselineSuites);
    console.log(`baseline: ${baselineRuns} runs queued per run in ${baselineMs.toFixed(0)} ms`);

    const jobsBefore = await queue.count();
    const started = performance.now();
    const report = await context.get(ScheduleTicker).tick();
    const tickMs = performance.now() - started;
    const tickRuns = await countRuns(dataSource, scheduledSuites);
    const jobsAdded = (await queue.count()) - jobsBefore;
    const fired = report.schedules.filter((each) => each.fired?.status === 'triggered').length;
    console.log(
      `tick: ${fired} schedules fired, ${tickRuns} runs, ${jobsAdded} jobs in ${tickMs.toFixed(0)} ms`,
    );
    if (tickRuns !== SCHEDULES || jobsAdded !== SCHEDULES || fired !== SCHEDULES) {
      throw new Error(`expected ${SCHEDULES} runs and jobs, got ${tickRuns} runs and ${jobsAdded} jobs`);
    }
    const bulkMs = await bareAddBulk(context, SCHEDULES);
    console.log(`bare addBulk of ${SCHEDULES} run jobs: ${bulkMs.toFixed(0)} ms`);

    const output = {
      measured_at: new Date().toISOString(),
      scale: SCALE,
      schedules: SCHEDULES,
      batch_size: DEFAULT_SCHEDULE_TICKER_OPTIONS.batchSize,
      tick_ms: Math.round(tickMs),
      tick_runs_per_s: Math.round((SCHEDULES / tickMs) * 1000),
      goal_ms: GOAL_MS,
      goal_met: tickMs <= GOAL_MS,
      baseline_per_run_dispatch_ms: Math.round(baselineMs),
      baseline_in_flight: BASELINE_IN_FLIGHT,
      ratio_tick_over_baseline: Number((tickMs / baselineMs).toFixed(3)),
      bare_add_bulk_ms: Math.round(bulkMs),
      ratio_tick_over_bare_add_bulk: Number((tickMs / bulkMs).toFixed(2)),
    };
    console.log(JSON.stringify(output, null, 2));
    recordResults(RESULTS_FILE, output, SCALE);
  } finally {
    await context.close();
    await env.cleanup();
  }
}

runBenchmark(main);
