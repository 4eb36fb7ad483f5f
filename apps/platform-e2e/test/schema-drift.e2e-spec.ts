/**
 * Every context's entities against the one migration history: a fresh database migrated up has
 * the schema the entities of all contexts describe.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import '@dq/alerting/entities';
import '@dq/audit/entities';
import '@dq/connections/entities';
import '@dq/identity/entities';
import '@dq/orchestration/entities';
import '@dq/runs/entities';
import '@dq/suites/entities';
import '@dq/workspace-settings/entities';
import { ensureDatabase, pendingSchemaDrift, loadedEntities, runMigrations, withDatabase } from '@dq/db';
import { LOCAL_SERVICES } from '@dq/testing';

describe('schema drift across the contexts', () => {
  const database = `dqt_drift_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const url = withDatabase(LOCAL_SERVICES.postgresAdminUrl, database);

  afterAll(async () => {
    const client = new Client({ connectionString: LOCAL_SERVICES.postgresAdminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });

  it('a freshly migrated database matches the entities of every context', async () => {
    const tables = loadedEntities().map((entity) => (entity as { name: string }).name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'UserEntity',
        'ConnectionEntity',
        'SuiteEntity',
        'RunEntity',
        'AuditEventEntity',
      ]),
    );
    await ensureDatabase(url);
    await runMigrations(url);
    expect(await pendingSchemaDrift(url)).toEqual([]);
  });
});
