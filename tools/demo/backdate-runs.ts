// Development only: moves runs the demo seed itself triggered into the past, so the dashboard's
// trend and the anomaly monitors' history span several days on a fresh clone. The runs and their
// results were produced by the real runner; only their timestamps move, all by the same amount
// (docs/decisions/0030).
import { Client } from 'pg';

const TERMINAL = ['succeeded', 'failed', 'cancelled'];

/**
 * Shifts every timestamp of the given finished runs and of their results back by `ageMs`. Refuses
 * under NODE_ENV=production and refuses a run that is not finished (the runner may still write it).
 */
export async function backdateSeedRuns(
  serviceDatabaseUrl: string,
  runIds: string[],
  ageMs: number,
): Promise<void> {
  if (process.env['NODE_ENV'] === 'production')
    throw new Error('refusing to rewrite run history in production');
  if (runIds.length === 0) return;
  const client = new Client({ connectionString: serviceDatabaseUrl, application_name: 'dq-demo-seed' });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string; status: string }>(
      'SELECT id, status FROM runs WHERE id = ANY($1::uuid[]) FOR UPDATE',
      [runIds],
    );
    const unfinished = rows.filter((row) => !TERMINAL.includes(row.status));
    if (rows.length !== runIds.length || unfinished.length > 0)
      throw new Error('backdateSeedRuns: every run must exist and be finished');
    const shift = `make_interval(secs => $2::double precision / 1000)`;
    await client.query(
      `UPDATE runs SET created_at = created_at - ${shift}, started_at = started_at - ${shift},
              finished_at = finished_at - ${shift}, lease_expires_at = lease_expires_at - ${shift},
              cancel_requested_at = cancel_requested_at - ${shift}
        WHERE id = ANY($1::uuid[])`,
      [runIds, ageMs],
    );
    await client.query(
      `UPDATE run_results SET started_at = started_at - ${shift}, finished_at = finished_at - ${shift},
              samples_purged_at = samples_purged_at - ${shift}
        WHERE run_id = ANY($1::uuid[])`,
      [runIds, ageMs],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
