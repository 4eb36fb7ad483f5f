import { assertLocalServicesAnswer } from './service-check';
import { dropStaleTestDatabases } from './stale-databases';
import { ensureTemplateDatabase } from './template-database';

/** Jest global setup: the services answer, and the migrated template database exists. */
export async function prepareTestInfrastructure(): Promise<void> {
  await assertLocalServicesAnswer();
  await ensureTemplateDatabase();
}

/** Jest global teardown: remove what crashed runs left behind (never the current run's). */
export async function sweepTestInfrastructure(): Promise<void> {
  await dropStaleTestDatabases();
}
