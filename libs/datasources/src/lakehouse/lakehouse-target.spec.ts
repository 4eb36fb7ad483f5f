import { DatasourceError } from '../adapter/datasource-adapter';
import {
  lakehouseTableName,
  metadataPatternLiteral,
  parseLakehouseTarget,
  quoteLakehouseIdentifier,
} from './lakehouse-target';

describe('parseLakehouseTarget', () => {
  it.each([
    ['sales.orders', { catalog: null, schema: 'sales', table: 'orders' }],
    ['Main.Sales.Orders', { catalog: 'main', schema: 'sales', table: 'orders' }],
    ['`my-cat`.`Sales`.`order.lines`', { catalog: 'my-cat', schema: 'Sales', table: 'order.lines' }],
    ['`a``b`.c', { catalog: null, schema: 'a`b', table: 'c' }],
  ])('%s', (target, expected) => {
    expect(parseLakehouseTarget(target)).toEqual(expected);
  });

  it.each(['', 'orders', 'a.b.c.d', 'a.', '.a', '`open', 'a`b.c', '``.a', 'a b.c', 'a;drop.b'])(
    'refuses %j as invalid',
    (target) => {
      expect(() => parseLakehouseTarget(target)).toThrow(DatasourceError);
      expect(() => parseLakehouseTarget(target)).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
    },
  );
});

describe('quoting', () => {
  it('doubles a backtick so the name cannot end the quote', () => {
    expect(quoteLakehouseIdentifier('x` FROM y; --')).toBe('`x`` FROM y; --`');
    expect(lakehouseTableName({ catalog: 'c', schema: 's', table: 't' })).toBe('`c`.`s`.`t`');
    expect(lakehouseTableName({ catalog: null, schema: 's', table: 't' })).toBe('`s`.`t`');
  });

  it('escapes metadata pattern wildcards', () => {
    expect(metadataPatternLiteral('order_lines%\\x')).toBe('order\\_lines\\%\\\\x');
  });
});
