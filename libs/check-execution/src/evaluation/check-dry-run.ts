import { randomUUID } from 'node:crypto';
import { type CheckDefinition } from '@dq/check-engine';
import {
  type CheckDryRunReply,
  type CheckDryRunRequest,
  CheckOutcome,
  INTERACTIVE_DEADLINE_DEFAULT_MS,
  datasourceTimeoutError,
} from '@dq/contracts';
import { type CheckEvaluation } from '@dq/runs';
import { interactiveFailure } from '../target/datasource-failure';
import { type SuiteTargetEvaluator } from './suite-target-evaluator';

/**
 * `POST /suites/{id}/checks/dryrun`: one check definition evaluated against live data exactly as a
 * run would (same compiler, banding, samples and redaction), nothing stored: no result row, no
 * baseline capture, no history. An anomaly monitor has no history of its own yet, so it skips.
 * It runs under the interactive deadline: past it the running statement is cancelled at the
 * datasource and the answer is 504 `datasource_timeout`, whatever the check's own outcome became
 * (a cancelled statement would otherwise read as an `error` result).
 */
export class CheckDryRun {
  constructor(
    private readonly evaluator: SuiteTargetEvaluator,
    private readonly timeoutMs = INTERACTIVE_DEADLINE_DEFAULT_MS,
  ) {}

  async run(request: CheckDryRunRequest): Promise<CheckDryRunReply> {
    const started = performance.now();
    const signal = AbortSignal.timeout(this.timeoutMs);
    let result: CheckEvaluation | undefined;
    try {
      await this.evaluator.evaluate(
        {
          runId: null,
          zeroSample: request.zero_sample,
          target: {
            connection_id: request.connection_id,
            target: request.target,
            time_zone: request.time_zone,
            column_policy: request.column_policy,
            ...(request.file_encoding ? { file_encoding: request.file_encoding } : {}),
          },
          checks: [
            {
              id: randomUUID(),
              version: 0,
              definition: request.check as unknown as CheckDefinition,
              baseline: null,
            },
          ],
        },
        { signal, timeoutMs: this.timeoutMs },
        async (_checkId, evaluation) => {
          result = evaluation;
        },
        { dryRun: true },
      );
    } catch (error) {
      if (signal.aborted) throw datasourceTimeoutError(this.timeoutMs);
      throw interactiveFailure(error, this.timeoutMs);
    }
    if (signal.aborted) throw datasourceTimeoutError(this.timeoutMs);
    const { samples, check_version: _version, ...detail } = result?.detail ?? {};
    return {
      outcome: result?.outcome ?? CheckOutcome.Error,
      metric_value: result?.metric_value ?? null,
      detail,
      samples: Array.isArray(samples) ? (samples as Record<string, unknown>[]) : [],
      duration_ms: Math.max(0, Math.round(performance.now() - started)),
    };
  }
}
