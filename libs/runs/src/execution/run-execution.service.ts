import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Broadcasts,
  CheckOutcome as Outcome,
  DatasourceErrorClass,
  RunFailureReason,
  RunStatus,
  isTerminalRunStatus,
} from '@dq/contracts';
import { RunEntity, RunResultEntity } from '../entities';
import { type RunTarget } from '@dq/contracts';
import { pgErrorOf } from '@dq/db';
import { ProgressBroadcaster } from '@dq/messaging';
import { CheckEvaluatorRegistry, type CheckEvaluation } from '../evaluation/check-evaluator';
import {
  type ReportEvaluation,
  RunCannotComplete,
  type RunTargetEvaluator,
} from '../evaluation/run-target-evaluator';
import { RunCancelListener } from './run-cancel-listener';
import { RunCancelWatch } from './run-cancel-watch';
import { RunCompletionPublisher } from './run-completion.publisher';
import { type ClaimedRun, RunLedger } from '../lifecycle/run-ledger';
import { RunLifecycle } from '../lifecycle/run-lifecycle';
import { OneRunPerSuite } from '../lifecycle/one-run-per-suite';
import { RunEvent, type RunEndEvent } from '../lifecycle/run-transitions';
import { RUN_PRIVACY, type RunPrivacy } from './run-privacy';
import { checkSeconds, datasourceErrors } from '../lifecycle/run-metrics';

const DATASOURCE_ERROR_CLASSES = new Set<unknown>(Object.values(DatasourceErrorClass));

/** A check's duration by outcome, and its datasource error class when the datasource failed it. */
function observeCheck(evaluation: CheckEvaluation, startedAt: Date): void {
  checkSeconds.observe({ outcome: evaluation.outcome }, Math.max(0, Date.now() - startedAt.getTime()) / 1000);
  const errorClass = evaluation.detail['class'];
  if (evaluation.outcome === Outcome.Error && DATASOURCE_ERROR_CLASSES.has(errorClass)) {
    datasourceErrors.inc({ class: String(errorClass) });
  }
}

export interface ExecutionContext {
  /** Identifies this worker on the run row while it holds the run. */
  workerId: string;
  /** Fires when the worker is shutting down. */
  signal: AbortSignal;
  /** Returns the job to the queue without spending an attempt; never returns. */
  handBack(): Promise<never>;
  /** Puts the job aside for a while without spending an attempt; never returns. */
  retryLater(delayMs: number): Promise<never>;
}

/**
 * Executes one run, at least once and to completion exactly once in effect:
 * - its checks go together to the run target evaluator (fused scans), which reports each result;
 * - a claim moves the run to `running` (also re-claiming a run whose previous worker died); a run
 *   whose suite another run holds waits (a suite never runs twice at once unless a trigger asked);
 * - a cancel aborts the work in flight at once (the datasource statement is cancelled), keeps the
 *   results recorded so far and ends the run `cancelled`;
 * - results are keyed by (run, check): a redelivered or resumed run skips checks already
 *   evaluated, and a concurrent duplicate insert is ignored;
 * - the terminal transition is conditional, so only one worker completes the run;
 * - the completion event carries the run id as its message id, so JetStream stores it once
 *   however often a retry re-publishes it.
 */
@Injectable()
export class RunExecutionService {
  private readonly logger = new Logger(RunExecutionService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: RunLedger,
    private readonly lifecycle: RunLifecycle,
    private readonly cancels: RunCancelListener,
    private readonly evaluators: CheckEvaluatorRegistry,
    private readonly completion: RunCompletionPublisher,
    private readonly progress: ProgressBroadcaster,
    @Optional() @Inject(RUN_PRIVACY) private readonly privacy?: RunPrivacy,
  ) {}

