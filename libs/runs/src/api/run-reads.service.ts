import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError,
  type CheckOutcome,
  ErrorCode,
  RUN_LIST_DEFAULT_LIMIT,
  RUN_LIST_MAX_LIMIT,
  RunAuditAction,
  type RunDetailView,
  type RunListQuery,
  type RunPage,
  type RunProgressView,
  type RunProgressWithChecksView,
  type RunResultView,
  type RunStatus,
  type RunView,
  SuiteGrant,
  type ScoringWeights,
  type AuditEventInput,
  type ShareGrant,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { entityOfRow, preparedNameOf, preparedQuery } from '@dq/db';
import { RunEntity } from '../entities';
import {
  type AccessibleSuite,
  SuiteAccessService,
  checkJoinSql,
  myShareJoinSql,
  requireSuiteGrantOf,
  suiteJoinSql,
  suiteVisibleSql,
  visibleSuiteIdsSql,
} from '@dq/suites';
import {
  STORED_SCORING_WEIGHTS_SQL,
  WorkspaceSettingsService,
  healthScore,
  scoringWeightsOf,
} from '@dq/workspace-settings';
import { decodeRunCursor, encodeRunCursor, isUuid } from './run-cursor';
import { type RunOutcomeCounts, runOutcomeCountsSql } from './run-outcome-counts';
import { type Actor } from '@dq/auth';

export const RUN_NOT_FOUND_MESSAGE = 'Run not found';

export function runNotFoundError(): AppError {
  return new AppError(ErrorCode.NotFound, RUN_NOT_FOUND_MESSAGE, {});
}

/** A run as the listing statements read it: timestamps already as the API's ISO text. */
interface RunRow {
  id: string;
  suite_id: string;
  suite_name: string;
  status: RunStatus;
  reason: string | null;
  trigger: string;
  allow_concurrent: boolean;
  total_checks: number;
  completed_checks: number;
  created_at: string;
  /** created_at to the microsecond, for the cursor. */
  created_at_exact: string;
  started_at: string | null;
  finished_at: string | null;
  cancel_requested_at: string | null;
}

/**
 * A timestamp column as ISO text in UTC, formatted by the server so a page of runs costs the
 * gateway no date parsing: to the millisecond as `Date.prototype.toISOString` writes it (truncated
 * like a Date read from the driver), or to the microsecond for a cursor.
 */
