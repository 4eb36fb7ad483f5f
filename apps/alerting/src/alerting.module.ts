import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { AlertRulesModule } from '@dq/alerting';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { RunCompletedListener } from './run-completed.listener';
import { type AlertingConfig } from './alerting.config';

@Module({})
export class AlertingModule {
  static forRoot(config: AlertingConfig): DynamicModule {
    return {
      module: AlertingModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: ServiceName.Alerting, config }),
        AlertRulesModule.forRoot(),
      ],
      providers: [RunCompletedListener],
    };
  }
}
