/**
 * Same data, same answer: every expectation of the catalog, compiled by the planner, run on the
 * messy fixture files loaded into DuckDB (as a scan reads them) and into PostgreSQL (as a SQL
 * datasource holds them), each result checked against a value computed by hand from the file.
 */
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { Client } from 'pg';
import { EXPECTATION_TYPES } from '../expectations/expectation-catalog';
import { bandExpectation } from '../expectations/unexpected-percent';
import { expectationDefinition } from '../expectations/expectation-catalog';
import { type ExpectationConfig } from '../expectations/validate-expectation';
import { type ExpectationReading, type IntrospectedColumn } from './expectation-sql';
import { stripHelperColumns } from './fused-scan';
import { DUCKDB, POSTGRES, type SqlDialect } from './sql-dialect';
import { type PlannedExpectation, planTargetScans } from './target-plan';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures/csv-parquet/csv');

// comma_decimal_null.csv (8 rows), the columns this test reads, renamed short:
//   P    COD_LOCALE_PROGETTO            text, 8 distinct project codes
//   M    OC_MACROAREA                   Mezzogiorno x2, Centro-Nord x4, Estero x2
//   SLL  OC_COD_SLL                     1517, 1803, 1206, 1206, 313, 837, 0, 0
//   T    COD_OB_TEMATICO                all 8 empty (null)
//   SUB  OC_COD_SUBARTICOLAZ_PROGRAMMA  1, 5, 10, 10, 2, 5, 0, 0
//   PROG PROGRAMMATO_INDICATORE_1       1.5, 300, 424428, 525572, 6.7, 577000, 5, 6
//   REAL REALIZZATO_INDICATORE_1        1.42, null, 0, 0, 6.7, 289606.8, null, null
//   FSC  FINANZ_STATO_FSC               "80000000,00" ... 6 values ending ",00", then 2 nulls
const PROJECTION = `COD_LOCALE_PROGETTO AS "P", OC_MACROAREA AS "M", OC_COD_SLL AS "SLL",
  COD_OB_TEMATICO AS "T", OC_COD_SUBARTICOLAZ_PROGRAMMA AS "SUB", PROGRAMMATO_INDICATORE_1 AS "PROG",
  REALIZZATO_INDICATORE_1 AS "REAL", FINANZ_STATO_FSC AS "FSC"`;
const POSTGRES_COLUMNS: [string, string][] = [
  ['P', 'text'],
  ['M', 'text'],
  ['SLL', 'bigint'],
  ['T', 'text'],
  ['SUB', 'bigint'],
  ['PROG', 'double precision'],
  ['REAL', 'double precision'],
  ['FSC', 'text'],
];
const NAMES = POSTGRES_COLUMNS.map(([name]) => name);

type Expected = { percent: number; unexpected: number } | { met: boolean; observed?: number | null };

interface Case {
  name: string;
  config: ExpectationConfig;
  expected: Expected;
}

const e = (expectation_type: string, kwargs: Record<string, unknown>): ExpectationConfig => ({
  expectation_type,
  kwargs,
});

