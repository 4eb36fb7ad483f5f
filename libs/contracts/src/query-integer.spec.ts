import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AuditEventListQuery } from './audit/audit-event-list.dto';
import { DashboardSummaryQuery } from './runs/dashboard.dto';
import { RunListQuery } from './runs/run-api.dto';
import { ConnectionListQuery } from './connections/connection.dto';
import { UserSearchQuery } from './identity/identity.dto';
import { ListPageQuery } from './paging/list-page';
import { CheckHistoryQuery } from './suites/check-history.dto';
import { CheckListQuery } from './suites/suite-lists.dto';
import { SuiteListQuery } from './suites/suite.dto';

type QueryClass = new () => object;

const problemsOf = (type: QueryClass, query: Record<string, unknown>): string[] =>
  validateSync(plainToInstance(type, query)).map((error) => error.property);

/** Every integer query parameter of a list endpoint: empty is refused like `abc`, never a default. */
describe.each([
  [CheckHistoryQuery, 'limit'],
  [AuditEventListQuery, 'limit'],
  [RunListQuery, 'limit'],
  [DashboardSummaryQuery, 'days'],
  [ListPageQuery, 'limit'],
  [ConnectionListQuery, 'limit'],
  [SuiteListQuery, 'limit'],
  [CheckListQuery, 'limit'],
] as [QueryClass, string][])('%p', (type, field) => {
  it.each(['', ' ', 'abc', '12abc', '1.5'])('refuses %j', (value) => {
    expect(problemsOf(type, { [field]: value })).toEqual([field]);
  });

  it('reads an integer and leaves an absent one to the default', () => {
    const read = plainToInstance(type, { [field]: '5' }) as Record<string, unknown>;
    expect(read[field]).toBe(5);
    expect(problemsOf(type, { [field]: '5' })).toEqual([]);
    expect(problemsOf(type, {})).toEqual([]);
  });
});

/** Every paged list: `limit` 1 to 200, and a `cursor` of 1 to 2048 characters. */
describe.each([ListPageQuery, ConnectionListQuery, SuiteListQuery, CheckListQuery] as QueryClass[])(
  '%p paging',
  (type) => {
    it.each(['0', '201', '-1'])('refuses limit %s', (limit) => {
      expect(problemsOf(type, { limit })).toEqual(['limit']);
    });

    it('takes limits 1 and 200 and an opaque cursor', () => {
      expect(problemsOf(type, { limit: '1' })).toEqual([]);
      expect(problemsOf(type, { limit: '200', cursor: 'abc' })).toEqual([]);
      expect(problemsOf(type, { cursor: '' })).toEqual(['cursor']);
      expect(problemsOf(type, { cursor: 'x'.repeat(2049) })).toEqual(['cursor']);
    });
  },
);

it('a user search pages too, with its query required', () => {
  expect(problemsOf(UserSearchQuery, { q: 'ann', limit: '201' })).toEqual(['limit']);
  expect(problemsOf(UserSearchQuery, { limit: '5' })).toEqual(['q']);
});
