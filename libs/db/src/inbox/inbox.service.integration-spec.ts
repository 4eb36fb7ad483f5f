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

  describe('consumeManyOnce (a batch in one transaction)', () => {
    it('runs the effect once with only the ids not consumed before, in the order given', async () => {
      const [seen, a, b] = [randomUUID(), randomUUID(), randomUUID()];
      expect(await inbox.consumeOnce('alerting', seen, async () => undefined)).toBe(true);
      const calls: string[][] = [];
      const fresh = await inbox.consumeManyOnce('alerting', [a, seen, b, a], async (_manager, ids) => {
        calls.push([...ids]);
      });
      expect(fresh).toEqual([a, b]);
      expect(calls).toEqual([[a, b]]);
      for (const id of [seen, a, b]) expect(await inbox.hasConsumed('alerting', id)).toBe(true);
      // The single-event form sees the batch's ids as consumed too.
      expect(await inbox.consumeOnce('alerting', b, async () => undefined)).toBe(false);
    });

    it('does not call the effect for a batch whose ids were all consumed (a redelivery)', async () => {
      const ids = [randomUUID(), randomUUID()];
      expect(await inbox.consumeManyOnce('alerting', ids, async () => undefined)).toEqual(ids);
      const effect = jest.fn(async () => undefined);
      expect(await inbox.consumeManyOnce('alerting', [...ids].reverse(), effect)).toEqual([]);
      expect(effect).not.toHaveBeenCalled();
      expect(await inbox.consumeManyOnce('alerting', [], effect)).toEqual([]);
      expect(effect).not.toHaveBeenCalled();
    });

    it('runs each id once when overlapping batches (in opposite orders) arrive concurrently', async () => {
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      const applied: string[] = [];
      await Promise.all(
        [ids, [ids[2], ids[1], ids[0]], [ids[1]], [ids[2], ids[0]]].map((batch) =>
          inbox.consumeManyOnce('alerting', batch, async (_manager, fresh) => {
            applied.push(...fresh);
          }),
        ),
      );
      expect([...applied].sort()).toEqual([...ids].sort());
    });

    it('records none of the batch when the effect fails, so a redelivery runs it again', async () => {
      const [seen, a] = [randomUUID(), randomUUID()];
      await inbox.consumeOnce('alerting', seen, async () => undefined);
      await expect(
        inbox.consumeManyOnce('alerting', [seen, a], async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await inbox.hasConsumed('alerting', a)).toBe(false);
      expect(await inbox.hasConsumed('alerting', seen)).toBe(true);
      expect(await inbox.consumeManyOnce('alerting', [seen, a], async () => undefined)).toEqual([a]);
    });
  });
});
