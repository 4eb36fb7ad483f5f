import { apiErrorOf } from '../api/api-error';
import { chartPointsOf, kindLabel, snoozeLabel, thresholdsLabel } from './check-format';
import {
  type CheckKindDescription,
  type CheckKindParameter,
  apiFieldProblems,
  buildCheck,
  choicesOf,
  emptyForm,
  fieldsOf,
  fieldsOfChoice,
  formOfCheck,
  listMember,
  problemFor,
  withChoice,
} from './check-form';

function param(name: string, type: string, extra: Partial<CheckKindParameter> = {}): CheckKindParameter {
  return {
    name,
    type,
    required: false,
    default: null,
    description: null,
    allowed_values: null,
    minimum: null,
    maximum: null,
    exclusive_minimum: false,
    schema: { type },
    ...extra,
  };
}

const PERCENT_TIERS = ['warn', 'fail', 'critical'].map((tier) =>
  param(tier, 'number', { minimum: 0, maximum: 100 }),
);

// Shaped as GET /check-kinds answers them (a subset of the real catalogue's fields and kinds).
const EXPECTATION: CheckKindDescription = {
  kind: 'expectation',
  title: 'Expectation check',
  description: 'A Great Expectations expectation',
  datasource_kinds: ['postgres'],
  variants: [],
  engines: ['standard', 'native'],
  parameters: [],
  rules: [],
  thresholds: {
    applies: true,
    unit: 'percent of unexpected rows',
    fields: PERCENT_TIERS,
    default: { fail: 0 },
    schema: null,
  },
  default_dimension: 'completeness',
  config_schema: {},
  example: { name: 'x', kind: 'expectation', config: {} },
  expectation_types: [
    {
      type: 'expect_column_values_to_not_be_null',
      description: 'Every value is present',
      shape: 'column_map',
      engine: 'standard',
      datasource_kinds: ['postgres'],
      parameters: [
        param('column', 'string', { required: true }),
        param('mostly', 'number', { minimum: 0, maximum: 1 }),
        param('row_condition', 'array', { schema: { type: 'array', items: { type: 'object' } } }),
      ],
      rules: [],
      default_dimension: 'completeness',
      config_schema: {},
      example: { name: 'x', kind: 'expectation', config: {} },
    },
    {
      type: 'expect_column_values_to_be_in_set',
      description: 'Each value is one of value_set',
      shape: 'column_map',
      engine: 'standard',
      datasource_kinds: ['postgres'],
      parameters: [
        param('column', 'string', { required: true }),
        param('value_set', 'array', {
          required: true,
          schema: { type: 'array', items: { type: ['string', 'number'] } },
        }),
      ],
      rules: [],
      default_dimension: 'validity',
      config_schema: {},
      example: { name: 'x', kind: 'expectation', config: {} },
    },
    {
      type: 'null_count',
      description: 'Nulls counted by the warehouse',
      shape: 'column_aggregate',
      engine: 'native',
      datasource_kinds: ['warehouse'],
      parameters: [param('column', 'string', { required: true })],
      rules: [],
      default_dimension: 'completeness',
      config_schema: {},
      example: { name: 'x', kind: 'expectation', config: {} },
    },
  ],
};

const VOLUME: CheckKindDescription = {
  ...EXPECTATION,
  kind: 'volume',
  title: 'Volume monitor',
  description: 'The row count lies between min_rows and max_rows.',
  engines: [],
  expectation_types: [],
  thresholds: { applies: false, unit: null, fields: [], default: null, schema: null },
  rules: ['give min_rows, max_rows or both'],
  parameters: [
    param('min_rows', 'integer', { minimum: 0 }),
    param('max_rows', 'integer', { minimum: 0 }),
    param('severity', 'string', { default: 'fail', allowed_values: ['warn', 'fail', 'critical'] }),
  ],
};

const SCHEMA_DRIFT: CheckKindDescription = {
  ...VOLUME,
  kind: 'schema_drift',
  title: 'Schema-drift monitor',
  parameters: [
    param('fail_on', 'array', {
      default: ['added', 'dropped', 'type_changed'],
      schema: { type: 'array', items: { type: 'string', enum: ['added', 'dropped', 'type_changed'] } },
    }),
  ],
};

const ANOMALY: CheckKindDescription = {
  ...VOLUME,
  kind: 'anomaly',
  title: 'Anomaly monitor',
  thresholds: {
    applies: true,
    unit: 'z-score',
    fields: ['warn', 'fail', 'critical'].map((tier) =>
      param(tier, 'number', { minimum: 0, exclusive_minimum: true }),
    ),
    default: { warn: 2, fail: 3, critical: 4 },
    schema: null,
  },
  parameters: [
    param('metric', 'string', { required: true, allowed_values: ['row_count', 'freshness_hours'] }),
    param('column', 'string | null'),
    param('min_points', 'integer', { default: 7, minimum: 2, maximum: 366 }),
    param('per_weekday', 'boolean', { default: false }),
  ],
};

