import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { deleteStaleOtpChallenges } from '@dq/identity';
import { type DailySweep, SweepKind, SweepOutcome, type SweepResult } from './daily-sweep';

/** Deletes the sign-in challenges that expired and no longer count for limits (identity owns the rule). */
@Injectable()
export class StaleOtpChallengesSweep implements DailySweep {
  readonly kind = SweepKind.StaleOtpChallenges;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async run(now: Date): Promise<SweepResult> {
    const deleted = await deleteStaleOtpChallenges(this.dataSource, now);
    return { outcome: SweepOutcome.Completed, report: { deleted } };
  }
}
