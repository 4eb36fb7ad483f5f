import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  type CreateTriggerBindingRequest,
  ErrorCode,
  SuiteGrant,
  TriggerBindingAuditAction,
  type TriggerBindingListQuery,
  type TriggerBindingPage,
  type TriggerBindingResponse,
  type UpdateTriggerBindingRequest,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { type Actor, suiteNotFoundError } from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams, entityOfRow, isUniqueViolation } from '@dq/db';
import { SuiteAccessService, suiteNameSql, visibleSuiteIdsSql } from '@dq/suites';
import { TriggerBindingEntity } from '../entities';
import { toTriggerBindingResponse } from './trigger-binding-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bindings in the order they were made. */
const BINDINGS_OLDEST_FIRST: KeysetOrder = {
  scope: 'trigger-bindings',
  direction: 'ASC',
  columns: [
    { sql: 'b."created_at"', type: 'timestamp' },
    { sql: 'b."id"', type: 'uuid' },
  ],
};

type BindingRow = Record<string, unknown> & { dq_suite_name: string | null };

export function triggerBindingNotFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Trigger binding not found', {});
}

/**
 * Which bindings a caller can see, as SQL over the binding `b` (the caller's id added to `params`):
 * those of suites they can see; a workspace admin sees every binding, a deleted suite's too.
 */
export function visibleBindingSql(actor: Actor, params: SqlParams): string {
  if (actor.user.is_workspace_admin) return 'true';
  return `b."suite_id" IN (${visibleSuiteIdsSql(params.add(actor.user.id))})`;
}

/**
 * Pipeline-to-suite trigger bindings. Reads follow the bound suite's grants (a binding of a suite
 * the caller cannot see is a 404, like the suite); creating, changing and deleting one needs `edit`
 * on the suite, on both suites when it moves. A binding whose suite was deleted is kept and shown
 * to workspace admins only, who may change or delete it. Every write is audited with the change.
 */
@Injectable()
export class TriggerBindingsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  async list(actor: Actor, query: TriggerBindingListQuery = {}): Promise<TriggerBindingPage> {
    if (query.suite_id !== undefined) await this.requireSuiteFilter(actor, query.suite_id);
    const paging = new KeysetPage(BINDINGS_OLDEST_FIRST, query);
    const params = new SqlParams();
    const where = [visibleBindingSql(actor, params)];
    if (query.suite_id !== undefined) where.push(`b."suite_id" = ${params.add(query.suite_id)}`);
    if (query.provider !== undefined) where.push(`b."provider" = ${params.add(query.provider)}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<BindingRow[]>(
      `SELECT b.*, ${suiteNameSql('b."suite_id"')} AS "dq_suite_name", ${paging.keyColumns()}
         FROM "trigger_bindings" b WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return { items: page.rows.map((row) => this.view(row)), next_cursor: page.next_cursor };
  }

  async get(actor: Actor, id: string): Promise<TriggerBindingResponse> {
    const { binding, suiteName } = await this.requireBinding(actor, id, SuiteGrant.View);
    return toTriggerBindingResponse(binding, suiteName);
  }

  async create(actor: Actor, input: CreateTriggerBindingRequest): Promise<TriggerBindingResponse> {
    return this.dataSource.transaction(async (manager) => {
      const { suite } = await this.access.require(actor, input.suite_id, SuiteGrant.Edit, manager);
      const binding = manager.create(TriggerBindingEntity, {
        provider: input.provider,
        pipelineId: input.pipeline_id,
        env: input.env,
        suiteId: input.suite_id,
        enabled: input.enabled ?? true,
        createdBy: actor.user.id,
      });
      await this.save(manager, binding);
      await this.record(manager, actor, TriggerBindingAuditAction.Created, binding, {
        provider: binding.provider,
        pipeline_id: binding.pipelineId,
        env: binding.env,
        enabled: binding.enabled,
      });
      return toTriggerBindingResponse(binding, suite.name);
    });
  }

