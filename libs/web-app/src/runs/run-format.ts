// What the run screens compute from the API's answers: progress, judged metric and thresholds,
// durations, status and outcome presentation. Pure, so it is unit-tested without a browser.
import type { RunOutcome, RunStatus } from '../api/types';

export const RUN_STATUSES: readonly RunStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
export const TERMINAL_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled'];

export function isTerminal(status: RunStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** A run may be cancelled while it is queued or running and no cancel was asked for yet. */
export function isCancellable(run: { status: RunStatus; cancel_requested_at?: string | null }): boolean {
  return (run.status === 'queued' || run.status === 'running') && !run.cancel_requested_at;
}

export interface ProgressFigures {
  /** 0..100, whole numbers; 100 once the run ended, whatever was completed. */
  percent: number;
  label: string;
  remaining: number;
}

/** The progress bar's value and its words; counts outside 0..total are clamped. */
export function progressOf(progress: {
  status: RunStatus;
  completed_checks: number;
  total_checks: number;
}): ProgressFigures {
  const total = Math.max(0, progress.total_checks);
  const completed = Math.min(Math.max(0, progress.completed_checks), total);
  const remaining = total - completed;
  const ended = isTerminal(progress.status);
  let percent: number;
  if (ended) percent = 100;
  else if (total === 0) percent = 0;
  // A running run is never shown as complete before it ends.
  else percent = Math.min(Math.floor((completed / total) * 100), completed === total ? 99 : 100);
  const checks = total === 1 ? 'check' : 'checks';
  return { percent, remaining, label: `${completed} of ${total} ${checks} done` };
}

export type JudgedUnit = 'percent' | 'rows' | 'hours' | 'z' | 'changes' | 'value';
type Tier = 'warn' | 'fail' | 'critical';
const TIERS: readonly Tier[] = ['warn', 'fail', 'critical'];

/** `detail.judged` of a result (docs/runs.md): what was measured and what it was judged against. */
export interface Judged {
  metric: string;
  value: number | null;
  unit: JudgedUnit;
  thresholds: Partial<Record<Tier, number>>;
  range?: { min: number | null; max: number | null; severity: string };
  band: string;
  reading: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The result's `detail.judged` when it has the documented shape, else null (an `error`, an old result). */
export function judgedOf(detail: Record<string, unknown>): Judged | null {
  const judged = detail['judged'];
  if (!isRecord(judged)) return null;
  if (typeof judged['metric'] !== 'string' || typeof judged['reading'] !== 'string') return null;
  const value = typeof judged['value'] === 'number' ? judged['value'] : null;
  const thresholds: Judged['thresholds'] = {};
  if (isRecord(judged['thresholds'])) {
    for (const tier of TIERS) {
      const bound = judged['thresholds'][tier];
      if (typeof bound === 'number') thresholds[tier] = bound;
    }
  }
  const range = isRecord(judged['range'])
    ? {
        min: typeof judged['range']['min'] === 'number' ? judged['range']['min'] : null,
        max: typeof judged['range']['max'] === 'number' ? judged['range']['max'] : null,
        severity: typeof judged['range']['severity'] === 'string' ? judged['range']['severity'] : 'fail',
      }
    : undefined;
  return {
    metric: judged['metric'],
    value,
    unit: (typeof judged['unit'] === 'string' ? judged['unit'] : 'value') as JudgedUnit,
    thresholds,
    ...(range ? { range } : {}),
    band: typeof judged['band'] === 'string' ? judged['band'] : '',
    reading: judged['reading'],
  };
}

/** A number as the results table shows it: at most four decimals, no float noise. */
export function shownNumber(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  return String(Math.round(value * 1e4) / 1e4);
}

/** A measured value with its unit: `16.6 %`, `3 rows`, `26 h`, `4.2` (z, changes, plain values). */
export function withUnit(value: number, unit: JudgedUnit): string {
  const text = shownNumber(value);
  switch (unit) {
    case 'percent':
      return `${text} %`;
    case 'hours':
      return `${text} h`;
    case 'rows':
      return `${text} ${value === 1 ? 'row' : 'rows'}`;
    case 'changes':
      return `${text} ${value === 1 ? 'change' : 'changes'}`;
    case 'z':
      return `z ${text}`;
    default:
      return text;
  }
}

/** The metric as measured: `unexpected_percent 16.6 %`, or `— (not measured)`. */
export function metricText(judged: Judged): string {
  return judged.value === null
    ? `${judged.metric}: not measured`
    : `${judged.metric} ${withUnit(judged.value, judged.unit)}`;
}

/**
 * The bounds it was judged against: `warn > 1 % · fail > 5 %` for tiers (reached when the value
 * exceeds them), `fail outside 0 – 100 rows` for a range, `no threshold` when there is none.
 */
export function thresholdText(judged: Judged): string {
  const parts: string[] = [];
  for (const tier of TIERS) {
    const bound = judged.thresholds[tier];
    if (bound !== undefined) parts.push(`${tier} > ${withUnit(bound, judged.unit)}`);
  }
  if (judged.range) {
    const { min, max, severity } = judged.range;
    if (min !== null && max !== null)
      parts.push(`${severity} outside ${shownNumber(min)} – ${withUnit(max, judged.unit)}`);
    else if (min !== null) parts.push(`${severity} below ${withUnit(min, judged.unit)}`);
    else if (max !== null) parts.push(`${severity} above ${withUnit(max, judged.unit)}`);
  }
  return parts.length === 0 ? 'no threshold' : parts.join(' · ');
}

/** A duration in words: milliseconds under a second, seconds to one decimal under a minute, else minutes and seconds; a dash when there is none. */
export function durationText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

export function scoreText(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : String(Math.round(score));
}

export function timeText(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

// Filled badges whose text keeps the AA contrast ratio on their colour.
export const STATUS_COLOR: Record<RunStatus, string> = {
  queued: 'gray.7',
  running: 'blue.8',
  succeeded: 'teal.9',
  failed: 'red.9',
  cancelled: 'dark.5',
};

export const OUTCOME_COLOR: Record<RunOutcome, { bg: string; text: 'white' | 'black' }> = {
  pass: { bg: 'teal.9', text: 'white' },
  warn: { bg: 'yellow.4', text: 'black' },
  fail: { bg: 'orange.9', text: 'black' },
  critical: { bg: 'red.9', text: 'white' },
  error: { bg: 'grape.9', text: 'white' },
  skip: { bg: 'gray.7', text: 'white' },
};

/** Worst first: how the results table orders a run's results. */
const OUTCOME_RANK: Record<RunOutcome, number> = {
  critical: 0,
  fail: 1,
  error: 2,
  warn: 3,
  skip: 4,
  pass: 5,
};

export function worstFirst<T extends { outcome: RunOutcome }>(results: readonly T[]): T[] {
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => OUTCOME_RANK[a.result.outcome] - OUTCOME_RANK[b.result.outcome] || a.index - b.index)
    .map(({ result }) => result);
}

/** `outcome_counts` in words, worst first: `2 fail · 1 pass`. */
export function outcomeSummary(counts: Record<string, unknown>): string {
  const parts = (Object.keys(OUTCOME_RANK) as RunOutcome[])
    .sort((a, b) => OUTCOME_RANK[a] - OUTCOME_RANK[b])
    .map((outcome) => [outcome, counts[outcome]] as const)
    .filter((entry): entry is readonly [RunOutcome, number] => typeof entry[1] === 'number' && entry[1] > 0)
    .map(([outcome, count]) => `${count} ${outcome}`);
  return parts.length === 0 ? '—' : parts.join(' · ');
}

/** A sample cell as the API gave it: text as it is (masked stays masked), null as `null`, others as JSON. */
export function sampleCell(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Every column of a set of sample rows, in first-seen order. */
export function sampleColumns(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/**
 * Why a result shows no failing rows: none to show (it passed, or its kind keeps none), purged by
 * retention, or withheld although rows failed (zero-sample mode keeps every row from being read).
 */
export type SampleAbsence = 'none-needed' | 'purged' | 'withheld';

export function sampleAbsence(result: {
  outcome: RunOutcome;
  samples: readonly unknown[];
  samples_purged: boolean;
  unexpected_count: number | null;
  detail: Record<string, unknown>;
}): SampleAbsence | null {
  if (result.samples.length > 0 || hasBucketSamples(result.detail)) return null;
  if (result.samples_purged) return 'purged';
  const failingRows = result.unexpected_count ?? failingRowsOf(result.detail);
  if (result.outcome !== 'pass' && failingRows !== null && failingRows > 0) return 'withheld';
  return 'none-needed';
}

function failingRowsOf(detail: Record<string, unknown>): number | null {
  const judged = judgedOf(detail);
  if (judged?.metric === 'failing_rows' && judged.value !== null) return judged.value;
  const mismatched = ['mismatched', 'only_in_target', 'only_in_baseline']
    .map((key) => detail[key])
    .filter((value): value is number => typeof value === 'number');
  return mismatched.length === 0 ? null : mismatched.reduce((sum, value) => sum + value, 0);
}

/** A comparison's samples, per bucket (`detail.samples_by_bucket`). */
export function bucketSamplesOf(detail: Record<string, unknown>): [string, Record<string, unknown>[]][] {
  const buckets = detail['samples_by_bucket'];
  if (!isRecord(buckets)) return [];
  return Object.entries(buckets)
    .filter((entry): entry is [string, Record<string, unknown>[]] => Array.isArray(entry[1]))
    .map(([bucket, rows]) => [bucket, rows.filter(isRecord)] as [string, Record<string, unknown>[]])
    .filter(([, rows]) => rows.length > 0);
}

function hasBucketSamples(detail: Record<string, unknown>): boolean {
  return bucketSamplesOf(detail).length > 0;
}

/** The list's `until` for a "to" day the person picked: the day after it, so the day is included. */
export function dayAfter(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return new Date(time + 86_400_000).toISOString().slice(0, 10);
}

/** The status filter from the address (`status=failed,cancelled`): known statuses only, each once. */
export function statusesOf(param: string | null): RunStatus[] {
  if (!param) return [];
  const wanted = new Set(param.split(','));
  return RUN_STATUSES.filter((status) => wanted.has(status));
}
