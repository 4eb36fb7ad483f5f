import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@dq/platform';
import { DailySweeps } from '@dq/orchestration';
import { PeriodicSweep } from './periodic-sweep';
import { type SchedulerConfig } from './scheduler.config';

/**
 * Every `DAILY_SWEEP_CHECK_INTERVAL_MS`, runs the daily sweeps not yet run today (UTC) by any
 * replica: sample retention, stale sign-in challenges, orphan assets, orphan secrets.
 */
@Injectable()
export class DailySweepsCheck extends PeriodicSweep {
  protected readonly intervalMs: number;

  constructor(
    private readonly sweeps: DailySweeps,
    @Inject(CONFIG) config: SchedulerConfig,
  ) {
    super();
    this.intervalMs = config.DAILY_SWEEP_CHECK_INTERVAL_MS;
  }

  protected async sweepOnce(): Promise<void> {
    await this.sweeps.runDue();
  }
}
