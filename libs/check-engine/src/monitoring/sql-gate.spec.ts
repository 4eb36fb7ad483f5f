import { CheckKind } from '../kinds/check-kind';
import { parseCheckDefinition } from '../definition/check-definition';
import { deniedFunctionFamily, sqlParserReady, userSqlProblem } from './sql-gate';

beforeAll(() => sqlParserReady());

describe('userSqlProblem on PostgreSQL (its own grammar)', () => {
  it.each([
    'SELECT * FROM orders WHERE amount < 0',
    'select 1;',
    'VALUES (1), (2)',
    'WITH bad AS (SELECT id FROM t WHERE x IS NULL) SELECT * FROM bad',
    "SELECT 'pg_read_file(1)' AS text, \"lo_import\" FROM t -- pg_read_file('/x')",
    "SELECT $$ ; COPY t TO PROGRAM 'x' $$ AS x /* pg_ls_dir('/') */",
    'SELECT lower(name), count(*) FROM t GROUP BY 1 HAVING count(*) > 1',
    'SELECT * FROM generate_series(1, 3) g, LATERAL (SELECT g * 2) d',
    // Nested block comments are PostgreSQL's: the call inside is still a comment.
    "SELECT 1 /* outer /* inner */ pg_read_file('/x') */",
  ])('accepts %s', (sql) => {
    expect(userSqlProblem(sql, 'postgres')).toBeNull();
  });

  it.each([
    ["SELECT pg_read_file('/etc/passwd')", 'pg_read_file (server file and program access)'],
    ["SELECT PG_CATALOG.PG_READ_FILE('/etc/passwd')", 'pg_catalog.pg_read_file'],
    ["SELECT pg_read_binary_file('/etc/passwd')", 'pg_read_binary_file'],
    ["SELECT * FROM pg_ls_dir('/')", 'pg_ls_dir (server file and program access)'],
    ["SELECT pg_stat_file('/etc/passwd')", 'pg_stat_file'],
    ["SELECT lo_import('/etc/passwd')", 'lo_import (large objects)'],
    ['SELECT loread(lo_open(1, 262144), 10)', 'large objects'],
    ["SELECT * FROM dblink('host=x', 'select 1') AS t(a int)", 'dblink (dblink and foreign access)'],
    ['SELECT pg_sleep(10)', 'pg_sleep (sleeping)'],
    ["SELECT pg_sleep_for('1 hour')", 'pg_sleep_for'],
    ["SELECT set_config('work_mem', '1GB', false)", 'set_config (settings writes)'],
    ['SELECT pg_advisory_lock(1)', 'advisory locks'],
    ['SELECT pg_try_advisory_xact_lock(1)', 'advisory locks'],
    ['SELECT pg_terminate_backend(1)', 'server administration'],
    ['SELECT pg_cancel_backend(1)', 'server administration'],
    ['SELECT pg_reload_conf()', 'server administration'],
    ['SELECT pg_rotate_logfile()', 'server administration'],
    ['SELECT txid_current()', 'transaction ids'],
    ['SELECT pg_current_xact_id()', 'transaction ids'],
    ["SELECT nextval('s')", 'nextval (sequences)'],
    ["SELECT setval('s', 1)", 'setval (sequences)'],
    ["SELECT query_to_xml('select 1', true, true, '')", 'query_to_xml (SQL run from text'],
    // Nested: subquery, CTE, lateral, function in FROM, casts, ORDER BY.
    ["SELECT * FROM t WHERE x IN (SELECT length(pg_read_file('/etc/passwd')))", 'pg_read_file'],
    ["WITH f AS (SELECT pg_ls_dir('/') AS n) SELECT * FROM f", 'pg_ls_dir'],
    ["SELECT * FROM t, LATERAL (SELECT lo_import('/x')) l", 'lo_import'],
    ["SELECT * FROM pg_catalog.pg_read_file('/x') AS f(c)", 'pg_read_file'],
    ["SELECT 1 FROM t ORDER BY pg_read_file('/x')::text", 'pg_read_file'],
    ["SELECT * FROM generate_series(1, ascii(substr(pg_read_file('/etc/passwd'), 1, 1)))", 'pg_read_file'],
    ['SELECT "pg_read_file"(\'/x\')', 'pg_read_file'],
  ])('refuses %s', (sql, named) => {
    expect(userSqlProblem(sql, 'postgres')).toContain(named);
  });

  it.each([
    ["SELECT '\\' ; COPY (SELECT 1) TO PROGRAM 'id'; --'", 'must be a single statement'],
    ['SELECT 1; SELECT 2', 'must be a single statement'],
    ['SELECT $a$x$a$; SELECT pg_sleep(1)', 'must be a single statement'],
    ["COPY (SELECT 1) TO PROGRAM 'id'", 'must be a query'],
    ["COPY t FROM '/etc/passwd'", 'must be a query'],
    ['DELETE FROM t', 'must be a query'],
    ['EXPLAIN ANALYZE SELECT 1', 'must be a query'],
    ['WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x', 'DELETE is not allowed'],
    ['WITH x AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM x', 'INSERT is not allowed'],
    ['SELECT * INTO backup FROM t', 'SELECT ... INTO is not allowed'],
    ['SELECT * FROM t FOR UPDATE', 'locking clause'],
    ['SELECT * FROM (SELECT * FROM t FOR SHARE) s', 'locking clause'],
    ['-- only a comment', 'must be a single statement'],
    ['SELEC 1', 'is not valid PostgreSQL'],
    // An E-string's backslash escape ends where PostgreSQL says: the call after it is code.
    ["SELECT E'\\'', pg_read_file('/x')", 'pg_read_file'],
    ["SELECT /* a comment */ pg_ls_dir('/') -- the end", 'pg_ls_dir'],
    ["SELECT $tag$ $$ $tag$, lo_export(1, '/tmp/x')", 'lo_export'],
  ])('refuses %s', (sql, expected) => {
    expect(userSqlProblem(sql, 'postgres')).toContain(expected);
  });
});

