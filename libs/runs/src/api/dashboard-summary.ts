import {
  CheckOutcome,
  type DashboardKpis,
  type DashboardLastRun,
  type DashboardSuitePerformance,
  type DashboardSummaryView,
  type DashboardTrendDay,
  type DashboardWindowFigures,
  type OutcomeCountsView,
  RunStatus,
  type RunStatusCounts,
  type ScoringWeights,
} from '@dq/contracts';
import { healthScore } from '@dq/workspace-settings';

const DAY_MS = 86_400_000;

/** The window of the last `days` UTC days, today included: [since, until). */
export interface DashboardWindow {
  days: number;
  since: Date;
  until: Date;
  /** Every day of the window as `YYYY-MM-DD`, oldest first. */
  dates: string[];
}

export function dashboardWindow(days: number, now: Date): DashboardWindow {
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  const since = new Date(until.getTime() - days * DAY_MS);
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10),
  );
  return { days, since, until, dates };
}

/** Runs of one suite created on one day that now stand in one status. */
export interface RunAggregateRow {
  suite_id: string;
  date: string;
  status: RunStatus;
  runs: number;
  /** Sum and count of start-to-finish durations of the finished ones. */
  duration_ms_sum: number;
  durations: number;
}

/** Results of one suite's runs created on one day with one outcome. */
export interface ResultAggregateRow {
  suite_id: string;
  date: string;
  outcome: CheckOutcome;
  results: number;
}

/** A suite's latest completed run with its outcome counts. */
export interface LatestRunRow {
  suite_id: string;
  id: string;
  status: RunStatus;
  created_at: Date;
  finished_at: Date | null;
  outcomes: Partial<OutcomeCountsView>;
}

export interface DashboardInputs {
  window: DashboardWindow;
  weights: ScoringWeights;
  suites: { id: string; name: string }[];
  checksBySuite: Map<string, number>;
  runRows: RunAggregateRow[];
  resultRows: ResultAggregateRow[];
  latestRuns: LatestRunRow[];
}

/** Folds the aggregate rows into KPIs, a gap-free daily trend and per-suite performance. */
export function summarizeDashboard(inputs: DashboardInputs): DashboardSummaryView {
  const { window, weights } = inputs;
  const total = new Tally();
  const bySuite = new Map(inputs.suites.map((suite) => [suite.id, new Tally()]));
  const byDay = new Map(window.dates.map((date) => [date, new Tally()]));
  for (const row of inputs.runRows) {
    for (const tally of [total, bySuite.get(row.suite_id), byDay.get(row.date)]) tally?.addRuns(row);
  }
  for (const row of inputs.resultRows) {
    for (const tally of [total, bySuite.get(row.suite_id), byDay.get(row.date)]) tally?.addResults(row);
  }
  const latestBySuite = new Map(inputs.latestRuns.map((run) => [run.suite_id, run]));
  const current: Partial<OutcomeCountsView> = {};
  let failingSuites = 0;
  for (const run of latestBySuite.values()) {
    for (const outcome of Object.values(CheckOutcome)) {
      current[outcome] = (current[outcome] ?? 0) + (run.outcomes[outcome] ?? 0);
    }
    if (run.status === RunStatus.Failed || (run.outcomes.fail ?? 0) + (run.outcomes.critical ?? 0) > 0) {
      failingSuites += 1;
    }
  }

  const kpis: DashboardKpis = {
    suites: inputs.suites.length,
    checks: [...inputs.checksBySuite.values()].reduce((sum, count) => sum + count, 0),
    ...total.view(),
    health_score: healthScore(current, weights),
    failing_suites: failingSuites,
  };
  const trend: DashboardTrendDay[] = window.dates.map((date) => {
    const { runs, runs_by_status, results_by_outcome } = (byDay.get(date) ?? new Tally()).view();
    return {
      date,
      runs,
      runs_by_status,
      results_by_outcome,
      health_score: healthScore(results_by_outcome, weights),
    };
  });
  const suites: DashboardSuitePerformance[] = inputs.suites.map((suite) => {
    const latest = latestBySuite.get(suite.id);
    const lastRun: DashboardLastRun | null =
      latest === undefined
        ? null
        : {
            id: latest.id,
            status: latest.status,
            created_at: latest.created_at.toISOString(),
            finished_at: latest.finished_at?.toISOString() ?? null,
            health_score: healthScore(latest.outcomes, weights),
          };
    return {
      suite_id: suite.id,
      name: suite.name,
      checks: inputs.checksBySuite.get(suite.id) ?? 0,
      ...(bySuite.get(suite.id) ?? new Tally()).view(),
      health_score: lastRun?.health_score ?? null,
      last_completed_run: lastRun,
    };
  });
  // Worst first: the suites that need attention lead; never-scored suites last, then by name.
  suites.sort(
    (a, b) =>
      (a.health_score ?? Infinity) - (b.health_score ?? Infinity) ||
      a.name.localeCompare(b.name) ||
      a.suite_id.localeCompare(b.suite_id),
  );
  return {
    window: { days: window.days, since: window.since.toISOString(), until: window.until.toISOString() },
    kpis,
    trend,
    suites,
  };
}

function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((10_000 * part) / whole) / 100;
}

/** Run and result counts of one slice (all, a suite, a day). */
class Tally {
  private readonly runsByStatus = zeroCounts(Object.values(RunStatus)) as RunStatusCounts;
  private readonly resultsByOutcome = zeroCounts(Object.values(CheckOutcome)) as OutcomeCountsView;
  private durationSum = 0;
  private durations = 0;

  addRuns(row: RunAggregateRow): void {
    this.runsByStatus[row.status] += row.runs;
    this.durationSum += row.duration_ms_sum;
    this.durations += row.durations;
  }

  addResults(row: ResultAggregateRow): void {
    this.resultsByOutcome[row.outcome] += row.results;
  }

  view(): DashboardWindowFigures {
    const { succeeded, failed } = this.runsByStatus;
    const { pass, warn, fail, critical } = this.resultsByOutcome;
    return {
      runs: Object.values(this.runsByStatus).reduce((sum, count) => sum + count, 0),
      runs_by_status: { ...this.runsByStatus },
      run_success_rate: percent(succeeded, succeeded + failed),
      check_pass_rate: percent(pass, pass + warn + fail + critical),
      results_by_outcome: { ...this.resultsByOutcome },
      mean_run_duration_ms: this.durations === 0 ? null : Math.round(this.durationSum / this.durations),
    };
  }
}

function zeroCounts(keys: readonly string[]): Record<string, number> {
  return Object.fromEntries(keys.map((key) => [key, 0]));
}
