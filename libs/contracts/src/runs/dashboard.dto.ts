import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { type CheckOutcome, RunStatus } from './run-status';
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
export class DashboardWindowFigures {
  /** Runs created in the window, and how they stand now. */
  @ApiProperty()
  runs!: number;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } })
  runs_by_status!: RunStatusCounts;

  /** succeeded / (succeeded + failed), in percent; null when no run ended either way. */
  @ApiProperty({ type: Number, nullable: true })
  run_success_rate!: number | null;

  /** Check results in the window with outcome pass, over those with a scorable outcome, in percent. */
  @ApiProperty({ type: Number, nullable: true })
  check_pass_rate!: number | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } })
  results_by_outcome!: OutcomeCountsView;

  /** Mean run duration (start to finish) of the window's finished runs; null when none finished. */
  @ApiProperty({ type: Number, nullable: true })
  mean_run_duration_ms!: number | null;
}

/** The headline figures, over the suites the caller can see. */
export class DashboardKpis extends DashboardWindowFigures {
  @ApiProperty()
  suites!: number;

  @ApiProperty()
  checks!: number;

  /** The health score over each suite's latest completed run, whenever it ran: the state right now. */
  @ApiProperty({ type: Number, nullable: true })
  health_score!: number | null;

  /** Suites whose latest completed run has a fail or critical result, or ended failed. */
  @ApiProperty()
  failing_suites!: number;
}

/** One UTC day of the trend; a day without runs is present with zero counts and a null score. */
export class DashboardTrendDay {
  @ApiProperty()
  date!: string;

  @ApiProperty()
  runs!: number;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } })
  runs_by_status!: RunStatusCounts;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } })
  results_by_outcome!: OutcomeCountsView;

  /** The health score over that day's results. */
  @ApiProperty({ type: Number, nullable: true })
  health_score!: number | null;
}

export class DashboardLastRun {
  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: Object.values(RunStatus) })
  status!: RunStatus;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  health_score!: number | null;
}

/** One suite's performance over the window, worst health first. */
export class DashboardSuitePerformance extends DashboardWindowFigures {
  @ApiProperty()
  suite_id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  checks!: number;

  /** The health score of its latest completed run (as the KPI), null when it never completed one. */
  @ApiProperty({ type: Number, nullable: true })
  health_score!: number | null;

  /** Its latest completed run (succeeded or failed), whenever it ran. */
  @ApiProperty({ type: DashboardLastRun, nullable: true })
  last_completed_run!: DashboardLastRun | null;
}

/** The window the figures cover: the last `days` UTC days, today included, as [since, until). */
export class DashboardWindowView {
  @ApiProperty()
  days!: number;

  @ApiProperty({ format: 'date-time' })
  since!: string;

  @ApiProperty({ format: 'date-time' })
  until!: string;
}

export class DashboardSummaryView {
  @ApiProperty({ type: DashboardWindowView })
  window!: DashboardWindowView;

  @ApiProperty({ type: DashboardKpis })
  kpis!: DashboardKpis;

  @ApiProperty({ type: [DashboardTrendDay] })
  trend!: DashboardTrendDay[];

  @ApiProperty({ type: [DashboardSuitePerformance] })
  suites!: DashboardSuitePerformance[];
}