const KINDS = [EXPECTATION, VOLUME, SCHEMA_DRIFT, ANOMALY];
const choices = choicesOf(KINDS);
const choice = (value: string) => {
  const found = choices.find((candidate) => candidate.value === value);
  if (!found) throw new Error(value);
  return found;
};

describe('check form: catalogue to fields', () => {
  it('offers each expectation type and each other kind as a named choice', () => {
    expect(choices.map((candidate) => [candidate.value, candidate.label, candidate.group])).toEqual([
      ['expectation:expect_column_values_to_not_be_null', 'Column values to not be null', 'Expectations'],
      ['expectation:expect_column_values_to_be_in_set', 'Column values to be in set', 'Expectations'],
      ['expectation:null_count', 'Null count', 'Expectations (native engine)'],
      ['volume', 'Volume monitor', 'Monitors and other kinds'],
      ['schema_drift', 'Schema-drift monitor', 'Monitors and other kinds'],
      ['anomaly', 'Anomaly monitor', 'Monitors and other kinds'],
    ]);
  });

  it('picks a control per parameter type: column picker, lists, enums, numbers, JSON', () => {
    const notNull = fieldsOfChoice(choice('expectation:expect_column_values_to_not_be_null'));
    expect(notNull.map((field) => [field.name, field.control, field.required])).toEqual([
      ['column', 'column', true],
      ['mostly', 'number', false],
      ['row_condition', 'json', false],
    ]);
    expect(fieldsOfChoice(choice('expectation:expect_column_values_to_be_in_set'))[1].control).toBe('values');
    const volume = fieldsOf(VOLUME.parameters);
    expect(volume.map((field) => field.control)).toEqual(['integer', 'integer', 'select']);
    expect(volume[2]).toMatchObject({ options: ['warn', 'fail', 'critical'], defaultText: 'fail' });
    expect(fieldsOf(SCHEMA_DRIFT.parameters)[0]).toMatchObject({
      control: 'multiselect',
      options: ['added', 'dropped', 'type_changed'],
    });
    const anomaly = fieldsOf(ANOMALY.parameters);
    expect(anomaly.map((field) => field.control)).toEqual(['select', 'column', 'integer', 'boolean']);
    expect(
      fieldsOf([param('key_columns', 'array', { schema: { type: 'array', items: { type: 'string' } } })])[0]
        .control,
    ).toBe('columns');
    expect(fieldsOf([param('min_value', 'number | string')])[0].control).toBe('number-or-text');
  });

  it('keeps typed values the next choice shares by name, and starts a boolean at its default', () => {
    let form = withChoice(
      { ...emptyForm(), name: 'n' },
      choice('expectation:expect_column_values_to_not_be_null'),
    );
    form = { ...form, fields: { ...form.fields, column: 'amount', mostly: '0.9' } };
    const next = withChoice(form, choice('expectation:expect_column_values_to_be_in_set'));
    expect(next.fields).toEqual({ column: 'amount', value_set: [] });
    expect(withChoice(form, choice('anomaly')).fields).toEqual({
      metric: '',
      column: 'amount',
      min_points: '',
      per_weekday: false,
    });
  });
});

