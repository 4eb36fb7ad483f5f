import { Injectable } from '@nestjs/common';
import { type CheckOutcome } from '@dq/contracts';
import { type PlannedCheck } from '../plan/planned-check';
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

/** Evaluates the checks of one kind. The check engine registers one per kind it supports. */
export interface CheckEvaluator {
  readonly kind: string;
  evaluate(check: PlannedCheck, context: EvaluationContext): Promise<CheckEvaluation>;
}

/**
 * Which evaluator handles which check kind. A kind with no evaluator is not an exception: the
 * check gets the operational status `error`, as any check whose evaluation cannot happen.
 */
@Injectable()
export class CheckEvaluatorRegistry {
  private readonly evaluators = new Map<string, CheckEvaluator>();
  private targetEvaluator?: RunTargetEvaluator;

  register(evaluator: CheckEvaluator): void {
    if (this.evaluators.has(evaluator.kind)) {
      throw new Error(`an evaluator for check kind "${evaluator.kind}" is already registered`);
    }
    this.evaluators.set(evaluator.kind, evaluator);
  }

  find(kind: string): CheckEvaluator | undefined {
    return this.evaluators.get(kind);
  }

  /** The evaluator of runs that have a target: all their checks go to it together. */
  registerTargetEvaluator(evaluator: RunTargetEvaluator): void {
    if (this.targetEvaluator) throw new Error('a run target evaluator is already registered');
    this.targetEvaluator = evaluator;
  }

  findTargetEvaluator(): RunTargetEvaluator | undefined {
    return this.targetEvaluator;
  }
}
