// The response shapes the screens read, as docs/openapi.json states them. They give way to the
// generated types of `@dq/api-client` when the screens move over to it.

export type WorkspaceRole = 'admin' | 'member' | 'viewer';
export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type CheckOutcome = 'pass' | 'warn' | 'fail' | 'critical' | 'error' | 'skip';

export interface Me {
  id: string;
  display_name: string;
  email: string;
  role: WorkspaceRole;
  is_workspace_admin: boolean;
  credential: string;
}

export interface ApiKey {
  id: string;
  name: string;
  key_prefix: string;
  expires_at: string;
  last_used_at: string | null;
  created_at: string;
}

export interface ApiKeyCreated extends ApiKey {
  token: string;
}

export interface WindowFigures {
  runs: number;
  runs_by_status: Record<RunStatus, number>;
  run_success_rate: number | null;
  check_pass_rate: number | null;
  results_by_outcome: Record<CheckOutcome, number>;
  mean_run_duration_ms: number | null;
}

export interface DashboardKpis extends WindowFigures {
  suites: number;
  checks: number;
  health_score: number | null;
  failing_suites: number;
}

export interface DashboardTrendDay {
  date: string;
  runs: number;
  runs_by_status: Record<RunStatus, number>;
  results_by_outcome: Record<CheckOutcome, number>;
  health_score: number | null;
}

export interface DashboardLastRun {
  id: string;
  status: RunStatus;
  created_at: string;
  finished_at: string | null;
  health_score: number | null;
}

export interface DashboardSuitePerformance extends WindowFigures {
  suite_id: string;
  name: string;
  checks: number;
  health_score: number | null;
  last_completed_run: DashboardLastRun | null;
}

export interface DashboardSummary {
  window: { days: number; since: string; until: string };
  kpis: DashboardKpis;
  trend: DashboardTrendDay[];
  suites: DashboardSuitePerformance[];
}

/** One page of a keyset-paged list. */
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}
