import { Module } from '@nestjs/common';
import { SuiteAccessService } from '@dq/suites';
import { IncidentLifecycle } from './incident-lifecycle';

/** Incident transitions for the alerting process and the gateways. Needs the app's global DataSource and AuditLog. */
@Module({
  providers: [SuiteAccessService, IncidentLifecycle],
  exports: [IncidentLifecycle],
})
export class IncidentLifecycleModule {}
