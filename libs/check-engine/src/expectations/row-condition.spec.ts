import { rowConditionKey, validateRowCondition } from './row-condition';

describe('validateRowCondition', () => {
  it.each([
    undefined,
    null,
    [{ column: 'region', op: 'eq', value: 'EU' }],
    [
      { column: 'amount', op: 'ge', value: 10 },
      { column: 'status', op: 'not_in', value: ['void', 'test'] },
      { column: 'deleted_at', op: 'is_null' },
      { column: 'active', op: 'ne', value: false },
    ],
  ])('accepts %j', (input) => {
    expect(validateRowCondition(input)).toEqual([]);
  });

  it.each([
    [[], 'row_condition', 'row_condition must be a list of 1 to 20 filters'],
    [
      Array.from({ length: 21 }, () => ({ column: 'a', op: 'is_null' })),
      'row_condition',
      'row_condition must be a list of 1 to 20 filters',
    ],
    [[null], 'row_condition.0', 'row_condition.0 must be an object {column, op, value}'],
    [
      [{ column: 'a', op: 'eq', value: 'x', sql: '1=1' }],
      'row_condition.0.sql',
      'row_condition.0.sql is not a filter field',
    ],
    [[{ column: 'a', op: 'eq' }], 'row_condition.0.value', 'eq needs a string, number or boolean value'],
    [
      [{ column: 'a', op: 'lt', value: { $gt: 1 } }],
      'row_condition.0.value',
      'lt needs a string, number or boolean value',
    ],
    [
      [{ column: 'a', op: 'gt', value: Number.NaN }],
      'row_condition.0.value',
      'gt needs a string, number or boolean value',
    ],
    [
      [{ op: 'eq', value: 1 }],
      'row_condition.0.column',
      'row_condition.0.column must be a non-empty column name',
    ],
  ])('refuses %j at %s', (input, field, problem) => {
    expect(validateRowCondition(input)).toEqual([{ field, problems: [problem] }]);
  });
});

describe('rowConditionKey', () => {
  it('is equal for filters that select the same rows in another order', () => {
    const a = rowConditionKey([
      { column: 'region', op: 'in', value: ['EU', 'US'] },
      { column: 'amount', op: 'gt', value: 0 },
    ]);
    const b = rowConditionKey([
      { column: 'amount', op: 'gt', value: 0 },
      { column: 'region', op: 'in', value: ['US', 'EU'] },
    ]);
    expect(a).toBe(b);
    expect(rowConditionKey([])).toBe(rowConditionKey(undefined));
  });

  it('differs when a value, an operator or a value type differs', () => {
    const base = rowConditionKey([{ column: 'n', op: 'eq', value: 1 }]);
    expect(rowConditionKey([{ column: 'n', op: 'eq', value: '1' }])).not.toBe(base);
    expect(rowConditionKey([{ column: 'n', op: 'ne', value: 1 }])).not.toBe(base);
    expect(rowConditionKey([{ column: 'm', op: 'eq', value: 1 }])).not.toBe(base);
  });
});
