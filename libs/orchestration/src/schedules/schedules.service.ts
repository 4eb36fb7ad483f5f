import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  type CreateScheduleRequest,
  ErrorCode,
  ScheduleAuditAction,
  type ScheduleListQuery,
  type SchedulePage,
  type ScheduleResponse,
  SuiteGrant,
  type UpdateScheduleRequest,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { type Actor } from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams, entityOfRow } from '@dq/db';
import { SuiteAccessService, visibleSuiteIdsSql } from '@dq/suites';
import { ScheduleEntity } from '../entities';
import { CronSchedule, UPCOMING_FIRE_TIMES, assertCronSchedule, normalizeCron } from './cron-schedule';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Schedules newest first, as `GET /runs` pages runs. */
const SCHEDULES_NEWEST_FIRST: KeysetOrder = {
  scope: 'schedules',
  direction: 'DESC',
  columns: [
    { sql: 'sc."created_at"', type: 'timestamp' },
    { sql: 'sc."id"', type: 'uuid' },
  ],
};

export function scheduleNotFoundError(): AppError {
  return new AppError(ErrorCode.NotFound, 'Schedule not found', {});
}

/** A suite's hidden 404 becomes the schedule's: a schedule is exactly as visible as its suite. */
function asScheduleNotFound(error: unknown): never {
  if (error instanceof AppError && error.code === ErrorCode.NotFound) throw scheduleNotFoundError();
  throw error;
}

/** The answer for a stored schedule; its upcoming fire times are computed from `now`. */
export function toScheduleResponse(schedule: ScheduleEntity, now: Date = new Date()): ScheduleResponse {
  let upcoming: string[] = [];
  if (schedule.enabled) {
    const cron = new CronSchedule(schedule.cron, schedule.timezone);
    upcoming = cron.nextFireTimes(now, UPCOMING_FIRE_TIMES).map((instant) => cron.format(instant));
  }
  return {
    id: schedule.id,
    suite_id: schedule.suiteId,
    cron: schedule.cron,
    timezone: schedule.timezone,
    enabled: schedule.enabled,
    next_fire_at: schedule.nextFireAt?.toISOString() ?? null,
    last_fired_at: schedule.lastFiredAt?.toISOString() ?? null,
    upcoming_fire_times: upcoming,
    last_run_id: schedule.lastRunId,
    missed_ticks: schedule.missedTicks,
    created_at: schedule.createdAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
  };
}

/** When a schedule fires next from `now`: null while disabled (docs/decisions/0040). */
export function nextFireAtFrom(
  schedule: Pick<ScheduleEntity, 'cron' | 'timezone' | 'enabled'>,
  now: Date,
): Date | null {
  if (!schedule.enabled) return null;
  return new CronSchedule(schedule.cron, schedule.timezone).nextAfter(now);
}

/**
 * Cron schedules of suites, one per suite. A schedule is as visible as its suite (a hidden suite's
 * schedule is "not found"); creating, changing and deleting one needs `edit` on the suite. Every
 * write recomputes `next_fire_at` from now (no backfill) and is audited.
 */
