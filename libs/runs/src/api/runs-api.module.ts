import { Module } from '@nestjs/common';
import { SuitesModule } from '@dq/suites';
import { RunLifecycleModule } from '../lifecycle/run-lifecycle.module';
import { ComparisonReportService } from './comparison-report.service';
import { DashboardSummaryService } from './dashboard-summary.service';
import { RunCancellationService } from './run-cancellation.service';
import { RunReadsService } from './run-reads.service';
import { SuiteRunTriggerService } from './suite-run-trigger.service';

/**
 * The runs API of the gateways (REST and MCP): reading runs and results, progress, cancel, the dashboard, triggers. Needs
 * the app's DataSource, AuditLog, messaging and the global workspace settings. It builds none of
 * the runner's or scheduler's providers (`RunsModule`).
 */
@Module({
  imports: [RunLifecycleModule, SuitesModule],
  providers: [
    RunReadsService,
    RunCancellationService,
    ComparisonReportService,
    DashboardSummaryService,
    SuiteRunTriggerService,
  ],
  exports: [
    RunReadsService,
    RunCancellationService,
    ComparisonReportService,
    DashboardSummaryService,
    SuiteRunTriggerService,
  ],
})
export class RunsApiModule {}
