import { type DynamicModule, Module } from '@nestjs/common';
import {
  CONNECTION_CONFIG_CLASSES,
  CONNECTION_CREDENTIAL_CLASSES,
  CreateCheckRequest,
  CreateConnectionRequest,
  DraftConnectionTestRequest,
  GATEWAY_DOWNSTREAM_SERVICES,
  ServiceName,
  UpdateCheckRequest,
} from '@dq/contracts';
import { checkBodySchemas } from '@dq/check-engine';
import { AccessModule } from '@dq/access';
import { authRouteFacts } from '@dq/auth';
import { ConnectionTestsClient, ConnectionsModule, securityPorts } from '@dq/connections';
import { EgressGuard, PublicKeySealer, parsePublicKeys } from '@dq/security';
import { RunsApiModule } from '@dq/runs';
import {
  AlertDeliveryReads,
  IncidentsApiModule,
  NotificationChannelTestClient,
  NotificationChannelsModule,
  SuiteNotificationsModule,
} from '@dq/alerting';
import { SchedulesModule, SecretSweepModule, TriggerBindingsModule } from '@dq/orchestration';
import { INTERACTIVE_DEADLINE, SuiteRunnerClient, SuitesModule } from '@dq/suites';
import { WorkspaceSettingsModule } from '@dq/workspace-settings';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type ApiGatewayConfig } from './api-gateway.config';
import { ConnectionTestsController } from './connections/connection-tests.controller';
import { ConnectionsController } from './connections/connections.controller';
import { MeController } from './identity/me.controller';
import { SignInController } from './identity/sign-in.controller';
import { UsersController } from './identity/users.controller';
import { DashboardController } from './runs/dashboard.controller';
import { NearMissesController } from './orchestration/near-misses.controller';
import { SchedulesController } from './orchestration/schedules.controller';
import { TriggerBindingsController } from './orchestration/trigger-bindings.controller';
import { NotificationChannelsController } from './alerting/notification-channels.controller';
import { NotificationChannelTestController } from './alerting/notification-channel-test.controller';
import { SuiteNotificationsController } from './alerting/suite-notifications.controller';
import { IncidentsController } from './alerting/incidents.controller';
import { RunsController } from './runs/runs.controller';
import { SecretSweepController } from './admin/secret-sweep.controller';
import { WorkspaceSettingsController } from './admin/workspace-settings.controller';
import { CheckKindsController } from './suites/check-kinds.controller';
import { ChecksController } from './suites/checks.controller';
import { ColumnPolicyController } from './suites/column-policy.controller';
import { SuiteDataController } from './suites/suite-data.controller';

import { SuiteRunsController } from './suites/suite-runs.controller';
import { SuiteSharesController } from './suites/suite-shares.controller';
import { SuitesController } from './suites/suites.controller';

const CHECK_BODY_SCHEMAS = ((schemas) => ({
  ...schemas,
  // The catalogue names the MCP tool; REST readers find the same at GET /check-kinds/{kind}.
  kind: { ...schemas.kind, description: 'the check kind (GET /check-kinds/{kind} describes its config)' },
}))(checkBodySchemas());

const pick = <T extends object, K extends keyof T>(from: T, ...keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

/**
 * REST surface: everything under `/api/v1`, 1 MiB JSON bodies, the OpenAPI document at
 * `/api/v1/openapi.json` everywhere and its docs page outside production.
 */
export const apiGatewayHttpOptions = {
  globalPrefix: 'api/v1',
  bodyLimitBytes: 1024 * 1024,
  // A suite import may be up to 10 MiB (docs/decisions/0018).
  bodyLimitOverrides: [{ path: '/api/v1/suites/import', limitBytes: 10 * 1024 * 1024 }],
  openApi: {
    title: 'Data-quality service API',
    documentPath: 'api/v1/openapi.json',
    docsPath: 'api/v1/docs',
    routeFacts: authRouteFacts,
    // The service checks a connection's config and credential against its kind's classes.
    variants: [CreateConnectionRequest, DraftConnectionTestRequest].map((dto) => ({
      dto,
      by: 'kind',
      fields: { config: CONNECTION_CONFIG_CLASSES, credential: CONNECTION_CREDENTIAL_CLASSES },
    })),
    // A check's kind, engine, config and thresholds as the engine's catalogue defines them.
    fieldSchemas: [
      {
        dto: CreateCheckRequest,
        properties: pick(CHECK_BODY_SCHEMAS, 'kind', 'engine', 'config', 'thresholds'),
      },
      { dto: UpdateCheckRequest, properties: pick(CHECK_BODY_SCHEMAS, 'engine', 'thresholds') },
    ].map((overlay) => ({ ...overlay, defs: CHECK_BODY_SCHEMAS.$defs })),
  },
};

@Module({})
export class ApiGatewayModule {
  static forRoot(config: ApiGatewayConfig): DynamicModule {
    const egress = new EgressGuard({
      allowLoopbackForTests: config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS,
      nodeEnv: config.NODE_ENV,
      allowCidrs: config.EGRESS_ALLOW_CIDRS,
      allowHosts: config.EGRESS_ALLOW_HOSTS,
    });
    return {
      module: ApiGatewayModule,
      imports: [
        ServiceRuntimeModule.forRoot({
          service: ServiceName.ApiGateway,
          config,
          downstream: GATEWAY_DOWNSTREAM_SERVICES,
        }),
        AccessModule.forRoot(config),
        ConnectionsModule.forRoot(
          securityPorts(
            new PublicKeySealer(parsePublicKeys(config.SECRETS_PUBLIC_KEYS, config.SECRETS_ACTIVE_KEY_ID)),
            egress,
          ),
        ),
        WorkspaceSettingsModule.forRoot(config),
        SecretSweepModule.forRoot({
          service: ServiceName.ApiGateway,
          publicKeys: config.SECRETS_PUBLIC_KEYS,
          activeKeyId: config.SECRETS_ACTIVE_KEY_ID,
        }),
        RunsApiModule,
        SuitesModule,
        SchedulesModule,
        TriggerBindingsModule,
        // Channel credentials are sealed for the alerting service's own key ring (docs/decisions/0044).
        NotificationChannelsModule.forRoot({
          sealer: new PublicKeySealer(
            parsePublicKeys(config.ALERTING_PUBLIC_KEYS, config.ALERTING_ACTIVE_KEY_ID),
          ),
          egress,
        }),
        SuiteNotificationsModule,
        IncidentsApiModule,
      ],
      providers: [
        { provide: INTERACTIVE_DEADLINE, useValue: config.INTERACTIVE_DEADLINE_MS },
        SuiteRunnerClient,
        ConnectionTestsClient,
        NotificationChannelTestClient,
        AlertDeliveryReads,
      ],
      controllers: [
        MeController,
        SignInController,
        UsersController,
        // Before ConnectionsController: `POST /connections/test` is not a `/connections/{id}` route.
        ConnectionTestsController,
        ConnectionsController,
        // Before SuitesController and ChecksController: `import` and `checks/dryrun` are fixed paths.
        SuiteDataController,
        SuitesController,
        SuiteSharesController,
        ColumnPolicyController,
        ChecksController,
        CheckKindsController,
        SuiteRunsController,
        RunsController,
        DashboardController,
        WorkspaceSettingsController,
        SecretSweepController,
        SchedulesController,
        TriggerBindingsController,
        NearMissesController,
        NotificationChannelsController,
        NotificationChannelTestController,
        SuiteNotificationsController,
        IncidentsController,
      ],
    };
  }
}