  async execute(runId: string, context: ExecutionContext): Promise<void> {
    const claim = await OneRunPerSuite.claim(this.ledger, runId, context.workerId);
    // Another run of the same suite is running: this one waits its turn, still `queued`.
    if (claim.kind === 'suite_busy') return context.retryLater(claim.retryInMs);
    if (claim.kind === 'not_claimable') {
      const existing = await this.dataSource.getRepository(RunEntity).findOneBy({ id: runId });
      if (!existing) {
        this.logger.warn({ run_id: runId, msg: 'job for an unknown run dropped' });
        return;
      }
      // Already terminal: a retry after the completion committed but before its event was acked,
      // or a run cancelled while it was queued.
      if (isTerminalRunStatus(existing.status)) await this.publishCompletion(existing);
      return;
    }
    const { run } = claim;
    if (run.cancelRequestedAt !== null) return this.finish(run.id, RunEvent.AcknowledgeCancel);

    const watch = new RunCancelWatch(run.id, this.dataSource, this.lifecycle, this.cancels, this.logger);
    try {
      const signal = AbortSignal.any([context.signal, watch.signal]);
      const zeroSample =
        this.privacy?.zeroSampleModeGiven?.(run.storedZeroSampleMode) ??
        (await this.privacy?.zeroSampleMode()) ??
        false;
      const evaluated = await this.evaluatedCheckIds(run);
      const progress: RunProgress = { evaluated, lost: new Set(), total: run.plan.length };
      const targetEvaluator = this.evaluators.findTargetEvaluator();
      if (run.target === null || !targetEvaluator) {
        // Nothing can evaluate the checks: each ends `error`, saying why.
        const detail = run.target === null ? RUN_WITHOUT_TARGET : EVALUATION_FAILED_ON_OUR_SIDE;
        if (!targetEvaluator)
          this.logger.error({ run_id: run.id, msg: 'no run target evaluator registered' });
        const startedAt = new Date();
        for (const check of run.plan.filter((planned) => !evaluated.has(planned.check_id))) {
          const evaluation = { outcome: Outcome.Error, metric_value: null, detail: { ...detail } };
          await this.recordResult(run.id, check.check_id, evaluation, startedAt, zeroSample, progress);
        }
        return await this.finishEvaluated(run.id, progress);
      }
      const ended = await this.evaluateTarget(run, targetEvaluator, progress, {
        context,
        signal,
        watch,
        zeroSample,
      });
      if (ended === 'aborted') return await this.handBack(run.id, context);
      if (ended !== 'done') return await this.finish(run.id, ended.event, ended.reason);
      await this.finishEvaluated(run.id, progress);
    } finally {
      watch.dispose();
    }
  }

  /**
   * All remaining checks of a run with a target go to the target evaluator together; each result
   * is recorded as it reports it. A check it never reports ends `error`, unless the run stopped
   * (cancel, shutdown, a failure of the whole run), where unreported checks stay unrecorded.
   */
  private async evaluateTarget(
    run: ClaimedRun,
    evaluator: RunTargetEvaluator,
    progress: RunProgress,
    stop: { context: ExecutionContext; signal: AbortSignal; watch: RunCancelWatch; zeroSample: boolean },
  ): Promise<'done' | 'aborted' | { event: RunEndEvent; reason?: RunFailureReason }> {
    const { evaluated } = progress;
    const remaining = run.plan.filter((check) => !evaluated.has(check.check_id));
    // A fused scan evaluates its checks together: each result's time starts with the batch.
    const startedAt = new Date();
    // Never throws: a failure to store is ours, and the evaluator would take it for the
    // datasource's (it fails the checks of the statement in flight with the datasource's error).
    const report: ReportEvaluation = async (checkId, evaluation) => {
      if (evaluated.has(checkId) || !remaining.some((check) => check.check_id === checkId)) return;
      // An error reported once the run was stopped is the stop itself (a cancelled statement), not
      // the check's: it stays unrecorded, as a check in flight does.
      if (stop.signal.aborted && evaluation.outcome === Outcome.Error) return;
      await this.recordResult(run.id, checkId, evaluation, startedAt, stop.zeroSample, progress);
    };
    let threw = false;
    try {
      if (remaining.length > 0) {
        await evaluator.evaluate(
          {
            runId: run.id,
            suiteId: run.suiteId,
            target: run.target as RunTarget,
            checks: remaining,
            connection: run.connection,
          },
          {
            runId: run.id,
            signal: stop.signal,
            stopRequested: () => stop.watch.requested(),
            zeroSample: stop.zeroSample,
          },
          report,
        );
      }
    } catch (error) {
      if (stop.context.signal.aborted) return 'aborted';
      if (stop.watch.cancelled) return { event: RunEvent.AcknowledgeCancel };
      if (error instanceof RunCannotComplete) {
        this.logger.warn({ run_id: run.id, msg: 'run cannot complete', reason: error.reason });
        return { event: RunEvent.Fail, reason: error.reason };
      }
      this.logger.error({ run_id: run.id, msg: 'run target evaluation threw', err: error });
      threw = true;
    }
    if (stop.context.signal.aborted) return 'aborted';
    // The evaluator stops early only when a stop check saw the cancel, which set the watch.
    if (stop.watch.cancelled) return { event: RunEvent.AcknowledgeCancel };
    // A throw that is not the datasource's (a classified datasource failure becomes a check's own
    // result, or `RunCannotComplete`) is ours, and the remaining checks say so.
    const unreported = threw ? EVALUATION_FAILED_ON_OUR_SIDE : { reason: 'evaluation_failed' };
    for (const check of remaining) {
      if (evaluated.has(check.check_id)) continue;
      await report(check.check_id, { outcome: Outcome.Error, metric_value: null, detail: { ...unreported } });
    }
    return 'done';
  }

  /** The checks an earlier attempt recorded (resumed after a lost worker or a hand-back). */
  private async evaluatedCheckIds(run: ClaimedRun): Promise<Set<string>> {
    if (!run.hasResults) return new Set();
    const rows = await this.dataSource
      .getRepository(RunResultEntity)
      .find({ select: { checkId: true }, where: { runId: run.id } });
    return new Set(rows.map((row) => row.checkId));
  }

