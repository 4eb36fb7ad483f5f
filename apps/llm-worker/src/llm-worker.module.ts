import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type LlmWorkerConfig } from './llm-worker.config';

@Module({})
export class LlmWorkerModule {
  static forRoot(config: LlmWorkerConfig): DynamicModule {
    return {
      module: LlmWorkerModule,
      imports: [ServiceRuntimeModule.forRoot({ service: ServiceName.LlmWorker, config })],
    };
  }
}
