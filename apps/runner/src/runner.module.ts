import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { RunsModule } from '@dq/runs';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type RunnerConfig } from './runner.config';
import { RunsWorker } from './runs.worker';

@Module({})
export class RunnerModule {
  static forRoot(config: RunnerConfig): DynamicModule {
    return {
      module: RunnerModule,
      imports: [ServiceRuntimeModule.forRoot({ service: ServiceName.Runner, config }), RunsModule],
      providers: [RunsWorker],
    };
  }
}
