import { type RunFailureReason } from '@dq/contracts';
import { type StoredConnection } from '@dq/connections';
import { type RunTarget } from '@dq/contracts';
import { type PlannedCheck } from '../plan/planned-check';
import { type CheckEvaluation, type EvaluationContext } from './check-evaluator';

/** The checks of one run still to evaluate, with the target the run froze at trigger time. */
export interface RunTargetWork {
  runId: string;
  suiteId: string;
  target: RunTarget;
  checks: PlannedCheck[];
  /** The target's connection as the run's claim read it (null: it no longer exists). */
  connection: StoredConnection | null;
}

export interface RunTargetContext extends EvaluationContext {
  /** True once the run's cancel was requested; an evaluator asks between statements. */
  stopRequested(): Promise<boolean>;
  /** Zero-sample mode in force for this run: no failing row may be read, let alone stored. */
  zeroSample: boolean;
}

/** Records one check's result at once (progress moves check by check even in a fused scan). */
export type ReportEvaluation = (checkId: string, evaluation: CheckEvaluation) => Promise<void>;

/**
 * Evaluates a run's checks together, so checks over one target and filter share one scan. It
 * reports each check's evaluation as soon as it is known; a check it never reports ends `error`.
 */
export interface RunTargetEvaluator {
  evaluate(work: RunTargetWork, context: RunTargetContext, report: ReportEvaluation): Promise<void>;
}

/**
 * Thrown by an evaluator when the run as a whole cannot go on (for example the datasource cannot
 * be reached): the run ends `failed` with this reason, keeping the results already recorded.
 */
export class RunCannotComplete extends Error {
  constructor(
    readonly reason: RunFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'RunCannotComplete';
  }
}
