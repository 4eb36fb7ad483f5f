import { readOnlyStatement } from './lakehouse-read-only';

describe('readOnlyStatement', () => {
  it.each([
    ['SELECT 1', 'SELECT 1'],
    ['  select * from sales.orders;  ', 'select * from sales.orders'],
    ['WITH t AS (SELECT 1 AS a) SELECT a FROM t', 'WITH t AS (SELECT 1 AS a) SELECT a FROM t'],
    ['(SELECT 1) UNION ALL (SELECT 2)', '(SELECT 1) UNION ALL (SELECT 2)'],
    ['SHOW TABLES IN sales', 'SHOW TABLES IN sales'],
    ['DESCRIBE DETAIL `sales`.`orders`', 'DESCRIBE DETAIL `sales`.`orders`'],
    ["SELECT 'DELETE FROM x; DROP TABLE y' AS s", "SELECT 'DELETE FROM x; DROP TABLE y' AS s"],
    ["SELECT 'it\\'s; DROP' AS s", "SELECT 'it\\'s; DROP' AS s"],
    ['SELECT `update`, `delete` FROM t', 'SELECT `update`, `delete` FROM t'],
    ['SELECT 1 -- DROP TABLE x', 'SELECT 1 -- DROP TABLE x'],
    ['/* INSERT */ SELECT 1', '/* INSERT */ SELECT 1'],
  ])('accepts %j', (sql, expected) => {
    expect(readOnlyStatement(sql)).toBe(expected);
  });

  it.each([
    ['INSERT INTO t VALUES (1)'],
    ['UPDATE t SET a = 1'],
    ['DELETE FROM t'],
    ['MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE'],
    ['CREATE TABLE x AS SELECT 1'],
    ['DROP TABLE t'],
    ['WITH s AS (SELECT 1 AS a) INSERT INTO t SELECT a FROM s'],
    ['SELECT 1; DROP TABLE t'],
    ['SELECT 1; SELECT 2'],
    ["SELECT 1; 'x'"],
    ['SET spark.sql.ansi.enabled = false'],
    ['USE CATALOG other'],
    ['OPTIMIZE t'],
    ['EXPLAIN INSERT INTO t VALUES (1)'],
    [''],
    ['-- only a comment'],
    ["SELECT 'open"],
    ['SELECT /* open'],
  ])('refuses %j as invalid', (sql) => {
    expect(() => readOnlyStatement(sql)).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
  });
});
