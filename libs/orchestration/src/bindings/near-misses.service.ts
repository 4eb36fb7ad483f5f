import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ListPageQuery, type NearMissPage, type NearMissResponse } from '@dq/contracts';
import { type Actor, capabilityTierOf } from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams, entityOfRow } from '@dq/db';
import { suiteNameSql } from '@dq/suites';
import { PipelineRunEntity, TriggerBindingEntity } from '../entities';
import { toTriggerBindingResponse } from './trigger-binding-view';
import { visibleBindingSql } from './trigger-bindings.service';

/** Newest first. */
const NEAR_MISSES_NEWEST_FIRST: KeysetOrder = {
  scope: 'near-misses',
  direction: 'DESC',
  columns: [
    { sql: 'pr."received_at"', type: 'timestamp' },
    { sql: 'pr."id"', type: 'uuid' },
  ],
};

const BINDING_COLUMNS = [
  'id',
  'provider',
  'pipeline_id',
  'env',
  'suite_id',
  'enabled',
  'created_by',
  'created_at',
  'updated_at',
];

/**
 * `GET /orchestration/near-misses`: succeeded pipeline runs that queued nothing, each with the
 * closest binding and why it did not match, as judged when the run arrived (docs/decisions/0041).
 * Admins and Members see every near-miss (pipeline names are workspace facts, and a missed trigger
 * is what they come to fix), the closest binding only when they can see its suite; Viewers see
 * only near-misses whose closest binding is of a suite they can see.
 */
@Injectable()
export class NearMissesService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(actor: Actor, query: ListPageQuery = {}): Promise<NearMissPage> {
    const paging = new KeysetPage(NEAR_MISSES_NEWEST_FIRST, query);
    const params = new SqlParams();
    const bindingVisible = visibleBindingSql(actor, params);
    const where = [`pr."near_miss_reason" IS NOT NULL`];
    if (capabilityTierOf(actor.user) === 'viewer') where.push(`b."id" IS NOT NULL AND ${bindingVisible}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT pr.*, ${BINDING_COLUMNS.map((column) => `b."${column}" AS "dq_b_${column}"`).join(', ')},
              (b."id" IS NOT NULL AND ${bindingVisible}) AS "dq_binding_visible",
              ${suiteNameSql('b."suite_id"')} AS "dq_suite_name", ${paging.keyColumns()}
         FROM "pipeline_runs" pr
         LEFT JOIN "trigger_bindings" b ON b."id" = pr."near_miss_binding_id"
        WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return { items: page.rows.map((row) => this.view(row)), next_cursor: page.next_cursor };
  }

  private view(row: Record<string, unknown>): NearMissResponse {
    const run = entityOfRow(this.dataSource, PipelineRunEntity, row);
    let closest: NearMissResponse['closest_binding'] = null;
    if (row['dq_binding_visible'] === true) {
      const bindingRow = Object.fromEntries(BINDING_COLUMNS.map((column) => [column, row[`dq_b_${column}`]]));
      closest = toTriggerBindingResponse(
        entityOfRow(this.dataSource, TriggerBindingEntity, bindingRow),
        typeof row['dq_suite_name'] === 'string' ? row['dq_suite_name'] : null,
      );
    }
    return {
      pipeline_run_id: run.id,
      provider: run.provider,
      pipeline_id: run.pipelineId,
      env: run.env,
      run_id: run.externalRunId,
      status: run.status,
      finished_at: run.finishedAt?.toISOString() ?? null,
      received_at: run.receivedAt.toISOString(),
      reason: run.nearMissReason ?? 'none',
      closest_binding: closest,
    };
  }
}
