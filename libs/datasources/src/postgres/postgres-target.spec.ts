import { DatasourceError } from '../adapter/datasource-adapter';
import { parsePostgresTarget } from './postgres-target';

describe('parsePostgresTarget', () => {
  it.each([
    ['orders', { schema: 'public', table: 'orders' }],
    ['sales.orders', { schema: 'sales', table: 'orders' }],
    ['Sales.Orders', { schema: 'sales', table: 'orders' }],
    ['"Sales"."Order.Lines"', { schema: 'Sales', table: 'Order.Lines' }],
    ['"a""b".c', { schema: 'a"b', table: 'c' }],
    ['"Mixed"', { schema: 'public', table: 'Mixed' }],
  ])('%s', (target, expected) => {
    expect(parsePostgresTarget(target)).toEqual(expected);
  });

  it.each(['', 'a.b.c', 'a.', '.a', '"open', 'a"b', '""', '"a"x'])('refuses %j as invalid', (target) => {
    expect(() => parsePostgresTarget(target)).toThrow(DatasourceError);
    try {
      parsePostgresTarget(target);
    } catch (error) {
      expect((error as DatasourceError).errorClass).toBe('invalid');
    }
  });
});
