import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { DailySweepsModule, PipelineTriggersModule, ScheduleTickerModule } from '@dq/orchestration';
import { RunSweepsModule } from '@dq/runs';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { DailySweepsCheck } from './daily-sweeps.sweep';
import { PipelineRunObservedListener } from './pipeline-run-observed.listener';
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
        DailySweepsModule.forRoot({
          service: ServiceName.Scheduler,
          sampleRetentionDays: config.SAMPLE_RETENTION_DAYS,
          publicKeys: config.SECRETS_PUBLIC_KEYS,
          activeKeyId: config.SECRETS_ACTIVE_KEY_ID,
        }),
        PipelineTriggersModule,
      ],
      providers: [
        DailySweepsCheck,
        WorkerLossSweep,
        RunQueueSweep,
        ScheduleTickSweep,
        PipelineRunObservedListener,
      ],
    };
  }
}
