// Public surface of the suites library: other projects import only from here.
export * from './suites.module';
export * from './access/suite-access.service';
export * from './service/suites.service';
export * from './service/shares.service';
export * from './service/column-policy.service';
export * from './service/checks.service';
export * from './transfer/suite-document';
export * from './transfer/suite-transfer.service';
export * from './service/suite-data.service';
export * from './service/suite-run-planner';
export * from './service/check-baselines';
export * from './service/suite-runner.client';
export * from './service/check-lookup';
export * from './sql/suite-read-sql';
