import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { AlertRulesModule } from '@dq/alerting';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { channelOpenerOf } from './channel-key-ring';
import { AlertDeliveryModule } from './delivery/alert-delivery.module';
import { PollFailedListener } from './poll-failed.listener';
import { RunCompletedListener } from './run-completed.listener';
import { type AlertingConfig } from './alerting.config';

@Module({})
export class AlertingModule {
  static forRoot(config: AlertingConfig): DynamicModule {
    // Parsed at boot: a bad key ring stops the service before it sends anything.
    const opener = channelOpenerOf(config);
    return {
      module: AlertingModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: ServiceName.Alerting, config }),
        AlertRulesModule.forRoot({ publicBaseUrl: config.PUBLIC_BASE_URL ?? null }),
        AlertDeliveryModule.forRoot(config, opener),
      ],
      providers: [RunCompletedListener, PollFailedListener],
    };
  }
}
