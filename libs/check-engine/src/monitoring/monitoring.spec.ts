import { MONITOR_CONFIG_VALIDATORS } from './monitor-configs';
import {
  diffSchema,
  evaluateCustomSql,
  evaluateFreshness,
  evaluateSchemaDrift,
  evaluateVolume,
  normaliseType,
  refinedSchemaBaseline,
  sameSchemaType,
} from './monitor-evaluation';
import { readOnlySqlProblem, withoutTrailingSemicolons } from './read-only-sql';

const fieldsOf = (kind: keyof typeof MONITOR_CONFIG_VALIDATORS, config: Record<string, unknown>): string[] =>
  MONITOR_CONFIG_VALIDATORS[kind](config, 'config.').map((entry) => entry.field);

describe('readOnlySqlProblem', () => {
  it.each([
    'SELECT * FROM orders WHERE amount < 0',
    'select 1;',
    'WITH bad AS (SELECT id FROM t WHERE x IS NULL) SELECT * FROM bad',
    "SELECT 'a; DROP TABLE t' AS text FROM t",
    'SELECT "delete" FROM t -- ; DELETE FROM t',
    'SELECT 1 /* ; insert */ FROM t',
    'SELECT $$ ; DELETE $$ AS x',
    "SELECT replace(name, 'a', 'b') FROM t",
    'VALUES (1), (2)',
  ])('accepts %s', (sql) => {
    expect(readOnlySqlProblem(sql)).toBeNull();
  });

  it.each([
    ['', 'must be a non-empty SQL statement'],
    ['DELETE FROM t', 'must be a query (SELECT or WITH ... SELECT)'],
    ['SELECT 1; DELETE FROM t', 'must be a single statement'],
    ['SELECT 1; SELECT 2', 'must be a single statement'],
    ['WITH x AS (SELECT 1) DELETE FROM t', 'must only read: DELETE is not allowed'],
    ['WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x', 'must only read: DELETE is not allowed'],
    ['SELECT * INTO backup FROM t', 'must only read: SELECT ... INTO is not allowed'],
    ["SELECT 'unterminated FROM t", 'has an unterminated string, quoted name or comment'],
    ['SELECT 1 /* open', 'has an unterminated string, quoted name or comment'],
    ['SELECT 1; ', null],
  ])('%s: %s', (sql, expected) => {
    expect(readOnlySqlProblem(sql)).toBe(expected);
  });

  it('drops trailing semicolons', () => {
    expect(withoutTrailingSemicolons('SELECT 1 ; ;\n')).toBe('SELECT 1');
  });
});

describe('monitor configs', () => {
  it.each([
    ['freshness', { column: 'loaded_at', fail_after_hours: 24 }, []],
    ['freshness', {}, ['config.fail_after_hours']],
    ['freshness', { warn_after_hours: 10, fail_after_hours: 5 }, ['config.fail_after_hours']],
    ['freshness', { fail_after_hours: 0 }, ['config.fail_after_hours']],
    ['freshness', { fail_after_hours: 2, colour: 'x' }, ['config.colour']],
    ['volume', { min_rows: 1, max_rows: 10, severity: 'critical' }, []],
    ['volume', {}, ['config.min_rows']],
    ['volume', { min_rows: 10, max_rows: 1 }, ['config.max_rows']],
    ['volume', { min_rows: -1 }, ['config.min_rows']],
    ['volume', { min_rows: 1, severity: 'panic' }, ['config.severity']],
    ['anomaly', { metric: 'row_count', min_points: 5, per_weekday: true }, []],
    ['anomaly', { metric: 'freshness_hours' }, ['config.column']],
    ['anomaly', { metric: 'rows' }, ['config.metric']],
    ['anomaly', { metric: 'row_count', min_points: 1 }, ['config.min_points']],
    ['schema_drift', {}, []],
    ['schema_drift', { fail_on: ['renamed'] }, ['config.fail_on']],
    ['custom_sql', { sql: 'SELECT * FROM t WHERE x < 0' }, []],
    ['custom_sql', { sql: 'TRUNCATE t' }, ['config.sql']],
    [
      'comparison',
      {
        baseline_connection_id: '3f1c2b9e-8a9d-4c1e-9b7a-2d3e4f5a6b7c',
        baseline: { target: 'public.orders' },
        key_columns: ['id'],
      },
      [],
    ],
    [
      'comparison',
      {
        baseline_connection_id: 'x',
        baseline: { target: 'a', query: 'SELECT 1' },
        key_columns: [],
        max_rows: 0,
      },
      ['config.baseline_connection_id', 'config.baseline', 'config.key_columns', 'config.max_rows'],
    ],
    [
      'comparison',
      {
        baseline_connection_id: '3f1c2b9e-8a9d-4c1e-9b7a-2d3e4f5a6b7c',
        baseline: { query: 'DELETE FROM t' },
        key_columns: ['id', 'id'],
      },
      ['config.baseline.query', 'config.key_columns'],
    ],
    [
      'comparison',
      {
        baseline_connection_id: '3f1c2b9e-8a9d-4c1e-9b7a-2d3e4f5a6b7c',
        baseline: { query: 'SELECT id, amount FROM t' },
        key_columns: ['id'],
        compare_columns: ['amount', 'id'],
      },
      ['config.compare_columns'],
    ],
    ['profile', { columns: ['a'], top_values: 5 }, []],
    ['profile', { top_values: 50 }, ['config.top_values']],
  ] as const)('%s %j -> %j', (kind, config, fields) => {
    expect(fieldsOf(kind, config)).toEqual(fields);
  });
});

