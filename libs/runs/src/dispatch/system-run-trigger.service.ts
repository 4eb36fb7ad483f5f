import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { Jobs, RunTrigger } from '@dq/contracts';
import { JobProducer } from '@dq/messaging';
import { SuiteRunPlanner, type SuiteRunPlan } from '@dq/suites';
import { RunLifecycle } from '../lifecycle/run-lifecycle';

/** The triggers of runs nobody asked for interactively. */
export type SystemTrigger = typeof RunTrigger.Schedule | typeof RunTrigger.Pipeline;

/** A run the system asks for: a suite's schedule fell due, or a pipeline binding fired. */
export interface SystemRunRequest {
  suiteId: string;
  trigger: SystemTrigger;
}

/** Why a system trigger queued no run. */
export const SystemRunSkip = {
  /** The suite is gone (deleted after the schedule or binding fired). */
  SuiteNotFound: 'suite_not_found',
  /** The suite has no enabled check: a run would evaluate nothing. */
  NoEnabledChecks: 'no_enabled_checks',
} as const;
export type SystemRunSkip = (typeof SystemRunSkip)[keyof typeof SystemRunSkip];

/** What a system trigger did for one request: a run created or joined (`triggered`), or none and why. */
export type SystemRunOutcome =
  | { suiteId: string; status: 'triggered'; runId: string; deduplicated: boolean }
  | { suiteId: string; status: 'skipped'; reason: SystemRunSkip };

/**
 * Queues the runs of schedules and pipeline triggers (docs/decisions/0043): no caller, so no grant
 * to check. The same lifecycle as an API trigger (`RunLifecycle`: one run per suite, a trigger
 * while one is queued or running joins it) and the same job (id = run id), one request or a batch
 * in a few statements and one `addBulk`. A deleted suite or one without enabled checks gets no run:
 * the outcome says why and one log line records it.
 */
@Injectable()
export class SystemRunTrigger {
  private readonly logger = new Logger(SystemRunTrigger.name);

  constructor(
    private readonly planner: SuiteRunPlanner,
    private readonly lifecycle: RunLifecycle,
    private readonly jobs: JobProducer,
  ) {}

  async trigger(request: SystemRunRequest): Promise<SystemRunOutcome> {
    const [outcome] = await this.triggerMany([request]);
    if (!outcome) throw new Error('triggerMany answered nothing for one request');
    return outcome;
  }

  /** Creates the runs (one transaction) and queues the new ones; the outcomes follow `requests`. */
  async triggerMany(requests: readonly SystemRunRequest[]): Promise<SystemRunOutcome[]> {
    const outcomes = await this.createMany(requests);
    await this.enqueue(outcomes);
    return outcomes;
  }

  /**
   * The runs of `requests`, written in `manager`'s transaction when given (a caller that commits
   * its own state with them), without queuing their jobs: the caller calls `enqueue` after its
   * commit. A run committed without a job is queued again by the scheduler's reconciler.
   */
  async createMany(
    requests: readonly SystemRunRequest[],
    manager?: EntityManager,
  ): Promise<SystemRunOutcome[]> {
    if (requests.length === 0) return [];
    const plans = await this.planner.planForSystem(requests.map((request) => request.suiteId));
    const runnable: { request: SystemRunRequest; plan: SuiteRunPlan }[] = [];
    const outcomes = new Map<SystemRunRequest, SystemRunOutcome>();
    for (const request of requests) {
      const plan = plans.get(request.suiteId);
      const reason = skipReasonOf(plan);
      if (plan !== undefined && reason === undefined) {
        runnable.push({ request, plan });
        continue;
      }
      outcomes.set(request, {
        suiteId: request.suiteId,
        status: 'skipped',
        reason: reason ?? SystemRunSkip.SuiteNotFound,
      });
      this.logger.log({
        msg: 'system trigger queued no run',
        suite_id: request.suiteId,
        trigger: request.trigger,
        reason,
      });
    }
    const created = await this.lifecycle.createMany(
      runnable.map(({ request, plan }) => ({
        suiteId: request.suiteId,
        trigger: request.trigger,
        plan: plan.plan,
        target: plan.target,
      })),
      manager,
    );
    runnable.forEach(({ request }, index) => {
      const { run, deduplicated } = created[index];
      outcomes.set(request, { suiteId: request.suiteId, status: 'triggered', runId: run.id, deduplicated });
    });
    return requests.map((request) => outcomes.get(request)!);
  }

  /**
   * Queues the jobs of the runs `createMany` created (a joined run has its job already). When the
   * queue is unreachable the runs stay `queued` and the scheduler's reconciler queues them again
   * once it is back: nobody waits on a system trigger to retry it, unlike an API caller.
   */
  async enqueue(outcomes: readonly SystemRunOutcome[]): Promise<void> {
    const runIds = outcomes.flatMap((outcome) =>
      outcome.status === 'triggered' && !outcome.deduplicated ? [outcome.runId] : [],
    );
    if (runIds.length === 0) return;
    try {
      await this.jobs.enqueueMany(
        Jobs.ExecuteRun,
        runIds.map((runId) => ({ payload: { run_id: runId }, jobId: runId })),
      );
    } catch (error) {
      this.logger.warn({
        msg: 'system trigger could not queue its runs; the reconciler queues them again',
        runs: runIds.length,
        err: error,
      });
    }
  }
}

function skipReasonOf(plan: SuiteRunPlan | undefined): SystemRunSkip | undefined {
  if (plan === undefined) return SystemRunSkip.SuiteNotFound;
  return plan.plan.length === 0 ? SystemRunSkip.NoEnabledChecks : undefined;
}
