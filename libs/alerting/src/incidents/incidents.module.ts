import { Module } from '@nestjs/common';
import { RunsApiModule } from '@dq/runs';
import { SuiteAccessService } from '@dq/suites';
import { IncidentLifecycle } from './incident-lifecycle';
import { IncidentReads } from './incident-reads';

/** Incident transitions for the alerting process and the gateways. Needs the app's global DataSource and AuditLog. */
@Module({
  providers: [SuiteAccessService, IncidentLifecycle],
  exports: [IncidentLifecycle],
})
export class IncidentLifecycleModule {}

/**
 * Incidents as the gateways serve them (REST and MCP): reads with the evidence card and the
 * people's transitions. Needs the app's DataSource, AuditLog and what the runs API needs.
 */
@Module({
  imports: [RunsApiModule],
  providers: [SuiteAccessService, IncidentLifecycle, IncidentReads],
  exports: [IncidentLifecycle, IncidentReads],
})
export class IncidentsApiModule {}
