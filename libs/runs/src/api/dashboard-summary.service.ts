import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DASHBOARD_DEFAULT_DAYS,
  type DashboardSummaryQuery,
  type DashboardSummaryView,
  RunStatus,
} from '@dq/contracts';
import { SuiteAccessService, checkCountsBySuiteSql } from '@dq/suites';
import { WorkspaceSettingsService } from '@dq/workspace-settings';
import { type RunOutcomeCounts, runOutcomeCountsSql } from './run-outcome-counts';
import {
  type LatestRunRow,
  type ResultAggregateRow,
  type RunAggregateRow,
  dashboardWindow,
  summarizeDashboard,
} from './dashboard-summary';
import { type Actor } from '@dq/auth';

const DAY_OF_RUN = `to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * `GET /dashboard/summary`: KPIs, the daily run trend and per-suite performance over the suites the
 * caller can see. Everything is aggregated in PostgreSQL (three grouped reads over the runs index
 * by suite and creation time, one for the latest completed runs); no failing-row sample is read, so
 * unlike run reads it is not recorded as a data access.
 */
@Injectable()
export class DashboardSummaryService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly access: SuiteAccessService,
    private readonly settings: WorkspaceSettingsService,
  ) {}

  async summary(
    actor: Actor,
    query: DashboardSummaryQuery,
    now: Date = new Date(),
  ): Promise<DashboardSummaryView> {
    const window = dashboardWindow(query.days ?? DASHBOARD_DEFAULT_DAYS, now);
    const suites = (await this.access.visible(actor)).map(({ suite }) => ({
      id: suite.id,
      name: suite.name,
    }));
    const suiteIds = suites.map((suite) => suite.id);
    const weights = await this.settings.scoringWeights();
    if (suiteIds.length === 0) {
      return summarizeDashboard({
        window,
        weights,
        suites,
        checksBySuite: new Map(),
        runRows: [],
        resultRows: [],
        latestRuns: [],
      });
    }
    const [checkRows, runRows, resultRows, latestRuns] = await Promise.all([
      this.dataSource.query<{ suite_id: string; checks: number }[]>(checkCountsBySuiteSql('$1::uuid[]'), [
        suiteIds,
      ]),
      this.dataSource.query<RunAggregateRow[]>(
        `SELECT r."suite_id", ${DAY_OF_RUN} AS "date", r."status", count(*)::int AS "runs",
                coalesce(sum(extract(epoch FROM r."finished_at" - r."started_at") * 1000), 0)::float8
                  AS "duration_ms_sum",
                count(r."finished_at" - r."started_at")::int AS "durations"
           FROM "runs" r
          WHERE r."suite_id" = ANY($1::uuid[]) AND r."created_at" >= $2 AND r."created_at" < $3
          GROUP BY 1, 2, 3`,
        [suiteIds, window.since, window.until],
      ),
      this.dataSource.query<ResultAggregateRow[]>(
        `SELECT r."suite_id", ${DAY_OF_RUN} AS "date", rr."outcome", count(*)::int AS "results"
           FROM "runs" r JOIN "run_results" rr ON rr."run_id" = r."id"
          WHERE r."suite_id" = ANY($1::uuid[]) AND r."created_at" >= $2 AND r."created_at" < $3
          GROUP BY 1, 2, 3`,
        [suiteIds, window.since, window.until],
      ),
      this.latestCompletedRuns(suiteIds),
    ]);
    return summarizeDashboard({
      window,
      weights,
      suites,
      checksBySuite: new Map(checkRows.map((row) => [row.suite_id, row.checks])),
      runRows,
      resultRows,
      latestRuns,
    });
  }

  /** Each suite's newest run that completed (succeeded or failed), whenever it ran. */
  private async latestCompletedRuns(suiteIds: string[]): Promise<LatestRunRow[]> {
    // A lateral newest-first probe per suite walks the (suite_id, created_at) index instead of
    // sorting every run of every suite.
    const runs = await this.dataSource.query<
      (Omit<LatestRunRow, 'outcomes'> & { outcomes: RunOutcomeCounts })[]
    >(
      `SELECT latest.* FROM unnest($1::uuid[]) AS s("id")
         CROSS JOIN LATERAL (
           SELECT r."suite_id", r."id", r."status", r."created_at", r."finished_at",
                  ${runOutcomeCountsSql('r')} AS "outcomes"
             FROM "runs" r
            WHERE r."suite_id" = s."id" AND r."status" = ANY($2::text[])
            ORDER BY r."created_at" DESC, r."id" DESC
            LIMIT 1
         ) latest`,
      [suiteIds, [RunStatus.Succeeded, RunStatus.Failed]],
    );
    return runs.map((run) => ({
      ...run,
      created_at: new Date(run.created_at),
      finished_at: run.finished_at === null ? null : new Date(run.finished_at),
    }));
  }
}