const CASES: Case[] = [
  {
    name: 'T all null',
    config: e('expect_column_values_to_not_be_null', { column: 'T' }),
    expected: { percent: 100, unexpected: 8 },
  },
  {
    name: 'T null',
    config: e('expect_column_values_to_be_null', { column: 'T' }),
    expected: { percent: 0, unexpected: 0 },
  },
  {
    name: 'REAL nulls',
    config: e('expect_column_values_to_not_be_null', { column: 'REAL' }),
    expected: { percent: 37.5, unexpected: 3 },
  },
  {
    name: 'SLL unique',
    config: e('expect_column_values_to_be_unique', { column: 'SLL' }),
    expected: { percent: 50, unexpected: 4 },
  },
  {
    name: 'P unique',
    config: e('expect_column_values_to_be_unique', { column: 'P' }),
    expected: { percent: 0, unexpected: 0 },
  },
  {
    name: 'PROG between',
    config: e('expect_column_values_to_be_between', { column: 'PROG', min_value: 1, max_value: 1000 }),
    expected: { percent: 37.5, unexpected: 3 },
  },
  {
    name: 'REAL strictly above 0, up to 10 (over non-null rows)',
    config: e('expect_column_values_to_be_between', {
      column: 'REAL',
      min_value: 0,
      max_value: 10,
      strict_min: true,
    }),
    expected: { percent: 60, unexpected: 3 },
  },
  {
    name: 'M in set',
    config: e('expect_column_values_to_be_in_set', {
      column: 'M',
      value_set: ['Mezzogiorno', 'Centro-Nord'],
    }),
    expected: { percent: 25, unexpected: 2 },
  },
  {
    name: 'SUB not in set',
    config: e('expect_column_values_to_not_be_in_set', { column: 'SUB', value_set: [0, 10] }),
    expected: { percent: 50, unexpected: 4 },
  },
  {
    name: 'P matches LA13 anywhere',
    config: e('expect_column_values_to_match_regex', { column: 'P', regex: 'LA13' }),
    expected: { percent: 75, unexpected: 6 },
  },
  {
    name: 'FSC does not end in ,00',
    config: e('expect_column_values_to_not_match_regex', { column: 'FSC', regex: ',00$' }),
    expected: { percent: 100, unexpected: 6 },
  },
  {
    name: 'M lengths up to 10',
    config: e('expect_column_value_lengths_to_be_between', { column: 'M', min_value: 6, max_value: 10 }),
    expected: { percent: 75, unexpected: 6 },
  },
  {
    name: 'SLL is bigint',
    config: e('expect_column_values_to_be_of_type', { column: 'SLL', type_: 'BIGINT' }),
    expected: { met: true },
  },
  {
    name: 'rows between 5 and 10',
    config: e('expect_table_row_count_to_be_between', { min_value: 5, max_value: 10 }),
    expected: { met: true, observed: 8 },
  },
  {
    name: 'rows equal 9',
    config: e('expect_table_row_count_to_equal', { value: 9 }),
    expected: { met: false, observed: 8 },
  },
  {
    name: 'columns equal 8',
    config: e('expect_table_column_count_to_equal', { value: 8 }),
    expected: { met: true, observed: 8 },
  },
  {
    name: 'columns at least 10',
    config: e('expect_table_column_count_to_be_between', { min_value: 10 }),
    expected: { met: false, observed: 8 },
  },
  {
    name: 'columns set',
    config: e('expect_table_columns_to_match_set', { column_set: NAMES }),
    expected: { met: true },
  },
  {
    name: 'columns include',
    config: e('expect_table_columns_to_match_set', { column_set: ['M', 'P'], exact_match: false }),
    expected: { met: true },
  },
  {
    name: 'columns ordered',
    config: e('expect_table_columns_to_match_ordered_list', { column_list: [...NAMES].reverse() }),
    expected: { met: false },
  },
  {
    name: 'M and SUB compound unique',
    config: e('expect_compound_columns_to_be_unique', { column_list: ['M', 'SUB'] }),
    expected: { percent: 50, unexpected: 4 },
  },
  {
    name: 'PROG min',
    config: e('expect_column_min_to_be_between', { column: 'PROG', min_value: 1, max_value: 2 }),
    expected: { met: true, observed: 1.5 },
  },
  {
    name: 'SLL max',
    config: e('expect_column_max_to_be_between', { column: 'SLL', max_value: 1000 }),
    expected: { met: false, observed: 1803 },
  },
  {
    name: 'SUB mean',
    config: e('expect_column_mean_to_be_between', { column: 'SUB', min_value: 4, max_value: 5 }),
    expected: { met: true, observed: 4.125 },
  },
  {
    name: 'SUB median',
    config: e('expect_column_median_to_be_between', { column: 'SUB', min_value: 3.5, max_value: 3.5 }),
    expected: { met: true, observed: 3.5 },
  },
  {
    name: 'SLL sum',
    config: e('expect_column_sum_to_be_between', { column: 'SLL', min_value: 6882, max_value: 6882 }),
    expected: { met: true, observed: 6882 },
  },
  {
    name: 'SUB stdev',
    config: e('expect_column_stdev_to_be_between', { column: 'SUB', min_value: 4.12, max_value: 4.13 }),
    expected: { met: true, observed: Math.sqrt(118.875 / 7) },
  },
  {
    name: 'M distinct within set',
    config: e('expect_column_distinct_values_to_be_in_set', {
      column: 'M',
      value_set: ['Mezzogiorno', 'Centro-Nord', 'Estero'],
    }),
    expected: { met: true },
  },
  {
    name: 'M distinct contain',
    config: e('expect_column_distinct_values_to_contain_set', { column: 'M', value_set: ['Estero', 'Nord'] }),
    expected: { met: false },
  },
  {
    name: 'M distinct equal',
    config: e('expect_column_distinct_values_to_equal_set', {
      column: 'M',
      value_set: ['Mezzogiorno', 'Centro-Nord'],
    }),
    expected: { met: false },
  },
  {
    name: 'SUB unique values',
    config: e('expect_column_unique_value_count_to_be_between', {
      column: 'SUB',
      min_value: 5,
      max_value: 5,
    }),
    expected: { met: true, observed: 5 },
  },
  {
    name: 'SLL unique proportion',
    config: e('expect_column_proportion_of_unique_values_to_be_between', {
      column: 'SLL',
      min_value: 0.7,
      max_value: 0.8,
    }),
    expected: { met: true, observed: 0.75 },
  },
  {
    name: 'M most common',
    config: e('expect_column_most_common_value_to_be_in_set', { column: 'M', value_set: ['Centro-Nord'] }),
    expected: { met: true },
  },
  {
    name: 'REAL nulls among Estero rows only',
    config: e('expect_column_values_to_not_be_null', {
      column: 'REAL',
      row_condition: [{ column: 'M', op: 'eq', value: 'Estero' }],
    }),
    expected: { percent: 100, unexpected: 2 },
  },
  {
    name: 'T null count',
    config: e('null_count', { column: 'T', max_value: 0 }),
    expected: { met: false, observed: 8 },
  },
  {
    name: 'T null percent',
    config: e('null_percent', { column: 'T', max_value: 50 }),
    expected: { met: false, observed: 100 },
  },
  {
    name: 'SLL duplicate count',
    config: e('duplicate_count', { column: 'SLL', max_value: 4 }),
    expected: { met: true, observed: 4 },
  },
  {
    name: 'SUB unique count',
    config: e('unique_count', { column: 'SUB', min_value: 5 }),
    expected: { met: true, observed: 5 },
  },
];

