// Public surface of the orchestration library: other projects import only from here.
export * from './schedules/cron-schedule';
export * from './schedules/schedules.service';
export * from './schedules/schedules.module';
export * from './schedules/fire-times';
export * from './schedules/schedule-ticker';
export * from './schedules/schedule-ticker.module';
export * from './sweeps';
export * from './bindings/trigger-bindings.service';
export * from './bindings/near-misses.service';
export * from './bindings/trigger-bindings.module';
export * from './bindings/pipeline-run-matcher';
export * from './bindings/pipeline-triggers.module';
