// The runner exactly as main.ts starts it, plus one check kind for tests: `test.sleep` takes a
// while and then passes, so tests can stop or kill a runner while a run is in the middle.
import 'reflect-metadata';
import { CheckOutcome, ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import {
  type CheckEvaluation,
  type CheckEvaluator,
  CheckEvaluatorRegistry,
  type EvaluationContext,
  type PlannedCheck,
} from '@dq/runs';
import { RunnerConfig } from '../../src/runner.config';
import { RunnerModule } from '../../src/runner.module';

export const SLEEP_CHECK_KIND = 'test.sleep';

class SleepEvaluator implements CheckEvaluator {
  readonly kind = SLEEP_CHECK_KIND;

  async evaluate(check: PlannedCheck, context: EvaluationContext): Promise<CheckEvaluation> {
    const ms = typeof check.definition['ms'] === 'number' ? check.definition['ms'] : 100;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      context.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    });
    return { outcome: CheckOutcome.Pass, metric_value: ms, detail: { evaluated_by: process.pid } };
  }
}

const config = loadConfigOrExit(RunnerConfig, ServiceName.Runner);
startServiceOrExit({
  service: ServiceName.Runner,
  config,
  module: RunnerModule.forRoot(config),
  beforeInit: (app) => app.get(CheckEvaluatorRegistry).register(new SleepEvaluator()),
});
