// How checks read on screen: what a check checks, its bands, its snooze, an outcome's colour.
import { humanize } from './check-form';

/** What a check checks: its expectation type for an expectation, else its kind. */
export function kindLabel(kind: string, config: Record<string, unknown>): string {
  const type = config['expectation_type'];
  return kind === 'expectation' && typeof type === 'string' ? humanize(type) : humanize(kind);
}

/** The bands in a line: `warn > 1 · fail > 5`; the engine's defaults when none are set. */
export function thresholdsLabel(thresholds: Record<string, unknown> | null): string {
  if (!thresholds) return 'Default';
  const parts = ['warn', 'fail', 'critical']
    .filter((tier) => typeof thresholds[tier] === 'number')
    .map((tier) => `${tier} > ${String(thresholds[tier])}`);
  return parts.length > 0 ? parts.join(' · ') : 'Default';
}

/** `Snoozed until <time>` while a snooze lasts, else null. */
export function snoozeLabel(snoozedUntil: string | null, now: Date): string | null {
  if (!snoozedUntil) return null;
  const until = new Date(snoozedUntil);
  if (Number.isNaN(until.getTime()) || until <= now) return null;
  return `Snoozed until ${until.toLocaleString()}`;
}

// Dark enough for white text, or light enough for dark text (the badges pick by contrast).
const OUTCOME_COLORS: Record<string, string> = {
  pass: 'teal.9',
  warn: 'yellow.4',
  fail: 'red.9',
  critical: 'grape.9',
  error: 'orange.9',
  skip: 'gray.7',
  succeeded: 'teal.9',
  failed: 'red.9',
  cancelled: 'gray.7',
  queued: 'blue.9',
  running: 'blue.9',
};

export function outcomeColor(outcome: string): string {
  return OUTCOME_COLORS[outcome] ?? 'gray.7';
}

/** The history as a chart reads it: oldest first, one point per result with a metric value. */
export function chartPointsOf(
  points: readonly { at: string; metric_value: number | null; outcome: string }[],
): { at: string; value: number; outcome: string }[] {
  return [...points]
    .filter(
      (point): point is { at: string; metric_value: number; outcome: string } => point.metric_value !== null,
    )
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((point) => ({ at: point.at, value: point.metric_value, outcome: point.outcome }));
}
