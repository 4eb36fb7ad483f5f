import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { updateReturning } from '@dq/db';

/** Failing-row samples are kept 30 days by default (docs/decisions/0019). */
export const DEFAULT_SAMPLE_RETENTION_DAYS = 30;
const BATCH_SIZE = 1_000;
/** One sweep at a time across every scheduler instance (a session-level advisory lock). */
const SWEEP_LOCK_KEY = 'dq:sample-purge';

export interface SamplePurgeReport {
  /** False when another instance was sweeping: this one did nothing. */
  swept: boolean;
  purged: number;
}

/**
 * Removes failing-row samples older than the retention window from stored results, in small
 * batches (short transactions, no long row locks). The metric, outcome and counts stay, so trends
 * and history are unaffected; `samples_purged_at` tells a reader why a result shows none.
 */
@Injectable()
export class SamplePurgeService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async purgeDue(
    retentionDays = DEFAULT_SAMPLE_RETENTION_DAYS,
    now = new Date(),
  ): Promise<SamplePurgeReport> {
    const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS "locked"',
        [SWEEP_LOCK_KEY],
      )) as { locked: boolean }[];
      if (!locked) return { swept: false, purged: 0 };
      try {
        let purged = 0;
        for (;;) {
          const rows = await updateReturning<{ id: string }>(
            runner,
            `UPDATE "run_results" SET "detail" = "detail" - 'samples', "samples_purged_at" = $2
              WHERE "id" IN (
                SELECT "id" FROM "run_results"
                 WHERE "samples_purged_at" IS NULL AND "finished_at" < $1
                 ORDER BY "finished_at"
                 LIMIT ${BATCH_SIZE}
                 FOR UPDATE SKIP LOCKED)
              RETURNING "id"`,
            [cutoff, now],
          );
          purged += rows.length;
          if (rows.length < BATCH_SIZE) return { swept: true, purged };
        }
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [SWEEP_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }
}
