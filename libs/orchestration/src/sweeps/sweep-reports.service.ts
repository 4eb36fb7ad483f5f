import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type SweepTrigger } from '@dq/contracts';
import { type DailySweep, SWEEP_PROCESS, type SweepKind, SweepOutcome, utcDayOf } from './daily-sweep';

/** A sweep's last recorded report, as stored. */
export interface SweepReportRecord {
  kind: string;
  claimedDay: string | null;
  trigger: SweepTrigger | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  outcome: SweepOutcome | null;
  report: Record<string, unknown>;
  ranBy: string | null;
}

interface SweepReportRow {
  kind: string;
  claimed_day: string | null;
  trigger: SweepTrigger | null;
  started_at: Date | null;
  finished_at: Date | null;
  outcome: SweepOutcome | null;
  report: Record<string, unknown>;
  ran_by: string | null;
}

// `date` read as text: the driver would otherwise make a local-time Date of it.
const COLUMNS = `"kind", "claimed_day"::text AS "claimed_day", "trigger", "started_at", "finished_at", "outcome",
  "report", "ran_by"`;

/** What a failed sweep's report says; the error itself goes to the log only. */
const FAILED_REPORT = { error: 'The sweep failed; the log of the process that ran it has the cause' };

/**
 * The `sweep_reports` table: the once-per-UTC-day claim of each daily sweep and its last report.
 */
@Injectable()
export class SweepReports {
  private readonly logger = new Logger(SweepReports.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SWEEP_PROCESS) private readonly processName: string,
  ) {}

  /**
   * Claims `kind` for the UTC day of `now`: true for exactly one caller per kind and day, however
   * many race (the upsert's conditional update waits on the row and re-checks the day).
   */
  async claimDay(kind: SweepKind, now: Date): Promise<boolean> {
    const rows = await this.dataSource.query<{ kind: string }[]>(
      `INSERT INTO "sweep_reports" ("kind", "claimed_day", "claimed_at")
       VALUES ($1, $2::date, $3)
       ON CONFLICT ("kind") DO UPDATE
         SET "claimed_day" = EXCLUDED."claimed_day", "claimed_at" = EXCLUDED."claimed_at", "updated_at" = now()
         WHERE "sweep_reports"."claimed_day" IS NULL OR "sweep_reports"."claimed_day" < EXCLUDED."claimed_day"
       RETURNING "kind"`,
      [kind, utcDayOf(now), now],
    );
    return rows.length === 1;
  }

  /**
   * Runs one sweep and records its report (also when it fails: outcome `failed`, the cause logged).
   * Never throws for the sweep's own failure.
   */
  async run(sweep: DailySweep, trigger: SweepTrigger, now = new Date()): Promise<SweepReportRecord> {
    const startedAt = new Date();
    let outcome: SweepOutcome;
    let report: Record<string, unknown>;
    try {
      ({ outcome, report } = await sweep.run(now));
    } catch (error: unknown) {
      this.logger.warn({ msg: 'daily sweep failed', sweep: sweep.kind, err: error });
      outcome = SweepOutcome.Failed;
      report = FAILED_REPORT;
    }
    const [row] = await this.dataSource.query<SweepReportRow[]>(
      `INSERT INTO "sweep_reports" ("kind", "trigger", "started_at", "finished_at", "outcome", "report", "ran_by")
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
       ON CONFLICT ("kind") DO UPDATE
         SET "trigger" = EXCLUDED."trigger", "started_at" = EXCLUDED."started_at",
             "finished_at" = EXCLUDED."finished_at", "outcome" = EXCLUDED."outcome",
             "report" = EXCLUDED."report", "ran_by" = EXCLUDED."ran_by", "updated_at" = now()
       RETURNING ${COLUMNS}`,
      // Both instants from this process's clock, so a report never ends before it starts.
      [sweep.kind, trigger, startedAt, new Date(), outcome, JSON.stringify(report), this.processName],
    );
    if (outcome !== SweepOutcome.Failed) {
      this.logger.log({ msg: 'daily sweep finished', sweep: sweep.kind, trigger, outcome });
    }
    return recordOf(row);
  }

  /** The last report of `kind`, or null when none was ever recorded. */
  async read(kind: SweepKind): Promise<SweepReportRecord | null> {
    const [row] = await this.dataSource.query<SweepReportRow[]>(
      `SELECT ${COLUMNS} FROM "sweep_reports" WHERE "kind" = $1 AND "finished_at" IS NOT NULL`,
      [kind],
    );
    return row ? recordOf(row) : null;
  }
}

function recordOf(row: SweepReportRow): SweepReportRecord {
  return {
    kind: row.kind,
    claimedDay: row.claimed_day,
    trigger: row.trigger,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.outcome,
    report: row.report,
    ranBy: row.ran_by,
  };
}
