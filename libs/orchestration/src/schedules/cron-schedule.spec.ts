import { CronTime } from 'cron';
import { DateTime } from 'luxon';
import { AppError } from '@dq/contracts';
import { CronSchedule, cronProblem, timezoneProblem } from './cron-schedule';

/** The next `count` fire instants after `from`, as the API writes them (with the zone's offset). */
function fires(cron: string, zone: string, from: string, count: number): string[] {
  const schedule = new CronSchedule(cron, zone);
  return schedule.nextFireTimes(new Date(from), count).map((instant) => schedule.format(instant));
}

function fieldsOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).detail;
  }
  throw new Error('expected a validation error');
}

describe('CronSchedule: a daily 02:00 on every day around both transitions', () => {
  it('America/New_York: the spring-forward day fires at 03:00, the fall-back day once at 02:00', () => {
    expect(fires('0 2 * * *', 'America/New_York', '2026-03-05T12:00:00-05:00', 5)).toEqual([
      '2026-03-06T02:00:00-05:00',
      '2026-03-07T02:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-09T02:00:00-04:00',
      '2026-03-10T02:00:00-04:00',
    ]);
    expect(fires('0 2 * * *', 'America/New_York', '2026-10-29T12:00:00-04:00', 5)).toEqual([
      '2026-10-30T02:00:00-04:00',
      '2026-10-31T02:00:00-04:00',
      '2026-11-01T02:00:00-05:00',
      '2026-11-02T02:00:00-05:00',
      '2026-11-03T02:00:00-05:00',
    ]);
  });

  it('Europe/Berlin: 02:00 is in the gap in March and happens twice in October (first one fires)', () => {
    expect(fires('0 2 * * *', 'Europe/Berlin', '2026-03-26T12:00:00+01:00', 5)).toEqual([
      '2026-03-27T02:00:00+01:00',
      '2026-03-28T02:00:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-30T02:00:00+02:00',
      '2026-03-31T02:00:00+02:00',
    ]);
    expect(fires('0 2 * * *', 'Europe/Berlin', '2026-10-22T12:00:00+02:00', 5)).toEqual([
      '2026-10-23T02:00:00+02:00',
      '2026-10-24T02:00:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-26T02:00:00+01:00',
      '2026-10-27T02:00:00+01:00',
    ]);
  });

  it('Australia/Sydney: 02:00 happens twice in April (first one fires) and is in the gap in October', () => {
    expect(fires('0 2 * * *', 'Australia/Sydney', '2026-04-02T12:00:00+11:00', 5)).toEqual([
      '2026-04-03T02:00:00+11:00',
      '2026-04-04T02:00:00+11:00',
      '2026-04-05T02:00:00+11:00',
      '2026-04-06T02:00:00+10:00',
      '2026-04-07T02:00:00+10:00',
    ]);
    expect(fires('0 2 * * *', 'Australia/Sydney', '2026-10-01T12:00:00+10:00', 5)).toEqual([
      '2026-10-02T02:00:00+10:00',
      '2026-10-03T02:00:00+10:00',
      '2026-10-04T03:00:00+11:00',
      '2026-10-05T02:00:00+11:00',
      '2026-10-06T02:00:00+11:00',
    ]);
  });
});

