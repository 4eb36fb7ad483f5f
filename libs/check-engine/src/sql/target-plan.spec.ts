import { type ExpectationConfig } from '../expectations/validate-expectation';
import { compileNativeMetric } from './native-metric-sql';
import { compileProfile } from './profile-sql';
import { floatOf, jsonFloat } from './fused-scan';
import { DATABRICKS, DUCKDB, POSTGRES, SNOWFLAKE, dialectForKind } from './sql-dialect';
import { planTargetScans } from './target-plan';

const COLUMNS = [
  { name: 'id', type: 'bigint' },
  { name: 'email', type: 'text' },
  { name: 'we"ird`name', type: 'text' },
  { name: 'created_at', type: 'timestamp' },
];
const e = (expectation_type: string, kwargs: Record<string, unknown>): ExpectationConfig => ({
  expectation_type,
  kwargs,
});

describe('planTargetScans', () => {
  it('fuses every check over one filter into one statement, equal aggregates computed once', () => {
    const plan = planTargetScans(POSTGRES, 'sales.orders', COLUMNS, [
      { checkId: 'a', config: e('expect_column_values_to_not_be_null', { column: 'id' }) },
      { checkId: 'b', config: e('expect_column_values_to_not_be_null', { column: 'email' }) },
      { checkId: 'c', config: e('expect_table_row_count_to_be_between', { min_value: 1 }) },
    ]);
    expect(plan.groups).toHaveLength(1);
    expect(plan.groups[0].statement).toEqual({
      sql:
        'SELECT count(*) AS "m0", count("id") AS "m1", count(*) FILTER (WHERE "id" IS NULL) AS "m2", count("email") AS "m3", ' +
        'count(*) FILTER (WHERE "email" IS NULL) AS "m4" FROM "sales"."orders" WHERE TRUE',
      params: [],
    });
  });

  it('groups by row filter, whatever the order of its predicates', () => {
    const filterA = [
      { column: 'id', op: 'gt', value: 3 },
      { column: 'email', op: 'is_not_null' },
    ];
    const filterB = [...filterA].reverse();
    const plan = planTargetScans(POSTGRES, 'orders', COLUMNS, [
      {
        checkId: 'a',
        config: e('expect_column_values_to_not_be_null', { column: 'id', row_condition: filterA }),
      },
      {
        checkId: 'b',
        config: e('expect_column_values_to_be_unique', { column: 'id', row_condition: filterB }),
      },
      { checkId: 'c', config: e('expect_column_values_to_be_unique', { column: 'id' }) },
    ]);
    expect(plan.groups.map((group) => group.expectations.map((entry) => entry.checkId))).toEqual([
      ['a', 'b'],
      ['c'],
    ]);
  });

  it('binds values in text order for ? dialects and numbers them for PostgreSQL', () => {
    const checks = [
      {
        checkId: 'in',
        config: e('expect_column_values_to_be_in_set', {
          column: 'email',
          value_set: ['a', "o'brien"],
          row_condition: [{ column: 'id', op: 'ge', value: 10 }],
        }),
      },
      {
        checkId: 'regex',
        config: e('expect_column_values_to_match_regex', {
          column: 'email',
          regex: '@',
          row_condition: [{ column: 'id', op: 'ge', value: 10 }],
        }),
      },
    ];
    const snowflake = planTargetScans(SNOWFLAKE, 'DB.PUBLIC.ORDERS', COLUMNS, checks).groups[0].statement;
    expect(snowflake.sql).toBe(
      'SELECT count(*) AS "m0", count("email") AS "m1", COUNT_IF("email" IS NOT NULL AND "email" NOT IN (?, ?)) AS "m2", ' +
        'COUNT_IF("email" IS NOT NULL AND NOT (REGEXP_INSTR(TO_VARCHAR("email"), ?) > 0)) AS "m3" ' +
        'FROM "DB"."PUBLIC"."ORDERS" WHERE ("id" >= ?)',
    );
    expect(snowflake.params).toEqual(['a', "o'brien", '@', 10]);
    const postgres = planTargetScans(POSTGRES, 'orders', COLUMNS, checks).groups[0].statement;
    expect(postgres.sql).toContain('"email" NOT IN ($1, $2)');
    expect(postgres.sql).toContain('WHERE ("id" >= $4)');
    expect(postgres.params).toEqual(['a', "o'brien", '@', 10]);
  });

  it('inlines checked literals for DuckDB scans and always reads the view `target`', () => {
    const plan = planTargetScans(DUCKDB, 'landing/orders_*.csv', COLUMNS, [
      {
        checkId: 'in',
        config: e('expect_column_values_to_be_in_set', {
          column: 'email',
          value_set: ["x'); DROP TABLE t; --", 1.5, true],
        }),
      },
    ]);
    expect(plan.groups[0].statement).toEqual({
      sql:
        'SELECT count(*) AS "m0", count("email") AS "m1", count(*) FILTER (WHERE "email" IS NOT NULL AND "email" NOT IN ' +
        "('x''); DROP TABLE t; --', 1.5, TRUE)) AS \"m2\" FROM target WHERE TRUE",
      params: [],
    });
  });

  it('quotes identifiers per dialect, doubling the quote character', () => {
    const config = e('expect_column_values_to_not_be_null', { column: 'we"ird`name' });
    expect(
      planTargetScans(POSTGRES, 'o', COLUMNS, [{ checkId: 'x', config }]).groups[0].statement.sql,
    ).toContain('count("we""ird`name")');
    expect(
      planTargetScans(DATABRICKS, 'cat.sch.o', COLUMNS, [{ checkId: 'x', config }]).groups[0].statement.sql,
    ).toContain(
      'count(`we"ird``name`) AS `m1`, count_if(`we"ird``name` IS NULL) AS `m2` FROM `cat`.`sch`.`o`',
    );
  });

  it('answers column-list expectations without a scan and resolves names case-insensitively when unambiguous', () => {
    const plan = planTargetScans(
      SNOWFLAKE,
      'T',
      [{ name: 'ID', type: 'NUMBER(38,0)' }],
      [
        { checkId: 'count', config: e('expect_table_column_count_to_equal', { value: 1 }) },
        {
          checkId: 'type',
          config: e('expect_column_values_to_be_of_type', { column: 'id', type_: 'number' }),
        },
      ],
    );
    expect(plan.groups).toEqual([]);
    expect(plan.immediate.get('count')?.observation).toEqual({ shape: 'table', met: true });
    expect(plan.immediate.get('type')?.observation).toEqual({ shape: 'column_aggregate', met: true });
  });

  it('rides monitors along in the unfiltered scan', () => {
    const plan = planTargetScans(
      POSTGRES,
      'orders',
      COLUMNS,
      [{ checkId: 'a', config: e('expect_column_values_to_not_be_null', { column: 'id' }) }],
      [
        { checkId: 'volume', metric: 'row_count' },
        { checkId: 'fresh', metric: 'max_epoch', column: 'created_at' },
      ],
    );
    expect(plan.groups).toHaveLength(1);
    expect(plan.groups[0].statement.sql).toContain(
      'extract(epoch FROM max("created_at"))::double precision AS "m3"',
    );
    expect(plan.groups[0].monitors.map((monitor) => monitor.read({ m0: '41', m3: 1700000000.5 }))).toEqual([
      41, 1700000000.5,
    ]);
  });

  it('compiles 200 checks over one target into one statement', () => {
    const checks = Array.from({ length: 200 }, (_unused, index) => ({
      checkId: `c${index}`,
      config:
        index % 2 === 0
          ? e('expect_column_values_to_be_between', { column: 'id', min_value: index, max_value: index + 10 })
          : e('expect_column_values_to_match_regex', { column: 'email', regex: `^${index}` }),
    }));
    // How fast is the benchmark's question (bench/README.md); here: one statement for them all.
    const plan = planTargetScans(POSTGRES, 'orders', COLUMNS, checks);
    expect(plan.groups).toHaveLength(1);
    expect(plan.groups[0].expectations).toHaveLength(200);
  });
});

