import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@dq/platform';
import { ScheduleTicker } from '@dq/orchestration';
import { PeriodicSweep } from './periodic-sweep';
import { type SchedulerConfig } from './scheduler.config';

/**
 * Fires the due cron schedules every `SCHEDULE_TICK_INTERVAL_MS`. Every scheduler replica runs it;
 * the ticker's `SKIP LOCKED` claim, not this timer, makes each tick fire once (docs/decisions/0043).
 */
@Injectable()
export class ScheduleTickSweep extends PeriodicSweep {
  protected readonly intervalMs: number;

  constructor(
    private readonly ticker: ScheduleTicker,
    @Inject(CONFIG) config: SchedulerConfig,
  ) {
    super();
    this.intervalMs = config.SCHEDULE_TICK_INTERVAL_MS;
  }

  protected async sweepOnce(): Promise<void> {
    await this.ticker.tick();
  }
}
