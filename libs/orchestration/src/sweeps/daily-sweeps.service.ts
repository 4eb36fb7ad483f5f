import { Inject, Injectable } from '@nestjs/common';
import { SweepTrigger } from '@dq/contracts';
import { DAILY_SWEEPS, type DailySweep, type SweepKind } from './daily-sweep';
import { type SweepReportRecord, SweepReports } from './sweep-reports.service';

/**
 * Runs each daily sweep at most once per UTC day across every scheduler replica: a sweep runs in
 * the process that claims its day first; the others skip it. A sweep that fails is not retried
 * before the next day.
 */
@Injectable()
export class DailySweeps {
  constructor(
    private readonly reports: SweepReports,
    @Inject(DAILY_SWEEPS) private readonly sweeps: readonly DailySweep[],
  ) {}

  /** Runs the sweeps not yet claimed for `now`'s UTC day; answers the reports this process recorded. */
  async runDue(now = new Date()): Promise<SweepReportRecord[]> {
    const ran: SweepReportRecord[] = [];
    for (const sweep of this.sweeps) {
      if (!(await this.reports.claimDay(sweep.kind, now))) continue;
      ran.push(await this.reports.run(sweep, SweepTrigger.Daily, now));
    }
    return ran;
  }

  /** The kinds this runner runs, in order. */
  kinds(): SweepKind[] {
    return this.sweeps.map((sweep) => sweep.kind);
  }
}
