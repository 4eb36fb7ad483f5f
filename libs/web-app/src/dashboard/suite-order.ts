import type { DashboardSuitePerformance } from '../api/types';

export type SuiteState = 'failing' | 'passing' | 'never-run';

/**
 * A suite fails when its latest completed run ended failed or its window holds a fail or critical
 * result; it never ran when it has no completed run.
 */
export function suiteStateOf(suite: DashboardSuitePerformance): SuiteState {
  const last = suite.last_completed_run;
  const failedResults = (suite.results_by_outcome.fail ?? 0) + (suite.results_by_outcome.critical ?? 0);
  if (last?.status === 'failed' || failedResults > 0) return 'failing';
  if (!last) return 'never-run';
  return 'passing';
}

const RANK: Record<SuiteState, number> = { failing: 0, passing: 1, 'never-run': 2 };

/** Failing suites first; otherwise the API's order (worst health first) is kept. */
export function failingFirst(suites: readonly DashboardSuitePerformance[]): DashboardSuitePerformance[] {
  return suites
    .map((suite, index) => ({ suite, index, rank: RANK[suiteStateOf(suite)] }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ suite }) => suite);
}

/** A percentage for a figure that may be missing. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 10) / 10}%`;
}

/** Whole days until `expiresAt`, from `now`; 0 on the last day. */
export function daysUntil(expiresAt: string, now: Date): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 86_400_000));
}

/** The spec's warning for a key in its last two weeks: `Expires in Nd`, else nothing. */
export function expiryWarning(expiresAt: string, now: Date): string | null {
  if (Date.parse(expiresAt) <= now.getTime()) return 'Expired';
  const days = daysUntil(expiresAt, now);
  return days < 14 ? `Expires in ${days}d` : null;
}