describe('CronSchedule: a wall time in the gap fires once, at the first instant after it', () => {
  it.each([
    [
      'America/New_York',
      '2026-03-07T12:00:00-05:00',
      ['2026-03-08T03:00:00-04:00', '2026-03-09T02:30:00-04:00'],
    ],
    [
      'Europe/Berlin',
      '2026-03-28T12:00:00+01:00',
      ['2026-03-29T03:00:00+02:00', '2026-03-30T02:30:00+02:00'],
    ],
    [
      'Australia/Sydney',
      '2026-10-03T12:00:00+10:00',
      ['2026-10-04T03:00:00+11:00', '2026-10-05T02:30:00+11:00'],
    ],
  ])('30 2 * * * in %s', (zone, from, expected) => {
    expect(fires('30 2 * * *', zone, from, 2)).toEqual(expected);
  });

  it.each([
    [
      'America/New_York',
      '2026-03-08T01:00:00-05:00',
      ['2026-03-08T01:30:00-05:00', '2026-03-08T03:00:00-04:00', '2026-03-08T03:30:00-04:00'],
    ],
    [
      'Europe/Berlin',
      '2026-03-29T01:00:00+01:00',
      ['2026-03-29T01:30:00+01:00', '2026-03-29T03:00:00+02:00', '2026-03-29T03:30:00+02:00'],
    ],
    [
      'Australia/Sydney',
      '2026-10-04T01:00:00+10:00',
      ['2026-10-04T01:30:00+10:00', '2026-10-04T03:00:00+11:00', '2026-10-04T03:30:00+11:00'],
    ],
  ])('*/30 * * * * in %s: 02:00 and 02:30 fire once together at 03:00', (zone, from, expected) => {
    expect(fires('*/30 * * * *', zone, from, 3)).toEqual(expected);
  });

  it.each([
    [
      'America/New_York',
      '2026-03-08T00:30:00-05:00',
      ['2026-03-08T01:00:00-05:00', '2026-03-08T03:00:00-04:00', '2026-03-08T04:00:00-04:00'],
    ],
    [
      'Europe/Berlin',
      '2026-03-29T00:30:00+01:00',
      ['2026-03-29T01:00:00+01:00', '2026-03-29T03:00:00+02:00', '2026-03-29T04:00:00+02:00'],
    ],
    [
      'Australia/Sydney',
      '2026-10-04T00:30:00+10:00',
      ['2026-10-04T01:00:00+10:00', '2026-10-04T03:00:00+11:00', '2026-10-04T04:00:00+11:00'],
    ],
  ])('0 * * * * in %s: the missing hour and 03:00 are one fire', (zone, from, expected) => {
    expect(fires('0 * * * *', zone, from, 3)).toEqual(expected);
  });

  it('every minute: the whole gap is one fire', () => {
    expect(fires('* * * * *', 'America/New_York', '2026-03-08T01:58:30-05:00', 3)).toEqual([
      '2026-03-08T01:59:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T03:01:00-04:00',
    ]);
  });
});

describe('CronSchedule: a wall time that happens twice fires once, at its first occurrence', () => {
  it.each([
    [
      'America/New_York',
      '30 1 * * *',
      '2026-10-31T12:00:00-04:00',
      ['2026-11-01T01:30:00-04:00', '2026-11-02T01:30:00-05:00'],
    ],
    [
      'Europe/Berlin',
      '30 2 * * *',
      '2026-10-24T12:00:00+02:00',
      ['2026-10-25T02:30:00+02:00', '2026-10-26T02:30:00+01:00'],
    ],
    [
      'Australia/Sydney',
      '30 2 * * *',
      '2026-04-04T12:00:00+11:00',
      ['2026-04-05T02:30:00+11:00', '2026-04-06T02:30:00+10:00'],
    ],
  ])('%s %s', (zone, cron, from, expected) => {
    expect(fires(cron, zone, from, 2)).toEqual(expected);
  });

  it.each([
    [
      'America/New_York',
      '2026-11-01T00:00:00-04:00',
      [
        '2026-11-01T00:30:00-04:00',
        '2026-11-01T01:00:00-04:00',
        '2026-11-01T01:30:00-04:00',
        '2026-11-01T02:00:00-05:00',
        '2026-11-01T02:30:00-05:00',
      ],
    ],
    [
      'Europe/Berlin',
      '2026-10-25T01:00:00+02:00',
      [
        '2026-10-25T01:30:00+02:00',
        '2026-10-25T02:00:00+02:00',
        '2026-10-25T02:30:00+02:00',
        '2026-10-25T03:00:00+01:00',
        '2026-10-25T03:30:00+01:00',
      ],
    ],
    [
      'Australia/Sydney',
      '2026-04-05T01:00:00+11:00',
      [
        '2026-04-05T01:30:00+11:00',
        '2026-04-05T02:00:00+11:00',
        '2026-04-05T02:30:00+11:00',
        '2026-04-05T03:00:00+10:00',
        '2026-04-05T03:30:00+10:00',
      ],
    ],
  ])('*/30 * * * * in %s: the repeated hour does not fire a second time', (zone, from, expected) => {
    expect(fires('*/30 * * * *', zone, from, 5)).toEqual(expected);
  });

  it.each([
    [
      'America/New_York',
      '2026-11-01T00:30:00-04:00',
      ['2026-11-01T01:00:00-04:00', '2026-11-01T02:00:00-05:00', '2026-11-01T03:00:00-05:00'],
    ],
    [
      'Europe/Berlin',
      '2026-10-25T01:30:00+02:00',
      ['2026-10-25T02:00:00+02:00', '2026-10-25T03:00:00+01:00', '2026-10-25T04:00:00+01:00'],
    ],
    [
      'Australia/Sydney',
      '2026-04-05T01:30:00+11:00',
      ['2026-04-05T02:00:00+11:00', '2026-04-05T03:00:00+10:00', '2026-04-05T04:00:00+10:00'],
    ],
  ])('0 * * * * in %s: the repeated hour fires once', (zone, from, expected) => {
    expect(fires('0 * * * *', zone, from, 3)).toEqual(expected);
  });

  it('from inside the second occurrence, the next fire is after the repeated hour', () => {
    expect(fires('*/30 * * * *', 'America/New_York', '2026-11-01T01:10:00-05:00', 2)).toEqual([
      '2026-11-01T02:00:00-05:00',
      '2026-11-01T02:30:00-05:00',
    ]);
  });

  it('the next fire after a fire is the following one (what the ticker stores)', () => {
    const schedule = new CronSchedule('30 2 * * *', 'America/New_York');
    const fired = new Date('2026-03-08T03:00:00-04:00');
    expect(schedule.format(schedule.nextAfter(fired) as Date)).toBe('2026-03-09T02:30:00-04:00');
  });
});

