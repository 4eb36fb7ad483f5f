import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import {
  AppError,
  type CheckBaselineResponse,
  CheckChange,
  type CheckHistoryPoint,
  type CheckHistoryQuery,
  type CheckListQuery,
  type CheckPage,
  type CheckResponse,
  type CheckVersionPage,
  type CreateCheckRequest,
  ErrorCode,
  type ListPageQuery,
  SuiteAuditAction,
  SuiteGrant,
  type UpdateCheckRequest,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { ConnectionDirectory, type ConnectionSummary, assertCustomSqlAllowed } from '@dq/connections';
import {
  type CheckDefinition,
  CheckKind,
  dialectForKind,
  isUserSqlKind,
  parseCheckDefinition,
  sqlParserReady,
  userSqlProblem,
} from '@dq/check-engine';
import { CheckEntity, CheckVersionEntity, type SuiteEntity } from '../entities';
import {
  KeysetPage,
  type KeysetOrder,
  SqlParams,
  containsPattern,
  entityOfRow,
  isUniqueViolation,
} from '@dq/db';
import { SuiteAccessService } from '../access/suite-access.service';
import { definitionOf, toCheckResponse, toCheckVersionResponse } from '../view/check-view';
import { type Actor } from '@dq/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SQL_KINDS: readonly string[] = ['postgres', 'warehouse', 'lakehouse'];
const HISTORY_DEFAULT_LIMIT = 100;
/** When a result counts in a check's history: its run's finish, or its creation when unfinished. */
const RESULT_AT = 'COALESCE(r."finished_at", r."run_created_at")';

/** A page of a check's history and how many results its bounds hold. */
export interface CheckHistoryPage {
  items: CheckHistoryPoint[];
  next_cursor: string | null;
  total: number;
}

/** A check's results, newest first; the run breaks a tie (one result per check and run). */
function historyNewestFirst(checkId: string): KeysetOrder {
  return {
    scope: `history:${checkId}`,
    direction: 'DESC',
    columns: [
      { sql: RESULT_AT, type: 'timestamp' },
      { sql: 'r."run_id"', type: 'uuid' },
    ],
  };
}

/** A suite's checks in the order they were added. */
function checksOldestFirst(suiteId: string): KeysetOrder {
  return {
    scope: `checks:${suiteId}`,
    direction: 'ASC',
    columns: [
      { sql: 'c."created_at"', type: 'timestamp' },
      { sql: 'c."id"', type: 'uuid' },
    ],
  };
}

/** A check's versions, newest first (a version number is unique per check). */
function checkVersionsNewestFirst(checkId: string): KeysetOrder {
  return {
    scope: `check_versions:${checkId}`,
    direction: 'DESC',
    columns: [{ sql: 'v."version"', type: 'integer' }],
  };
}

function checkNotFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Check not found', {});
}

/** A live column as the runner reports it, for a schema-drift baseline. */
export interface LiveColumn {
  name: string;
  type: string;
}

/**
 * Checks of a suite: CRUD with numbered versions (every definition change mints one; restoring
 * version n mints a new one with n's definition), snooze, result history and monitor baselines.
 * Reads need `view` on the suite, changes `edit`; a check of a hidden suite is the suite's 404.
 */
