import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { RunListQuery } from './runs/run-api.dto';
import { CheckHistoryQuery } from './suites/check-history.dto';
import { isInstant } from './instant';

describe('instants in queries', () => {
  it.each([
    '2026-11-01',
    '2026-11-01T10:00:00Z',
    '2026-11-01T10:00:00.123456+02:00',
    '3249-02-20T10:32:53.978382+15:59',
    '2026-11-01T10:00-0530',
  ])('takes %s', (value) => {
    expect(isInstant(value)).toBe(true);
  });

  // Strict ISO 8601 all, and each a SQL error (a 500) when it reached PostgreSQL as a timestamptz.
  it.each(['3249-02-20T10:32:53.978382+17:05', '2026-W01-1', '2026-11-01T10', '2026-123'])(
    'refuses %s',
    (value) => {
      expect(isInstant(value)).toBe(false);
    },
  );

  it.each([
    ['RunListQuery', RunListQuery, ['since', 'until']],
    ['CheckHistoryQuery', CheckHistoryQuery, ['from', 'to']],
  ] as const)(
    '%s refuses an offset PostgreSQL cannot read, with the field named',
    async (_name, type, fields) => {
      for (const field of fields) {
        const errors = await validate(
          plainToInstance(type as new () => object, { [field]: '3249-02-20T10:32:53.978382+17:05' }),
        );
        expect(errors.map((error) => [error.property, Object.keys(error.constraints ?? {})])).toEqual([
          [field, ['isInstant']],
        ]);
      }
    },
  );
});
