import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { RunCompletedListener } from './run-completed.listener';
import { type LineageConfig } from './lineage.config';

@Module({})
export class LineageModule {
  static forRoot(config: LineageConfig): DynamicModule {
    return {
      module: LineageModule,
      imports: [ServiceRuntimeModule.forRoot({ service: ServiceName.Lineage, config })],
      providers: [RunCompletedListener],
    };
  }
}
