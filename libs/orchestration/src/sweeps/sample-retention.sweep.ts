import { Inject, Injectable } from '@nestjs/common';
import { SamplePurgeService } from '@dq/runs';
import { type DailySweep, SweepKind, SweepOutcome, type SweepResult } from './daily-sweep';

/** Days failing-row samples are kept (`SAMPLE_RETENTION_DAYS`, docs/decisions/0019). */
export const SAMPLE_RETENTION_DAYS = Symbol('SAMPLE_RETENTION_DAYS');

/**
 * Removes failing-row samples past their retention window through the runs context, which owns
 * the results and the statement; metrics, outcomes and counts stay.
 */
@Injectable()
export class SampleRetentionSweep implements DailySweep {
  readonly kind = SweepKind.SampleRetention;

  constructor(
    private readonly purge: SamplePurgeService,
    @Inject(SAMPLE_RETENTION_DAYS) private readonly retentionDays: number,
  ) {}

  async run(now: Date): Promise<SweepResult> {
    const { swept, purged } = await this.purge.purgeDue(this.retentionDays, now);
    return swept
      ? { outcome: SweepOutcome.Completed, report: { retention_days: this.retentionDays, purged } }
      : { outcome: SweepOutcome.Skipped, report: { reason: 'another_purge_in_progress', purged: 0 } };
  }
}
