import { quoteIdentifier } from '../adapter/qualified-name';
import { assertReadOnlyStatement, informationSchemaView, parseWarehouseTarget } from './warehouse-sql';

describe('parseWarehouseTarget', () => {
  it.each([
    ['sales.orders', { database: null, schema: 'SALES', table: 'ORDERS' }],
    ['db.sales.orders', { database: 'DB', schema: 'SALES', table: 'ORDERS' }],
    ['"Mixed".orders', { database: null, schema: 'Mixed', table: 'ORDERS' }],
    ['db."a.b"."say ""hi"""', { database: 'DB', schema: 'a.b', table: 'say "hi"' }],
    [' db . sales . orders ', { database: 'DB', schema: 'SALES', table: 'ORDERS' }],
  ])('%s', (target, expected) => {
    expect(parseWarehouseTarget(target)).toEqual(expected);
  });

  it.each(['orders', 'a.b.c.d', 'a..b', 'a.', '"unterminated.b', 'a.b"c', ''])(
    'refuses %s as invalid',
    (target) => {
      expect(() => parseWarehouseTarget(target)).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
    },
  );
});

describe('informationSchemaView', () => {
  it('names the target database quoted, or the session database when there is none', () => {
    expect(informationSchemaView({ database: 'D"B', schema: 'S', table: 'T' }, 'COLUMNS')).toBe(
      '"D""B".INFORMATION_SCHEMA.COLUMNS',
    );
    expect(informationSchemaView({ database: null, schema: 'S', table: 'T' }, 'TABLES')).toBe(
      'INFORMATION_SCHEMA.TABLES',
    );
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
  });
});

describe('assertReadOnlyStatement', () => {
  it.each([
    ['SELECT 1', 'SELECT 1'],
    ['  select * from t;  ', 'select * from t'],
    ['WITH x AS (SELECT 1) SELECT * FROM x', 'WITH x AS (SELECT 1) SELECT * FROM x'],
    ['SHOW TABLES IN SCHEMA s', 'SHOW TABLES IN SCHEMA s'],
    ['DESCRIBE TABLE t', 'DESCRIBE TABLE t'],
    [`SELECT 'a; DELETE FROM t' AS s`, `SELECT 'a; DELETE FROM t' AS s`],
    [`SELECT 'it''s; drop' AS s`, `SELECT 'it''s; drop' AS s`],
    [`SELECT "delete" FROM t`, `SELECT "delete" FROM t`],
    ['SELECT last_update, updated_at FROM t', 'SELECT last_update, updated_at FROM t'],
    ['SELECT 1 -- ; DELETE FROM t\n', 'SELECT 1 -- ; DELETE FROM t'],
    ['SELECT /* drop */ 1', 'SELECT /* drop */ 1'],
  ])('accepts %s', (sql, expected) => {
    expect(assertReadOnlyStatement(sql)).toBe(expected);
  });

  it.each([
    'INSERT INTO t VALUES (1)',
    'UPDATE t SET a = 1',
    'DELETE FROM t',
    'MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE',
    'CREATE TABLE x AS SELECT 1',
    'DROP TABLE t',
    'TRUNCATE TABLE t',
    'GRANT SELECT ON t TO ROLE r',
    'CALL p()',
    'USE ROLE accountadmin',
    'ALTER SESSION SET QUERY_TAG = 1',
    'SELECT 1; SELECT 2',
    'SELECT 1; DELETE FROM t',
    'WITH d AS (SELECT 1) DELETE FROM t',
    'SELECT SYSTEM$CANCEL_ALL_QUERIES(1)',
    `SELECT 'unterminated`,
    'SELECT "unterminated',
    '/* only a comment */',
    '',
    'EXPLAIN SELECT 1',
  ])('refuses %s as invalid', (sql) => {
    expect(() => assertReadOnlyStatement(sql)).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
  });
});
