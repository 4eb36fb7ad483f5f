import { DEFAULT_SCORING_WEIGHTS } from '@dq/contracts';
import { type DashboardInputs, dashboardWindow, summarizeDashboard } from './dashboard-summary';

const NOW = new Date('2026-11-25T23:59:59.999Z');
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

function inputs(overrides: Partial<DashboardInputs> = {}): DashboardInputs {
  return {
    window: dashboardWindow(3, NOW),
    weights: { ...DEFAULT_SCORING_WEIGHTS },
    suites: [
      { id: A, name: 'orders' },
      { id: B, name: 'customers' },
      { id: C, name: 'archive' },
    ],
    checksBySuite: new Map([
      [A, 4],
      [B, 2],
    ]),
    runRows: [],
    resultRows: [],
    latestRuns: [],
    ...overrides,
  };
}

describe('dashboardWindow', () => {
  it('covers the last N UTC days, today included, as a half-open range', () => {
    const window = dashboardWindow(3, NOW);
    expect(window.since.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(window.until.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(window.dates).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('counts today from its first millisecond', () => {
    expect(dashboardWindow(1, new Date('2026-03-01T00:00:00.000Z')).dates).toEqual(['2026-03-01']);
  });
});

describe('summarizeDashboard', () => {
  it('answers an empty workspace with zeros, null rates and a full trend of empty days', () => {
    const view = summarizeDashboard(inputs({ suites: [], checksBySuite: new Map() }));
    expect(view.kpis).toMatchObject({
      suites: 0,
      checks: 0,
      runs: 0,
      run_success_rate: null,
      check_pass_rate: null,
      health_score: null,
      failing_suites: 0,
      mean_run_duration_ms: null,
    });
    expect(view.trend.map((day) => [day.date, day.runs, day.health_score])).toEqual([
      ['2026-11-23', 0, null],
      ['2026-11-24', 0, null],
      ['2026-11-25', 0, null],
    ]);
    expect(view.suites).toEqual([]);
    expect(view.window).toEqual({
      days: 3,
      since: '2026-11-23T00:00:00.000Z',
      until: '2026-11-26T00:00:00.000Z',
    });
  });

  it('folds runs and results into KPIs, a gap-free trend and per-suite figures, worst suite first', () => {
    const view = summarizeDashboard(
      inputs({
        runRows: [
          {
            suite_id: A,
            date: '2026-11-23',
            status: 'succeeded',
            runs: 3,
            duration_ms_sum: 600,
            durations: 3,
          },
          { suite_id: A, date: '2026-11-25', status: 'failed', runs: 1, duration_ms_sum: 1000, durations: 1 },
          {
            suite_id: B,
            date: '2026-11-25',
            status: 'succeeded',
            runs: 1,
            duration_ms_sum: 400,
            durations: 1,
          },
          { suite_id: B, date: '2026-11-25', status: 'running', runs: 1, duration_ms_sum: 0, durations: 0 },
        ],
        resultRows: [
          { suite_id: A, date: '2026-11-23', outcome: 'pass', results: 9 },
          { suite_id: A, date: '2026-11-23', outcome: 'fail', results: 3 },
          { suite_id: A, date: '2026-11-25', outcome: 'error', results: 1 },
          { suite_id: B, date: '2026-11-25', outcome: 'pass', results: 1 },
          { suite_id: B, date: '2026-11-25', outcome: 'warn', results: 1 },
        ],
        latestRuns: [
          {
            suite_id: A,
            id: 'run-a',
            status: 'failed',
            created_at: new Date('2026-11-25T10:00:00Z'),
            finished_at: new Date('2026-11-25T10:00:01Z'),
            outcomes: { pass: 3, error: 1 },
          },
          {
            suite_id: B,
            id: 'run-b',
            status: 'succeeded',
            created_at: new Date('2026-11-25T11:00:00Z'),
            finished_at: null,
            outcomes: { pass: 1, warn: 1 },
          },
        ],
      }),
    );

    expect(view.kpis).toEqual({
      suites: 3,
      checks: 6,
      runs: 6,
      runs_by_status: { queued: 0, running: 1, succeeded: 4, failed: 1, cancelled: 0 },
      run_success_rate: 80,
      // 10 passes over 14 judged results; the pass rate leaves the error out (the score does not).
      check_pass_rate: 71.43,
      results_by_outcome: { pass: 10, warn: 1, fail: 3, critical: 0, error: 1, skip: 0 },
      // Now: the latest runs' 4 passes, 1 warn and 1 error (weighing as critical) ->
      // 100 x (1 - (1 + 5) / (6 x 5)).
      health_score: 80,
      // A's latest run ended failed, although none of its results failed.
      failing_suites: 1,
      mean_run_duration_ms: 400,
    });
    expect(view.trend).toEqual([
      {
        date: '2026-11-23',
        runs: 3,
        runs_by_status: { queued: 0, running: 0, succeeded: 3, failed: 0, cancelled: 0 },
        results_by_outcome: { pass: 9, warn: 0, fail: 3, critical: 0, error: 0, skip: 0 },
        health_score: 85, // 100 x (1 - 3 x 3 / (12 x 5))
      },
      {
        date: '2026-11-24',
        runs: 0,
        runs_by_status: { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
        results_by_outcome: { pass: 0, warn: 0, fail: 0, critical: 0, error: 0, skip: 0 },
        health_score: null,
      },
      {
        date: '2026-11-25',
        runs: 3,
        runs_by_status: { queued: 0, running: 1, succeeded: 1, failed: 1, cancelled: 0 },
        results_by_outcome: { pass: 1, warn: 1, fail: 0, critical: 0, error: 1, skip: 0 },
        health_score: 60, // 100 x (1 - (1 + 5) / (3 x 5))
      },
    ]);
    // The orders suite's latest run had an errored check: it never scores 100 (75 here), and it
    // leads as the worst.
    expect(view.suites.map((suite) => [suite.name, suite.health_score])).toEqual([
      ['orders', 75],
      ['customers', 90],
      ['archive', null],
    ]);
    expect(view.suites[0]).toEqual({
      suite_id: A,
      name: 'orders',
      checks: 4,
      runs: 4,
      runs_by_status: { queued: 0, running: 0, succeeded: 3, failed: 1, cancelled: 0 },
      run_success_rate: 75,
      check_pass_rate: 75,
      results_by_outcome: { pass: 9, warn: 0, fail: 3, critical: 0, error: 1, skip: 0 },
      mean_run_duration_ms: 400,
      health_score: 75, // 100 x (1 - 5 / (4 x 5))
      last_completed_run: {
        id: 'run-a',
        status: 'failed',
        created_at: '2026-11-25T10:00:00.000Z',
        finished_at: '2026-11-25T10:00:01.000Z',
        health_score: 75,
      },
    });
    expect(view.suites[2]).toMatchObject({
      checks: 0,
      runs: 0,
      last_completed_run: null,
      run_success_rate: null,
    });
  });

  it('scores with the workspace weights', () => {
    const latest = {
      suite_id: A,
      id: 'run-a',
      status: 'succeeded' as const,
      created_at: NOW,
      finished_at: NOW,
      outcomes: { pass: 1, fail: 1 },
    };
    const weighted = (fail: number): number | null =>
      summarizeDashboard(inputs({ weights: { warn: 1, fail, critical: 5 }, latestRuns: [latest] })).kpis
        .health_score;
    expect(weighted(3)).toBe(70);
    expect(weighted(5)).toBe(50);
  });

  it('never scores a suite 100 when a check of its latest run errored', () => {
    // The case: one NaN broke a fused scan and 27 checks ended error beside one that passed.
    const latest = {
      suite_id: A,
      id: 'run-a',
      status: 'succeeded' as const,
      created_at: NOW,
      finished_at: NOW,
      outcomes: { pass: 1, error: 27 },
    };
    const view = summarizeDashboard(
      inputs({
        latestRuns: [latest],
        resultRows: [
          { suite_id: A, date: '2026-11-25', outcome: 'pass', results: 1 },
          { suite_id: A, date: '2026-11-25', outcome: 'error', results: 27 },
        ],
      }),
    );
    const orders = view.suites.find((suite) => suite.suite_id === A);
    expect(orders?.health_score).toBe(3.57); // 100 x 1 / 28
    expect(orders?.last_completed_run?.health_score).toBe(3.57);
    expect(view.kpis.health_score).toBe(3.57);
    expect(view.trend.at(-1)?.health_score).toBe(3.57);
    // Every check errored: 0, not "no evidence".
    const allErrored = summarizeDashboard(inputs({ latestRuns: [{ ...latest, outcomes: { error: 3 } }] }));
    expect(allErrored.kpis.health_score).toBe(0);
  });
});