function isoTextOf(column: string, precision: 'MS' | 'US' = 'MS'): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`;
}

const RUN_COLUMNS = `r."id", r."suite_id", s."name" AS "suite_name", r."status", r."reason", r."trigger",
  r."allow_concurrent", r."total_checks", r."completed_checks", ${isoTextOf('r."created_at"')} AS "created_at",
  ${isoTextOf('r."created_at"', 'US')} AS "created_at_exact",
  ${isoTextOf('r."started_at"')} AS "started_at", ${isoTextOf('r."finished_at"')} AS "finished_at",
  ${isoTextOf('r."cancel_requested_at"')} AS "cancel_requested_at"`;

/** A run the caller may see, with their grant on its suite. */
export interface AccessibleRun {
  run: RunEntity;
  suite: AccessibleSuite;
}

/**
 * Reading runs: lists, one run with its results, live progress. A run is as visible as its suite
 * (a hidden suite's run is "not found", exactly like a run that does not exist); list and run
 * reads are recorded in the audit log as data access (results carry failing-row samples).
 */
@Injectable()
export class RunReadsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly access: SuiteAccessService,
    private readonly audit: AuditLog,
    private readonly settings: WorkspaceSettingsService,
  ) {}

  /** The run when the caller holds at least `needed` on its suite; 404 otherwise (403 for a weaker grant). */
  async require(actor: Actor, runId: string, needed: SuiteGrant): Promise<AccessibleRun> {
    if (!isUuid(runId)) throw runNotFoundError();
    const [row] = await preparedQuery<Record<string, unknown>>(
      this.dataSource,
      'dq_run_by_id',
      'SELECT * FROM "runs" WHERE "id" = $1',
      [runId],
    );
    if (row === undefined) throw runNotFoundError();
    return this.accessible(actor, entityOfRow(this.dataSource, RunEntity, row), needed);
  }

  /**
   * A run with its results (and their checks as they are now: a deleted check leaves its result),
   * the scoring weights, its suite's name and the caller's grant on it, read, access-checked and
   * recorded (`run.read`) by one statement: the record is written only when the caller may see the
   * suite ({@link suiteVisibleSql}), which the policy then decides again on the same row. A hidden
   * run is "not found", like a missing one, and leaves no record.
   */
  async get(actor: Actor, runId: string): Promise<RunDetailView> {
    if (!isUuid(runId)) throw runNotFoundError();
    const params: unknown[] = [runId, actor.user.id, actor.user.is_workspace_admin];
    const audit = this.audit.withClause(
      'audited',
      {
        action: RunAuditAction.Read,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'run',
        target_id: runId,
        detail: {},
      },
      params.length + 1,
      `jsonb_build_object('suite_id', "found"."suite_id", 'results', json_array_length("found"."dq_results"))`,
      { from: '"found"', where: '"found"."dq_visible"' },
    );
    const [row] = await preparedQuery<
      Record<string, unknown> & {
        dq_results: StoredResultJson[];
        dq_weights: ScoringWeights | null;
        dq_suite_name: string;
        dq_suite_owner_id: string;
        dq_my_grant: ShareGrant | null;
      }
    >(
      this.dataSource,
      'dq_run_read_with_results',
      `WITH "found" AS (
         SELECT r.*, s."name" AS "dq_suite_name", s."owner_id" AS "dq_suite_owner_id",
                sh."grant" AS "dq_my_grant", ${suiteVisibleSql('s', 'sh', '$2::uuid', '$3::boolean')} AS "dq_visible",
                ${STORED_SCORING_WEIGHTS_SQL} AS "dq_weights", coalesce((
                  SELECT json_agg(json_build_object(
                      'id', rr."id", 'check_id', rr."check_id", 'outcome', rr."outcome",
                      'metric_value', rr."metric_value", 'detail', rr."detail",
                      'started_at', rr."started_at", 'finished_at', rr."finished_at",
                      'samples_purged_at', rr."samples_purged_at",
                      'check_name', c."name", 'check_dimension', c."dimension")
                    ORDER BY rr."finished_at" ASC, rr."id" ASC)
                    FROM "run_results" rr ${checkJoinSql('c', 'rr."check_id"')}
                   WHERE rr."run_id" = r."id"), '[]') AS "dq_results"
           FROM "runs" r ${suiteJoinSql('s', 'r."suite_id"')}
           ${myShareJoinSql('sh', 's', '$2::uuid')}
          WHERE r."id" = $1::uuid),
       ${audit.sql}
       SELECT * FROM "found"`,
      [...params, ...audit.params],
    );
    if (row === undefined) throw runNotFoundError();
    await answeredAsRun(() =>
      requireSuiteGrantOf(actor, row.dq_suite_owner_id, row.dq_my_grant, SuiteGrant.View),
    );
    const run = entityOfRow(this.dataSource, RunEntity, row);
    const results = row.dq_results.map(storedResultOf);
    const planById = new Map(run.plan.map((check) => [check.check_id, check]));
    const counts: Partial<Record<CheckOutcome, number>> = {};
    for (const result of results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
    return {
      ...runView({ ...rowOf(run), suite_name: row.dq_suite_name }, counts, scoringWeightsOf(row.dq_weights)),
      results: results.map((result) => {
        const planned = planById.get(result.checkId);
        return resultView(result, {
          name: result.checkName,
          kind: planned?.kind ?? 'unknown',
          dimension: result.checkDimension,
          version: planned?.version ?? null,
        });
      }),
    };
  }

  private async accessible(actor: Actor, run: RunEntity, needed: SuiteGrant): Promise<AccessibleRun> {
    return { run, suite: await answeredAsRun(() => this.access.require(actor, run.suiteId, needed)) };
  }

  async list(actor: Actor, query: RunListQuery): Promise<RunPage> {
    const limit = query.limit ?? RUN_LIST_DEFAULT_LIMIT;
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    // Runs of the visible suites only (a caller who is not an admin, no suite asked for).
    let visibleTo: string | null = null;
    if (query.suite_id !== undefined) {
      await this.access.require(actor, query.suite_id, SuiteGrant.View);
      where.push(`r."suite_id" = ${param(query.suite_id)}`);
    } else if (!actor.user.is_workspace_admin) {
      visibleTo = param(actor.user.id);
    }
    if (query.status !== undefined && query.status.length > 0)
      where.push(`r."status" = ANY(${param(query.status)}::text[])`);
    if (query.since !== undefined) where.push(`r."created_at" >= ${param(query.since)}::timestamptz`);
    if (query.until !== undefined) where.push(`r."created_at" < ${param(query.until)}::timestamptz`);
    const after = query.cursor ?? query.before;
    if (after !== undefined) {
      const cursor = decodeRunCursor(after, query.cursor !== undefined ? 'cursor' : 'before');
      where.push(
        `(r."created_at", r."id") < (${param(cursor.createdAt)}::timestamptz, ${param(cursor.id)}::uuid)`,
      );
    }
    const shownLimit = param(limit);
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const newestFirst = `ORDER BY r."created_at" DESC, r."id" DESC LIMIT ${rowsToReadFor(limit)}`;
    // For the visible suites, each suite's newest runs are read through its own index (suite,
    // newest first) and merged: the work is bounded by the page size per visible suite, whatever
    // share of all runs those suites hold and whatever plan a prepared statement settles on.
    const runs =
      visibleTo === null
        ? `"runs"`
        : `(SELECT r.* FROM (${visibleSuiteIdsSql(`${visibleTo}::uuid`)}) v
             CROSS JOIN LATERAL (
               SELECT * FROM "runs" r WHERE r."suite_id" = v."id" ${where.length > 0 ? `AND ${where.join(' AND ')}` : ''}
                ${newestFirst}) r
            ${newestFirst})`;
    // Each listed run's outcome counts come with it, from its own row.
    const pageSql = `SELECT ${RUN_COLUMNS}, ${runOutcomeCountsSql('r')} AS "outcome_counts",
              ${STORED_SCORING_WEIGHTS_SQL} AS "dq_weights"
         FROM ${runs} r ${suiteJoinSql('s', 'r."suite_id"')}
        ${visibleTo === null ? filter : ''}
        ${newestFirst}`;
    // The listing is recorded by the same statement (one round trip, and never one without the
    // other); the number of runs shown is counted there.
    const audit = this.audit.withClause(
      'audited',
      listAuditEvent(actor, query),
      params.length + 1,
      `jsonb_build_object('runs', (SELECT least(count(*), ${shownLimit}::int) FROM "page"))`,
    );
    params.push(...audit.params);
    // Ordered by the exact creation time (fixed-width text, so its order is the time's), as the
    // page was read and as the cursor resumes: two runs of one millisecond keep their order.
    const listSql = `WITH "page" AS (${pageSql}), ${audit.sql}
      SELECT * FROM "page" ORDER BY "created_at_exact" DESC, "id" DESC`;
    // Prepared under a name of its text: a handful of filter combinations, each planned once per
    // pooled connection.
    const rows = await preparedQuery<
      RunRow & { outcome_counts: RunOutcomeCounts | null; dq_weights: ScoringWeights | null }
    >(this.dataSource, preparedNameOf('dq_run_list', listSql), listSql, params);
    const page = rows.slice(0, limit);
    const weights = scoringWeightsOf(rows[0]?.dq_weights ?? null);
    const last = page.at(-1);
    return {
      items: page.map((row) => runView(row, row.outcome_counts ?? {}, weights)),
      next_cursor:
        rows.length > limit && last
          ? encodeRunCursor({ createdAt: last.created_at_exact, id: last.id })
          : null,
    };
  }

  /**
   * The newest run of each of `suiteIds` the caller can see (suites without runs are absent), with
   * its outcome counts; one statement whatever the number of suites. Audited like a run list.
   */
  async latestOf(actor: Actor, suiteIds: readonly string[]): Promise<Map<string, RunView>> {
    let ids = suiteIds.filter(isUuid);
    if (!actor.user.is_workspace_admin && ids.length > 0) {
      const visible = new Set((await this.access.visible(actor)).map(({ suite }) => suite.id));
      ids = ids.filter((id) => visible.has(id));
    }
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<(RunRow & { outcome_counts: RunOutcomeCounts | null })[]>(
      `SELECT x.*
         FROM unnest($1::uuid[]) AS wanted("suite_id")
         CROSS JOIN LATERAL (
           SELECT ${RUN_COLUMNS}, ${runOutcomeCountsSql('r')} AS "outcome_counts"
             FROM "runs" r ${suiteJoinSql('s', 'r."suite_id"')}
            WHERE r."suite_id" = wanted."suite_id"
            ORDER BY r."created_at" DESC, r."id" DESC
            LIMIT 1
         ) x`,
      [ids],
    );
    const weights = await this.settings.scoringWeights();
    await this.audit.record({
      action: RunAuditAction.Listed,
      actor_user_id: actor.user.id,
      actor_credential: actor.credential,
      target_type: null,
      target_id: null,
      detail: { filters: { suite_ids: ids, latest_per_suite: true }, runs: rows.length },
    });
    return new Map(rows.map((row) => [row.suite_id, runView(row, row.outcome_counts ?? {}, weights)]));
  }

  async progress(actor: Actor, runId: string): Promise<RunProgressView> {
    const { run } = await this.require(actor, runId, SuiteGrant.View);
    return {
      run_id: run.id,
      status: run.status,
      completed_checks: run.completedChecks,
      total_checks: run.totalChecks,
    };
  }

  /**
   * Live progress with each recorded check's outcome, for status polling: no samples, no metric
   * detail, so (like `progress`) it is not a data access and is not audited.
   */
  async progressWithChecks(actor: Actor, runId: string): Promise<RunProgressWithChecksView> {
    const { run } = await this.require(actor, runId, SuiteGrant.View);
    const checks = await this.dataSource.query<
      { check_id: string; check_name: string | null; outcome: CheckOutcome; finished_at: Date | null }[]
    >(
      `SELECT r."check_id", c."name" AS "check_name", r."outcome", r."finished_at"
         FROM "run_results" r ${checkJoinSql('c', 'r."check_id"')}
        WHERE r."run_id" = $1
        ORDER BY r."finished_at" ASC, r."id" ASC`,
      [run.id],
    );
    return {
      run_id: run.id,
      status: run.status,
      completed_checks: run.completedChecks,
      total_checks: run.totalChecks,
      reason: run.reason,
      checks: checks.map((check) => ({
        check_id: check.check_id,
        check_name: check.check_name,
        outcome: check.outcome,
        finished_at: check.finished_at === null ? null : new Date(check.finished_at).toISOString(),
      })),
    };
  }
}

/**
 * A suite access decision for a run: the suite's own 404 would say which kind of thing is
 * missing, so it answers as the run's.
 */
async function answeredAsRun<T>(decide: () => T | Promise<T>): Promise<T> {
  try {
    return await decide();
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.NotFound) throw runNotFoundError();
    throw error;
  }
}

/** Rows a listing reads: one more than a page of 10, 50 or the most a page may hold. */
const LISTING_READ_SIZES = [11, 51, RUN_LIST_MAX_LIMIT + 1] as const;

/**
 * The rows a listing reads for a page of `limit`: at least one more than the page (that one tells
 * whether another page exists), rounded up to one of a few sizes written into the statement. A
 * literal LIMIT lets PostgreSQL settle on one generic plan per prepared statement instead of
 * planning every call anew (a parameter's unknown LIMIT makes the generic plan look costlier), and
 * the few sizes keep the prepared statements per connection few whatever limits callers ask for.
 */
export function rowsToReadFor(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > RUN_LIST_MAX_LIMIT) {
    throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
      fields: [{ field: 'limit', problems: [`must be an integer from 1 to ${RUN_LIST_MAX_LIMIT}`] }],
    });
  }
  // The last size is above every valid limit, so one is always found.
  return LISTING_READ_SIZES.find((size) => size > limit) ?? RUN_LIST_MAX_LIMIT + 1;
}

/** The record of a run listing; the statement that lists adds how many runs it showed (`runs`). */
function listAuditEvent(actor: Actor, query: RunListQuery): AuditEventInput {
  return {
    action: RunAuditAction.Listed,
    actor_user_id: actor.user.id,
    actor_credential: actor.credential,
    target_type: query.suite_id !== undefined ? 'suite' : null,
    target_id: query.suite_id ?? null,
    detail: {
      filters: {
        suite_id: query.suite_id ?? null,
        status: query.status ?? null,
        since: query.since ?? null,
        until: query.until ?? null,
      },
    },
  };
}

function rowOf(run: RunEntity): Omit<RunRow, 'suite_name'> {
  return {
    id: run.id,
    suite_id: run.suiteId,
    status: run.status,
    reason: run.reason,
    trigger: run.trigger,
    allow_concurrent: run.allowConcurrent,
    total_checks: run.totalChecks,
    completed_checks: run.completedChecks,
    created_at: run.createdAt.toISOString(),
    created_at_exact: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
    cancel_requested_at: run.cancelRequestedAt?.toISOString() ?? null,
  };
}

function runView(
  row: RunRow,
  counts: Partial<Record<CheckOutcome, number>>,
  weights: Parameters<typeof healthScore>[1],
): RunView {
  const started = row.started_at === null ? null : Date.parse(row.started_at);
  const finished = row.finished_at === null ? null : Date.parse(row.finished_at);
  return {
    id: row.id,
    suite_id: row.suite_id,
    suite_name: row.suite_name,
    status: row.status,
    reason: row.reason,
    trigger: row.trigger,
    allow_concurrent: row.allow_concurrent,
    total_checks: row.total_checks,
    completed_checks: row.completed_checks,
    outcome_counts: counts,
    health_score: healthScore(counts, weights),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    duration_ms: started === null ? null : (finished ?? Date.now()) - started,
    cancel_requested_at: row.cancel_requested_at,
  };
}

/** A stored result as a run read shows it, with its check's name and dimension as they are now. */
interface StoredResult {
  id: string;
  checkId: string;
  outcome: CheckOutcome;
  metricValue: number | null;
  detail: Record<string, unknown>;
  startedAt: Date | null;
  finishedAt: Date | null;
  samplesPurgedAt: Date | null;
  checkName: string | null;
  checkDimension: string | null;
}

/** As PostgreSQL's json renders a result row: timestamps as ISO text, a non-finite float as text. */
interface StoredResultJson {
  id: string;
  check_id: string;
  outcome: CheckOutcome;
  metric_value: number | string | null;
  detail: Record<string, unknown>;
  started_at: string | null;
  finished_at: string | null;
  samples_purged_at: string | null;
  check_name: string | null;
  check_dimension: string | null;
}

function storedResultOf(json: StoredResultJson): StoredResult {
  const dateOf = (text: string | null): Date | null => (text === null ? null : new Date(text));
  return {
    id: json.id,
    checkId: json.check_id,
    outcome: json.outcome,
    metricValue: json.metric_value === null ? null : Number(json.metric_value),
    detail: json.detail,
    startedAt: dateOf(json.started_at),
    finishedAt: dateOf(json.finished_at),
    samplesPurgedAt: dateOf(json.samples_purged_at),
    checkName: json.check_name,
    checkDimension: json.check_dimension,
  };
}

function resultView(
  result: StoredResult,
  check: { name: string | null; kind: string; dimension: string | null; version: number | null },
): RunResultView {
  const { samples, unexpected_count, unexpected_percent, check_version, ...detail } = result.detail;
  return {
    id: result.id,
    check_id: result.checkId,
    check_name: check.name,
    kind: check.kind,
    dimension: check.dimension,
    check_version: typeof check_version === 'number' ? check_version : check.version,
    outcome: result.outcome,
    metric_value: result.metricValue,
    unexpected_count: typeof unexpected_count === 'number' ? unexpected_count : null,
    unexpected_percent: typeof unexpected_percent === 'number' ? unexpected_percent : null,
    started_at: result.startedAt?.toISOString() ?? null,
    finished_at: result.finishedAt?.toISOString() ?? null,
    duration_ms:
      result.startedAt && result.finishedAt ? result.finishedAt.getTime() - result.startedAt.getTime() : null,
    samples: Array.isArray(samples) ? (samples as Record<string, unknown>[]) : [],
    samples_purged: result.samplesPurgedAt !== null,
    // A comparison keeps its samples per bucket (mismatched, only in target, only in baseline).
    detail:
      samples !== undefined && samples !== null && !Array.isArray(samples)
        ? { ...detail, samples_by_bucket: samples }
        : detail,
  };
}
