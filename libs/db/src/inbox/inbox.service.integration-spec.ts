import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source/create-data-source';
import { ensureDatabase } from '../migrator/ensure-database';
import { runMigrations } from '../migrator/run-migrations';
import { dropScratchDatabase, scratchDatabaseUrl } from '../migrator/scratch-database.test-helper';
import { InboxService } from './inbox.service';

describe('InboxService', () => {
  const url = scratchDatabaseUrl('inbox');
  let dataSource: DataSource;
  let inbox: InboxService;

  beforeAll(async () => {
    await ensureDatabase(url);
    await runMigrations(url);
    dataSource = await createDataSource({ url, applicationName: 'inbox-spec', poolSize: 4 }).initialize();
    inbox = new InboxService(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropScratchDatabase(url);
  });

  it('runs the effect once per consumer and event, even when delivered concurrently', async () => {
    const eventId = randomUUID();
    let effects = 0;
    const effect = async (): Promise<void> => {
      effects += 1;
    };
    const ran = await Promise.all([1, 2, 3].map(() => inbox.consumeOnce('alerting', eventId, effect)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(effects).toBe(1);
    expect(await inbox.hasConsumed('alerting', eventId)).toBe(true);
    expect(await inbox.hasConsumed('lineage', eventId)).toBe(false);
    expect(await inbox.consumeOnce('lineage', eventId, effect)).toBe(true);
    expect(effects).toBe(2);
  });

  it('records nothing when the effect fails, so a redelivery runs it again', async () => {
    const eventId = randomUUID();
    await expect(
      inbox.consumeOnce('alerting', eventId, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await inbox.hasConsumed('alerting', eventId)).toBe(false);
    expect(await inbox.consumeOnce('alerting', eventId, async () => undefined)).toBe(true);
  });
});
