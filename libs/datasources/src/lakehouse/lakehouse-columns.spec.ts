import { lakehouseTypeName } from './lakehouse-adapter';

describe('lakehouseTypeName', () => {
  it('keeps a type name that already carries its precision and scale', () => {
    expect(lakehouseTypeName({ TYPE_NAME: 'DECIMAL(10,2)', COLUMN_SIZE: 10, DECIMAL_DIGITS: 2 })).toBe(
      'DECIMAL(10,2)',
    );
    expect(lakehouseTypeName({ TYPE_NAME: 'STRING', COLUMN_SIZE: 2147483647 })).toBe('STRING');
  });

  it('adds the JDBC precision and scale to a bare decimal', () => {
    expect(lakehouseTypeName({ TYPE_NAME: 'DECIMAL', COLUMN_SIZE: 12, DECIMAL_DIGITS: 3 })).toBe(
      'DECIMAL(12,3)',
    );
    expect(lakehouseTypeName({ TYPE_NAME: 'DECIMAL', COLUMN_SIZE: 12 })).toBe('DECIMAL(12,0)');
    expect(lakehouseTypeName({ TYPE_NAME: 'DECIMAL' })).toBe('DECIMAL');
  });
});
