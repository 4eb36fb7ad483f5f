import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { PipelineTriggersModule, ScheduleTickerModule } from '@dq/orchestration';
import { RunSweepsModule } from '@dq/runs';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { PipelineRunObservedListener } from './pipeline-run-observed.listener';
import { SamplePurgeSweep } from './sample-purge.sweep';
import { WorkerLossSweep } from './worker-loss.sweep';
import { RunQueueSweep } from './run-queue.sweep';
import { ScheduleTickSweep } from './schedule-tick.sweep';
import { type SchedulerConfig } from './scheduler.config';

@Module({})
export class SchedulerModule {
  static forRoot(config: SchedulerConfig): DynamicModule {
    return {
      module: SchedulerModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: ServiceName.Scheduler, config }),
        RunSweepsModule,
        ScheduleTickerModule.forRoot({
          batchSize: config.SCHEDULE_TICK_BATCH,
          graceMs: config.SCHEDULE_GRACE_MS,
        }),
        PipelineTriggersModule,
      ],
      providers: [
        SamplePurgeSweep,
        WorkerLossSweep,
        RunQueueSweep,
        ScheduleTickSweep,
        PipelineRunObservedListener,
      ],
    };
  }
}