// mixed_double.csv: B is 'not_a_double_:(' x3, '5', '5.555'.
const MIXED_CASE: Case = {
  name: 'B looks numeric',
  config: e('expect_column_values_to_match_regex', { column: 'B', regex: '^[0-9.]+$' }),
  expected: { percent: 60, unexpected: 3 },
};

interface Engine {
  dialect: SqlDialect;
  target: string;
  columns: IntrospectedColumn[];
  query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  statements: string[];
}

function readingValue(reading: ExpectationReading, config: ExpectationConfig): Expected {
  const definition = expectationDefinition(config.expectation_type);
  if (!definition) throw new Error(config.expectation_type);
  if (reading.observation.shape === 'column_map') {
    const banded = bandExpectation(definition, reading.observation);
    return { percent: banded.unexpected_percent, unexpected: reading.observation.counts.unexpected_count };
  }
  return { met: reading.observation.met, observed: reading.observed };
}

function expectMatches(actual: Expected, expected: Expected): void {
  if ('percent' in expected) {
    expect(actual).toEqual(expected);
    return;
  }
  expect((actual as { met: boolean }).met).toBe(expected.met);
  if (expected.observed !== undefined && expected.observed !== null)
    expect((actual as { observed: number }).observed).toBeCloseTo(expected.observed, 9);
}