describe('CronSchedule: ordinary expressions', () => {
  it('fires strictly after the instant asked about; UTC is written +00:00', () => {
    expect(fires('0 9 * * 1-5', 'UTC', '2026-11-27T09:00:00+00:00', 3)).toEqual([
      '2026-11-30T09:00:00+00:00',
      '2026-12-01T09:00:00+00:00',
      '2026-12-02T09:00:00+00:00',
    ]);
  });

  it.each([
    '*/30 * * * *',
    '0 6 * * 1-5',
    '15 9-17/2 * * MON,WED',
    '0 0 1 1 MON',
    '0 0 13 * 5',
    '0 12 */10 JAN-MAR *',
    '5 4 * * 7',
    '0 0 31 * *',
  ])('matches %s exactly as the cron library does where there is no DST (UTC)', (cron) => {
    const library = new CronTime(cron, 'UTC');
    const ours = new CronSchedule(cron, 'UTC');
    let libraryNext: DateTime = DateTime.fromISO('2026-01-01T00:00:00Z', { zone: 'UTC' });
    let oursNext = new Date('2026-01-01T00:00:00Z');
    for (let index = 0; index < 40; index++) {
      libraryNext = library.getNextDateFrom(libraryNext, 'UTC');
      oursNext = ours.nextAfter(oursNext) as Date;
      expect(oursNext.toISOString()).toBe(libraryNext.toUTC().toISO());
    }
  });

  it('day of month OR day of week when both are restricted, as cron reads them', () => {
    expect(fires('0 0 13 * 5', 'UTC', '2026-01-01T00:00:00Z', 4)).toEqual([
      '2026-01-02T00:00:00+00:00',
      '2026-01-09T00:00:00+00:00',
      '2026-01-13T00:00:00+00:00',
      '2026-01-16T00:00:00+00:00',
    ]);
  });

  it('a leap day fires on the next 29 February', () => {
    expect(fires('0 0 29 2 *', 'Europe/Berlin', '2026-03-01T00:00:00+01:00', 2)).toEqual([
      '2028-02-29T00:00:00+01:00',
      '2032-02-29T00:00:00+01:00',
    ]);
  });

  it('accepts fields separated by several spaces', () => {
    expect(fires('0  6 * *  *', 'UTC', '2026-11-27T00:00:00Z', 1)).toEqual(['2026-11-27T06:00:00+00:00']);
  });
});

describe('validation', () => {
  it.each([
    ['0 0 30 2 *', /never matches/],
    ['0 0 31 4 *', /never matches/],
    ['0 0 * * * *', /got 6 .*seconds/],
    ['0 0 * *', /got 4/],
    ['', /got 0/],
    ['@daily', /nicknames/],
    ['61 * * * *', /not a valid expression/],
    ['a b c d e', /not a valid expression/],
  ])('refuses %j naming cron', (cron, problem) => {
    expect(cronProblem(cron)).toMatch(problem);
    expect(fieldsOf(() => new CronSchedule(cron, 'UTC'))).toEqual({
      fields: [{ field: 'cron', problems: [expect.stringMatching(problem)] }],
    });
  });

  it('refuses an unknown zone naming timezone, and both fields at once', () => {
    expect(timezoneProblem('Mars/Olympus_Mons')).toMatch(/IANA/);
    expect(timezoneProblem('+05:00')).toMatch(/IANA/);
    expect(timezoneProblem('Australia/Sydney')).toBeNull();
    expect(fieldsOf(() => new CronSchedule('0 0 * * * *', 'Nowhere/Else'))).toEqual({
      fields: [
        { field: 'cron', problems: [expect.any(String)] },
        { field: 'timezone', problems: [expect.any(String)] },
      ],
    });
  });
});
