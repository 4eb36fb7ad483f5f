import { CreateRunsResultsAndInbox1795317000000 } from './1795317000000-create-runs-results-and-inbox';
import { CreateIdentityTables1795400000000 } from './1795400000000-create-identity-tables';
import { CreateAppendOnlyAuditEvents1795400100000 } from './1795400100000-create-append-only-audit-events';
import { CreateConnections1795500000000 } from './1795500000000-create-connections';
import { AddConnectionCapabilities1795600000000 } from './1795600000000-add-connection-capabilities';
import { CreateSuitesAndChecks1795700000000 } from './1795700000000-create-suites-and-checks';
import { AddRunTargetSnapshot1795800000000 } from './1795800000000-add-run-target-snapshot';
import { CreateWorkspaceQualitySettings1795900000000 } from './1795900000000-create-workspace-quality-settings';
import { AddRunConcurrencyAndSamplePurge1796000000000 } from './1796000000000-add-run-concurrency-and-sample-purge';
import { IndexRunsBySuiteNewestFirst1796100000000 } from './1796100000000-index-runs-by-suite-newest-first';
import { IndexFinishedRunsBySuite1796200000000 } from './1796200000000-index-finished-runs-by-suite';
import { AddRunOutcomeCounts1796300000000 } from './1796300000000-add-run-outcome-counts';
import { AddSuiteFileEncoding1796400000000 } from './1796400000000-add-suite-file-encoding';
import { UniqueSuiteNames1796500000000 } from './1796500000000-unique-suite-names';
import { AllowCustomSqlWithDangerousPrivileges1796620000000 } from './1796620000000-allow-custom-sql-with-dangerous-privileges';
import { CreateViewsOtherContextsRead1796700000000 } from './1796700000000-create-views-other-contexts-read';
import { CreateSchedules1796800000000 } from './1796800000000-create-schedules';
import { CreateTriggerBindingsAndPipelineRuns1796820000000 } from './1796820000000-create-trigger-bindings-and-pipeline-runs';
import { CreateSweepReports1796830000000 } from './1796830000000-create-sweep-reports';
import { CreateNotificationChannels1796900000000 } from './1796900000000-create-notification-channels';
import { CreateAlertDeliveries1796910000000 } from './1796910000000-create-alert-deliveries';
import { CreateSuiteNotifications1796920000000 } from './1796920000000-create-suite-notifications';
import { CreateIncidents1796930000000 } from './1796930000000-create-incidents';

/**
 * Every migration, oldest first. Listed explicitly (no globs) so SWC, Jest and tsc agree. Append new
 * ones at the end; never edit one that has been merged.
 */
export const MIGRATIONS = [
  CreateRunsResultsAndInbox1795317000000,
  CreateIdentityTables1795400000000,
  CreateAppendOnlyAuditEvents1795400100000,
  CreateConnections1795500000000,
  AddConnectionCapabilities1795600000000,
  CreateSuitesAndChecks1795700000000,
  AddRunTargetSnapshot1795800000000,
  CreateWorkspaceQualitySettings1795900000000,
  AddRunConcurrencyAndSamplePurge1796000000000,
  IndexRunsBySuiteNewestFirst1796100000000,
  IndexFinishedRunsBySuite1796200000000,
  AddRunOutcomeCounts1796300000000,
  AddSuiteFileEncoding1796400000000,
  UniqueSuiteNames1796500000000,
  AllowCustomSqlWithDangerousPrivileges1796620000000,
  CreateViewsOtherContextsRead1796700000000,
  CreateSchedules1796800000000,
  CreateTriggerBindingsAndPipelineRuns1796820000000,
  CreateSweepReports1796830000000,
  CreateNotificationChannels1796900000000,
  CreateAlertDeliveries1796910000000,
  CreateSuiteNotifications1796920000000,
  CreateIncidents1796930000000,
] as const;
