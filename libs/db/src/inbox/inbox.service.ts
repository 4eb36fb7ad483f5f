import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Makes an event consumer's effect happen once although the broker delivers at least once:
 * the inbox row and the effect commit in one transaction, so a redelivered event finds its row
 * and is skipped, and a crash before commit leaves neither behind.
 */
@Injectable()
export class InboxService {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `effect` unless `consumer` already consumed `eventId`; returns whether it ran. */
  async consumeOnce(
    consumer: string,
    eventId: string,
    effect: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO consumed_events (consumer, event_id) VALUES ($1, $2)
         ON CONFLICT (consumer, event_id) DO NOTHING RETURNING event_id`,
        [consumer, eventId],
      );
      if (inserted.length === 0) return false;
      await effect(manager);
      return true;
    });
  }

  /**
   * The batch form of `consumeOnce`: one transaction records every id at once and runs `effect`
   * with the ids not consumed before (each once, in the order given; none when all were seen, and
   * then `effect` is not called). Returns those ids.
   */
  async consumeManyOnce(
    consumer: string,
    eventIds: readonly string[],
    effect: (manager: EntityManager, fresh: readonly string[]) => Promise<void>,
  ): Promise<string[]> {
    const ids = [...new Set(eventIds)];
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (manager) => {
      // Inserted in id order, so concurrent batches sharing ids wait on each other without a deadlock.
      const inserted = await manager.query<Array<{ event_id: string }>>(
        `INSERT INTO consumed_events (consumer, event_id)
         SELECT $1, ids."id" FROM unnest($2::text[]) AS ids("id") ORDER BY ids."id"
         ON CONFLICT (consumer, event_id) DO NOTHING RETURNING event_id`,
        [consumer, ids],
      );
      const insertedIds = new Set(inserted.map((row) => row.event_id));
      const fresh = ids.filter((id) => insertedIds.has(id));
      if (fresh.length > 0) await effect(manager, fresh);
      return fresh;
    });
  }

  async hasConsumed(consumer: string, eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM consumed_events WHERE consumer = $1 AND event_id = $2',
      [consumer, eventId],
    );
    return rows.length > 0;
  }
}
