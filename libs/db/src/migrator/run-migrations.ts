import { type DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import { createDataSource } from '../data-source/create-data-source';

export interface MigrationState {
  name: string;
  applied: boolean;
}

// One key for every migration runner of this schema; advisory locks are scoped to the database.
const MIGRATION_LOCK_SQL = `SELECT pg_advisory_lock(hashtextextended('dq.schema_migrations', 0))`;
const MIGRATION_UNLOCK_SQL = `SELECT pg_advisory_unlock(hashtextextended('dq.schema_migrations', 0))`;

/**
 * Runs `work` on one session that holds the migration advisory lock, so concurrent runners (several
 * replicas starting at once, parallel test processes) apply each migration exactly once.
 */
async function withMigrationLock<T>(
  url: string,
  work: (executor: MigrationExecutor, dataSource: DataSource) => Promise<T>,
): Promise<T> {
  // A long migration is legitimate, and a waiting runner should wait for it: no statement timeout.
  const dataSource = createDataSource({
    url,
    applicationName: 'dq-migrate',
    poolSize: 1,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  let queryRunner: QueryRunner | undefined;
  try {
    queryRunner = dataSource.createQueryRunner();
    await queryRunner.connect();
    await queryRunner.query(MIGRATION_LOCK_SQL);
    try {
      const executor = new MigrationExecutor(dataSource, queryRunner);
      executor.transaction = 'each';
      return await work(executor, dataSource);
    } finally {
      await queryRunner.query(MIGRATION_UNLOCK_SQL);
    }
  } finally {
    await queryRunner?.release();
    await dataSource.destroy();
  }
}

/** Applies every pending migration, each in its own transaction. Returns the names applied. */
export async function runMigrations(url: string): Promise<string[]> {
  return withMigrationLock(url, async (executor) => {
    const applied = await executor.executePendingMigrations();
    return applied.map((migration) => migration.name);
  });
}

/** Reverts the most recently applied migration in a transaction. Returns its name, or null if none. */
export async function revertLastMigration(url: string): Promise<string | null> {
  return withMigrationLock(url, async (executor) => {
    const executed = await executor.getExecutedMigrations();
    if (executed.length === 0) return null;
    const last = executed.reduce((a, b) => ((b.id ?? 0) > (a.id ?? 0) ? b : a));
    await executor.undoLastMigration();
    return last.name;
  });
}

/** Every known migration, oldest first, with whether it has been applied to this database. */
export async function migrationStatus(url: string): Promise<MigrationState[]> {
  return withMigrationLock(url, async (executor, dataSource) => {
    const executed = new Set((await executor.getExecutedMigrations()).map((migration) => migration.name));
    return dataSource.migrations.map((migration) => {
      const name = migration.name ?? migration.constructor.name;
      return { name, applied: executed.has(name) };
    });
  });
}
