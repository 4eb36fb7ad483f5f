import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AuditEventListQuery } from './audit/audit-event-list.dto';
import { DashboardSummaryQuery } from './runs/dashboard.dto';
import { RunListQuery } from './runs/run-api.dto';
import { CheckHistoryQuery } from './suites/check-history.dto';

type QueryClass = new () => object;

const problemsOf = (type: QueryClass, query: Record<string, unknown>): string[] =>
  validateSync(plainToInstance(type, query)).map((error) => error.property);

/** Every integer query parameter of a list endpoint: empty is refused like `abc`, never a default. */
describe.each([
  [CheckHistoryQuery, 'limit'],
  [AuditEventListQuery, 'limit'],
  [RunListQuery, 'limit'],
  [DashboardSummaryQuery, 'days'],
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
