import { type DynamicModule, Module } from '@nestjs/common';
import { SystemRunsModule } from '@dq/runs';
import { CronFireTimes, FIRE_TIMES } from './fire-times';
import {
  DEFAULT_SCHEDULE_TICKER_OPTIONS,
  SCHEDULE_CLOCK,
  SCHEDULE_TICKER_OPTIONS,
  SYSTEM_CLOCK,
  type ScheduleClock,
  ScheduleTicker,
  type ScheduleTickerOptions,
} from './schedule-ticker';

/**
 * The scheduler's side of schedules: the ticker and the system trigger it queues runs through.
 * Needs the global DataSource and messaging.
 */
@Module({})
export class ScheduleTickerModule {
  static forRoot(
    options: Partial<ScheduleTickerOptions> = {},
    clock: ScheduleClock = SYSTEM_CLOCK,
  ): DynamicModule {
    return {
      module: ScheduleTickerModule,
      imports: [SystemRunsModule],
      providers: [
        ScheduleTicker,
        { provide: FIRE_TIMES, useValue: new CronFireTimes() },
        { provide: SCHEDULE_TICKER_OPTIONS, useValue: { ...DEFAULT_SCHEDULE_TICKER_OPTIONS, ...options } },
        { provide: SCHEDULE_CLOCK, useValue: clock },
      ],
      exports: [ScheduleTicker],
    };
  }
}
