import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type OrchestrationObserverConfig } from './orchestration-observer.config';

@Module({})
export class OrchestrationObserverModule {
  static forRoot(config: OrchestrationObserverConfig): DynamicModule {
    return {
      module: OrchestrationObserverModule,
      imports: [ServiceRuntimeModule.forRoot({ service: ServiceName.OrchestrationObserver, config })],
    };
  }
}
