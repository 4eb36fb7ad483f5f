import type { DashboardSuitePerformance, RunStatus } from '../api/types';
import { expiryWarning, failingFirst, percent, suiteStateOf } from './suite-order';

function suite(name: string, last: RunStatus | null, fail = 0): DashboardSuitePerformance {
  return {
    suite_id: name,
    name,
    checks: 1,
    health_score: null,
    runs: 0,
    runs_by_status: { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
    run_success_rate: null,
    check_pass_rate: null,
    results_by_outcome: { pass: 0, warn: 0, fail, critical: 0, error: 0, skip: 0 },
    mean_run_duration_ms: null,
    last_completed_run: last
      ? { id: `${name}-run`, status: last, created_at: '', finished_at: null, health_score: null }
      : null,
  };
}

describe('dashboard suite order', () => {
  it('puts failing suites first and keeps the API order otherwise', () => {
    const ordered = failingFirst([
      suite('never', null),
      suite('ok', 'succeeded'),
      suite('bad-run', 'failed'),
      suite('ok-2', 'succeeded'),
      suite('bad-result', 'succeeded', 2),
    ]);

    expect(ordered.map((s) => s.name)).toEqual(['bad-run', 'bad-result', 'ok', 'ok-2', 'never']);
  });

  it('names the state of each suite', () => {
    expect(suiteStateOf(suite('a', null))).toBe('never-run');
    expect(suiteStateOf(suite('a', 'succeeded'))).toBe('passing');
    expect(suiteStateOf(suite('a', 'failed'))).toBe('failing');
  });

  it('writes a missing percentage as a dash', () => {
    expect(percent(null)).toBe('—');
    expect(percent(87.456)).toBe('87.5%');
  });

  it("warns of a key's expiry only in its last two weeks", () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(expiryWarning('2026-01-31T00:00:00Z', now)).toBeNull();
    expect(expiryWarning('2026-01-10T12:00:00Z', now)).toBe('Expires in 9d');
    expect(expiryWarning('2026-01-01T05:00:00Z', now)).toBe('Expires in 0d');
    expect(expiryWarning('2025-12-31T00:00:00Z', now)).toBe('Expired');
  });
});
