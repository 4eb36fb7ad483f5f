import { type CheckDefinition } from '@dq/check-engine';
import {
  type ReportEvaluation,
  type RunTargetContext,
  type RunTargetEvaluator,
  type RunTargetWork,
} from '@dq/runs';
import { type SuiteTargetEvaluator } from './suite-target-evaluator';

/**
 * Binds the suite target evaluator to the runs domain: a run's frozen plan items become target
 * checks (the definition and baseline the suite run planner froze).
 */
export class SuiteRunTargetEvaluator implements RunTargetEvaluator {
  constructor(private readonly evaluator: SuiteTargetEvaluator) {}

  async evaluate(work: RunTargetWork, context: RunTargetContext, report: ReportEvaluation): Promise<void> {
    await this.evaluator.evaluate(
      {
        runId: work.runId,
        target: work.target,
        connection: work.connection,
        zeroSample: context.zeroSample,
        checks: work.checks.map((check) => {
          const { baseline, ...definition } = check.definition as unknown as CheckDefinition & {
            baseline?: Record<string, unknown>;
          };
          return { id: check.check_id, version: check.version, definition, baseline: baseline ?? null };
        }),
      },
      { signal: context.signal, stopRequested: () => context.stopRequested() },
      report,
    );
  }
}
