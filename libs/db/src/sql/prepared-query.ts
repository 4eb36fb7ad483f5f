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