describe('check form: the body sent', () => {
  it('builds an expectation body with kwargs, typed list members and thresholds per tier', () => {
    const form = {
      ...withChoice(
        { ...emptyForm(), name: ' Status known ' },
        choice('expectation:expect_column_values_to_be_in_set'),
      ),
      dimension: 'validity' as const,
    };
    form.fields = { column: 'status', value_set: ['open', '2', 'true'] };
    form.thresholds = { warn: '1', fail: '5.5', critical: '' };
    expect(buildCheck(form, choice(form.choice))).toEqual({
      problems: {},
      body: {
        name: 'Status known',
        description: null,
        kind: 'expectation',
        dimension: 'validity',
        enabled: true,
        config: {
          expectation_type: 'expect_column_values_to_be_in_set',
          kwargs: { column: 'status', value_set: ['open', 2, true] },
        },
        thresholds: { warn: 1, fail: 5.5 },
      },
    });
  });

  it('leaves out empty optional fields and thresholds, so the kind defaults apply', () => {
    const form = withChoice({ ...emptyForm(), name: 'Rows' }, choice('volume'));
    form.fields = { ...form.fields, min_rows: '1' };
    const built = buildCheck(form, choice('volume'));
    expect(built.body).toEqual({
      name: 'Rows',
      description: null,
      kind: 'volume',
      enabled: true,
      config: { min_rows: 1 },
    });
    expect(built.body).not.toHaveProperty('thresholds');
    expect(built.body).not.toHaveProperty('dimension');
  });

  it('names the native engine for a native expectation type', () => {
    const form = withChoice({ ...emptyForm(), name: 'Nulls' }, choice('expectation:null_count'));
    form.fields = { column: 'id' };
    expect(buildCheck(form, choice('expectation:null_count')).body).toMatchObject({ engine: 'native' });
  });

  it('refuses before sending: missing required, bad numbers, bounds, unordered tiers, bad JSON', () => {
    const form = withChoice(emptyForm(), choice('expectation:expect_column_values_to_not_be_null'));
    form.fields = { column: ' ', mostly: '1.5', row_condition: '[{' };
    form.thresholds = { warn: '10', fail: '5', critical: 'x' };
    const built = buildCheck(form, choice(form.choice));
    expect(built.body).toBeNull();
    expect(built.problems).toEqual({
      name: 'is required',
      column: 'is required',
      mostly: 'must be at most 1',
      row_condition: 'must be JSON',
      'thresholds.fail': 'must be at least the warn bound (10)',
      'thresholds.critical': 'must be a number',
    });
    const anomaly = withChoice({ ...emptyForm(), name: 'a' }, choice('anomaly'));
    anomaly.fields = { ...anomaly.fields, metric: 'row_count', min_points: '2.5' };
    anomaly.thresholds = { warn: '0', fail: '', critical: '' };
    expect(buildCheck(anomaly, choice('anomaly')).problems).toEqual({
      min_points: 'must be a whole number',
      'thresholds.warn': 'must be greater than 0',
    });
    expect(buildCheck({ ...emptyForm(), name: 'x' }, undefined).problems).toEqual({
      kind: 'pick what to check',
    });
  });

  it('reads a stored check back into the form it was made from', () => {
    const stored = {
      name: 'Status known',
      description: null,
      kind: 'expectation',
      dimension: 'validity' as const,
      enabled: false,
      config: {
        expectation_type: 'expect_column_values_to_be_in_set',
        kwargs: { column: 'status', value_set: ['open', 2] },
      },
      thresholds: { fail: 5 },
    };
    const form = formOfCheck(stored, choice('expectation:expect_column_values_to_be_in_set'));
    expect(form).toEqual({
      name: 'Status known',
      description: '',
      choice: 'expectation:expect_column_values_to_be_in_set',
      dimension: 'validity',
      enabled: false,
      fields: { column: 'status', value_set: ['open', '2'] },
      thresholds: { warn: '', fail: '5', critical: '' },
    });
    expect(buildCheck(form, choice(form.choice)).body).toMatchObject({
      config: stored.config,
      thresholds: { fail: 5 },
    });
  });

  it('reads list members as numbers and booleans only when they are exactly that', () => {
    expect([
      listMember('12'),
      listMember('-1.5e3'),
      listMember('false'),
      listMember('12a'),
      listMember(' '),
    ]).toEqual([12, -1500, false, '12a', ' ']);
  });
});

describe('check form: the API refusing it', () => {
  const refusal = apiErrorOf(422, {
    error: {
      code: 'validation_failed',
      message: 'Validation failed',
      detail: {
        fields: [
          { field: 'config.kwargs.column', problems: ['column is required'] },
          { field: 'config.kwargs.row_condition.0.op', problems: ['op must be one of eq, ne'] },
          { field: 'thresholds.warn', problems: ['must not be greater than 100'] },
          { field: 'name', problems: ['name must be shorter'] },
        ],
      },
    },
  });

  it('maps each field path to its form field, and nothing else to it', () => {
    const problems = apiFieldProblems(refusal);
    expect(problemFor(problems, 'column')).toBe('column is required');
    expect(problemFor(problems, 'row_condition')).toBe('op must be one of eq, ne');
    expect(problemFor(problems, 'thresholds.warn')).toBe('must not be greater than 100');
    expect(problemFor(problems, 'warn')).toBeUndefined();
    expect(problemFor(problems, 'name')).toBe('name must be shorter');
    expect(problemFor(problems, 'mostly')).toBeUndefined();
  });

  it('maps a conflict naming one field (a taken check name)', () => {
    const conflict = apiErrorOf(409, {
      error: { code: 'check_name_taken', message: 'A check of that name exists', detail: { field: 'name' } },
    });
    expect(problemFor(apiFieldProblems(conflict), 'name')).toBe('A check of that name exists');
    expect(apiFieldProblems(new Error('x'))).toEqual({});
  });
});

describe('check display', () => {
  it('labels kinds, thresholds, snoozes and orders the chart oldest first', () => {
    expect(kindLabel('expectation', { expectation_type: 'expect_table_row_count_to_be_between' })).toBe(
      'Table row count to be between',
    );
    expect(kindLabel('schema_drift', {})).toBe('Schema drift');
    expect(thresholdsLabel({ warn: 1, critical: 10 })).toBe('warn > 1 · critical > 10');
    expect(thresholdsLabel(null)).toBe('Default');
    const now = new Date('2026-01-01T00:00:00Z');
    expect(snoozeLabel('2025-12-31T00:00:00Z', now)).toBeNull();
    expect(snoozeLabel('2026-01-02T00:00:00Z', now)).toMatch(/^Snoozed until /);
    expect(
      chartPointsOf([
        { at: '2026-01-02T00:00:00Z', metric_value: 2, outcome: 'fail' },
        { at: '2026-01-03T00:00:00Z', metric_value: null, outcome: 'error' },
        { at: '2026-01-01T00:00:00Z', metric_value: 1, outcome: 'pass' },
      ]),
    ).toEqual([
      { at: '2026-01-01T00:00:00Z', value: 1, outcome: 'pass' },
      { at: '2026-01-02T00:00:00Z', value: 2, outcome: 'fail' },
    ]);
  });
});
