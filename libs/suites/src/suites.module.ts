import { Module } from '@nestjs/common';
import { ConnectionDirectory } from '@dq/connections';
import { SuiteAccessService } from './access/suite-access.service';
import { CheckBaselines } from './service/check-baselines';
import { ChecksService } from './service/checks.service';
import { ColumnPolicyService } from './service/column-policy.service';
import { SharesService } from './service/shares.service';
import { SuiteDataService } from './service/suite-data.service';
import { SuiteRunPlanner } from './service/suite-run-planner';
import { SuitesService } from './service/suites.service';
import { SuiteTransferService } from './transfer/suite-transfer.service';

/**
 * The suites context: suites, shares, column policy, checks with versions, export and import.
 * Needs the app's global DataSource (DbModule) and AuditLog (AuditModule).
 */
@Module({
  providers: [
    ConnectionDirectory,
    SuiteAccessService,
    SuitesService,
    SharesService,
    ColumnPolicyService,
    ChecksService,
    SuiteTransferService,
    SuiteDataService,
    SuiteRunPlanner,
    CheckBaselines,
  ],
  exports: [
    SuiteAccessService,
    SuitesService,
    SharesService,
    ColumnPolicyService,
    ChecksService,
    SuiteTransferService,
    SuiteDataService,
    SuiteRunPlanner,
    CheckBaselines,
  ],
})
export class SuitesModule {}
