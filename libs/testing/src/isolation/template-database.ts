import { createHash } from 'node:crypto';
import { MIGRATIONS, quoteIdentifier, runMigrations, withDatabase } from '@dq/db';
import { LOCAL_SERVICES } from './local-services';
import { databaseExists, withAdminClient } from './postgres-admin';

// Deliberately not `dqt_`: the stale-database sweep must never drop the template.
const TEMPLATE_PREFIX = 'dq_template_';

/**
 * The migrated template every test database is cloned from. Its name hashes the migration list,
 * so adding a migration makes a new template instead of cloning a stale one.
 */
export function templateDatabaseName(): string {
  const names = MIGRATIONS.map((migration) => migration.name).join('\n');
  return `${TEMPLATE_PREFIX}${createHash('sha256').update(names).digest('hex').slice(0, 16)}`;
}

/**
 * Creates and migrates the template once. Parallel Jest processes serialise on an advisory lock;
 * the template is built under a scratch name and renamed only when complete, and it refuses
 * connections afterwards, because CREATE DATABASE ... TEMPLATE needs it idle.
 */
export async function ensureTemplateDatabase(): Promise<string> {
  const template = templateDatabaseName();
  await withAdminClient(async (client) => {
    if (await databaseExists(client, template)) return;
    await client.query(`SELECT pg_advisory_lock(hashtextextended('dq.test_template', 0))`);
    try {
      if (await databaseExists(client, template)) return;
      const building = `${template}_wip`;
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(building)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${quoteIdentifier(building)}`);
      // runMigrations closes its own pool before it returns, leaving the database idle.
      await runMigrations(withDatabase(LOCAL_SERVICES.postgresAdminUrl, building));
      await client.query(
        `ALTER DATABASE ${quoteIdentifier(building)} RENAME TO ${quoteIdentifier(template)}`,
      );
      await client.query(
        `ALTER DATABASE ${quoteIdentifier(template)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`,
      );
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtextextended('dq.test_template', 0))`);
    }
  });
  return template;
}
