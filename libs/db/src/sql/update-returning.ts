import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * Rows of an `UPDATE ... RETURNING` (or `DELETE ... RETURNING`). TypeORM's postgres driver answers
 * UPDATE and DELETE with `[rows, rowCount]` instead of the rows, unlike SELECT and INSERT.
 */
export async function updateReturning<T>(
  runner: DataSource | EntityManager | QueryRunner,
  sql: string,
  parameters: unknown[],
): Promise<T[]> {
  const [rows] = (await runner.query(sql, parameters)) as [T[], number];
  return rows;
}