describe('evaluateFreshness', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const config = { warn_after_hours: 6, fail_after_hours: 24, critical_after_hours: 72 };

  it.each([
    ['2026-11-24T09:00:00Z', 'pass', 3],
    ['2026-11-24T05:00:00Z', 'warn', 7],
    ['2026-11-23T11:00:00Z', 'fail', 25],
    ['2026-11-20T12:00:00Z', 'critical', 96],
    ['2026-11-24T06:00:00Z', 'pass', 6],
  ])('latest %s is %s at %d hours', (latest, outcome, hours) => {
    const result = evaluateFreshness(config, new Date(latest), now, 'scan');
    expect(result).toMatchObject({ outcome, metric_value: hours, detail: { source: 'scan' } });
  });

  it('fails at the highest tier set when there is no timestamp at all', () => {
    expect(evaluateFreshness(config, null, now, 'scan')).toEqual({
      outcome: 'critical',
      metric_value: null,
      detail: {
        reason: 'no_timestamp',
        source: 'scan',
        judged: {
          metric: 'hours_since',
          value: null,
          unit: 'hours',
          thresholds: { warn: 6, fail: 24, critical: 72 },
          band: 'critical',
          reading: 'no timestamp at all: critical (the highest tier set)',
        },
      },
    });
    expect(evaluateFreshness({ warn_after_hours: 1 }, null, now, 'files').outcome).toBe('warn');
  });

  it('counts a future timestamp as fresh and notes the skew', () => {
    expect(evaluateFreshness(config, new Date('2026-11-24T14:00:00Z'), now, 'scan')).toMatchObject({
      outcome: 'pass',
      metric_value: 0,
      detail: { clock_skew_hours: 2 },
    });
  });
});

describe('evaluateVolume', () => {
  it.each([
    [{ min_rows: 10 }, 9, 'fail'],
    [{ min_rows: 10 }, 10, 'pass'],
    [{ max_rows: 10, severity: 'warn' as const }, 11, 'warn'],
    [{ min_rows: 1, max_rows: 5 }, 3, 'pass'],
  ])('%j with %d rows is %s', (config, rows, outcome) => {
    expect(evaluateVolume(config, rows, 'metadata')).toMatchObject({
      outcome,
      metric_value: rows,
      detail: { source: 'metadata' },
    });
  });
});

describe('evaluateCustomSql', () => {
  it('fails on any returned row and never has a metric value', () => {
    expect(evaluateCustomSql({ sql: 'SELECT 1' }, 0, false)).toMatchObject({
      outcome: 'pass',
      metric_value: null,
      detail: { failing_rows: 0, failing_rows_capped: false, judged: { band: 'pass' } },
    });
    expect(evaluateCustomSql({ sql: 'SELECT 1', severity: 'critical' }, 21, true)).toMatchObject({
      outcome: 'critical',
      metric_value: null,
    });
  });
});

