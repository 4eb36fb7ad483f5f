import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type SchedulerConfig } from './scheduler.config';

@Module({})
export class SchedulerModule {
  static forRoot(config: SchedulerConfig): DynamicModule {
    return {
      module: SchedulerModule,
      imports: [ServiceRuntimeModule.forRoot({ service: ServiceName.Scheduler, config })],
    };
  }
}
