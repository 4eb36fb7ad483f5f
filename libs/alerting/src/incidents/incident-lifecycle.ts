import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  ErrorCode,
  IncidentAuditAction,
  IncidentState,
  SuiteGrant,
  type IncidentResolveReason,
  type IncidentSeverity,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import type { Actor } from '@dq/auth';
import { entityOfRow } from '@dq/db';
import { SuiteAccessService } from '@dq/suites';
import { IncidentEntity } from '../entities/incident.entity';
import { nextIncidentState, severityRankSql } from './incident-transitions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function incidentNotFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Incident not found', {});
}

/** A failing result of a check in a finished run. */
export interface IncidentFailure {
  suite_id: string;
  check_id: string;
  run_id: string;
  severity: IncidentSeverity;
  check_version: number;
  at: Date;
}

/** A clean (passing) result of a check; `autoResolve` is the suite's notification setting. */
export interface IncidentCleanRun {
  check_id: string;
  run_id: string;
  autoResolve: boolean;
  at?: Date;
}

/** What a failure did: opened a new incident, attached to the unresolved one, or nothing (a replay). */
export interface FailureRecorded {
  incident: IncidentEntity;
  effect: 'opened' | 'attached' | 'duplicate';
  /** The severity before this failure (null when it opened the incident). */
  previous_severity: IncidentSeverity | null;
}

export interface ResolveIncidentInput {
  reason?: IncidentResolveReason;
  comment?: string;
}

type IncidentRow = Record<string, unknown> & { dq_inserted?: boolean; dq_previous_severity?: string | null };

/**
 * The one owner of incident transitions (table in `incident-transitions.ts`, docs/decisions/0047).
 * Failures and clean runs arrive from the alerting process inside its transaction; acknowledge and
 * resolve from people, needing `edit` on the suite (hidden incidents are 404, view-only 403),
 * audited with the change.
 */
@Injectable()
export class IncidentLifecycle {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  /**
   * Opens the check's incident, or attaches the failure to its unresolved one (raising the
   * severity to the higher). One statement against the partial unique index, so concurrent
   * failures of one check converge on one incident; a run already attached changes nothing.
   */
  async recordFailure(manager: EntityManager, failure: IncidentFailure): Promise<FailureRecorded> {
    const snapshot = JSON.stringify({
      run_id: failure.run_id,
      severity: failure.severity,
      check_version: failure.check_version,
      at: failure.at.toISOString(),
    });
    const [row] = await manager.query<IncidentRow[]>(
      `WITH before AS (
         SELECT "severity" FROM "incidents" WHERE "check_id" = $2::uuid AND "state" <> 'resolved'
       )
       INSERT INTO "incidents" AS i
         ("suite_id", "check_id", "state", "severity", "opened_at", "opened_by_run_id", "last_run_id",
          "run_ids", "failure_count", "last_failure")
       SELECT $1::uuid, $2::uuid, 'open', $4::text, $6::timestamptz, $3::uuid, $3::uuid, ARRAY[$3::uuid], 1, $5::jsonb
        WHERE NOT EXISTS (SELECT 1 FROM "incidents" WHERE "check_id" = $2 AND $3::uuid = ANY("run_ids"))
       ON CONFLICT ("check_id") WHERE "state" <> 'resolved' DO UPDATE SET
         "severity" = CASE WHEN ${severityRankSql('EXCLUDED."severity"')} > ${severityRankSql('i."severity"')}
                           THEN EXCLUDED."severity" ELSE i."severity" END,
         "last_run_id" = EXCLUDED."last_run_id",
         "run_ids" = array_append(i."run_ids", EXCLUDED."last_run_id"),
         "failure_count" = i."failure_count" + 1,
         "last_failure" = EXCLUDED."last_failure",
         "updated_at" = now()
       WHERE NOT (EXCLUDED."last_run_id" = ANY(i."run_ids"))
       RETURNING i.*, (i.xmax = 0) AS "dq_inserted", (SELECT "severity" FROM before) AS "dq_previous_severity"`,
      [failure.suite_id, failure.check_id, failure.run_id, failure.severity, snapshot, failure.at],
    );
    if (row !== undefined) {
      return {
        incident: entityOfRow(this.dataSource, IncidentEntity, row),
        effect: row.dq_inserted === true ? 'opened' : 'attached',
        previous_severity:
          row.dq_inserted === true ? null : ((row.dq_previous_severity ?? null) as IncidentSeverity | null),
      };
    }
    // The run was already attached (a redelivered event): report the incident as it stands.
    const [existing] = await manager.query<IncidentRow[]>(
      `SELECT * FROM "incidents" WHERE "check_id" = $1 AND $2::uuid = ANY("run_ids")
        ORDER BY "opened_at" DESC LIMIT 1`,
      [failure.check_id, failure.run_id],
    );
    if (existing === undefined) throw new Error('the incident upsert returned no row');
    const incident = entityOfRow(this.dataSource, IncidentEntity, existing);
    return { incident, effect: 'duplicate', previous_severity: incident.severity };
  }

