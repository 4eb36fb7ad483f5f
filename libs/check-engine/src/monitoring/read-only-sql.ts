/**
 * A lexical check that custom SQL is one read-only statement, done when the check is saved (and
 * again before it runs). It is a first gate, not the guarantee: the statement also runs in a
 * read-only session or transaction of the datasource.
 */

const READING_STARTS = new Set(['SELECT', 'WITH', 'VALUES']);
// Never anywhere outside strings and quoted names: a CTE may front a write (`WITH x AS (...) DELETE`).
const WRITING_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'OVERWRITE',
  'COPY',
  'UNLOAD',
  'GRANT',
  'REVOKE',
  'CALL',
  'EXECUTE',
  'EXEC',
  'COMMIT',
  'ROLLBACK',
  'LOCK',
  'VACUUM',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'PRAGMA',
  'CHECKPOINT',
]);

export const CUSTOM_SQL_MAX_LENGTH = 100_000;

/** The bare words of `sql` and whether a `;` other than trailing ones ends a statement early. */
function scan(sql: string): { words: string[]; extraStatement: boolean; unterminated: boolean } {
  const words: string[] = [];
  let index = 0;
  let ended = false;
  let extraStatement = false;
  const length = sql.length;
  while (index < length) {
    const char = sql[index];
    const next = sql[index + 1];
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', index);
      index = end < 0 ? length : end + 1;
    } else if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', index + 2);
      if (end < 0) return { words, extraStatement, unterminated: true };
      index = end + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      // Quotes close at the same quote; a doubled quote or a backslash escape stays inside.
      let cursor = index + 1;
      for (;;) {
        if (cursor >= length) return { words, extraStatement, unterminated: true };
        const inner = sql[cursor];
        if (inner === '\\' && char === "'") cursor += 2;
        else if (inner === char && sql[cursor + 1] === char) cursor += 2;
        else if (inner === char) break;
        else cursor += 1;
      }
      if (ended) extraStatement = true;
      index = cursor + 1;
    } else if (char === '$') {
      // PostgreSQL and Snowflake dollar quoting: $$...$$ or $tag$...$tag$.
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(index))?.[0];
      if (tag) {
        const end = sql.indexOf(tag, index + tag.length);
        if (end < 0) return { words, extraStatement, unterminated: true };
        if (ended) extraStatement = true;
        index = end + tag.length;
      } else index += 1;
    } else if (char === ';') {
      ended = true;
      index += 1;
    } else if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(index))?.[0] as string;
      if (ended) extraStatement = true;
      words.push(word.toUpperCase());
      index += word.length;
    } else {
      if (ended && !/\s/.test(char)) extraStatement = true;
      index += 1;
    }
  }
  return { words, extraStatement, unterminated: false };
}

/** What is wrong with `sql` as one read-only statement, or null when it is one. */
export function readOnlySqlProblem(sql: unknown): string | null {
  if (typeof sql !== 'string' || sql.trim() === '') return 'must be a non-empty SQL statement';
  if (sql.length > CUSTOM_SQL_MAX_LENGTH) return `must be at most ${CUSTOM_SQL_MAX_LENGTH} characters`;
  const { words, extraStatement, unterminated } = scan(sql);
  if (unterminated) return 'has an unterminated string, quoted name or comment';
  if (extraStatement) return 'must be a single statement';
  const first = words[0];
  if (first === undefined || !READING_STARTS.has(first)) return 'must be a query (SELECT or WITH ... SELECT)';
  const writing = words.find((word) => WRITING_WORDS.has(word));
  if (writing !== undefined) return `must only read: ${writing} is not allowed`;
  if (words.includes('INTO')) return 'must only read: SELECT ... INTO is not allowed';
  return null;
}

/** `sql` without a trailing `;` (drivers refuse it inside a cursor or a wrapping query). */
export function withoutTrailingSemicolons(sql: string): string {
  return sql
    .trim()
    .replace(/(;\s*)+$/, '')
    .trim();
}
