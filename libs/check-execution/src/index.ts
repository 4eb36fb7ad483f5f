// Public surface of the check-execution library (runner only: it touches datasources).
export * from './target/opened-connections';
export * from './target/datasource-failure';
export * from './target/target-reader';
export * from './evaluation/target-statements';
export * from './evaluation/suite-target-evaluator';
export * from './evaluation/profile-target';
export * from './evaluation/run-target-evaluator.adapter';
export * from './evaluation/check-dry-run';
export * from './target/target-profiler';
export * from './comparison/comparison-runner';
export * from './check-execution.module';
