import type { DataSource, EntityManager } from 'typeorm';

/**
 * Rows of an `UPDATE ... RETURNING`. TypeORM's postgres driver answers UPDATE and DELETE with
 * `[rows, rowCount]` instead of the rows, unlike SELECT and INSERT.
 */
export async function updateReturning<T>(
  runner: DataSource | EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<T[]> {
  const [rows] = await runner.query<[T[], number]>(sql, parameters);
  return rows;
}
