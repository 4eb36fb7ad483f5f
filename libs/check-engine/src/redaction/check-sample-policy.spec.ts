import { CheckKind } from '../kinds/check-kind';
import { checkSamplePolicy, checkSubjectColumns } from './check-sample-policy';
import { parseColumnPolicy } from './column-policy';
import { redactSampleRow } from './sample-redaction';

const expectation = (expectation_type: string, kwargs: Record<string, unknown>) => ({
  kind: CheckKind.Expectation,
  config: { expectation_type, kwargs },
});

describe('checkSubjectColumns', () => {
  it.each([
    [
      'a column-map expectation: its column',
      expectation('expect_column_values_to_be_in_set', { column: 'status', value_set: ['open'] }),
      ['status'],
    ],
    [
      'a null test: its column',
      expectation('expect_column_values_to_not_be_null', { column: 'email' }),
      ['email'],
    ],
    [
      'compound uniqueness: its column_list',
      expectation('expect_compound_columns_to_be_unique', { column_list: ['a', 'b'] }),
      ['a', 'b'],
    ],
    [
      'an aggregate expectation: none',
      expectation('expect_column_mean_to_be_between', { column: 'amount', min_value: 1 }),
      [],
    ],
    ['a table expectation: none', expectation('expect_table_row_count_to_be_between', { min_value: 1 }), []],
    ['an unknown expectation: none', expectation('expect_nothing', { column: 'x' }), []],
    ['custom SQL: none', { kind: CheckKind.CustomSql, config: { sql: 'SELECT status FROM orders' } }, []],
    [
      'a comparison naming compare_columns: keys and those',
      { kind: CheckKind.Comparison, config: { key_columns: ['id'], compare_columns: ['amount', 'id'] } },
      ['id', 'amount'],
    ],
    [
      'a comparison of every shared column: its keys',
      { kind: CheckKind.Comparison, config: { key_columns: ['id'] } },
      ['id'],
    ],
    ['volume: none', { kind: CheckKind.Volume, config: { min_rows: 1 } }, []],
    [
      'freshness on a column: none',
      { kind: CheckKind.Freshness, config: { column: 'updated_at', max_age_hours: 1 } },
      [],
    ],
    ['schema drift: none', { kind: CheckKind.SchemaDrift, config: {} }, []],
  ])('%s', (_name, definition, columns) => {
    expect(checkSubjectColumns(definition)).toEqual(columns);
  });
});

describe('checkSamplePolicy', () => {
  const empty = parseColumnPolicy({});

  it('shows the checked column of a stored empty policy and masks the others', () => {
    const row = { id: 1041, status: 'lost', customer: 'Mezzogiorno Ltd' };
    expect(redactSampleRow(row, checkSamplePolicy(empty, ['status']))).toEqual({
      id: '****',
      status: 'lost',
      customer: 'M********d',
    });
    // Without the check's columns, everything stays masked as before.
    expect(redactSampleRow(row, empty)['status']).toBe('****');
  });

  it.each([
    ['an email', 'ada@example.com', 'a********m'],
    ['a card number', '4111 1111 1111 1111', '4********1'],
    ['an IBAN', 'GB82WEST12345698765432', 'G********2'],
  ])('still masks %s in the checked column (the classifier)', (_name, value, masked) => {
    expect(redactSampleRow({ reference: value }, checkSamplePolicy(empty, ['reference']))).toEqual({
      reference: masked,
    });
  });

  it('keeps a checked column whose name looks personal at the default', () => {
    const policy = checkSamplePolicy(empty, ['email', 'customer_iban', 'first_name']);
    expect(policy).toEqual(empty);
    expect(redactSampleRow({ email: 'ada(at)example' }, policy)).toEqual({ email: 'a********e' });
  });

  it.each(['mask', 'redact'] as const)('lets an explicit %s on the checked column win', (treatment) => {
    const policy = checkSamplePolicy(parseColumnPolicy({ columns: { status: treatment } }), ['status']);
    expect(redactSampleRow({ status: 'lost' }, policy)).toEqual({
      status: treatment === 'mask' ? '****' : '[redacted]',
    });
  });

  it('shows nothing unnamed under a redact default, the checked column included', () => {
    const policy = parseColumnPolicy({ default: 'redact', columns: { id: 'allow' } });
    expect(checkSamplePolicy(policy, ['status'])).toBe(policy);
    expect(redactSampleRow({ id: 7, status: 'lost' }, policy)).toEqual({ id: 7, status: '[redacted]' });
  });

  it('leaves an allow default as it is (every column is shown already)', () => {
    const policy = parseColumnPolicy({ default: 'allow', columns: { note: 'mask' } });
    expect(checkSamplePolicy(policy, ['note', 'status'])).toBe(policy);
  });

  it('does not mistake inherited names for policy entries', () => {
    const policy = checkSamplePolicy(empty, ['constructor']);
    expect(redactSampleRow({ constructor: 'lost', toString: 'open' }, policy)).toEqual({
      constructor: 'lost',
      toString: '****',
    });
  });
});
