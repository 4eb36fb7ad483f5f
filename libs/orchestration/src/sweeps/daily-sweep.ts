/** The daily sweeps the scheduler runs (docs/decisions/0042), each recording its last report. */
export const SweepKind = {
  SampleRetention: 'sample_retention',
  StaleOtpChallenges: 'stale_otp_challenges',
  OrphanAssets: 'orphan_assets',
  OrphanSecrets: 'orphan_secrets',
} as const;
export type SweepKind = (typeof SweepKind)[keyof typeof SweepKind];

/** How a sweep ended: `skipped` when it had nothing it could do (e.g. no assets context yet). */
export const SweepOutcome = { Completed: 'completed', Skipped: 'skipped', Failed: 'failed' } as const;
export type SweepOutcome = (typeof SweepOutcome)[keyof typeof SweepOutcome];

/** What one sweep returns: its outcome and a report of counts and ids, never secret material. */
export interface SweepResult {
  outcome: typeof SweepOutcome.Completed | typeof SweepOutcome.Skipped;
  report: Record<string, unknown>;
}

/** One daily sweep. `run` must be safe to repeat and safe alongside another process's run. */
export interface DailySweep {
  readonly kind: SweepKind;
  run(now: Date): Promise<SweepResult>;
}

/** The sweeps a `DailySweeps` runner runs, in order. */
export const DAILY_SWEEPS = Symbol('DAILY_SWEEPS');

/** `<service>@<host>:<pid>` of this process, recorded as who ran a sweep. */
export const SWEEP_PROCESS = Symbol('SWEEP_PROCESS');

/** The UTC day (`YYYY-MM-DD`) an instant falls on: a daily sweep runs at most once per such day. */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
