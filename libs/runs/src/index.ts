// Public surface of the runs library: other projects import only from here.
export * from './plan/planned-check';
export * from './evaluation/check-evaluator';
export * from './evaluation/run-target-evaluator';
export * from './dispatch/run-dispatch.service';
export * from './execution/run-execution.service';
export * from './execution/run-privacy';
export * from './runs.module';
export * from './history/check-metric-history';
export * from './retention/sample-purge.service';
export * from './execution/run-privacy.module';
export * from './api/run-reads.service';
export * from './api/run-cancellation.service';
export * from './api/runs-api.module';
export * from './execution/worker-loss.service';
export * from './execution/run-lease';
export * from './api/comparison-report.service';
export * from './dispatch/run-queue-reconciler.service';