describe('userSqlProblem on Snowflake and Databricks (strict lexical gate)', () => {
  it.each([
    ["SELECT * FROM orders WHERE note <> 'system$x @stage'", 'warehouse'],
    ['SELECT "system$x", lower(name) FROM t -- reflect(1)', 'lakehouse'],
    ["SELECT concat('it\\'s', pg_name) FROM t", 'warehouse'],
  ] as const)('accepts %s', (sql, kind) => {
    expect(userSqlProblem(sql, kind)).toBeNull();
  });

  it.each([
    ['SELECT SYSTEM$CANCEL_ALL_QUERIES(1)', 'warehouse', 'system$cancel_all_queries'],
    ['SELECT $1 FROM @my_stage/file.csv', 'warehouse', '@stage'],
    ["SELECT GET_PRESIGNED_URL(@s, 'f')", 'warehouse', 'stage and file access'],
    ["SELECT reflect('java.lang.Runtime', 'getRuntime')", 'lakehouse', 'reflect'],
    ["SELECT * FROM read_files('/etc')", 'lakehouse', 'read_files'],
    ["SELECT pg_read_file('/x')", 'lakehouse', 'pg_read_file'],
    ['SELECT my_ext_fn(1) FROM EXTERNAL t', 'warehouse', 'external'],
  ] as const)('refuses %s', (sql, kind, named) => {
    expect(userSqlProblem(sql, kind)?.toLowerCase()).toContain(named);
  });
});

describe('deniedFunctionFamily', () => {
  it('matches schema-qualified, quoted and upper-case names; leaves others', () => {
    expect(deniedFunctionFamily('pg_catalog.PG_LS_WALDIR')).toBe('server file and program access');
    expect(deniedFunctionFamily('"lo_unlink"')).toBe('large objects');
    expect(deniedFunctionFamily('lower')).toBeNull();
    expect(deniedFunctionFamily('log')).toBeNull();
  });
});

describe('parseCheckDefinition gates user SQL by dialect', () => {
  const body = (sql: string) => ({ name: 'c', kind: CheckKind.CustomSql, config: { sql } });

  it('refuses a denied call on PostgreSQL naming the field and the function', () => {
    expect(() =>
      parseCheckDefinition(body("SELECT pg_read_file('/etc/passwd')"), { datasourceKind: 'postgres' }),
    ).toThrow(
      expect.objectContaining({
        detail: {
          fields: [
            {
              field: 'config.sql',
              problems: ['config.sql must not call pg_read_file (server file and program access)'],
            },
          ],
        },
      }),
    );
  });

  it('refuses the backslash trap the lexical gate let through', () => {
    expect(() =>
      parseCheckDefinition(body("SELECT '\\' ; COPY (SELECT 1) TO PROGRAM 'id'; --'"), {
        datasourceKind: 'postgres',
      }),
    ).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });

  it('gates a comparison target query', () => {
    const comparison = {
      name: 'c',
      kind: CheckKind.Comparison,
      config: {
        baseline_connection_id: '00000000-0000-4000-8000-000000000000',
        baseline: { target: 'public.t' },
        target_query: "SELECT * FROM pg_ls_dir('/') AS id",
        key_columns: ['id'],
      },
    };
    expect(() => parseCheckDefinition(comparison, { datasourceKind: 'postgres' })).toThrow(
      expect.objectContaining({
        detail: { fields: [expect.objectContaining({ field: 'config.target_query' })] },
      }),
    );
  });

  it('keeps plain custom SQL', () => {
    expect(
      parseCheckDefinition(body('SELECT * FROM t WHERE x < 0'), { datasourceKind: 'postgres' }).kind,
    ).toBe(CheckKind.CustomSql);
  });
});
