import { Injectable } from '@nestjs/common';
import { type CheckOutcome } from '@dq/contracts';
import { type RunTargetEvaluator } from './run-target-evaluator';

/** What evaluating one check produced. */
export interface CheckEvaluation {
  outcome: CheckOutcome;
  metric_value: number | null;
  detail: Record<string, unknown>;
}

export interface EvaluationContext {
  runId: string;
  /**
   * Fires when the worker is shutting down or the run's cancel was requested: an evaluator stops
   * promptly, cancelling the datasource statement it is waiting on.
   */
  signal: AbortSignal;
}

/**
 * The evaluator of runs, which the runner's check execution registers: the runs domain does not
 * depend on the datasources. Without one, a run's checks end `error`.
 */
@Injectable()
export class CheckEvaluatorRegistry {
  private targetEvaluator?: RunTargetEvaluator;

  /** The evaluator of runs that have a target: all their checks go to it together. */
  registerTargetEvaluator(evaluator: RunTargetEvaluator): void {
    if (this.targetEvaluator) throw new Error('a run target evaluator is already registered');
    this.targetEvaluator = evaluator;
  }

  findTargetEvaluator(): RunTargetEvaluator | undefined {
    return this.targetEvaluator;
  }
}
