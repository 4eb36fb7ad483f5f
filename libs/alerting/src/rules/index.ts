export * from './alert-rules';
export * from './run-completed-alerts';
export * from './poll-failure-alerts';
export * from './alert-rules.module';
