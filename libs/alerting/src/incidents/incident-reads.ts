import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError,
  ErrorCode,
  type IncidentEvidence,
  type IncidentEvidenceResult,
  type IncidentEvidenceRun,
  type IncidentListQuery,
  type IncidentPage,
  type IncidentResponse,
  type RunDetailView,
  SuiteGrant,
} from '@dq/contracts';
import type { Actor } from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams, entityOfRow } from '@dq/db';
import { RunReadsService } from '@dq/runs';
import { SuiteAccessService, checkEvidenceById, visibleSuiteIdsSql } from '@dq/suites';
import { IncidentEntity } from '../entities/incident.entity';
import { incidentNotFound } from './incident-lifecycle';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many of the check's runs the card lists. */
export const EVIDENCE_RECENT_RUNS = 10;

/** Incidents newest first. */
const INCIDENTS_NEWEST_FIRST: KeysetOrder = {
  scope: 'incidents',
  direction: 'DESC',
  columns: [
    { sql: 'i."opened_at"', type: 'timestamp' },
    { sql: 'i."id"', type: 'uuid' },
  ],
};

/** An incident as the API answers it (the card added by `get`). */
export function toIncidentResponse(incident: IncidentEntity): IncidentResponse {
  return {
    id: incident.id,
    suite_id: incident.suiteId,
    check_id: incident.checkId,
    state: incident.state,
    severity: incident.severity,
    opened_at: incident.openedAt.toISOString(),
    acknowledged_at: incident.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: incident.acknowledgedBy,
    resolved_at: incident.resolvedAt?.toISOString() ?? null,
    resolved_by: incident.resolvedBy,
    resolve_reason: incident.resolveReason,
    resolve_comment: incident.resolveComment,
    failure_count: incident.failureCount,
    opened_by_run_id: incident.openedByRunId,
    last_run_id: incident.lastRunId,
  };
}

/**
 * Reading incidents: a list over the suites the caller can view, one incident with its evidence
 * card. The card is built when read from what the owners export (the check from suites, the
 * failing result and its redacted samples through the runs API, the check's recent runs from the
 * `check_results` view), never from their tables directly; a hidden suite's incident is a 404.
 */
@Injectable()
export class IncidentReads {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
    @Inject(RunReadsService) private readonly runs: RunReadsService,
  ) {}

  async list(actor: Actor, query: IncidentListQuery = {}): Promise<IncidentPage> {
    if (query.suite_id !== undefined) await this.access.require(actor, query.suite_id, SuiteGrant.View);
    const paging = new KeysetPage(INCIDENTS_NEWEST_FIRST, query);
    const params = new SqlParams();
    const where: string[] = [];
    if (!actor.user.is_workspace_admin) {
      where.push(`i."suite_id" IN (${visibleSuiteIdsSql(params.add(actor.user.id))})`);
    }
    if (query.suite_id !== undefined) where.push(`i."suite_id" = ${params.add(query.suite_id)}`);
    if (query.state !== undefined) where.push(`i."state" = ${params.add(query.state)}`);
    if (query.severity !== undefined) where.push(`i."severity" = ${params.add(query.severity)}`);
    const after = paging.condition(params);
    if (after !== null) where.push(after);
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT i.*, ${paging.keyColumns()} FROM "incidents" i
        ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return {
      items: page.rows.map((row) => toIncidentResponse(entityOfRow(this.dataSource, IncidentEntity, row))),
      next_cursor: page.next_cursor,
    };
  }

  /** The incident with its evidence card; 404 when it does not exist or its suite is hidden. */
  async get(actor: Actor, id: string): Promise<IncidentResponse> {
    const incident = await this.requireVisible(actor, id);
    return { ...toIncidentResponse(incident), evidence: await this.evidence(actor, incident) };
  }

  /** The incident when the caller may view its suite; else the incident's 404. */
  async requireVisible(actor: Actor, id: string): Promise<IncidentEntity> {
    if (!UUID.test(id)) throw incidentNotFound();
    const incident = await this.dataSource.getRepository(IncidentEntity).findOneBy({ id });
    if (incident === null) throw incidentNotFound();
    try {
      await this.access.require(actor, incident.suiteId, SuiteGrant.View);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) throw incidentNotFound();
      throw error;
    }
    return incident;
  }

  /** The card, for a caller already allowed to view the incident's suite. */
  private async evidence(actor: Actor, incident: IncidentEntity): Promise<IncidentEvidence> {
    const failedVersion = incident.lastFailure.check_version;
    const [check, latest, recent] = await Promise.all([
      checkEvidenceById(this.dataSource, incident.checkId, failedVersion),
      this.latestFailure(actor, incident),
      this.recentRuns(incident.checkId),
    ]);
    return {
      check: {
        id: incident.checkId,
        name: check?.name ?? null,
        kind: check?.kind ?? null,
        current_version: check?.current_version ?? null,
        failed_version: failedVersion,
      },
      latest_failure: latest === null ? null : { ...latest, thresholds: check?.thresholds ?? null },
      recent_runs: recent,
      asset: null,
    };
  }

  /**
   * The latest failing result, read through the runs API as `GET /runs/{id}` answers it (samples
   * redacted when stored, none under zero-sample mode or once purged; the read is audited as a run
   * read). Null when the run is gone.
   */
  private async latestFailure(
    actor: Actor,
    incident: IncidentEntity,
  ): Promise<Omit<IncidentEvidenceResult, 'thresholds'> | null> {
    let run: RunDetailView;
    try {
      run = await this.runs.get(actor, incident.lastRunId);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
    const result = run.results.find((r) => r.check_id === incident.checkId);
    if (result === undefined) return null;
    return {
      run_id: run.id,
      outcome: result.outcome,
      metric_value: result.metric_value,
      unexpected_percent: result.unexpected_percent,
      samples: result.samples,
      samples_purged: result.samples_purged,
      finished_at: result.finished_at,
    };
  }

  /** The check's last runs, newest first, from runs' `check_results` view. */
  private async recentRuns(checkId: string): Promise<IncidentEvidenceRun[]> {
    const rows = await this.dataSource.query<
      { run_id: string; outcome: string; metric_value: number | null; finished_at: Date | null }[]
    >(
      `SELECT "run_id", "outcome", "metric_value", "finished_at" FROM "check_results"
        WHERE "check_id" = $1 ORDER BY "finished_at" DESC NULLS LAST, "run_created_at" DESC LIMIT $2`,
      [checkId, EVIDENCE_RECENT_RUNS],
    );
    return rows.map((row) => ({
      run_id: row.run_id,
      outcome: row.outcome,
      metric_value: row.metric_value === null ? null : Number(row.metric_value),
      finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
    }));
  }
}
