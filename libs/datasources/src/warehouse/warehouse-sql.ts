import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';
import { type NameDialect, quoteIdentifier, splitQualifiedName } from '../adapter/qualified-name';

/** A table as Snowflake resolves it: `database` null means the session's current database. */
export interface WarehouseTarget {
  database: string | null;
  schema: string;
  table: string;
}

const invalidTarget = (): DatasourceError =>
  new DatasourceError(
    DatasourceErrorClass.Invalid,
    'The target is not a table name (db.schema.table or schema.table)',
  );

const SNOWFLAKE_NAMES: NameDialect = {
  quote: '"',
  isBare: (raw) => !raw.includes('"'),
  fold: (raw) => raw.toUpperCase(),
};

/**
 * Splits `db.schema.table` or `schema.table` as Snowflake reads a name: unquoted parts fold to
 * upper case, `"Quoted"` parts keep their case and may hold dots (`""` is a literal quote).
 */
export function parseWarehouseTarget(target: string): WarehouseTarget {
  const parts = splitQualifiedName(target, SNOWFLAKE_NAMES, invalidTarget);
  if (parts.length === 2) return { database: null, schema: parts[0], table: parts[1] };
  if (parts.length === 3) return { database: parts[0], schema: parts[1], table: parts[2] };
  throw invalidTarget();
}

/** `<db>.INFORMATION_SCHEMA.<view>`, or the session's current database's when no db is named. */
export function informationSchemaView(target: WarehouseTarget, view: 'COLUMNS' | 'TABLES'): string {
  const schema = `INFORMATION_SCHEMA.${view}`;
  return target.database === null ? schema : `${quoteIdentifier(target.database)}.${schema}`;
}

/** Statements a read-only call may start with. */
const READ_STATEMENTS = new Set(['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'DESC']);

/**
 * Words that only a writing or privilege-changing statement contains. All are reserved words in
 * Snowflake (or never column names in practice), so a read query holds them only quoted.
 */
const WRITE_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'UNDROP',
  'GRANT',
  'REVOKE',
  'CALL',
  'EXECUTE',
]);

const notReadOnly = (): DatasourceError =>
  new DatasourceError(
    DatasourceErrorClass.Invalid,
    'Only a single read-only statement (SELECT, WITH, SHOW, DESCRIBE) may run on this datasource',
  );

/** The index after a string literal that starts before `from` (`''` and `\\'` escape a quote). */
function skipLiteral(sql: string, from: number): number {
  let index = from;
  for (;;) {
    if (index >= sql.length) throw notReadOnly();
    const char = sql[index];
    if (char === '\\') index += 2;
    else if (char !== "'") index += 1;
    else if (sql[index + 1] === "'") index += 2;
    else return index + 1;
  }
}

/**
 * The unquoted words of `sql` and whether a `;` separates two statements, skipping string
 * literals, quoted identifiers, `$$` blocks and comments.
 */
function scan(sql: string): { words: string[]; chained: boolean } {
  const words: string[] = [];
  let chained = false;
  let sawTerminator = false;
  let index = 0;
  const skipUntil = (closing: string, from: number): number => {
    const end = sql.indexOf(closing, from);
    if (end === -1) throw notReadOnly();
    return end + closing.length;
  };
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    if (char === "'") {
      index = skipLiteral(sql, index + 1);
    } else if (char === '"') {
      index = skipUntil('"', index + 1);
    } else if (char === '$' && next === '$') {
      index = skipUntil('$$', index + 2);
    } else if ((char === '-' && next === '-') || (char === '/' && next === '/')) {
      const end = sql.indexOf('\n', index);
      index = end === -1 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      index = skipUntil('*/', index + 2);
    } else if (char === ';') {
      sawTerminator = true;
      index += 1;
    } else if (/[A-Za-z_$]/.test(char)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(sql.slice(index));
      const word = match?.[0] ?? char;
      if (sawTerminator) chained = true;
      words.push(word.toUpperCase());
      index += word.length;
    } else {
      if (sawTerminator && !/\s/.test(char)) chained = true;
      index += 1;
    }
  }
  return { words, chained };
}

/**
 * Refuses anything but one read-only statement, since Snowflake has no read-only session: the
 * first word must be SELECT, WITH, SHOW or DESCRIBE, no second
 * statement may follow a `;`, no writing keyword may appear anywhere, and no `SYSTEM$` function
 * (some of them cancel queries or change state). Returns the statement without a trailing `;`.
 */
export function assertReadOnlyStatement(sql: string): string {
  const statement = sql.trim().replace(/;+\s*$/, '');
  const { words, chained } = scan(statement);
  const [first] = words;
  if (chained || first === undefined || !READ_STATEMENTS.has(first)) throw notReadOnly();
  if (words.some((word) => WRITE_WORDS.has(word) || word.startsWith('SYSTEM$'))) throw notReadOnly();
  return statement;
}
