import { DatasourceError } from '../adapter/datasource-adapter';
import { parseFileTarget } from './file-target';

function invalidMessage(target: string): string {
  try {
    parseFileTarget(target);
  } catch (error) {
    expect(error).toBeInstanceOf(DatasourceError);
    expect((error as DatasourceError).errorClass).toBe('invalid');
    return (error as DatasourceError).message;
  }
  throw new Error(`${target} was accepted`);
}

describe('parseFileTarget', () => {
  it('reads a single file with its format from the extension', () => {
    const csv = parseFileTarget('landing/sales/2024-01-01.csv');
    expect(csv).toMatchObject({
      format: 'csv',
      isPattern: false,
      listPrefix: 'landing/sales/2024-01-01.csv',
    });
    expect(csv.matches('landing/sales/2024-01-01.csv')).toBe(true);
    expect(csv.matches('landing/sales/2024-01-01.csv.bak')).toBe(false);
    expect(parseFileTarget('a/b.PARQUET').format).toBe('parquet');
    expect(parseFileTarget('voters.tsv').format).toBe('csv');
    expect(parseFileTarget('export.txt').format).toBe('csv');
  });

  it('lists a batch pattern by everything before the star, matching within the last segment only', () => {
    const batch = parseFileTarget('landing/sales/orders_*.csv');
    expect(batch).toMatchObject({ format: 'csv', isPattern: true, listPrefix: 'landing/sales/orders_' });
    expect(batch.matches('landing/sales/orders_2024-01-01.csv')).toBe(true);
    expect(batch.matches('landing/sales/orders_.csv')).toBe(true);
    expect(batch.matches('landing/sales/orders_2024/01.csv')).toBe(false);
    expect(batch.matches('landing/sales/orders_1.csv.gz')).toBe(false);
    expect(batch.matches('landing/sales/returns_1.csv')).toBe(false);
    expect(parseFileTarget('*.parquet')).toMatchObject({ isPattern: true, listPrefix: '' });
  });

  it('takes regular-expression characters in a pattern literally', () => {
    const batch = parseFileTarget('data/a+b (1)_*.csv');
    expect(batch.matches('data/a+b (1)_x.csv')).toBe(true);
    expect(batch.matches('data/aab (1)_x.csv')).toBe(false);
    expect(parseFileTarget('data/v1.2_*.csv').matches('data/v1x2_a.csv')).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['/abs/file.csv', 'slash'],
    ['dir/../secret.csv', '".."'],
    ['./file.csv', '"."'],
    ['dir//file.csv', 'empty'],
    ['dir\\file.csv', 'backslash'],
    ['dir/a_*_*.csv', 'exactly one'],
    ['dir_*/file.csv', 'file name'],
    ['dir/file.json', '.csv, .tsv, .txt or .parquet'],
    ['dir/file', '.csv, .tsv, .txt or .parquet'],
    ['dir/file.*', '.csv, .tsv, .txt or .parquet'],
    [' file.csv', 'spaces'],
    ['file\n.csv', 'control'],
  ])('refuses %j as invalid (%s)', (target, fragment) => {
    expect(invalidMessage(target)).toContain(fragment);
  });
});