  /**
   * A clean run of the check: resolves its unresolved incident when the suite auto-resolves
   * (`resolved_by` null, `resolved_by_run_id` the run), else leaves it as it is. Returns the
   * incident it resolved, if any.
   */
  async recordClean(manager: EntityManager, clean: IncidentCleanRun): Promise<IncidentEntity | null> {
    if (!clean.autoResolve) return null;
    // An UPDATE answers `[rows, count]` through TypeORM's PostgreSQL driver.
    const [rows] = await manager.query<[IncidentRow[], number]>(
      `UPDATE "incidents" SET "state" = $3, "resolved_at" = $4, "resolved_by" = NULL,
              "resolved_by_run_id" = $2, "updated_at" = now()
        WHERE "check_id" = $1 AND "state" IN ('open', 'acknowledged')
        RETURNING *`,
      [
        clean.check_id,
        clean.run_id,
        nextIncidentState(IncidentState.Open, 'clean_run'),
        clean.at ?? new Date(),
      ],
    );
    const row = rows[0];
    return row === undefined ? null : entityOfRow(this.dataSource, IncidentEntity, row);
  }

  /** open → acknowledged; any other state is a 409. */
  async acknowledge(actor: Actor, id: string): Promise<IncidentEntity> {
    return this.dataSource.transaction(async (manager) => {
      const incident = await this.requireForWrite(manager, actor, id);
      const from = incident.state;
      incident.state = nextIncidentState(from, 'acknowledge');
      incident.acknowledgedAt = new Date();
      incident.acknowledgedBy = actor.user.id;
      await manager.query(
        `UPDATE "incidents" SET "state" = $2, "acknowledged_at" = $3, "acknowledged_by" = $4, "updated_at" = now()
          WHERE "id" = $1`,
        [incident.id, incident.state, incident.acknowledgedAt, incident.acknowledgedBy],
      );
      await this.record(manager, actor, IncidentAuditAction.Acknowledged, incident, {
        from,
        to: incident.state,
      });
      return incident;
    });
  }

  /**
   * open or acknowledged → resolved, with an optional reason and comment; resolved is a 409. Also
   * closes the check's alert episode (docs/decisions/0046): a person said it is over, so the next
   * threshold-meeting failure alerts as a first failure and opens a new incident.
   */
  async resolve(actor: Actor, id: string, input: ResolveIncidentInput = {}): Promise<IncidentEntity> {
    return this.dataSource.transaction(async (manager) => {
      // The check's alert state is locked before the incident, the order the run-completed
      // reaction takes them in, so a resolve racing a run cannot deadlock with it.
      await this.lockAlertState(manager, id);
      const incident = await this.requireForWrite(manager, actor, id);
      const from = incident.state;
      incident.state = nextIncidentState(from, 'resolve');
      incident.resolvedAt = new Date();
      incident.resolvedBy = actor.user.id;
      incident.resolveReason = input.reason ?? null;
      incident.resolveComment = input.comment ?? null;
      await manager.query(
        `UPDATE "incidents" SET "state" = $2, "resolved_at" = $3, "resolved_by" = $4, "resolve_reason" = $5,
                "resolve_comment" = $6, "updated_at" = now()
          WHERE "id" = $1`,
        [
          incident.id,
          incident.state,
          incident.resolvedAt,
          incident.resolvedBy,
          incident.resolveReason,
          incident.resolveComment,
        ],
      );
      await this.closeAlertEpisode(manager, incident.checkId);
      // The comment is the caller's free text: the audit names only whether there was one.
      await this.record(manager, actor, IncidentAuditAction.Resolved, incident, {
        from,
        to: incident.state,
        reason: incident.resolveReason,
        has_comment: incident.resolveComment !== null,
      });
      return incident;
    });
  }

  /** Locks the alert state row of the incident's check, if both exist (no access check: nothing is read). */
  private async lockAlertState(manager: EntityManager, incidentId: string): Promise<void> {
    if (!UUID.test(incidentId)) return;
    await manager.query(
      `SELECT 1 FROM "check_alert_states"
        WHERE "check_id" = (SELECT "check_id" FROM "incidents" WHERE "id" = $1)
        FOR UPDATE`,
      [incidentId],
    );
  }

  /**
   * Closes the check's alert episode, as a clean run does: nothing alerted, no pending snooze
   * notice. The last run applied is kept, so that run or an older one redelivered stays stale.
   */
  private async closeAlertEpisode(manager: EntityManager, checkId: string): Promise<void> {
    await manager.query(
      `UPDATE "check_alert_states" SET "episode_open" = false, "last_alerted_severity" = NULL,
              "episode_severity" = NULL, "snoozed_notice_until" = NULL, "updated_at" = now()
        WHERE "check_id" = $1`,
      [checkId],
    );
  }

  /** The incident, locked, when the caller holds `edit` on its suite: 404 hidden or absent, 403 view-only. */
  private async requireForWrite(manager: EntityManager, actor: Actor, id: string): Promise<IncidentEntity> {
    if (!UUID.test(id)) throw incidentNotFound();
    const [row] = await manager.query<IncidentRow[]>(`SELECT * FROM "incidents" WHERE "id" = $1 FOR UPDATE`, [
      id,
    ]);
    if (row === undefined) throw incidentNotFound();
    const incident = entityOfRow(this.dataSource, IncidentEntity, row);
    try {
      await this.access.require(actor, incident.suiteId, SuiteGrant.Edit, manager);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) throw incidentNotFound();
      throw error;
    }
    return incident;
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: IncidentAuditAction,
    incident: IncidentEntity,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'incident',
        target_id: incident.id,
        detail: { suite_id: incident.suiteId, check_id: incident.checkId, ...detail },
      },
      manager,
    );
  }
}
