import {
  dayAfter,
  durationText,
  isCancellable,
  judgedOf,
  metricText,
  outcomeSummary,
  progressOf,
  sampleAbsence,
  sampleCell,
  sampleColumns,
  statusesOf,
  thresholdText,
  worstFirst,
} from './run-format';

describe('progressOf', () => {
  it('counts checks done of the total and what is left', () => {
    expect(progressOf({ status: 'running', completed_checks: 1, total_checks: 4 })).toEqual({
      percent: 25,
      remaining: 3,
      label: '1 of 4 checks done',
    });
    expect(progressOf({ status: 'queued', completed_checks: 0, total_checks: 1 }).label).toBe(
      '0 of 1 check done',
    );
  });

  it('never shows a running run complete, and always shows an ended one complete', () => {
    expect(progressOf({ status: 'running', completed_checks: 3, total_checks: 3 }).percent).toBe(99);
    expect(progressOf({ status: 'running', completed_checks: 2, total_checks: 3 }).percent).toBe(66);
    expect(progressOf({ status: 'cancelled', completed_checks: 1, total_checks: 3 })).toMatchObject({
      percent: 100,
      remaining: 2,
    });
    expect(progressOf({ status: 'succeeded', completed_checks: 0, total_checks: 0 }).percent).toBe(100);
  });

  it('survives an empty suite and counts out of range', () => {
    expect(progressOf({ status: 'running', completed_checks: 0, total_checks: 0 }).percent).toBe(0);
    expect(progressOf({ status: 'running', completed_checks: 7, total_checks: 3 })).toMatchObject({
      remaining: 0,
      label: '3 of 3 checks done',
    });
    expect(progressOf({ status: 'running', completed_checks: -1, total_checks: 3 }).percent).toBe(0);
  });
});

describe('isCancellable', () => {
  it('only a queued or running run without a cancel asked for', () => {
    expect(isCancellable({ status: 'queued' })).toBe(true);
    expect(isCancellable({ status: 'running', cancel_requested_at: null })).toBe(true);
    expect(isCancellable({ status: 'running', cancel_requested_at: '2026-01-01T00:00:00Z' })).toBe(false);
    for (const status of ['succeeded', 'failed', 'cancelled'] as const)
      expect(isCancellable({ status })).toBe(false);
  });
});

describe('judged metric and thresholds', () => {
  const tiers = {
    judged: {
      metric: 'unexpected_percent',
      value: 16.600000000000001,
      unit: 'percent',
      thresholds: { warn: 1, fail: 5 },
      band: 'fail',
      reading: 'unexpected_percent 16.6 % > fail 5 %',
    },
  };

  it('reads tier bounds in tier order with their unit', () => {
    const judged = judgedOf(tiers)!;
    expect(metricText(judged)).toBe('unexpected_percent 16.6 %');
    expect(thresholdText(judged)).toBe('warn > 1 % · fail > 5 %');
  });

  it('reads a range, one-sided ranges and no bound at all', () => {
    const range = (min: number | null, max: number | null) =>
      judgedOf({
        judged: {
          metric: 'row_count',
          value: 1,
          unit: 'rows',
          thresholds: {},
          range: { min, max, severity: 'critical' },
          band: 'critical',
          reading: 'row_count 1 rows outside [10, 100]: critical',
        },
      })!;
    expect(metricText(range(10, 100))).toBe('row_count 1 row');
    expect(thresholdText(range(10, 100))).toBe('critical outside 10 – 100 rows');
    expect(thresholdText(range(10, null))).toBe('critical below 10 rows');
    expect(thresholdText(range(null, 100))).toBe('critical above 100 rows');
    const profile = judgedOf({
      judged: { metric: 'row_count', value: 4, unit: 'rows', thresholds: {}, band: 'pass', reading: 'x' },
    })!;
    expect(thresholdText(profile)).toBe('no threshold');
  });

  it('says when nothing was measured, and shows z, hours and infinity', () => {
    const judged = (value: number | null, unit: string) =>
      judgedOf({
        judged: { metric: 'm', value, unit, thresholds: { fail: 3 }, band: 'fail', reading: 'r' },
      })!;
    expect(metricText(judged(null, 'z'))).toBe('m: not measured');
    expect(metricText(judged(4.25, 'z'))).toBe('m z 4.25');
    expect(thresholdText(judged(4.25, 'hours'))).toBe('fail > 3 h');
    expect(metricText(judged(Infinity, 'value'))).toBe('m ∞');
  });

  it('is null for an error result or a shape it does not know', () => {
    expect(judgedOf({ reason: 'evaluation_failed', message: 'boom' })).toBeNull();
    expect(judgedOf({ judged: 'text' })).toBeNull();
    expect(judgedOf({ judged: { metric: 1 } })).toBeNull();
  });
});

