import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  AlertDeliveryListQuery,
  AlertDeliveryPage,
  AlertDeliveryResponse,
  AlertDeliveryState,
} from '@dq/contracts';
import { KeysetPage, type KeysetOrder, SqlParams } from '@dq/db';

const DELIVERIES_NEWEST_FIRST: KeysetOrder = {
  scope: 'alert_deliveries',
  direction: 'DESC',
  columns: [
    { sql: 'd."created_at"', type: 'timestamp' },
    { sql: 'd."id"', type: 'uuid' },
  ],
};

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** The deliveries of one channel, newest first: what was sent, what is waiting, what died. */
@Injectable()
export class AlertDeliveryReads {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(channelId: string, query: AlertDeliveryListQuery = {}): Promise<AlertDeliveryPage> {
    const paging = new KeysetPage(DELIVERIES_NEWEST_FIRST, query);
    const params = new SqlParams();
    const where = [`d."channel_id" = ${params.add(channelId)}`];
    if (query.state !== undefined) where.push(`d."state" = ${params.add(query.state)}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT d."id", d."channel_id", d."run_id", d."suite_id", d."kind", d."state", d."attempts",
              d."next_attempt_at", d."last_error", d."last_status_code", d."first_attempt_at", d."delivered_at",
              d."created_at", ${paging.keyColumns()}
         FROM "alert_deliveries" d WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return { items: page.rows.map(toResponse), next_cursor: page.next_cursor };
  }
}

function toResponse(row: Record<string, unknown>): AlertDeliveryResponse {
  const state = row.state as AlertDeliveryState;
  return {
    id: row.id as string,
    channel_id: row.channel_id as string,
    run_id: (row.run_id as string | null) ?? null,
    suite_id: (row.suite_id as string | null) ?? null,
    kind: row.kind as string,
    state,
    attempts: row.attempts as number,
    next_attempt_at: state === 'pending' || state === 'delivering' ? iso(row.next_attempt_at) : null,
    last_error: (row.last_error as string | null) ?? null,
    last_status_code: (row.last_status_code as number | null) ?? null,
    first_attempt_at: iso(row.first_attempt_at),
    delivered_at: iso(row.delivered_at),
    created_at: iso(row.created_at) ?? '',
  };
}
