import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { type CheckOutcome, type RunStatus } from './run-status';
import { QueryInteger } from '../query-integer';

export const DASHBOARD_DEFAULT_DAYS = 30;
export const DASHBOARD_MAX_DAYS = 366;

/** `GET /dashboard/summary`: the window is the last `days` UTC days, today included. */
export class DashboardSummaryQuery {
  @IsOptional()
  @QueryInteger()
  @IsInt()
  @Min(1)
  @Max(DASHBOARD_MAX_DAYS)
  days?: number;
}

export type RunStatusCounts = Record<RunStatus, number>;
export type OutcomeCountsView = Record<CheckOutcome, number>;

/** Runs and results of a slice of the window (all visible suites, or one suite). */
export interface DashboardWindowFigures {
  /** Runs created in the window, and how they stand now. */
  runs: number;
  runs_by_status: RunStatusCounts;
  /** succeeded / (succeeded + failed), in percent; null when no run ended either way. */
  run_success_rate: number | null;
  /** Check results in the window with outcome pass, over those with a scorable outcome, in percent. */
  check_pass_rate: number | null;
  results_by_outcome: OutcomeCountsView;
  /** Mean run duration (start to finish) of the window's finished runs; null when none finished. */
  mean_run_duration_ms: number | null;
}

/** The headline figures, over the suites the caller can see. */
export interface DashboardKpis extends DashboardWindowFigures {
  suites: number;
  checks: number;
  /** The health score over each suite's latest completed run, whenever it ran: the state right now. */
  health_score: number | null;
  /** Suites whose latest completed run has a fail or critical result, or ended failed. */
  failing_suites: number;
}

/** One UTC day of the trend; a day without runs is present with zero counts and a null score. */
export interface DashboardTrendDay {
  date: string;
  runs: number;
  runs_by_status: RunStatusCounts;
  results_by_outcome: OutcomeCountsView;
  /** The health score over that day's results. */
  health_score: number | null;
}

export interface DashboardLastRun {
  id: string;
  status: RunStatus;
  created_at: string;
  finished_at: string | null;
  health_score: number | null;
}

/** One suite's performance over the window, worst health first. */
export interface DashboardSuitePerformance extends DashboardWindowFigures {
  suite_id: string;
  name: string;
  checks: number;
  /** The health score of its latest completed run (as the KPI), null when it never completed one. */
  health_score: number | null;
  /** Its latest completed run (succeeded or failed), whenever it ran. */
  last_completed_run: DashboardLastRun | null;
}

export interface DashboardSummaryView {
  window: { days: number; since: string; until: string };
  kpis: DashboardKpis;
  trend: DashboardTrendDay[];
  suites: DashboardSuitePerformance[];
}
