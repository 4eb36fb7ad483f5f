import { type DataSource } from 'typeorm';
import { type CheckOutcome } from '@dq/contracts';

export type RunOutcomeCounts = Partial<Record<CheckOutcome, number>>;

/** How many results of each run ended with each outcome, in one grouped read. */
export async function runOutcomeCounts(
  dataSource: DataSource,
  runIds: readonly string[],
): Promise<Map<string, RunOutcomeCounts>> {
  const counts = new Map<string, RunOutcomeCounts>();
  if (runIds.length === 0) return counts;
  const rows = await dataSource.query<{ run_id: string; outcome: CheckOutcome; count: number }[]>(
    `SELECT "run_id", "outcome", count(*)::int AS "count" FROM "run_results"
      WHERE "run_id" = ANY($1::uuid[]) GROUP BY "run_id", "outcome"`,
    [runIds],
  );
  for (const row of rows) counts.set(row.run_id, { ...counts.get(row.run_id), [row.outcome]: row.count });
  return counts;
}
