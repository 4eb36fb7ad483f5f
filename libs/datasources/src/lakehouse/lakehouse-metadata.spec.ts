import { lakehouseTimestamp, statisticsRowCount } from './lakehouse-metadata';

describe('metadata values', () => {
  it.each([
    ['2026-03-04 05:06:07.123', '2026-03-04T05:06:07.123Z'],
    ['2026-03-04 05:06:07', '2026-03-04T05:06:07.000Z'],
    ['2026-03-04T05:06:07+02:00', '2026-03-04T03:06:07.000Z'],
    [new Date('2026-03-04T05:06:07Z'), '2026-03-04T05:06:07.000Z'],
    ['', null],
    ['not a time', null],
    [null, null],
  ])('lakehouseTimestamp(%j) = %j', (value, expected) => {
    expect(lakehouseTimestamp(value)).toBe(expected);
  });

  it('reads the row count from analyzed statistics only', () => {
    const row = (col_name: string, data_type: string) => ({ col_name, data_type, comment: '' });
    expect(statisticsRowCount([row('id', 'bigint'), row('Statistics', '1024 bytes, 25 rows')])).toBe(25);
    expect(statisticsRowCount([row('Statistics', '1024 bytes')])).toBeNull();
    expect(statisticsRowCount([row('id', 'bigint')])).toBeNull();
  });
});
