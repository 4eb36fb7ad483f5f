import { type ExpectationConfig } from '../expectations/validate-expectation';
import { compileNativeMetric } from './native-metric-sql';
import { compileProfile } from './profile-sql';
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