describe('schema drift', () => {
  it.each([
    ['integer', 'int4'],
    ['INT', 'integer'],
    ['bigint', 'int8'],
    ['VARCHAR(16777216)', 'TEXT'],
    ['character varying(20)', 'text'],
    ['NUMBER(38,0)', 'NUMBER(38)'],
    ['numeric(10, 2)', 'DECIMAL(10,2)'],
    ['TIMESTAMP_NTZ', 'timestamp'],
    ['timestamp with time zone', 'TIMESTAMPTZ'],
    ['double precision', 'DOUBLE'],
    ['decimal(10,2)', 'NUMBER(10,2)'],
  ])('%s and %s are the same type', (a, b) => {
    expect(normaliseType(a)).toBe(normaliseType(b));
  });

  it.each([
    ['integer', 'bigint'],
    ['decimal(10,2)', 'decimal(12,2)'],
    ['numeric(10,2)', 'numeric(10,3)'],
    ['NUMBER(10,0)', 'NUMBER(38,0)'],
    ['date', 'timestamp'],
    ['timestamp', 'timestamptz'],
  ])('%s to %s is a type change', (a, b) => {
    expect(normaliseType(a)).not.toBe(normaliseType(b));
  });

  it.each([
    ['numeric', 'numeric(10,2)', true],
    ['NUMBER', 'NUMBER(38,0)', true],
    ['DECIMAL', 'decimal(12,2)', true],
    ['numeric(10,2)', 'numeric', false],
    ['numeric(10,2)', 'numeric(12,2)', false],
    ['numeric', 'double precision', false],
  ])('a baseline %s still holds for a live %s: %s', (before, after, same) => {
    expect(sameSchemaType(before, after)).toBe(same);
  });

  const baseline = [
    { name: 'id', type: 'integer' },
    { name: 'email', type: 'text' },
    { name: 'amount', type: 'numeric(10,2)' },
  ];

  it('finds adds, drops and type changes; a rename is a drop and an add', () => {
    expect(
      diffSchema(baseline, [
        { name: 'id', type: 'bigint' },
        { name: 'Email', type: 'text' },
        { name: 'amount', type: 'NUMERIC(10,2)' },
      ]),
    ).toEqual({
      added: [{ name: 'Email', type: 'text' }],
      dropped: [{ name: 'email', type: 'text' }],
      type_changed: [{ name: 'id', from: 'integer', to: 'bigint' }],
    });
  });

  it('captures the first baseline with a pass, then fails on drift of the kinds asked for', () => {
    expect(evaluateSchemaDrift({}, null, baseline)).toMatchObject({
      outcome: 'pass',
      detail: { baseline_captured: true },
      capture: baseline,
    });
    const added = [...baseline, { name: 'note', type: 'text' }];
    expect(evaluateSchemaDrift({}, baseline, added)).toMatchObject({
      outcome: 'fail',
      metric_value: 1,
      capture: null,
    });
    expect(evaluateSchemaDrift({ fail_on: ['dropped'] }, baseline, added).outcome).toBe('pass');
    expect(evaluateSchemaDrift({ severity: 'critical' }, baseline, baseline.slice(1)).outcome).toBe(
      'critical',
    );
  });

  it('reports a precision or scale change as a type change, with the judged bound', () => {
    const wider = baseline.map((column) =>
      column.name === 'amount' ? { name: 'amount', type: 'numeric(12,2)' } : column,
    );
    const result = evaluateSchemaDrift({}, baseline, wider);
    expect(result).toMatchObject({
      outcome: 'fail',
      metric_value: 1,
      detail: {
        type_changed: [{ name: 'amount', from: 'numeric(10,2)', to: 'numeric(12,2)' }],
        judged: { metric: 'schema_changes', value: 1, thresholds: { fail: 0 }, band: 'fail' },
      },
      refine: null,
    });
  });

  it('an old baseline of bare decimals raises no drift, and learns the live precision once', () => {
    const old = [
      { name: 'id', type: 'integer' },
      { name: 'amount', type: 'numeric' },
    ];
    const live = [
      { name: 'id', type: 'integer' },
      { name: 'amount', type: 'numeric(10,2)' },
    ];
    const first = evaluateSchemaDrift({}, old, live);
    expect(first).toMatchObject({ outcome: 'pass', metric_value: 0, capture: null, refine: live });
    expect(refinedSchemaBaseline(live, live)).toBeNull();
    // Once refined, the next precision change is drift.
    const later = evaluateSchemaDrift({}, first.refine!, [
      { name: 'id', type: 'integer' },
      { name: 'amount', type: 'numeric(12,2)' },
    ]);
    expect(later.outcome).toBe('fail');
  });
});