describe('uniqueness samples', () => {
  const checks = [
    {
      checkId: 'u',
      config: e('expect_column_values_to_be_unique', {
        column: 'email',
        row_condition: [{ column: 'id', op: 'gt', value: 5 }],
      }),
    },
  ];

  it('the scan captures the least value shared by enough rows for a sample, as text, from its window', () => {
    const plan = planTargetScans(POSTGRES, 'orders', COLUMNS, checks, [], { sampleRows: 20 });
    const { statement, expectations } = plan.groups[0];
    expect(statement.sql).toContain(
      'min(CASE WHEN "email" IS NOT NULL AND "__dq_w0" >= 20 THEN ("email")::text END)',
    );
    // One window serves the count and the captured value.
    expect(statement.sql.match(/OVER \(/g)).toHaveLength(1);
    const { unexpected } = expectations[0].compiled;
    const alias = /min\(CASE WHEN .*? END\) AS "(m\d+)"/.exec(statement.sql)![1];
    expect(unexpected?.sampleKey?.({ [alias]: 'dup@example.com' })).toBe('dup@example.com');
    expect(unexpected?.sampleKey?.({ [alias]: null })).toBeNull();
  });

  it('with the captured value, the sample reads the filtered rows of that value alone; without it, the grouped semi-join', () => {
    const plan = planTargetScans(POSTGRES, 'orders', COLUMNS, checks, [], { sampleRows: 20 });
    const keyed = plan.sampleStatement('u', 20, "it's@example.com")!;
    expect(keyed.sql).toBe('SELECT * FROM "orders" WHERE ("id" > $1) AND (("email")::text = $2) LIMIT 20');
    expect(keyed.params).toEqual([5, "it's@example.com"]);
    const grouped = plan.sampleStatement('u', 20)!;
    expect(grouped.sql).toContain('GROUP BY "email" HAVING count(*) > 1');
    expect(grouped.sql).not.toContain('OVER (');
    expect(plan.sampleStatement('u', 20, null)).toEqual(grouped);
    const duck = planTargetScans(DUCKDB, 'orders.csv', COLUMNS, checks, [], { sampleRows: 20 });
    expect(duck.sampleStatement('u', 20, "it's")!.sql).toContain(`(CAST("email" AS VARCHAR) = 'it''s')`);
  });

  it('never captures a value of a single row, whatever the sample size, and refuses a size that is not one', () => {
    const one = planTargetScans(POSTGRES, 'orders', COLUMNS, checks, [], { sampleRows: 1 });
    expect(one.groups[0].statement.sql).toContain('"__dq_w0" >= 2 THEN');
    expect(() => planTargetScans(POSTGRES, 'orders', COLUMNS, checks, [], { sampleRows: 2.5 })).toThrow(
      RangeError,
    );
  });

  it('other column-map checks keep their one sample statement (no key)', () => {
    const plan = planTargetScans(POSTGRES, 'orders', COLUMNS, [
      { checkId: 'n', config: e('expect_column_values_to_not_be_null', { column: 'email' }) },
    ]);
    expect(plan.groups[0].expectations[0].compiled.unexpected?.sampleKey).toBeUndefined();
    expect(plan.sampleStatement('n', 20, 'ignored')!.sql).toBe(
      'SELECT * FROM "orders" WHERE TRUE AND ("email" IS NULL) LIMIT 20',
    );
  });
});

describe('dialectForKind', () => {
  it.each([
    ['postgres', 'postgres'],
    ['warehouse', 'snowflake'],
    ['lakehouse', 'databricks'],
    ['file_store', 'duckdb'],
    ['object_store', 'duckdb'],
    ['iceberg_catalog', 'duckdb'],
  ] as const)('%s compiles to %s', (kind, dialect) => {
    expect(dialectForKind(kind)?.name).toBe(dialect);
  });

  it('has nothing for orchestration kinds', () => {
    expect(dialectForKind('factory')).toBeNull();
  });
});

describe('compileNativeMetric', () => {
  it('calls the warehouse metric function over the one column', () => {
    expect(
      compileNativeMetric('SALES.PUBLIC.ORDERS', 'ORDER_ID', e('duplicate_count', { column: 'ORDER_ID' })),
    ).toEqual({
      sql: 'SELECT SNOWFLAKE.CORE.DUPLICATE_COUNT(SELECT "ORDER_ID" FROM "SALES"."PUBLIC"."ORDERS") AS value',
      params: [],
    });
  });
});

describe('compileProfile', () => {
  it('profiles every column in one statement and top values in one more, nulls only for unordered types', () => {
    const plan = compileProfile(
      POSTGRES,
      'orders',
      [
        ...COLUMNS,
        { name: 'doc', type: 'json' },
        { name: 'flag', type: 'boolean' },
        { name: 'acl', type: '_aclitem' },
      ],
      3,
    );
    expect(plan.statistics.sql).toContain('count(DISTINCT "id")');
    expect(plan.statistics.sql).not.toContain('count(DISTINCT "doc")');
    expect(plan.statistics.sql).not.toContain('count(DISTINCT "acl")');
    expect(plan.statistics.sql).toContain('count(DISTINCT "flag")');
    expect(plan.statistics.sql).not.toContain('min("flag")');
    expect(plan.topValues?.sql.split(' UNION ALL ')).toHaveLength(5);
    const read = plan.readStatistics({ m0: '5', m1: '5', m2: '4', m3: '1', m4: '9' });
    expect(read.row_count).toBe(5);
    expect(read.columns[0]).toEqual({
      name: 'id',
      type: 'bigint',
      null_count: 0,
      distinct_count: 4,
      min: '1',
      max: '9',
    });
  });
});

describe('a group restricted to some of its checks', () => {
  it('builds a statement of their aggregates alone, same filter, and names each metric', () => {
    const filter = [{ column: 'id', op: 'gt', value: 3 }];
    const plan = planTargetScans(
      POSTGRES,
      'orders',
      COLUMNS,
      [
        {
          checkId: 'a',
          config: e('expect_column_values_to_not_be_null', { column: 'id', row_condition: filter }),
        },
        {
          checkId: 'b',
          config: e('expect_column_mean_to_be_between', { column: 'email', row_condition: filter }),
        },
      ],
      [],
    );
    const [group] = plan.groups;
    expect(group.expectations.map(({ metric }) => metric)).toEqual([
      'expect_column_values_to_not_be_null of column "id"',
      'expect_column_mean_to_be_between of column "email"',
    ]);
    const alone = group.only(['b']);
    expect(alone.expectations.map(({ checkId }) => checkId)).toEqual(['b']);
    expect(alone.statement).toEqual({
      sql: 'SELECT avg(("email")::double precision) AS "m0" FROM "orders" WHERE ("id" > $1)',
      params: [3],
    });
    expect(alone.only(['b']).statement).toEqual(alone.statement);
    expect(group.only(['a']).statement.sql).not.toContain('avg(');
  });

  it('keeps monitors apart from expectations when split', () => {
    const plan = planTargetScans(
      DUCKDB,
      'x',
      COLUMNS,
      [{ checkId: 'a', config: e('expect_column_values_to_not_be_null', { column: 'id' }) }],
      [{ checkId: 'volume', metric: 'row_count' }],
    );
    const [group] = plan.groups;
    expect(group.monitors.map(({ metric }) => metric)).toEqual(['row count']);
    const volume = group.only(['volume']);
    expect(volume.expectations).toEqual([]);
    expect(volume.statement.sql).toBe('SELECT count(*) AS "m0" FROM target WHERE TRUE');
    expect(volume.monitors[0].read({ m0: 7 })).toBe(7);
  });
});

describe('NaN and the infinities in statistics', () => {
  const FLOATS = [
    { name: 'x', type: 'double precision' },
    { name: 'n', type: 'bigint' },
  ];
  const stat = (type: string, kwargs: Record<string, unknown> = {}) => e(type, { column: 'x', ...kwargs });

  it.each([
    [POSTGRES, `(("x")::double precision = 'NaN'::double precision)`],
    [DUCKDB, `isnan(CAST("x" AS DOUBLE))`],
    [SNOWFLAKE, `(("x")::DOUBLE = 'NaN'::FLOAT)`],
    [DATABRICKS, 'isnan(CAST(`x` AS DOUBLE))'],
  ])('%#: leaves NaN out of mean, median, sum, min and max, and counts it', (dialect, isNaN) => {
    const plan = planTargetScans(dialect, 'db.s.t', FLOATS, [
      { checkId: 'mean', config: stat('expect_column_mean_to_be_between') },
      { checkId: 'max', config: stat('expect_column_max_to_be_between', { max_value: 1 }) },
    ]);
    const sql = plan.groups[0].statement.sql;
    expect(sql).toContain(`avg(CASE WHEN ${isNaN} THEN NULL ELSE`);
    expect(sql).toContain(`max(CASE WHEN ${isNaN} THEN NULL ELSE`);
    expect(sql).toContain(dialect.countIf(isNaN));
  });

  it('leaves integer columns untouched', () => {
    const plan = planTargetScans(POSTGRES, 't', FLOATS, [
      { checkId: 'sum', config: e('expect_column_sum_to_be_between', { column: 'n' }) },
    ]);
    expect(plan.groups[0].statement.sql).toBe('SELECT sum("n") AS "m0" FROM "t" WHERE TRUE');
  });

  it('reads NaN and infinities however the driver spells them, and judges them', () => {
    const plan = planTargetScans(DUCKDB, 't', FLOATS, [
      { checkId: 'mean', config: stat('expect_column_mean_to_be_between', { min_value: 0 }) },
      { checkId: 'sum', config: stat('expect_column_sum_to_be_between', { max_value: 10 }) },
      { checkId: 'stdev', config: stat('expect_column_stdev_to_be_between') },
      { checkId: 'min', config: stat('expect_column_min_to_be_between', { min_value: 0 }) },
    ]);
    const [group] = plan.groups;
    const sql = group.statement.sql;
    expect(sql).toContain('stddev_samp(CASE WHEN isnan(CAST("x" AS DOUBLE)) OR isinf(CAST("x" AS DOUBLE))');
    const aliasOf = (fragment: string) => {
      const match = new RegExp(`${fragment.replace(/[()*.]/g, (c) => `\\${c}`)}[^,]* AS "(m\\d+)"`).exec(sql);
      return match![1];
    };
    const row: Record<string, unknown> = {
      [aliasOf('avg(')]: 'inf',
      [aliasOf('sum(')]: 'Infinity',
      [aliasOf('stddev_samp(')]: 1.5,
      [aliasOf('count(*) FILTER (WHERE isinf')]: 1,
      [aliasOf('count(*) FILTER (WHERE isnan')]: 2,
      [aliasOf('CAST(min(')]: '-inf',
    };
    for (const alias of sql.match(/"m\d+"/g)!.map((quoted) => quoted.slice(1, -1)))
      if (!(alias in row)) row[alias] = 0;
    const read = Object.fromEntries(
      group.expectations.map(({ checkId, compiled }) => [checkId, compiled.read(row)]),
    );
    expect(read['mean']).toMatchObject({
      observation: { met: true },
      observed: null,
      detail: { observed_value: 'Infinity', nan_count: 2 },
    });
    expect(read['sum']).toMatchObject({
      observation: { met: false },
      observed: null,
      detail: { observed_value: 'Infinity' },
    });
    // Over an infinity a standard deviation is undefined, whatever the engine answered.
    expect(read['stdev']).toMatchObject({
      observation: { met: false },
      observed: null,
      detail: { observed_value: 'NaN' },
    });
    expect(read['min']).toMatchObject({
      observed: null,
      detail: { observed_value: '-Infinity', nan_count: 2 },
    });
  });

  it('tests NaN in a PostgreSQL numeric column without a cast; the statistics still read doubles', () => {
    const plan = planTargetScans(
      POSTGRES,
      't',
      [{ name: 'x', type: 'numeric' }],
      [
        { checkId: 'mean', config: stat('expect_column_mean_to_be_between') },
        { checkId: 'b', config: stat('expect_column_values_to_be_between', { min_value: 0 }) },
      ],
    );
    const sql = plan.groups[0].statement.sql;
    expect(sql).toContain(`avg(CASE WHEN ("x" = 'NaN'::numeric) THEN NULL ELSE ("x")::double precision END)`);
    expect(sql).toContain(`"x" IS NOT NULL AND (("x" = 'NaN'::numeric) OR NOT ("x" >= $1))`);
    expect(sql).not.toContain(`'NaN'::double precision`);
  });

  it('counts NaN as a value outside every between bound', () => {
    const plan = planTargetScans(POSTGRES, 't', FLOATS, [
      { checkId: 'b', config: stat('expect_column_values_to_be_between', { min_value: 0 }) },
    ]);
    expect(plan.groups[0].statement.sql).toContain(
      `"x" IS NOT NULL AND ((("x")::double precision = 'NaN'::double precision) OR NOT ("x" >= $1))`,
    );
  });

  it('floatOf keeps NaN and the infinities; jsonFloat spells them for JSON', () => {
    expect(
      ['NaN', 'nan', 'inf', '-inf', 'Infinity', '-Infinity', '+inf', 2.5, '2.5', null].map(floatOf),
    ).toEqual([Number.NaN, Number.NaN, Infinity, -Infinity, Infinity, -Infinity, Infinity, 2.5, 2.5, null]);
    expect([Number.NaN, Infinity, -Infinity, 1, null].map(jsonFloat)).toEqual([
      'NaN',
      'Infinity',
      '-Infinity',
      1,
      null,
    ]);
  });

  it('leaves NaN out of the most common value too, and spells a non-finite mode one way', () => {
    const plan = planTargetScans(DATABRICKS, 'c.s.t', FLOATS, [
      {
        checkId: 'mode',
        config: stat('expect_column_most_common_value_to_be_in_set', { value_set: ['Infinity'] }),
      },
    ]);
    const { statement, expectations } = plan.groups[0];
    expect(statement.sql).toContain('mode(CASE WHEN isnan(CAST(`x` AS DOUBLE)) THEN NULL ELSE `x` END)');
    expect(expectations[0].compiled.read({ m0: 'inf', m1: 3 })).toMatchObject({
      observation: { met: true },
      detail: { observed_value: 'Infinity', nan_count: 3 },
    });
  });

  it('profiles min and max of a floating column without NaN, infinities spelled one way', () => {
    const plan = compileProfile(SNOWFLAKE, 'T', [{ name: 'X', type: 'FLOAT' }], 0);
    expect(plan.statistics.sql).toContain('TO_VARCHAR(min(CASE WHEN');
    expect(plan.statistics.sql).toContain(`= 'NaN'::FLOAT) THEN NULL ELSE "X" END`);
    const read = plan.readStatistics({ m0: 3, m1: 3, m2: 3, m3: '-inf', m4: 'inf' });
    expect(read.columns[0]).toMatchObject({ min: '-Infinity', max: 'Infinity' });
    const top = compileProfile(DUCKDB, 't', [{ name: 'x', type: 'DOUBLE' }], 2).readTopValues([
      { dq_column: 0, dq_value: 'nan', dq_count: 2 },
      { dq_column: 0, dq_value: '1.5', dq_count: 1 },
    ]);
    expect(top.get('x')).toEqual([
      { value: 'NaN', count: 2 },
      { value: '1.5', count: 1 },
    ]);
  });
});
