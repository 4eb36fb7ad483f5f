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

describe('userSqlProblem on Snowflake (parsed, then the lexical gate)', () => {
  it.each([
    'SELECT * FROM orders WHERE amount < 0',
    'SELECT id, amount FROM analytics.sales.orders WHERE amount < 0',
    'SELECT id FROM "ANALYTICS"."SALES"."ORDERS" WHERE "Amount" IS NULL',
    "SELECT v:customer.name::string AS name FROM raw.events WHERE v:type::string = 'order'",
    'SELECT src:items[0].sku::varchar FROM raw.events',
    'SELECT id, updated_at FROM orders QUALIFY ROW_NUMBER() OVER (PARTITION BY id ORDER BY updated_at DESC) > 1',
    'SELECT e.id, f.value:sku::string AS sku FROM raw.events e, LATERAL FLATTEN(input => e.v:items) f',
    'SELECT f.value FROM raw.events e, TABLE(FLATTEN(e.v:items)) f',
    "SELECT * FROM customers WHERE email ILIKE '%@example.com'",
    'SELECT amount::number(10,2) FROM orders',
    "SELECT IFF(amount < 0, 'neg', 'pos') AS sign, COUNT(*) FROM orders GROUP BY 1",
    'WITH recent AS (SELECT * FROM orders WHERE created_at > DATEADD(day, -1, CURRENT_TIMESTAMP())) SELECT COUNT(*) FROM recent',
    'SELECT * FROM orders SAMPLE (10)',
    'SELECT * FROM orders TABLESAMPLE BERNOULLI (5)',
    'SELECT * FROM orders LIMIT 100',
    'SELECT id, SUM(amount) OVER (PARTITION BY customer_id ORDER BY created_at ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM orders',
    "SELECT $$it's a string; DROP TABLE t$$ AS s, id FROM orders",
    "SELECT concat('it\\'s', pg_name) FROM t",
    'SELECT TO_DATE(created_at) d, COUNT(DISTINCT id) FROM orders GROUP BY d HAVING COUNT(DISTINCT id) > 10',
    "SELECT id FROM orders WHERE status NOT IN ('a','b') AND note RLIKE '^x.*'",
    'SELECT * FROM orders AT(OFFSET => -60*5)',
    "SELECT OBJECT_CONSTRUCT('a', 1):a::int",
    'SELECT id FROM orders MINUS SELECT id FROM shipped',
    'SELECT COUNT_IF(amount < 0) FROM orders',
    'SELECT t.* EXCLUDE (secret) FROM t',
    'VALUES (1), (2)',
    'select id from orders;',
    "SELECT * FROM orders WHERE note <> 'system$x @stage'",
    'SELECT $$system$x()$$ AS note, $t$reflect(1)$t$ AS other',
  ])('accepts %s', (sql) => {
    expect(userSqlProblem(sql, 'warehouse')).toBeNull();
  });

  it.each([
    ['SELECT 1; SELECT 2', 'must be a single statement'],
    ['SELECT 1 /**/; DROP TABLE t', 'must be a single statement'],
    ['DROP TABLE orders', 'must be a query'],
    ['CREATE TABLE x AS SELECT * FROM orders', 'must be a query'],
    ['CALL my_proc()', 'must be a query'],
    ["EXECUTE IMMEDIATE 'DROP TABLE t'", 'must be a query'],
    ['COPY INTO t FROM @stage', 'must be a query'],
    ["ALTER SESSION SET QUERY_TAG = 'x'", 'must be a query'],
    ['SHOW TABLES', 'must be a query'],
    ['PUT file:///tmp/x @stage', 'is not valid snowflake sql'],
    ['SELECT * FROM t FOR UPDATE', 'locking clause'],
    ['SELECT * INTO x FROM t', 'select ... into'],
    ['SELECT SYSTEM$CANCEL_ALL_QUERIES(1)', 'system$cancel_all_queries'],
    ['SELECT * FROM TABLE(SYSTEM$X())', 'snowflake system functions'],
    ['WITH x AS (SELECT SYSTEM$X()) SELECT * FROM x', 'snowflake system functions'],
    // A quoted name blanks out for the lexical gate; the parser still sees the call.
    ['SELECT "SYSTEM$CANCEL_ALL_QUERIES"(1)', 'snowflake system functions'],
    ['SELECT $1 FROM @my_stage/file.csv', '@stage'],
    ["SELECT GET_PRESIGNED_URL(@s, 'f')", 'stage and file access'],
    ["SELECT * FROM (SELECT pg_read_file('/x'))", 'pg_read_file'],
    ['SELECT my_ext_fn(1) FROM EXTERNAL t', 'external'],
  ])('refuses %s', (sql, expected) => {
    expect(userSqlProblem(sql, 'warehouse')?.toLowerCase()).toContain(expected);
  });
});

