import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@dq/platform';
import { SamplePurgeService } from '@dq/runs';
import { PeriodicSweep } from './periodic-sweep';
import { type SchedulerConfig } from './scheduler.config';

/** Removes failing-row samples past their retention window, every `SAMPLE_PURGE_INTERVAL_MS`. */
@Injectable()
export class SamplePurgeSweep extends PeriodicSweep {
  protected readonly intervalMs: number;

  constructor(
    private readonly purge: SamplePurgeService,
    @Inject(CONFIG) private readonly config: SchedulerConfig,
  ) {
    super();
    this.intervalMs = config.SAMPLE_PURGE_INTERVAL_MS;
  }

  protected async sweepOnce(): Promise<void> {
    const report = await this.purge.purgeDue(this.config.SAMPLE_RETENTION_DAYS);
    if (report.purged > 0) this.logger.log({ msg: 'failing-row samples purged', ...report });
  }
}