describe('durations, outcomes and statuses', () => {
  it('formats durations from milliseconds to minutes', () => {
    expect([null, -1, 850.4, 12_340, 60_000, 245_000].map(durationText)).toEqual([
      '—',
      '—',
      '850 ms',
      '12.3 s',
      '1 min',
      '4 min 5 s',
    ]);
  });

  it('orders results worst first, keeping the API order within an outcome', () => {
    const results = [
      { id: 'a', outcome: 'pass' as const },
      { id: 'b', outcome: 'warn' as const },
      { id: 'c', outcome: 'critical' as const },
      { id: 'd', outcome: 'error' as const },
      { id: 'e', outcome: 'warn' as const },
    ];
    expect(worstFirst(results).map((result) => result.id)).toEqual(['c', 'd', 'b', 'e', 'a']);
    expect(outcomeSummary({ pass: 1, fail: 2, warn: 0 })).toBe('2 fail · 1 pass');
    expect(outcomeSummary({})).toBe('—');
  });

  it('reads the status filter and the inclusive "to" day', () => {
    expect(statusesOf('failed,bogus,queued,failed')).toEqual(['queued', 'failed']);
    expect(statusesOf(null)).toEqual([]);
    expect(dayAfter('2026-02-28')).toBe('2026-03-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('yesterday')).toBeNull();
  });
});

describe('samples', () => {
  const failing = {
    outcome: 'fail' as const,
    samples: [] as Record<string, unknown>[],
    samples_purged: false,
    unexpected_count: 2,
    detail: {},
  };

  it('shows cells as given: masked text stays masked, null and objects are spelled out', () => {
    expect(sampleCell('a********m')).toBe('a********m');
    expect(sampleCell(null)).toBe('null');
    expect(sampleCell(-5)).toBe('-5');
    expect(sampleCell({ a: 1 })).toBe('{"a":1}');
    expect(sampleColumns([{ a: 1 }, { b: 2, a: 3 }])).toEqual(['a', 'b']);
  });

  it('tells withheld, purged and nothing-to-show apart', () => {
    expect(sampleAbsence(failing)).toBe('withheld');
    expect(sampleAbsence({ ...failing, samples_purged: true })).toBe('purged');
    expect(sampleAbsence({ ...failing, outcome: 'pass', unexpected_count: 0 })).toBe('none-needed');
    expect(sampleAbsence({ ...failing, unexpected_count: null })).toBe('none-needed');
    expect(sampleAbsence({ ...failing, samples: [{ a: '****' }] })).toBeNull();
    // A custom SQL check counts its failing rows in `judged`; a comparison in its buckets.
    const customSql = {
      judged: { metric: 'failing_rows', value: 3, unit: 'rows', thresholds: {}, band: 'fail', reading: 'r' },
    };
    expect(sampleAbsence({ ...failing, unexpected_count: null, detail: customSql })).toBe('withheld');
    const comparison = { matched: 1, mismatched: 1, only_in_target: 0, only_in_baseline: 0 };
    expect(sampleAbsence({ ...failing, unexpected_count: null, detail: comparison })).toBe('withheld');
    const withBuckets = { ...comparison, samples_by_bucket: { mismatched: [{ order_id: '2' }] } };
    expect(sampleAbsence({ ...failing, unexpected_count: null, detail: withBuckets })).toBeNull();
  });
});
