import { RunFailureReason, RunStatus } from '@dq/contracts';
import { WORK_SECONDS_BUCKETS, counter, histogram } from '@dq/platform';

/**
 * Runs by terminal state, counted by the process that records the terminal transition (the
 * runner for a run it executed, the gateway for a cancel while queued or a failed enqueue, the
 * scheduler for a lost worker). Prometheus sums them across processes.
 */
export const runsFinished = counter<'status' | 'reason'>({
  name: 'dq_runs_finished_total',
  help: 'Runs that reached a terminal state, by status and failure reason ("none" when not failed)',
  labelNames: ['status', 'reason'],
});

/** A finished run's time from its (last) claim to its end. */
export const runSeconds = histogram<'status'>({
  name: 'dq_run_duration_seconds',
  help: 'Duration of runs from start to terminal state, by status',
  labelNames: ['status'],
  buckets: WORK_SECONDS_BUCKETS,
});

/** A check's evaluation time, from its batch's start to its recorded result, by outcome. */
export const checkSeconds = histogram<'outcome'>({
  name: 'dq_check_duration_seconds',
  help: 'Duration of check evaluations by outcome',
  labelNames: ['outcome'],
  buckets: WORK_SECONDS_BUCKETS,
});

/** Checks that ended `error` on the datasource's side, by the error's class (its bounded reason). */
export const datasourceErrors = counter<'class'>({
  name: 'dq_datasource_errors_total',
  help: 'Check evaluations that ended in a datasource error, by error class',
  labelNames: ['class'],
});

/** Counts a run's terminal transition; durations only when both ends are known. */
export function countRunFinished(
  status: RunStatus,
  reason: RunFailureReason | null,
  startedAt?: Date | null,
  finishedAt?: Date | null,
): void {
  runsFinished.inc({ status, reason: reason ?? 'none' });
  if (startedAt && finishedAt) {
    runSeconds.observe({ status }, Math.max(0, finishedAt.getTime() - startedAt.getTime()) / 1000);
  }
}
