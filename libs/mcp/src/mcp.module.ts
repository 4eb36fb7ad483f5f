import { type DynamicModule, Module } from '@nestjs/common';
import { ConnectionTestsClient } from '@dq/connections';
import { RunsApiModule } from '@dq/runs';
import { IncidentsApiModule } from '@dq/alerting';
import { NotificationChannelsModule, SuiteNotificationsModule, readOnlyChannelPorts } from '@dq/alerting';
import { SchedulesModule, TriggerBindingsModule } from '@dq/orchestration';
import { INTERACTIVE_DEADLINE, SuiteRunnerClient, SuitesModule } from '@dq/suites';
import { McpCatalogue, type McpToolGroup } from './catalogue/mcp-catalogue';
import { McpHttpHandler } from './http/mcp-http.handler';
import { AdminTools } from './tools/admin.tools';
import { CheckKindTools } from './tools/check-kind.tools';
import { CheckTools } from './tools/check.tools';
import { ConnectionTools } from './tools/connection.tools';
import { RunTools } from './tools/run.tools';
import { ScheduleTools } from './tools/schedule.tools';
import { TriggerBindingTools } from './tools/trigger-binding.tools';
import { IncidentTools } from './tools/incident.tools';
import { SuiteNotificationTools } from './tools/suite-notification.tools';
import { NotificationChannelTools } from './tools/notification-channel.tools';
import { SuiteTools } from './tools/suite.tools';

const TOOL_GROUPS = [
  SuiteTools,
  CheckTools,
  CheckKindTools,
  RunTools,
  ScheduleTools,
  TriggerBindingTools,
  IncidentTools,
  SuiteNotificationTools,
  NotificationChannelTools,
  ConnectionTools,
  AdminTools,
];

/**
 * The MCP tool catalogue over the same domain services as REST. The app supplies the connections
 * module (it carries the app's sealer and egress policy) and, globally, access, settings and
 * messaging.
 */
@Module({})
export class McpModule {
  static forRoot(options: { connections: DynamicModule; interactiveDeadlineMs?: number }): DynamicModule {
    return {
      module: McpModule,
      imports: [
        options.connections,
        RunsApiModule,
        SuitesModule,
        SchedulesModule,
        TriggerBindingsModule,
        // Read-only: the MCP gateway lists and reads channels, never writes or opens one.
        NotificationChannelsModule.forRoot(readOnlyChannelPorts),
        SuiteNotificationsModule,
        IncidentsApiModule,
      ],
      providers: [
        ...(options.interactiveDeadlineMs === undefined
          ? []
          : [{ provide: INTERACTIVE_DEADLINE, useValue: options.interactiveDeadlineMs }]),
        SuiteRunnerClient,
        ConnectionTestsClient,
        ...TOOL_GROUPS,
        {
          provide: McpCatalogue,
          useFactory: (...groups: McpToolGroup[]) => new McpCatalogue(groups),
          inject: TOOL_GROUPS,
        },
        McpHttpHandler,
      ],
      exports: [McpHttpHandler, McpCatalogue],
    };
  }
}