describe('userSqlProblem on Databricks (parsed, then the lexical gate)', () => {
  it.each([
    'SELECT * FROM orders WHERE amount < 0',
    'SELECT id, amount FROM main.sales.orders WHERE amount < 0',
    'SELECT id FROM `main`.`sales`.`orders` WHERE `amount` IS NULL',
    'SELECT id FROM `main.sales.orders`',
    'SELECT address.city, address.zip FROM main.crm.customers WHERE address.city IS NULL',
    "SELECT id FROM lake.sales.orders WHERE array_contains(tags, 'vip')",
    "SELECT * FROM customers WHERE email ILIKE '%@example.com'",
    'SELECT id, updated_at FROM orders QUALIFY ROW_NUMBER() OVER (PARTITION BY id ORDER BY updated_at DESC) > 1',
    'SELECT amount::decimal(10,2), CAST(amount AS DECIMAL(10,2)) FROM orders',
    'WITH recent AS (SELECT * FROM orders WHERE created_at > current_timestamp() - INTERVAL 1 DAY) SELECT count(*) FROM recent',
    'SELECT * FROM orders TABLESAMPLE (10 PERCENT)',
    'SELECT * FROM orders LIMIT 100',
    "SELECT 'a\\\\' AS backslash, id FROM t",
    'SELECT raw:customer.name, raw:items[0].sku::string FROM main.raw.events',
    'SELECT o.id, i.sku FROM orders o LATERAL VIEW explode(o.items) t AS i',
    "SELECT * FROM main.sales.orders TIMESTAMP AS OF '2024-01-01'",
    'SELECT * FROM main.sales.orders VERSION AS OF 3',
    "SELECT element_at(m, 'k'), m['k'], arr[0] FROM t",
    'SELECT transform(items, x -> x.sku) FROM orders',
    'SELECT id FROM orders EXCEPT SELECT id FROM shipped',
    'SELECT * EXCEPT (secret) FROM t',
    "SELECT named_struct('a', 1).a",
    "SELECT try_cast(code AS INT) FROM orders WHERE created_at >= DATE'2024-01-01'",
    'SELECT "system$x", lower(name) FROM t -- reflect(1)',
    'VALUES (1), (2)',
  ])('accepts %s', (sql) => {
    expect(userSqlProblem(sql, 'lakehouse')).toBeNull();
  });

  it.each([
    // sqlparser-rs's Databricks dialect does not read `\'` as an escape: refused, never misread.
    ["SELECT concat('it\\'s', name) FROM t", 'is not valid databricks sql'],
    // Databricks reads this as one string; the parser as two statements: refused either way.
    ["SELECT 'x\\'; DROP TABLE t; --'", 'must be a single statement'],
    ['SELECT 1; SELECT 2', 'must be a single statement'],
    ['INSERT INTO t SELECT 1', 'must be a query'],
    ['MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE', 'must be a query'],
    ['SET spark.sql.x = 1', 'must be a query'],
    ['USE SCHEMA x', 'must be a query'],
    ["LOAD DATA INPATH '/x' INTO TABLE t", 'is not valid databricks sql'],
    ["CREATE TEMPORARY FUNCTION f AS 'x'", 'is not valid databricks sql'],
    ["SELECT reflect('java.lang.Runtime', 'getRuntime')", 'reflect'],
    ["SELECT * FROM t WHERE id IN (SELECT java_method('a','b'))", 'java_method'],
    ["SELECT * FROM read_files('/Volumes/x')", 'read_files'],
    ["SELECT http_request('http://x')", 'http_request'],
    ["SELECT pg_read_file('/x')", 'pg_read_file'],
    // Backquoted names blank out for the lexical gate; the parser still sees the call and the path.
    ["SELECT `reflect`('java.lang.Runtime', 'getRuntime')", 'reflect'],
    ['SELECT * FROM json.`/tmp/x`', 'must not read stages or files'],
  ])('refuses %s', (sql, expected) => {
    expect(userSqlProblem(sql, 'lakehouse')?.toLowerCase()).toContain(expected);
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