@Injectable()
export class SchedulesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
  ) {}

  /** A page of the schedules of the suites the caller can see, newest first. */
  async list(actor: Actor, query: ScheduleListQuery = {}): Promise<SchedulePage> {
    // A suite the caller cannot see is not found, as on `GET /runs?suite_id=`.
    if (query.suite_id !== undefined) await this.access.require(actor, query.suite_id, SuiteGrant.View);
    const paging = new KeysetPage(SCHEDULES_NEWEST_FIRST, query);
    const params = new SqlParams();
    const where: string[] = [];
    if (!actor.user.is_workspace_admin) {
      where.push(`sc."suite_id" IN (${visibleSuiteIdsSql(params.add(actor.user.id))})`);
    }
    if (query.suite_id !== undefined) where.push(`sc."suite_id" = ${params.add(query.suite_id)}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT sc.*, ${paging.keyColumns()} FROM "schedules" sc
        ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    const now = new Date();
    return {
      items: page.rows.map((row) =>
        toScheduleResponse(entityOfRow(this.dataSource, ScheduleEntity, row), now),
      ),
      next_cursor: page.next_cursor,
    };
  }

  async get(actor: Actor, id: string): Promise<ScheduleResponse> {
    const schedule = await this.find(this.dataSource.manager, id);
    await this.access.require(actor, schedule.suiteId, SuiteGrant.View).catch(asScheduleNotFound);
    return toScheduleResponse(schedule);
  }

  async create(actor: Actor, input: CreateScheduleRequest): Promise<ScheduleResponse> {
    assertCronSchedule(input);
    const cron = normalizeCron(input.cron);
    return this.dataSource.transaction(async (manager) => {
      // The suite row's lock orders two creates for one suite: the second sees the first's row.
      await this.access.require(actor, input.suite_id, SuiteGrant.Edit, manager, true);
      const existing = await manager.getRepository(ScheduleEntity).findOneBy({ suiteId: input.suite_id });
      if (existing !== null) {
        throw new AppError(ErrorCode.Conflict, 'This suite already has a schedule; change it with PATCH', {
          field: 'suite_id',
          schedule_id: existing.id,
        });
      }
      const enabled = input.enabled ?? true;
      const now = new Date();
      const schedule = await manager.save(
        manager.create(ScheduleEntity, {
          suiteId: input.suite_id,
          cron,
          timezone: input.timezone,
          enabled,
          nextFireAt: nextFireAtFrom({ cron, timezone: input.timezone, enabled }, now),
          lastFiredAt: null,
          lastRunId: null,
          missedTicks: 0,
          createdBy: actor.user.id,
        }),
      );
      await this.record(manager, actor, ScheduleAuditAction.Created, schedule, {
        cron,
        timezone: schedule.timezone,
        enabled,
      });
      return toScheduleResponse(schedule, now);
    });
  }

  async update(actor: Actor, id: string, input: UpdateScheduleRequest): Promise<ScheduleResponse> {
    assertCronSchedule(input);
    return this.dataSource.transaction(async (manager) => {
      const schedule = await this.lockedForEdit(manager, actor, id);
      const changed: Record<string, unknown> = {};
      const cron = input.cron === undefined ? undefined : normalizeCron(input.cron);
      if (cron !== undefined && cron !== schedule.cron) changed.cron = schedule.cron = cron;
      if (input.timezone !== undefined && input.timezone !== schedule.timezone)
        changed.timezone = schedule.timezone = input.timezone;
      if (input.enabled !== undefined && input.enabled !== schedule.enabled)
        changed.enabled = schedule.enabled = input.enabled;
      const now = new Date();
      if (Object.keys(changed).length > 0) {
        schedule.nextFireAt = nextFireAtFrom(schedule, now);
        await manager.save(schedule);
        await this.record(manager, actor, ScheduleAuditAction.Updated, schedule, { changed });
      }
      return toScheduleResponse(schedule, now);
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const schedule = await this.lockedForEdit(manager, actor, id);
      await manager.delete(ScheduleEntity, { id: schedule.id });
      await this.record(manager, actor, ScheduleAuditAction.Deleted, schedule, {
        cron: schedule.cron,
        timezone: schedule.timezone,
      });
    });
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<ScheduleEntity> {
    if (!UUID.test(id)) throw scheduleNotFoundError();
    const schedule = await manager
      .getRepository(ScheduleEntity)
      .findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (schedule === null) throw scheduleNotFoundError();
    return schedule;
  }

  /**
   * The schedule, locked, once the caller holds `edit` on its suite. The suite row is locked first,
   * in the order a suite's delete takes them, so the two never wait on each other in a cycle.
   */
  private async lockedForEdit(manager: EntityManager, actor: Actor, id: string): Promise<ScheduleEntity> {
    const { suiteId } = await this.find(manager, id);
    await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true).catch(asScheduleNotFound);
    const schedule = await this.find(manager, id, true);
    if (schedule.suiteId !== suiteId) throw scheduleNotFoundError();
    return schedule;
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: ScheduleAuditAction,
    schedule: ScheduleEntity,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'schedule',
        target_id: schedule.id,
        detail: { suite_id: schedule.suiteId, ...detail },
      },
      manager,
    );
  }
}
