import type { EntityManager } from 'typeorm';

/** One alert to queue for one channel; `payload` is the generic alert payload. */
export interface DeliveryToEnqueue {
  channel_id: string;
  run_id: string | null;
  suite_id: string | null;
  /** The payload's event type: `alert`, `alert.escalation` or `poll_failure`. */
  kind: string;
  /** Unique per alert; `deliveryDedupKey` builds the usual one. */
  dedup_key: string;
  payload: object;
}

/** The usual dedup key: one alert per run, channel and kind. */
export function deliveryDedupKey(runId: string, channelId: string, kind: string): string {
  return `${runId}:${channelId}:${kind}`;
}

/** The PostgreSQL channel the outbox notifies on; delivered at commit, so workers wake for committed rows. */
export const ALERT_DELIVERIES_NOTIFY_CHANNEL = 'alert_deliveries';

/**
 * Queues deliveries inside the caller's transaction (the one that decided the alert), so an alert
 * is queued exactly when its decision commits, and wakes the delivery workers at that commit. A
 * row whose dedup key exists already is skipped; returns the ids of the rows actually inserted.
 */
export async function enqueueDeliveries(
  manager: EntityManager,
  rows: readonly DeliveryToEnqueue[],
): Promise<string[]> {
  return [...(await enqueueDeliveriesReturningKeys(manager, rows)).values()];
}

/** `enqueueDeliveries` answering the id of each row actually inserted by its dedup key. */
export async function enqueueDeliveriesReturningKeys(
  manager: EntityManager,
  rows: readonly DeliveryToEnqueue[],
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const params: unknown[] = [];
  const values = rows.map((row) => {
    const at = params.length;
    params.push(
      row.channel_id,
      row.run_id,
      row.suite_id,
      row.kind,
      row.dedup_key,
      JSON.stringify(row.payload),
    );
    return `($${at + 1}::uuid, $${at + 2}::uuid, $${at + 3}::uuid, $${at + 4}, $${at + 5}, $${at + 6}::jsonb)`;
  });
  params.push(ALERT_DELIVERIES_NOTIFY_CHANNEL);
  // The NOTIFY rides on the insert (one round trip); PostgreSQL folds a transaction's identical
  // notifications into one, and none is sent when every row was a duplicate.
  const inserted = await manager.query<Array<{ id: string; dedup_key: string }>>(
    `WITH inserted AS (
       INSERT INTO "alert_deliveries" ("channel_id", "run_id", "suite_id", "kind", "dedup_key", "payload")
       VALUES ${values.join(', ')}
       ON CONFLICT ("dedup_key") DO NOTHING
       RETURNING "id", "dedup_key")
     SELECT i."id", i."dedup_key", pg_notify($${params.length}, '') AS "notified" FROM inserted i`,
    params,
  );
  return new Map(inserted.map((row) => [row.dedup_key, row.id]));
}
