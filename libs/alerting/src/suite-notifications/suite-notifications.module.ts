import { Module } from '@nestjs/common';
import { SuiteAccessService } from '@dq/suites';
import { SuiteNotificationsService } from './suite-notifications.service';

/** A suite's notification config and channel links, for the gateways (REST and MCP). Needs the app's DataSource and AuditLog. */
@Module({
  providers: [SuiteAccessService, SuiteNotificationsService],
  exports: [SuiteNotificationsService],
})
export class SuiteNotificationsModule {}