  /**
   * Keyed by (run, check): a duplicate evaluation of the same check is ignored, never a second row.
   * Under zero-sample mode no sample is stored, whatever an evaluator returned. The run's progress
   * is written by the same statement, so the count and the results never disagree.
   *
   * Never throws. A result the database refuses is recorded as our side's `error`
   * (`result_not_stored`), never the datasource's; one that cannot be recorded even so is lost:
   * it is not counted as completed, and the run ends `failed` ({@link finishEvaluated}).
   */
  private async recordResult(
    runId: string,
    checkId: string,
    evaluation: CheckEvaluation,
    startedAt: Date,
    zeroSample: boolean,
    progress: RunProgress,
  ): Promise<void> {
    progress.evaluated.add(checkId);
    observeCheck(evaluation, startedAt);
    const completed = progress.evaluated.size - progress.lost.size;
    const detail = zeroSample ? withoutSamples(evaluation.detail) : evaluation.detail;
    const result = { runId, checkId, startedAt, completed };
    try {
      await this.ledger.record({
        ...result,
        outcome: evaluation.outcome,
        metricValue: evaluation.metric_value,
        detail,
      });
    } catch (error) {
      // The SQL state only: a driver error carries the statement's parameters (other results).
      this.logger.error({
        run_id: runId,
        check_id: checkId,
        msg: 'result not stored',
        sqlstate: pgErrorOf(error).code,
      });
      try {
        await this.ledger.record({
          ...result,
          outcome: Outcome.Error,
          metricValue: null,
          detail: resultNotStored(evaluation),
        });
      } catch (again) {
        progress.lost.add(checkId);
        this.logger.error({
          run_id: runId,
          check_id: checkId,
          msg: 'result lost',
          sqlstate: pgErrorOf(again).code,
        });
      }
    }
    this.broadcastProgress(runId, progress.evaluated.size - progress.lost.size, progress.total);
  }

  /** The run's end once every check was evaluated: `failed` when a result could not be stored. */
  private finishEvaluated(runId: string, progress: RunProgress): Promise<void> {
    if (progress.lost.size === 0) return this.finish(runId, RunEvent.Succeed);
    this.logger.error({ run_id: runId, msg: 'run failed: results not stored', lost: progress.lost.size });
    return this.finish(runId, RunEvent.Fail, RunFailureReason.InternalError);
  }

  private broadcastProgress(runId: string, completed: number, total: number): void {
    try {
      this.progress.publish(Broadcasts.runProgress(runId), {
        run_id: runId,
        status: RunStatus.Running,
        completed_checks: completed,
        total_checks: total,
      });
    } catch (error) {
      // Live progress is best effort; the run row is the record.
      this.logger.warn({ run_id: runId, msg: 'progress broadcast failed', err: error });
    }
  }

  private async handBack(runId: string, context: ExecutionContext): Promise<never> {
    await this.lifecycle.handBack(runId, context.workerId);
    this.logger.log({ run_id: runId, msg: 'run handed back at shutdown' });
    return context.handBack();
  }

  private async finish(runId: string, event: RunEndEvent, reason?: RunFailureReason): Promise<void> {
    const ended = await this.ledger.finish(runId, event, reason);
    if (ended) {
      const { status, reason: endReason } = ended.run;
      this.logger.log({ run_id: runId, status, reason: endReason, msg: 'run finished' });
      return this.completion.publish(ended.run, ended.facts);
    }
    // Not running any more: another worker or a cancel ended it; its completion is re-published.
    await this.publishCompletion(
      await this.dataSource.getRepository(RunEntity).findOneByOrFail({ id: runId }),
    );
  }

  private async publishCompletion(run: RunEntity): Promise<void> {
    await this.completion.publish(run);
  }
}

/** A check left unevaluated because the service itself failed mid-run (never the datasource). */
const EVALUATION_FAILED_ON_OUR_SIDE = {
  reason: 'internal_error',
  message: 'The service failed while evaluating this check; the datasource was not at fault',
} as const;

/** A run frozen without a target (none is created so today): nothing can evaluate its checks. */
const RUN_WITHOUT_TARGET = {
  reason: 'no_target',
  message: 'The run has no target to evaluate its checks against',
} as const;

/** What a run knows of its checks: evaluated (recorded or not), and those whose result was lost. */
interface RunProgress {
  evaluated: Set<string>;
  lost: Set<string>;
  total: number;
}

/** The `error` result recorded in place of one the database refused: it names our side. */
function resultNotStored(evaluation: CheckEvaluation): Record<string, unknown> {
  const version = evaluation.detail['check_version'];
  return {
    reason: 'result_not_stored',
    message: "The service could not store this check's result",
    evaluated_outcome: evaluation.outcome,
    ...(typeof version === 'number' ? { check_version: version } : {}),
  };
}

function withoutSamples(detail: Record<string, unknown>): Record<string, unknown> {
  const { samples: _samples, ...rest } = detail;
  return rest;
}
