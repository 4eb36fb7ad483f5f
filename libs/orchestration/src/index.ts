// Public surface of the orchestration library: other projects import only from here.
export * from './schedules/cron-schedule';
export * from './schedules/schedules.service';
export * from './schedules/schedules.module';
