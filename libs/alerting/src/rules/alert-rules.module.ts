import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '@dq/audit';
import { IncidentLifecycleModule } from '../incidents/incidents.module';
import { PollFailureAlerts } from './poll-failure-alerts';
import { ALERTS_PUBLIC_BASE_URL, RunCompletedAlerts } from './run-completed-alerts';

/**
 * The alerting process's run-completed reaction (rules, incidents, outbox) and its poll-failure alert. Needs the app's
 * DataSource; `publicBaseUrl` (the web app) links each alert to its run.
 */
@Module({})
export class AlertRulesModule {
  static forRoot(options: { publicBaseUrl?: string | null } = {}): DynamicModule {
    return {
      module: AlertRulesModule,
      imports: [AuditModule, IncidentLifecycleModule],
      providers: [
        { provide: ALERTS_PUBLIC_BASE_URL, useValue: options.publicBaseUrl ?? null },
        RunCompletedAlerts,
        PollFailureAlerts,
      ],
      exports: [RunCompletedAlerts, PollFailureAlerts],
    };
  }
}