@Injectable()
export class ChecksService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
    @Inject(ConnectionDirectory) private readonly connections: ConnectionDirectory,
  ) {}

  /** A page of a suite's checks, oldest first, filtered by kind, name, dimension and enabled. */
  async list(actor: Actor, suiteId: string, query: CheckListQuery = {}): Promise<CheckPage> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.View);
    const paging = new KeysetPage(checksOldestFirst(suiteId), query);
    const params = new SqlParams();
    const where = [`c."suite_id" = ${params.add(suiteId)}`];
    if (query.kind !== undefined) where.push(`c."kind" = ${params.add(query.kind)}`);
    if (query.name !== undefined) where.push(`c."name" ILIKE ${params.add(containsPattern(query.name))}`);
    if (query.dimension !== undefined) where.push(`c."dimension" = ${params.add(query.dimension)}`);
    if (query.enabled !== undefined) where.push(`c."enabled" = ${params.add(query.enabled)}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const [connection, rows] = await Promise.all([
      this.connectionOf(suite),
      this.dataSource.query<Record<string, unknown>[]>(
        `SELECT c.*, ${paging.keyColumns()} FROM "checks" c
          WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
        params.values,
      ),
    ]);
    const page = paging.page(rows);
    return {
      items: page.rows.map((row) =>
        toCheckResponse(entityOfRow(this.dataSource, CheckEntity, row), connection.capabilities),
      ),
      next_cursor: page.next_cursor,
    };
  }

  async get(actor: Actor, suiteId: string, checkId: string): Promise<CheckResponse> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.View);
    const row = await this.live(this.dataSource.manager, suiteId, checkId);
    return toCheckResponse(row, (await this.connectionOf(suite)).capabilities);
  }

  /** Validates a check body for a suite without storing it (create, dry-run). */
  async definitionFor(actor: Actor, suiteId: string, input: CreateCheckRequest, needed = SuiteGrant.Edit) {
    const { suite } = await this.access.require(actor, suiteId, needed);
    const connection = await this.connectionOf(suite);
    await sqlParserReady();
    const definition = parseCheckDefinition(input, { datasourceKind: connection.kind });
    await this.assertUserSqlAllowed(definition, connection);
    return { suite, connection, definition };
  }

  async create(actor: Actor, suiteId: string, input: CreateCheckRequest): Promise<CheckResponse> {
    await sqlParserReady();
    return this.writing(() =>
      this.dataSource.transaction(async (manager) => {
        const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
        const connection = await this.connectionOf(suite);
        const definition = parseCheckDefinition(input, { datasourceKind: connection.kind });
        await this.assertComparisonSides(definition, connection.kind);
        await this.lockReferencedConnections(manager, definition);
        await this.assertUserSqlAllowed(definition, connection);
        const row = await this.insert(manager, suite.id, definition, actor, CheckChange.Created);
        return toCheckResponse(row, connection.capabilities);
      }),
    );
  }

  /** Used by imports too: a new check at version 1 with its first version row and audit event. */
  async insert(
    manager: EntityManager,
    suiteId: string,
    definition: CheckDefinition,
    actor: Actor,
    change: CheckChange,
  ): Promise<CheckEntity> {
    const row = await manager.save(
      manager.create(CheckEntity, { suiteId, ...definition, version: 1, createdBy: actor.user.id }),
    );
    await this.snapshot(manager, row, change, null, actor);
    await this.record(manager, actor, SuiteAuditAction.CheckCreated, row, { change });
    return row;
  }

  async update(
    actor: Actor,
    suiteId: string,
    checkId: string,
    input: UpdateCheckRequest,
  ): Promise<CheckResponse> {
    await sqlParserReady();
    return this.writing(() =>
      this.dataSource.transaction(async (manager) => {
        const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
        const row = await this.live(manager, suiteId, checkId, true);
        if (input.kind !== undefined && input.kind !== row.kind) {
          throw new AppError(
            ErrorCode.ValidationFailed,
            'A check keeps its kind; create a new check instead',
            {
              fields: [{ field: 'kind', problems: ['kind cannot change'] }],
            },
          );
        }
        const connection = await this.connectionOf(suite);
        const current = definitionOf(row);
        const merged = {
          ...current,
          ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
        };
        const definition = parseCheckDefinition(merged, { datasourceKind: connection.kind });
        await this.assertComparisonSides(definition, connection.kind);
        await this.lockReferencedConnections(manager, definition);
        await this.assertUserSqlAllowed(definition, connection);
        const saved = await this.apply(manager, row, definition, actor, CheckChange.Updated, null);
        return toCheckResponse(saved, connection.capabilities);
      }),
    );
  }

  /** Moves a check to a new definition; an unchanged definition mints no version. */
  async apply(
    manager: EntityManager,
    row: CheckEntity,
    definition: CheckDefinition,
    actor: Actor,
    change: CheckChange,
    restoredFrom: number | null,
  ): Promise<CheckEntity> {
    if (isDeepStrictEqual(definitionOf(row), definition) && change !== CheckChange.Restored) return row;
    const driftReset =
      row.kind === CheckKind.SchemaDrift && !isDeepStrictEqual(row.config, definition.config);
    Object.assign(row, definition, { version: row.version + 1 });
    // A schema-drift check pointed at other columns must not diff against the old snapshot.
    if (driftReset) Object.assign(row, { baseline: null, baselineCapturedAt: null });
    const saved = await manager.save(row);
    await this.snapshot(manager, saved, change, restoredFrom, actor);
    await this.record(
      manager,
      actor,
      change === CheckChange.Restored ? SuiteAuditAction.CheckRestored : SuiteAuditAction.CheckUpdated,
      saved,
      { change, ...(restoredFrom !== null ? { restored_from: restoredFrom } : {}) },
    );
    return saved;
  }

  async delete(actor: Actor, suiteId: string, checkId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
      const row = await this.live(manager, suiteId, checkId, true);
      await manager.delete(CheckEntity, { id: row.id });
      await this.record(manager, actor, SuiteAuditAction.CheckDeleted, row, {});
    });
  }

  /** A page of a check's versions, newest first. */
  async versions(
    actor: Actor,
    suiteId: string,
    checkId: string,
    query: ListPageQuery = {},
  ): Promise<CheckVersionPage> {
    await this.access.require(actor, suiteId, SuiteGrant.View);
    await this.live(this.dataSource.manager, suiteId, checkId);
    const paging = new KeysetPage(checkVersionsNewestFirst(checkId), query);
    const params = new SqlParams();
    const where = [`v."check_id" = ${params.add(checkId)}`];
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT v.*, ${paging.keyColumns()} FROM "check_versions" v
        WHERE ${where.join(' AND ')} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return {
      items: page.rows.map((row) =>
        toCheckVersionResponse(entityOfRow(this.dataSource, CheckVersionEntity, row)),
      ),
      next_cursor: page.next_cursor,
    };
  }

  /** Restoring version n mints version (current + 1) with n's definition, re-checked for today's suite. */
  async restore(actor: Actor, suiteId: string, checkId: string, version: number): Promise<CheckResponse> {
    await sqlParserReady();
    return this.writing(() =>
      this.dataSource.transaction(async (manager) => {
        const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
        const row = await this.live(manager, suiteId, checkId, true);
        const old = Number.isSafeInteger(version)
          ? await manager.getRepository(CheckVersionEntity).findOneBy({ checkId, version })
          : null;
        if (old === null) throw new AppError(ErrorCode.NotFound, 'Check version not found', {});
        const connection = await this.connectionOf(suite);
        const definition = parseCheckDefinition(definitionOf(old), { datasourceKind: connection.kind });
        await this.assertComparisonSides(definition, connection.kind);
        await this.lockReferencedConnections(manager, definition);
        await this.assertUserSqlAllowed(definition, connection);
        const saved = await this.apply(manager, row, definition, actor, CheckChange.Restored, version);
        return toCheckResponse(saved, connection.capabilities);
      }),
    );
  }

  async snooze(actor: Actor, suiteId: string, checkId: string, hours: number): Promise<CheckResponse> {
    return this.dataSource.transaction(async (manager) => {
      const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Edit, manager);
      const row = await this.live(manager, suiteId, checkId, true);
      row.snoozedUntil = new Date(Date.now() + hours * 3_600_000);
      const saved = await manager.save(row);
      await this.record(manager, actor, SuiteAuditAction.CheckSnoozed, saved, {
        hours,
        snoozed_until: saved.snoozedUntil?.toISOString(),
      });
      return toCheckResponse(saved, (await this.connectionOf(suite)).capabilities);
    });
  }

  async unsnooze(actor: Actor, suiteId: string, checkId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.access.require(actor, suiteId, SuiteGrant.Edit, manager);
      const row = await this.live(manager, suiteId, checkId, true);
      if (row.snoozedUntil === null) return;
      row.snoozedUntil = null;
      await manager.save(row);
      await this.record(manager, actor, SuiteAuditAction.CheckUnsnoozed, row, {});
    });
  }

  /**
   * A page of the check's results over finished runs, newest first, optionally within [`from`,
   * `to`), with how many results those bounds hold in all.
   */
  async history(
    actor: Actor,
    suiteId: string,
    checkId: string,
    query: CheckHistoryQuery = {},
  ): Promise<CheckHistoryPage> {
    await this.access.require(actor, suiteId, SuiteGrant.View);
    await this.live(this.dataSource.manager, suiteId, checkId);
    const page = new KeysetPage(historyNewestFirst(checkId), query, HISTORY_DEFAULT_LIMIT);
    const params = new SqlParams();
    const bounds = [
      `r."check_id" = ${params.add(checkId)}`,
      ...(query.from === undefined ? [] : [`${RESULT_AT} >= ${params.add(query.from)}::timestamptz`]),
      ...(query.to === undefined ? [] : [`${RESULT_AT} < ${params.add(query.to)}::timestamptz`]),
    ];
    const countValues = [...params.values];
    const after = page.condition(params);
    const [rows, counted] = await Promise.all([
      this.dataSource.query<
        {
          run_id: string;
          outcome: string;
          metric_value: number | null;
          check_version: string | null;
          at: Date;
        }[]
      >(
        `SELECT r."run_id", r."outcome", r."metric_value", r."detail"->>'check_version' AS "check_version",
                ${RESULT_AT} AS "at", ${page.keyColumns()}
           FROM "check_results" r
          WHERE ${[...bounds, ...(after === null ? [] : [after])].join(' AND ')}
          ${page.orderAndLimit()}`,
        params.values,
      ),
      this.dataSource.query<{ total: string }[]>(
        `SELECT count(*) AS "total" FROM "check_results" r WHERE ${bounds.join(' AND ')}`,
        countValues,
      ),
    ]);
    const { rows: points, next_cursor } = page.page(rows);
    return {
      items: points.map((row) => ({
        run_id: row.run_id,
        outcome: row.outcome,
        metric_value: row.metric_value,
        check_version: row.check_version === null ? null : Number(row.check_version),
        at: new Date(row.at).toISOString(),
      })),
      next_cursor,
      total: Number(counted[0]?.total ?? 0),
    };
  }

  async baseline(actor: Actor, suiteId: string, checkId: string): Promise<CheckBaselineResponse> {
    await this.access.require(actor, suiteId, SuiteGrant.View);
    const row = await this.live(this.dataSource.manager, suiteId, checkId);
    assertHasBaseline(row);
    if (row.kind === CheckKind.SchemaDrift) {
      return {
        check_id: row.id,
        kind: row.kind,
        baseline: row.baseline,
        captured_at: row.baselineCapturedAt?.toISOString() ?? null,
      };
    }
    return {
      check_id: row.id,
      kind: row.kind,
      baseline: await this.anomalyStatistics(row),
      captured_at: row.baselineCapturedAt?.toISOString() ?? null,
    };
  }

  /**
   * Recaptures a baseline: schema drift stores the live columns the runner just read; an anomaly
   * monitor forgets the history before now and learns afresh (skip until `min_points` again).
   */
  async rebaseline(
    actor: Actor,
    suiteId: string,
    checkId: string,
    liveColumns: (suite: SuiteEntity) => Promise<LiveColumn[]>,
  ): Promise<CheckBaselineResponse> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Edit);
    const probe = await this.live(this.dataSource.manager, suiteId, checkId);
    assertHasBaseline(probe);
    // Read the datasource outside the transaction: no row lock is held across a remote call.
    const columns = probe.kind === CheckKind.SchemaDrift ? await liveColumns(suite) : null;
    await this.dataSource.transaction(async (manager) => {
      const row = await this.live(manager, suiteId, checkId, true);
      const now = new Date();
      row.baseline =
        columns !== null
          ? { columns: columns.map(({ name, type }) => ({ name, type })) }
          : { since: now.toISOString() };
      row.baselineCapturedAt = now;
      await manager.save(row);
      await this.record(manager, actor, SuiteAuditAction.CheckRebaselined, row, {
        ...(columns !== null ? { columns: columns.length } : {}),
      });
    });
    return this.baseline(actor, suiteId, checkId);
  }

  /** Over the points the monitor learns from (`CheckMetricHistory`): its warm-up skips included. */
  private async anomalyStatistics(row: CheckEntity): Promise<Record<string, unknown>> {
    const since = typeof row.baseline?.['since'] === 'string' ? row.baseline['since'] : null;
    const [stats] = await this.dataSource.query<
      {
        points: string;
        mean: number | null;
        stddev: number | null;
        first_at: Date | null;
        last_at: Date | null;
      }[]
    >(
      `SELECT count(*) AS "points", avg(r."metric_value") AS "mean", stddev_samp(r."metric_value") AS "stddev",
              min(r."finished_at") AS "first_at", max(r."finished_at") AS "last_at"
         FROM "check_results" r
        WHERE r."check_id" = $1 AND r."metric_value" IS NOT NULL
          AND (r."outcome" IN ('pass', 'warn', 'fail', 'critical')
               OR (r."outcome" = 'skip' AND r."detail" ? 'min_points'))
          AND ($2::timestamptz IS NULL OR r."finished_at" >= $2::timestamptz)`,
      [row.id, since],
    );
    return {
      metric: row.config['metric'] ?? 'row_count',
      since,
      points: Number(stats?.points ?? 0),
      mean: stats?.mean ?? null,
      stddev: stats?.stddev ?? null,
      first_at: stats?.first_at ? new Date(stats.first_at).toISOString() : null,
      last_at: stats?.last_at ? new Date(stats.last_at).toISOString() : null,
    };
  }

  /**
   * Holds the connection a comparison reads as its baseline FOR KEY SHARE until the caller's
   * transaction commits, so a concurrent connection delete either waits and sees this check or
   * wins and the save is refused: never a check on a deleted connection.
   */
  async lockReferencedConnections(
    manager: EntityManager,
    definition: CheckDefinition,
    field = 'config.baseline_connection_id',
  ): Promise<void> {
    if (definition.kind !== CheckKind.Comparison) return;
    const { baseline_connection_id: id } = definition.config as { baseline_connection_id: string };
    await this.connections.requireLocked(manager, id, field);
  }

  /**
   * A comparison's baseline must be a live datasource connection, and a query projection may only
   * be asked of a SQL datasource (files and Iceberg are read by scans, not SQL of the user's).
   */
  async assertComparisonSides(definition: CheckDefinition, suiteKind: string): Promise<void> {
    if (definition.kind !== CheckKind.Comparison) return;
    const config = definition.config as {
      baseline_connection_id: string;
      baseline: Record<string, unknown>;
      target_query?: string;
    };
    const fields: { field: string; problems: string[] }[] = [];
    const baseline = await this.connections.find(config.baseline_connection_id);
    if (baseline === null || dialectForKind(baseline.kind) === null) {
      fields.push({
        field: 'config.baseline_connection_id',
        problems: ['no datasource connection with this id'],
      });
    } else if ('query' in config.baseline && !SQL_KINDS.includes(baseline.kind)) {
      fields.push({
        field: 'config.baseline.query',
        problems: [`a ${baseline.kind} connection takes a target, not a query`],
      });
    } else if (typeof config.baseline['query'] === 'string' && isUserSqlKind(baseline.kind)) {
      // The baseline query runs on the baseline's datasource: its dialect's gate applies.
      const problem = userSqlProblem(config.baseline['query'], baseline.kind);
      if (problem !== null)
        fields.push({ field: 'config.baseline.query', problems: [`config.baseline.query ${problem}`] });
    }
    if (config.target_query !== undefined && !SQL_KINDS.includes(suiteKind))
      fields.push({
        field: 'config.target_query',
        problems: [`a ${suiteKind} suite takes no query projection`],
      });
    if (fields.length > 0)
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
  }

  /**
   * SQL a user wrote (a custom SQL check, a comparison's query projection on either side) is
   * refused with 422 `connection_privileged` on a connection whose role holds dangerous privileges,
   * unless an Admin allowed it there.
   */
  async assertUserSqlAllowed(definition: CheckDefinition, connection: ConnectionSummary): Promise<void> {
    if (definition.kind === CheckKind.CustomSql) {
      assertCustomSqlAllowed(connection, 'config.sql');
      return;
    }
    if (definition.kind !== CheckKind.Comparison) return;
    const config = definition.config as {
      baseline_connection_id: string;
      baseline: Record<string, unknown>;
      target_query?: string;
    };
    if (config.target_query !== undefined) assertCustomSqlAllowed(connection, 'config.target_query');
    if ('query' in config.baseline) {
      const baseline = await this.connections.find(config.baseline_connection_id);
      if (baseline !== null) assertCustomSqlAllowed(baseline, 'config.baseline.query');
    }
  }

  private async connectionOf(suite: SuiteEntity): Promise<ConnectionSummary> {
    const connection = await this.connections.find(suite.connectionId);
    if (connection === null) {
      throw new AppError(
        ErrorCode.ValidationFailed,
        "The suite's connection was deleted; point it at another",
        {
          fields: [{ field: 'connection_id', problems: ['the connection no longer exists'] }],
        },
      );
    }
    return connection;
  }

  private async live(
    manager: EntityManager,
    suiteId: string,
    checkId: string,
    lock = false,
  ): Promise<CheckEntity> {
    if (!UUID.test(checkId)) throw checkNotFound();
    const row = await manager.getRepository(CheckEntity).findOne({
      where: { id: checkId, suiteId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (row === null) throw checkNotFound();
    return row;
  }

  private async snapshot(
    manager: EntityManager,
    row: CheckEntity,
    change: CheckChange,
    restoredFrom: number | null,
    actor: Actor,
  ): Promise<void> {
    await manager.save(
      manager.create(CheckVersionEntity, {
        checkId: row.id,
        version: row.version,
        change,
        restoredFrom,
        ...definitionOf(row),
        changedBy: actor.user.id,
      }),
    );
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: SuiteAuditAction,
    row: CheckEntity,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'check',
        target_id: row.id,
        detail: { suite_id: row.suiteId, name: row.name, kind: row.kind, version: row.version, ...detail },
      },
      manager,
    );
  }

  /** Check names are unique within a suite: 409 rather than a 500. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof QueryFailedError && isUniqueViolation(error)) {
        throw new AppError(ErrorCode.Conflict, 'This suite already has a check with this name', {
          field: 'name',
        });
      }
      throw error;
    }
  }
}

function assertHasBaseline(row: CheckEntity): void {
  if (row.kind !== CheckKind.SchemaDrift && row.kind !== CheckKind.Anomaly) {
    throw new AppError(ErrorCode.ValidationFailed, 'Only schema-drift and anomaly checks have a baseline', {
      fields: [{ field: 'kind', problems: [`a ${row.kind} check has no baseline`] }],
      kind: row.kind,
    });
  }
}
