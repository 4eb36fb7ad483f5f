import { Module } from '@nestjs/common';
import { SuiteAccessService, SuiteRunPlanner } from '@dq/suites';
import { RunLifecycleModule } from '../lifecycle/run-lifecycle.module';
import { SystemRunTrigger } from './system-run-trigger.service';

/**
 * The system trigger of runs (schedules, pipeline bindings). Builds the suites' planner itself, not
 * the whole suites context (whose services need the audit log the scheduler does not run). Needs
 * the global DataSource and messaging.
 */
@Module({
  imports: [RunLifecycleModule],
  providers: [SuiteAccessService, SuiteRunPlanner, SystemRunTrigger],
  exports: [SystemRunTrigger, RunLifecycleModule],
})
export class SystemRunsModule {}
