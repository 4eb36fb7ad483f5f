import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One recorded observation of a check: when its run finished and the metric it measured. */
export interface MetricPoint {
  at: Date;
  value: number;
}

/**
 * The results that measured a metric: scorable outcomes, and an anomaly monitor's warm-up skips
 * (they carry `min_points`; results recorded before warm-ups were named count too). `r` is
 * `run_results`.
 */
export const MEASURED_OUTCOME_SQL = `(r."outcome" IN ('pass', 'warn', 'fail', 'critical') OR (r."outcome" = 'skip' AND r."detail" ? 'min_points'))`;

/** How far back a monitor looks at most (points): enough for weekly seasonality over a year. */
export const METRIC_HISTORY_MAX_POINTS = 400;

/**
 * The metric history of a check over finished runs, oldest first: what an anomaly monitor learns
 * from. Scorable outcomes count, and so do the monitor's own warm-up skips (a `skip` that carries
 * `min_points` measured its metric; without them the history would never reach `min_points`). An
 * `error`, or any other `skip` (a snooze), measured nothing. Nothing before `since` (a
 * rebaseline), never the run being evaluated, and never a run whose incident was resolved as a
 * false positive (alerting's view `false_positive_check_runs`, docs/decisions/0047).
 */
@Injectable()
export class CheckMetricHistory {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async points(
    checkId: string,
    options: { since?: Date | null; excludeRunId?: string; limit?: number } = {},
  ): Promise<MetricPoint[]> {
    const rows = await this.dataSource.query<{ at: Date; value: number }[]>(
      `SELECT "at", "value" FROM (
         SELECT COALESCE(r."finished_at", runs."finished_at", runs."created_at") AS "at", r."metric_value" AS "value"
           FROM "run_results" r JOIN "runs" runs ON runs."id" = r."run_id"
          WHERE r."check_id" = $1
            AND r."metric_value" IS NOT NULL
            AND ${MEASURED_OUTCOME_SQL}
            AND ($2::timestamptz IS NULL OR COALESCE(r."finished_at", runs."finished_at") >= $2::timestamptz)
            AND ($3::uuid IS NULL OR r."run_id" <> $3::uuid)
            AND NOT EXISTS (SELECT 1 FROM "false_positive_check_runs" fp
                             WHERE fp."check_id" = r."check_id" AND fp."run_id" = r."run_id")
          ORDER BY "at" DESC
          LIMIT $4
       ) recent ORDER BY "at" ASC`,
      [
        checkId,
        options.since ?? null,
        options.excludeRunId ?? null,
        options.limit ?? METRIC_HISTORY_MAX_POINTS,
      ],
    );
    return rows.map((row) => ({ at: new Date(row.at), value: Number(row.value) }));
  }
}
