import { createDataSource } from '../data-source/create-data-source';

/**
 * The SQL `synchronize` WOULD run against this (migrated) database: empty means the entities and the
 * migrations describe the same schema. CI runs it after migrating a fresh database.
 */
export async function pendingSchemaDrift(url: string): Promise<string[]> {
  const dataSource = createDataSource({ url, applicationName: 'dq-drift-check', poolSize: 1 });
  await dataSource.initialize();
  try {
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return sql.upQueries.map((query) => query.query);
  } finally {
    await dataSource.destroy();
  }
}
