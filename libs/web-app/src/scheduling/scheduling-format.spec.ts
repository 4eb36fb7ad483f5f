import {
  NEAR_MISS_REASON_TEXT,
  browserTimeZone,
  instantInZone,
  providerLabel,
  timeZones,
  visibleEdges,
} from './scheduling-format';

describe('scheduling formats', () => {
  it('lists the IANA zones sorted, once each, with UTC even when the list lacks it', () => {
    expect(timeZones(() => ['Europe/Berlin', 'America/New_York', 'Europe/Berlin'])).toEqual([
      'America/New_York',
      'Europe/Berlin',
      'UTC',
    ]);
    expect(timeZones(() => ['UTC'])).toEqual(['UTC']);
    // A browser without the list still offers UTC.
    expect(
      timeZones(() => {
        throw new RangeError('unsupported');
      }),
    ).toEqual(['UTC']);
    expect(timeZones()).toContain('Asia/Tokyo');
  });

  it("defaults to the browser's zone", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("reads an instant on the schedule zone's wall clock, across a daylight-saving change", () => {
    expect(instantInZone('2026-11-30T07:30:00+09:00', 'Asia/Tokyo')).toBe('Mon 30 Nov 2026, 07:30 GMT+9');
    // The same instant in another zone reads that zone's clock, not the browser's.
    expect(instantInZone('2026-11-30T07:30:00+09:00', 'UTC')).toBe('Sun 29 Nov 2026, 22:30 UTC');
    // New York on both sides of the March change: the offset is -4 after it, -5 before.
    expect(instantInZone('2026-03-08T03:00:00-04:00', 'America/New_York')).toBe(
      'Sun 8 Mar 2026, 03:00 GMT-4',
    );
    expect(instantInZone('2026-03-07T03:00:00-05:00', 'America/New_York')).toBe(
      'Sat 7 Mar 2026, 03:00 GMT-5',
    );
  });

  it('falls back to UTC for a zone the browser does not know, and to the text for a bad instant', () => {
    expect(instantInZone('2026-11-30T00:00:00Z', 'Mars/Olympus')).toBe('Mon 30 Nov 2026, 00:00 UTC');
    expect(instantInZone('not a time', 'UTC')).toBe('not a time');
  });

  it('names providers and near-miss reasons in words', () => {
    expect(providerLabel('factory')).toBe('Factory');
    expect(NEAR_MISS_REASON_TEXT.disabled).toBe('The binding is disabled.');
    expect(Object.keys(NEAR_MISS_REASON_TEXT).sort()).toEqual([
      'disabled',
      'id_differs_by_case_or_whitespace',
      'none',
      'other_environment',
      'suite_deleted',
    ]);
  });

  it('shows leading and trailing spaces of an id', () => {
    expect(visibleEdges(' load_orders  ')).toBe('“␣load_orders␣␣”');
    expect(visibleEdges('Load Orders')).toBe('“Load Orders”');
  });
});
