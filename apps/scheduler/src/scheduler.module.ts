import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { RunSweepsModule } from '@dq/runs';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { SamplePurgeSweep } from './sample-purge.sweep';
import { WorkerLossSweep } from './worker-loss.sweep';
import { RunQueueSweep } from './run-queue.sweep';
import { type SchedulerConfig } from './scheduler.config';

@Module({})
export class SchedulerModule {
  static forRoot(config: SchedulerConfig): DynamicModule {
    return {
      module: SchedulerModule,
      imports: [ServiceRuntimeModule.forRoot({ service: ServiceName.Scheduler, config }), RunSweepsModule],
      providers: [SamplePurgeSweep, WorkerLossSweep, RunQueueSweep],
    };
  }
}
