import { AppError, type ConnectionKind } from '@dq/contracts';
import { defaultDimension, parseCheckDefinition } from './check-definition';

const NOT_NULL = { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } };

function refusal(input: unknown, datasourceKind: ConnectionKind = 'postgres'): AppError {
  try {
    parseCheckDefinition(input, { datasourceKind });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function fieldsOf(error: AppError): string[] {
  return (error.detail['fields'] as { field: string }[]).map((entry) => entry.field);
}

describe('parseCheckDefinition', () => {
  it('returns the definition to store, with the standard engine and a derived dimension', () => {
    expect(
      parseCheckDefinition(
        { name: 'ids', kind: 'expectation', config: NOT_NULL },
        { datasourceKind: 'postgres' },
      ),
    ).toEqual({
      name: 'ids',
      description: null,
      kind: 'expectation',
      engine: 'standard',
      dimension: 'completeness',
      thresholds: null,
      config: NOT_NULL,
      enabled: true,
    });
  });

  it('keeps what the author says: dimension, thresholds, description, enabled', () => {
    const parsed = parseCheckDefinition(
      {
        name: 'ids',
        description: 'why',
        kind: 'expectation',
        dimension: 'accuracy',
        thresholds: { warn: 1, fail: 5 },
        enabled: false,
        config: NOT_NULL,
      },
      { datasourceKind: 'object_store' },
    );
    expect(parsed).toMatchObject({
      description: 'why',
      dimension: 'accuracy',
      thresholds: { warn: 1, fail: 5 },
      enabled: false,
    });
  });

  it('copies the config: a later change of the input does not reach the definition', () => {
    const config = structuredClone(NOT_NULL);
    const parsed = parseCheckDefinition(
      { name: 'x', kind: 'expectation', config },
      { datasourceKind: 'postgres' },
    );
    config.kwargs.column = 'changed';
    expect(parsed.config).toEqual(NOT_NULL);
  });

  it.each([
    [{ name: 'x', kind: 'nope', config: {} }, ['kind']],
    [{ name: 'x', kind: 'expectation', config: 'text' }, ['config']],
    [
      {
        name: 'x',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: {} },
      },
      ['config.kwargs.column'],
    ],
    [
      { name: 'x', kind: 'expectation', config: NOT_NULL, thresholds: { warn: 10, fail: 5 } },
      ['thresholds.fail'],
    ],
    [{ name: 'x', kind: 'expectation', config: NOT_NULL, dimension: 'beauty' }, ['dimension']],
    [{ name: 'x', kind: 'volume', engine: 'native', config: {} }, ['engine']],
    [{ name: 'x', kind: 'expectation', engine: 'native', config: NOT_NULL }, ['engine']],
  ])('refuses %j on the fields %j', (input, fields) => {
    const error = refusal(input);
    expect(error.status).toBe(422);
    expect(fieldsOf(error)).toEqual(expect.arrayContaining(fields));
  });

  it('refuses a kind the datasource does not support, naming the kinds that do', () => {
    const error = refusal({ name: 'x', kind: 'custom_sql', config: { sql: 'select 1' } }, 'file_store');
    expect(error.detail).toMatchObject({
      field: 'kind',
      supported_datasource_kinds: ['warehouse', 'lakehouse', 'postgres'],
    });
    const native = refusal(
      {
        name: 'x',
        kind: 'expectation',
        engine: 'native',
        config: { expectation_type: 'null_count', kwargs: { column: 'a', max_value: 0 } },
      },
      'lakehouse',
    );
    expect(native.detail).toMatchObject({ field: 'engine', supported_datasource_kinds: ['warehouse'] });
    const arrival = refusal({ name: 'x', kind: 'freshness', config: { fail_after_hours: 24 } }, 'postgres');
    expect(arrival.detail).toMatchObject({
      field: 'column',
      supported_datasource_kinds: ['file_store', 'object_store'],
    });
  });
});

describe('defaultDimension', () => {
  it.each([
    ['expectation', { expectation_type: 'expect_column_values_to_be_unique' }, 'uniqueness'],
    ['expectation', { expectation_type: 'expect_table_row_count_to_be_between' }, 'completeness'],
    ['expectation', { expectation_type: 'expect_table_columns_to_match_set' }, 'consistency'],
    ['expectation', { expectation_type: 'expect_column_values_to_match_regex' }, 'validity'],
    ['freshness', {}, 'timeliness'],
    ['anomaly', { metric: 'freshness_hours' }, 'timeliness'],
    ['anomaly', { metric: 'row_count' }, 'completeness'],
    ['schema_drift', {}, 'consistency'],
    ['comparison', {}, 'accuracy'],
    ['custom_sql', {}, 'validity'],
  ] as const)('%s %j measures %s', (kind, config, dimension) => {
    expect(defaultDimension(kind, config)).toBe(dimension);
  });
});
