// Public surface of the db library: other projects import only from here.
export * from './data-source/create-data-source';
export * from './data-source/db.module';
export { loadedEntities, type EntityTarget } from './data-source/loaded-entities';
export * from './data-source/postgres-readiness.probe';
export * from './entities';
export * from './migrations';
export { ensureDatabase } from './migrator/ensure-database';
export {
  migrationStatus,
  revertLastMigration,
  runMigrations,
  type MigrationState,
} from './migrator/run-migrations';
export { pendingSchemaDrift } from './migrator/schema-drift';
export { databaseNameOf, quoteIdentifier, withDatabase } from './migrator/database-url';
export { InboxService } from './inbox/inbox.service';
export { updateReturning } from './sql/update-returning';
export { preparedNameOf, preparedQuery } from './sql/prepared-query';
export { entityOfRow } from './sql/entity-of-row';
export { PgErrorCode, isUniqueViolation, pgErrorOf } from './sql/pg-error';
export { BatchedStatement, type BatchedStatementOptions } from './sql/batched-statement';
export {
  KeysetPage,
  SqlParams,
  containsPattern,
  type KeysetColumn,
  type KeysetOrder,
  type KeysetPageResult,
} from './sql/keyset-page';