  async update(
    actor: Actor,
    id: string,
    input: UpdateTriggerBindingRequest,
  ): Promise<TriggerBindingResponse> {
    return this.dataSource.transaction(async (manager) => {
      const { binding, suiteName } = await this.requireBinding(actor, id, SuiteGrant.Edit, manager);
      let name = suiteName;
      const before = { ...binding };
      if (input.suite_id !== undefined && input.suite_id !== binding.suiteId) {
        const { suite } = await this.access.require(actor, input.suite_id, SuiteGrant.Edit, manager);
        binding.suiteId = input.suite_id;
        name = suite.name;
      }
      if (input.provider !== undefined) binding.provider = input.provider;
      if (input.pipeline_id !== undefined) binding.pipelineId = input.pipeline_id;
      if (input.env !== undefined) binding.env = input.env;
      if (input.enabled !== undefined) binding.enabled = input.enabled;
      const changed = Object.fromEntries(
        (
          [
            ['provider', before.provider, binding.provider],
            ['pipeline_id', before.pipelineId, binding.pipelineId],
            ['env', before.env, binding.env],
            ['suite_id', before.suiteId, binding.suiteId],
            ['enabled', before.enabled, binding.enabled],
          ] as const
        )
          .filter(([, from, to]) => from !== to)
          .map(([field, from, to]) => [field, { from, to }]),
      );
      if (Object.keys(changed).length === 0) return toTriggerBindingResponse(binding, name);
      await this.save(manager, binding);
      await this.record(manager, actor, TriggerBindingAuditAction.Updated, binding, { changed });
      return toTriggerBindingResponse(binding, name);
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { binding } = await this.requireBinding(actor, id, SuiteGrant.Edit, manager);
      await manager.delete(TriggerBindingEntity, { id: binding.id });
      await this.record(manager, actor, TriggerBindingAuditAction.Deleted, binding, {
        provider: binding.provider,
        pipeline_id: binding.pipelineId,
        env: binding.env,
      });
    });
  }

  /**
   * The binding when the caller holds `needed` on its suite (a write locks the binding row): 404
   * when it does not exist or its suite is hidden from them, 403 when they see it but may not
   * change it. A deleted suite's binding answers workspace admins only.
   */
  private async requireBinding(
    actor: Actor,
    id: string,
    needed: SuiteGrant,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ binding: TriggerBindingEntity; suiteName: string | null }> {
    if (!UUID.test(id)) throw triggerBindingNotFound();
    const [row] = await manager.query<BindingRow[]>(
      `SELECT b.*, ${suiteNameSql('b."suite_id"')} AS "dq_suite_name"
         FROM "trigger_bindings" b WHERE b."id" = $1
         ${manager === this.dataSource.manager ? '' : 'FOR UPDATE OF b'}`,
      [id],
    );
    if (row === undefined) throw triggerBindingNotFound();
    const binding = entityOfRow(this.dataSource, TriggerBindingEntity, row);
    if (row.dq_suite_name === null) {
      if (!actor.user.is_workspace_admin) throw triggerBindingNotFound();
      return { binding, suiteName: null };
    }
    try {
      await this.access.require(actor, binding.suiteId, needed, manager);
    } catch (error) {
      // The suite's 404 (hidden, or deleted meanwhile) is the binding's 404; a 403 stays one.
      if (error instanceof AppError && error.code === ErrorCode.NotFound) throw triggerBindingNotFound();
      throw error;
    }
    return { binding, suiteName: row.dq_suite_name };
  }

  /**
   * A list filtered by a suite answers as the suite does, like `GET /runs?suite_id=`: 404 when the
   * caller cannot see it; a deleted suite's bindings are listed to workspace admins only.
   */
  private async requireSuiteFilter(actor: Actor, suiteId: string): Promise<void> {
    const [row] = await this.dataSource.query<{ exists: boolean }[]>(
      `SELECT ${suiteNameSql('$1::uuid')} IS NOT NULL AS "exists"`,
      [suiteId],
    );
    if (row?.exists !== true) {
      if (!actor.user.is_workspace_admin) throw suiteNotFoundError();
      return;
    }
    await this.access.require(actor, suiteId, SuiteGrant.View);
  }

  /** Saves the binding; another binding of the same pipeline, env and suite is a 409 naming it. */
  private async save(manager: EntityManager, binding: TriggerBindingEntity): Promise<void> {
    try {
      await manager.transaction(async (inner) => {
        await inner.save(binding);
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'trigger_bindings_match_key')) throw error;
      const existing = await this.dataSource.getRepository(TriggerBindingEntity).findOneBy({
        provider: binding.provider,
        pipelineId: binding.pipelineId,
        env: binding.env,
        suiteId: binding.suiteId,
      });
      throw new AppError(
        ErrorCode.Conflict,
        'This suite is already bound to that pipeline in that environment',
        { field: 'pipeline_id', binding_id: existing?.id ?? null },
      );
    }
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: TriggerBindingAuditAction,
    binding: TriggerBindingEntity,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'trigger_binding',
        target_id: binding.id,
        detail: { suite_id: binding.suiteId, ...detail },
      },
      manager,
    );
  }

  private view(row: BindingRow): TriggerBindingResponse {
    return toTriggerBindingResponse(
      entityOfRow(this.dataSource, TriggerBindingEntity, row),
      row.dq_suite_name,
    );
  }
}
