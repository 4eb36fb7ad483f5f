import { QueryFailedError } from 'typeorm';
import { PgErrorCode, isUniqueViolation, pgErrorOf } from './pg-error';

describe('pgErrorOf', () => {
  const driverError = Object.assign(new Error('duplicate key'), {
    code: '23505',
    constraint: 'suites_name_key',
  });

  it('reads the SQLSTATE and constraint of a pg error and of TypeORM’s wrapper alike', () => {
    const wrapped = new QueryFailedError('INSERT', [], driverError);
    expect(pgErrorOf(driverError)).toEqual({ code: '23505', constraint: 'suites_name_key' });
    expect(pgErrorOf(wrapped)).toEqual({ code: '23505', constraint: 'suites_name_key' });
    expect(pgErrorOf('nope')).toEqual({});
    expect(pgErrorOf(new Error('plain'))).toEqual({ code: undefined, constraint: undefined });
  });

  it('isUniqueViolation matches the code, and the constraint when one is named', () => {
    expect(isUniqueViolation(driverError)).toBe(true);
    expect(isUniqueViolation(driverError, 'suites_name_key')).toBe(true);
    expect(isUniqueViolation(driverError, 'other_idx')).toBe(false);
    expect(isUniqueViolation({ code: PgErrorCode.ForeignKeyViolation })).toBe(false);
  });
});