async function evaluate(engine: Engine, cases: Case[]): Promise<Map<string, Expected>> {
  const planned: PlannedExpectation[] = cases.map((entry) => ({ checkId: entry.name, config: entry.config }));
  const plan = planTargetScans(engine.dialect, engine.target, engine.columns, planned);
  expect([...plan.problems.keys()]).toEqual([]);
  const results = new Map<string, Expected>();
  for (const [checkId, reading] of plan.immediate) {
    results.set(checkId, readingValue(reading, cases.find((entry) => entry.name === checkId)!.config));
  }
  for (const group of plan.groups) {
    const [row] = await engine.query(group.statement.sql, group.statement.params);
    for (const { checkId, compiled } of group.expectations) {
      results.set(
        checkId,
        readingValue(compiled.read(row), cases.find((entry) => entry.name === checkId)!.config),
      );
    }
  }
  return results;
}

describe('expectations on the messy fixtures: PostgreSQL and DuckDB give the hand-computed answer', () => {
  let duck: DuckDBConnection;
  let instance: DuckDBInstance;
  let admin: Client;
  let pg: Client;
  const database = `dq_expectations_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const engines: Record<'duckdb' | 'postgres', Engine> = {} as Record<'duckdb' | 'postgres', Engine>;
  const mixed: Record<'duckdb' | 'postgres', Engine> = {} as Record<'duckdb' | 'postgres', Engine>;

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    duck = await instance.connect();
    const csv = (file: string) => `read_csv('${path.join(FIXTURES, file)}')`;
    await duck.run(`CREATE TABLE projects AS SELECT ${PROJECTION} FROM ${csv('comma_decimal_null.csv')}`);
    await duck.run(`CREATE TABLE mixed AS SELECT * FROM ${csv('mixed_double.csv')}`);

    admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    pg = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await pg.connect();
    await pg.query(
      `CREATE TABLE public.projects (${POSTGRES_COLUMNS.map(([n, t]) => `"${n}" ${t}`).join(', ')})`,
    );
    await pg.query(`CREATE TABLE public.mixed ("A" bigint, "B" text)`);
    // The very rows DuckDB read from the files go into PostgreSQL.
    for (const [table, columns] of [
      ['projects', NAMES],
      ['mixed', ['A', 'B']],
    ] as const) {
      const rows = (await duck.runAndReadAll(`SELECT * FROM ${table}`)).getRowObjectsJson();
      for (const row of rows) {
        const values = columns.map((name) => row[name] ?? null);
        await pg.query(
          `INSERT INTO public.${table} VALUES (${values.map((_v, i) => `$${i + 1}`).join(', ')})`,
          values,
        );
      }
    }

    const duckEngine = async (table: string): Promise<Engine> => {
      const view = await instance.connect();
      await view.run(`CREATE TEMP VIEW target AS SELECT * FROM ${table}`);
      const described = (await view.runAndReadAll('DESCRIBE target')).getRowObjectsJson();
      const engine: Engine = {
        dialect: DUCKDB,
        target: table,
        columns: described.map((row) => ({
          name: row['column_name'] as string,
          type: row['column_type'] as string,
        })),
        statements: [],
        query: async (sql, params) => {
          expect(params).toEqual([]);
          engine.statements.push(sql);
          return (await view.runAndReadAll(sql)).getRowObjectsJson();
        },
      };
      return engine;
    };
    const pgEngine = async (table: string): Promise<Engine> => {
      const described = await pg.query<{ name: string; type: string }>(
        `SELECT column_name AS name, data_type AS type FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      const engine: Engine = {
        dialect: POSTGRES,
        target: `public.${table}`,
        columns: described.rows,
        statements: [],
        query: async (sql, params) => {
          engine.statements.push(sql);
          return (await pg.query(sql, params)).rows as Record<string, unknown>[];
        },
      };
      return engine;
    };
    engines.duckdb = await duckEngine('projects');
    engines.postgres = await pgEngine('projects');
    mixed.duckdb = await duckEngine('mixed');
    mixed.postgres = await pgEngine('mixed');
  });

  afterAll(async () => {
    await pg?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
    duck?.closeSync();
  });

  it('covers every expectation type of the catalog', () => {
    const covered = new Set([...CASES, MIXED_CASE].map((entry) => entry.config.expectation_type));
    expect(EXPECTATION_TYPES.filter((type) => !covered.has(type))).toEqual([]);
  });

  it.each(['duckdb', 'postgres'] as const)('%s: every result is the hand-computed one', async (name) => {
    const results = await evaluate(engines[name], CASES);
    for (const entry of CASES) {
      const actual = results.get(entry.name);
      expect({ check: entry.name, defined: actual !== undefined }).toEqual({
        check: entry.name,
        defined: true,
      });
      expectMatches(actual!, entry.expected);
    }
    // One statement per distinct row filter: the unfiltered group and the Estero one.
    expect(engines[name].statements).toHaveLength(2);
    const mixedResults = await evaluate(mixed[name], [MIXED_CASE]);
    expectMatches(mixedResults.get(MIXED_CASE.name)!, MIXED_CASE.expected);
  });

  it.each(['duckdb', 'postgres'] as const)(
    '%s: failing samples are the unexpected rows, bounded',
    async (name) => {
      const engine = engines[name];
      const plan = planTargetScans(engine.dialect, engine.target, engine.columns, [
        { checkId: 'unique', config: CASES[3].config },
        { checkId: 'between', config: CASES[5].config },
        { checkId: 'estero', config: CASES.find((entry) => entry.name.includes('Estero'))!.config },
      ]);
      const sample = async (checkId: string, limit: number) => {
        const statement = plan.sampleStatement(checkId, limit)!;
        return (await engine.query(statement.sql, statement.params)).map(stripHelperColumns);
      };
      const duplicated = await sample('unique', 20);
      expect(duplicated.map((row) => Number(row['SLL'])).sort((a, b) => a - b)).toEqual([0, 0, 1206, 1206]);
      expect(Object.keys(duplicated[0])).toEqual(NAMES);
      expect((await sample('between', 20)).map((row) => Number(row['PROG'])).sort((a, b) => a - b)).toEqual([
        424428, 525572, 577000,
      ]);
      expect(await sample('between', 2)).toHaveLength(2);
      const estero = await sample('estero', 20);
      expect(estero.map((row) => row['M'])).toEqual(['Estero', 'Estero']);

      // A sample of 2: the scan captures the least value (as text) shared by 2 rows or more, and
      // the sample reads that value's rows alone.
      const keyedPlan = planTargetScans(
        engine.dialect,
        engine.target,
        engine.columns,
        [{ checkId: 'unique', config: CASES[3].config }],
        [],
        { sampleRows: 2 },
      );
      const [group] = keyedPlan.groups;
      const [row] = await engine.query(group.statement.sql, group.statement.params);
      const key = group.expectations[0].compiled.unexpected!.sampleKey!(row);
      expect(key).toBe('0');
      const keyed = keyedPlan.sampleStatement('unique', 2, key)!;
      const rows = (await engine.query(keyed.sql, keyed.params)).map(stripHelperColumns);
      expect(rows.map((entry) => Number(entry['SLL']))).toEqual([0, 0]);
      expect(Object.keys(rows[0])).toEqual(NAMES);
    },
  );

  it.each(['duckdb', 'postgres'] as const)(
    '%s: a column that does not resolve fails that check alone',
    async (name) => {
      const engine = engines[name];
      const plan = planTargetScans(engine.dialect, engine.target, engine.columns, [
        { checkId: 'ghost', config: e('expect_column_values_to_not_be_null', { column: 'NOPE' }) },
        {
          checkId: 'ghost filter',
          config: e('expect_column_values_to_not_be_null', {
            column: 'P',
            row_condition: [{ column: 'NOPE', op: 'is_null' }],
          }),
        },
        { checkId: 'fine', config: CASES[0].config },
      ]);
      expect([...plan.problems.entries()]).toEqual([
        ['ghost', expect.objectContaining({ reason: 'column_not_found', column: 'NOPE' })],
        ['ghost filter', expect.objectContaining({ reason: 'column_not_found', column: 'NOPE' })],
      ]);
      expect(plan.groups).toHaveLength(1);
      const [row] = await engine.query(plan.groups[0].statement.sql, plan.groups[0].statement.params);
      expect(readingValue(plan.groups[0].expectations[0].compiled.read(row), CASES[0].config)).toEqual(
        CASES[0].expected,
      );
    },
  );
});
