import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { CheckExecutionModule } from '@dq/check-execution';
import { ConnectionTestRunner, ConnectionUseService } from '@dq/connections';
import { DatasourceAdapterRegistry, DatasourcesModule } from '@dq/datasources';
import { RunPrivacyFromWorkspaceSettingsModule, RunsModule } from '@dq/runs';
import { WorkspaceSettingsModule } from '@dq/workspace-settings';
import { AuditModule } from '@dq/audit';
import { EgressGuard } from '@dq/security';
import { SecretOpener, parsePrivateKeyRing } from '@dq/secrets-opening';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { adapterProbe } from './connection-tests/adapter-probe';
import { DatasourceTestResponder } from './connection-tests/datasource-test.responder';
import { type RunnerConfig } from './runner.config';
import { TargetWorkResponder } from './target-work/target-work.responder';
import { RunsWorker } from './runs.worker';

@Module({})
export class RunnerModule {
  static forRoot(config: RunnerConfig): DynamicModule {
    // Parsed at boot: a bad key ring stops the runner before it takes any work.
    const opener = new SecretOpener(
      parsePrivateKeyRing(config.SECRETS_PRIVATE_KEY_RING, config.SECRETS_ACTIVE_KEY_ID),
    );
    // Like the egress loopback allowance: a production runner never sends a credential elsewhere.
    if (config.WAREHOUSE_ACCESS_URL_FOR_TESTS !== '' && config.NODE_ENV === 'production')
      throw new Error('WAREHOUSE_ACCESS_URL_FOR_TESTS is for tests only and is refused in production');
    return {
      module: RunnerModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: ServiceName.Runner, config }),
        // Zero-sample mode is read at the start of every run, from the same settings admins set.
        AuditModule,
        WorkspaceSettingsModule.forRoot(config),
        RunPrivacyFromWorkspaceSettingsModule,
        RunsModule,
        CheckExecutionModule.forRoot({
          opener,
          interactiveDeadlineMs: config.INTERACTIVE_DEADLINE_MS,
          datasources: DatasourcesModule.forRoot({
            egress: new EgressGuard({
              allowLoopbackForTests: config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS,
              nodeEnv: config.NODE_ENV,
              allowCidrs: config.EGRESS_ALLOW_CIDRS,
              allowHosts: config.EGRESS_ALLOW_HOSTS,
            }),
            spoolDir: config.DATASOURCE_SPOOL_DIR === '' ? undefined : config.DATASOURCE_SPOOL_DIR,
            warehouseAccessUrlForTests:
              config.WAREHOUSE_ACCESS_URL_FOR_TESTS === ''
                ? undefined
                : config.WAREHOUSE_ACCESS_URL_FOR_TESTS,
          }),
        }),
      ],
      providers: [
        RunsWorker,
        {
          provide: ConnectionTestRunner,
          useFactory: (use: ConnectionUseService, registry: DatasourceAdapterRegistry) =>
            new ConnectionTestRunner(opener, use, adapterProbe(registry)),
          inject: [ConnectionUseService, DatasourceAdapterRegistry],
        },
        DatasourceTestResponder,
        TargetWorkResponder,
      ],
    };
  }
}
