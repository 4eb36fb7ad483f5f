import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';

// A statement may only begin with a reading keyword...
const READING_STARTS = new Set(['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'DESC', 'VALUES', 'EXPLAIN']);
// ...and never carry a writing one anywhere: Spark SQL accepts `WITH cte AS (...) INSERT INTO ...`.
const WRITING_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'OVERWRITE',
  'COPY',
  'GRANT',
  'REVOKE',
  'OPTIMIZE',
  'VACUUM',
  'RESTORE',
]);

const refused = (why: string): DatasourceError =>
  new DatasourceError(DatasourceErrorClass.Invalid, `Only a single read-only statement is allowed: ${why}`);

/**
 * The bare words of a Spark SQL statement and whether a `;` ends it early, skipping comments,
 * string literals (quotes with backslash escapes) and `backtick` identifiers.
 */
function scan(sql: string): { words: string[]; chained: boolean } {
  const words: string[] = [];
  let index = 0;
  let ended = false;
  let chained = false;
  while (index < sql.length) {
    const char = sql[index] ?? '';
    const next = sql[index + 1] ?? '';
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', index);
      index = end === -1 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', index + 2);
      if (end === -1) throw refused('an unterminated comment');
      index = end + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      let at = index + 1;
      for (; at < sql.length; at += 1) {
        if (char !== '`' && sql[at] === '\\') at += 1;
        else if (sql[at] === char) {
          if (char === '`' && sql[at + 1] === '`') at += 1;
          else break;
        }
      }
      if (at >= sql.length) throw refused('an unterminated quote');
      if (ended) chained = true;
      index = at + 1;
    } else if (char === ';') {
      ended = true;
      index += 1;
    } else if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(index))?.[0] ?? char;
      if (ended) chained = true;
      words.push(word.toUpperCase());
      index += word.length;
    } else {
      if (ended && !/\s/.test(char)) chained = true;
      index += 1;
    }
  }
  return { words, chained };
}

/**
 * Accepts one reading statement (SELECT, WITH, SHOW, DESCRIBE, VALUES, EXPLAIN) and returns it
 * without trailing semicolons. A SQL warehouse has no read-only session, so this lexical check is
 * the guard: a second statement or any writing keyword outside quotes is refused, even where it
 * would be harmless (a column named `update` must be written in backticks).
 */
export function readOnlyStatement(sql: string): string {
  const { words, chained } = scan(sql);
  if (chained) throw refused('more than one statement');
  const [first] = words;
  if (first === undefined || !READING_STARTS.has(first)) throw refused('it does not begin with SELECT');
  const writing = words.find((word) => WRITING_WORDS.has(word));
  if (writing !== undefined) throw refused(`it contains ${writing}`);
  return sql.trim().replace(/[;\s]+$/, '');
}
