// The runner exactly as main.ts starts it, plus one check kind for tests: `test.sleep` takes a
// while and then passes, so tests can stop or kill a runner while a run is in the middle.
import 'reflect-metadata';
import { CheckOutcome, ServiceName } from '@dq/contracts';
import { SuiteRunTargetEvaluator } from '@dq/check-execution';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { type PlannedCheck, type RunTargetEvaluator } from '@dq/runs';
import { RunnerConfig } from '../../src/runner.config';
import { RunnerModule } from '../../src/runner.module';

export const SLEEP_CHECK_KIND = 'test.sleep';

function sleep(check: PlannedCheck, signal: AbortSignal): Promise<number> {
  const ms = typeof check.definition['ms'] === 'number' ? check.definition['ms'] : 100;
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => resolve(ms), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}

/**
 * The runner's own run evaluator, taught `test.sleep`: those checks are evaluated one after the
 * other (a stop asked between them), the others go to the suite evaluator as in production.
 */
function withSleepChecks(evaluator: RunTargetEvaluator): void {
  const suiteEvaluation = evaluator.evaluate.bind(evaluator);
  evaluator.evaluate = async (work, context, report) => {
    for (const check of work.checks.filter((planned) => planned.kind === SLEEP_CHECK_KIND)) {
      if (await context.stopRequested()) return;
      const ms = await sleep(check, context.signal);
      await report(check.check_id, {
        outcome: CheckOutcome.Pass,
        metric_value: ms,
        detail: { evaluated_by: process.pid },
      });
    }
    const others = work.checks.filter((planned) => planned.kind !== SLEEP_CHECK_KIND);
    if (others.length > 0) await suiteEvaluation({ ...work, checks: others }, context, report);
  };
}

const config = loadConfigOrExit(RunnerConfig, ServiceName.Runner);
startServiceOrExit({
  service: ServiceName.Runner,
  config,
  module: RunnerModule.forRoot(config),
  beforeInit: (app) => withSleepChecks(app.get(SuiteRunTargetEvaluator)),
});
