import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs one statement of fixed text as a named prepared statement on the data source's pool: each
 * pooled connection parses it once and plans it from then on without parsing, which matters for
 * the statements every run sends (claim, result, finish). `name` must be unique to `text` across
 * the process. Outside any transaction; rows come back as PostgreSQL names them (also for an
 * `UPDATE ... RETURNING`), errors as pg raises them (`code` is the SQLSTATE).
 */
export async function preparedQuery<T extends QueryResultRow>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query<T>({ name, text, values });
  return result.rows;
}

const namesByText = new Map<string, string>();
/** Statement texts named so far: a query built from a handful of optional filters has few. */
const MAX_NAMED_TEXTS = 1_000;

/**
 * A prepared statement's name for a text built at run time (a list with optional filters):
 * `prefix` and a hash of the text, computed once per text.
 */
export function preparedNameOf(prefix: string, text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (namesByText.size < MAX_NAMED_TEXTS) namesByText.set(text, name);
  }
  return name;
}
