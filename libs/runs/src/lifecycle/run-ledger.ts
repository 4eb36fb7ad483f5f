import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type CheckOutcome, type RunFailureReason } from '@dq/contracts';
import { BatchedStatement, entityOfRow, preparedQuery } from '@dq/db';
import { RunEntity } from '../entities';
import { type CompletionFacts, completionFactsColumns } from '../execution/run-completion.publisher';
import { RUN_LEASE_MS } from './run-lease';
import { countRunFinished } from './run-metrics';
import { runTransitionSql } from './run-status-sql';
import { RunEvent, type RunEndEvent, runStatusAfter } from './run-transitions';
import { runOutcomeCountsSql } from '../api/run-outcome-counts';
import { type StoredConnection, connectionForUseSql, storedConnectionOf } from '@dq/connections';
import { STORED_ZERO_SAMPLE_MODE_SQL } from '@dq/workspace-settings';
import { storableRecord } from '@dq/check-engine';

/**
 * A claimed run, whether an earlier attempt recorded results (a resumed run), and what starting it
 * needs, read by the claim's own statement: the stored zero-sample flag and the target's connection.
 */
export type ClaimedRun = RunEntity & {
  hasResults: boolean;
  storedZeroSampleMode: boolean | null;
  connection: StoredConnection | null;
};

export interface RecordedResult {
  runId: string;
  checkId: string;
  outcome: CheckOutcome;
  metricValue: number | null;
  detail: Record<string, unknown>;
  startedAt: Date;
  /** The run's completed checks once this result is in. */
  completed: number;
}

interface ClaimRequest {
  runId: string;
  workerId: string;
}

interface FinishRequest {
  runId: string;
  event: RunEndEvent;
  reason: RunFailureReason | null;
}

type Row = Record<string, unknown>;

/**
 * The rows of a batch, sent as one JSON array in parameter `param`, as a relation of `columns`.
 * The elements pass through an array built by a sub-select so that every call is estimated at the
 * same ten rows: given an array constant, a custom plan knows its length and looks cheaper than
 * the generic one on every call; `jsonb_to_recordset` alone is estimated at 100 rows, which makes
 * a scan of a table of a few thousand runs look cheaper than that many lookups by id.
 */
function batchRows(param: string, columns: string): string {
  return `(SELECT b.* FROM unnest(ARRAY(SELECT jsonb_array_elements(${param}::jsonb))) AS e("row"),
            jsonb_to_record(e."row") AS b(${columns}))`;
}

const RUN_END_EVENTS = [RunEvent.Succeed, RunEvent.Fail, RunEvent.AcknowledgeCancel] as const;

/** A run just ended, and the facts of its completion event. */
export interface FinishedRun {
  run: RunEntity;
  facts: CompletionFacts;
}

/**
 * The run row's writes a runner makes for every run: the claim, each result with the run's
 * progress, and the terminal transition. Each is one statement over the rows of a batch, shared by the runs
 * that ask while the previous one is in flight (`BatchedStatement`): under load the runs a runner
 * works on at once cost one round trip per step together instead of one each. Every row keeps its
 * own condition (a claim only of a queued or running run, a finish only of a running one), so a
 * batch decides for each run exactly what a statement of its own would have.
 *
 * The statements are written so PostgreSQL settles on one generic plan for each (planning one
 * anew cost 0.2 to 0.8 ms of server time, more than running it) and that plan reaches each run by
 * its id:
 * - fixed values such as the statuses are in the text, not parameters, since a parameter's
 *   unknown value makes the generic plan's estimate worse than every custom one's;
 * - the rows of a batch come as one JSON array, estimated at the same ten rows for every call
 *   ({@link batchRows});
 * - a status condition is written so no status index can serve it (`statusCondition: 'by-id'`);
 * - whether a run has results is read from its outcome counts, which the claim starts (from the
 *   results already there, for a run without counts) and each recorded result then moves: the
 *   results are read by a scalar sub-select on the run's key, never EXISTS: an EXISTS planned while
 *   `run_results` is nearly empty can become a hashed subplan over the whole table, which every
 *   claim then reads until autovacuum analyzes it.
 */
@Injectable()
export class RunLedger {
  private readonly claims: BatchedStatement<ClaimRequest, ClaimedRun | undefined>;
  private readonly results: BatchedStatement<RecordedResult, void>;
  private readonly finishes: BatchedStatement<FinishRequest, FinishedRun | undefined>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    // A run is claimed, recorded or finished once per batch: the same row twice in one statement
    // would be updated once and answered to both callers.
    this.claims = new BatchedStatement({ run: (claims) => this.claimAll(claims), keyOf: (c) => c.runId });
    this.results = new BatchedStatement({ run: (results) => this.recordAll(results), keyOf: (r) => r.runId });
    this.finishes = new BatchedStatement({ run: (ends) => this.finishAll(ends), keyOf: (f) => f.runId });
  }

  /**
   * Moves a queued run (or one whose previous worker died) to `running` for this worker and opens
   * its lease; undefined when the run is neither. A unique violation (another run of the suite is
   * running) is the caller's to handle: a batch it fails is re-sent run by run.
   */
  claim(runId: string, workerId: string): Promise<ClaimedRun | undefined> {
    return this.claims.submit({ runId, workerId });
  }

  /**
   * Keyed by (run, check): a second result for a check is ignored, never a second row. The detail
   * is made storable ({@link storableRecord}); a result the database still refuses fails only its
   * own call (a failed batch is re-sent result by result), never its batch neighbours.
   */
  record(result: RecordedResult): Promise<void> {
    return this.results.submit(result);
  }

  /**
   * The terminal transition of a running run, with what its completion event says (read by the
   * same statement); undefined when the run was not running any more.
   */
  finish(runId: string, event: RunEndEvent, reason?: RunFailureReason): Promise<FinishedRun | undefined> {
    return this.finishes.submit({ runId, event, reason: reason ?? null });
  }

  private async claimAll(claims: ClaimRequest[]): Promise<(ClaimedRun | undefined)[]> {
    const rows = await preparedQuery<
      Row & { has_results: boolean; dq_zero_sample_mode: boolean | null; dq_connection: unknown }
    >(
      this.dataSource,
      'dq_run_claim_batch',
      runTransitionSql({
        events: [RunEvent.Claim],
        alias: 'r',
        set: [
          `"worker_id" = c."worker_id"`,
          `"attempt" = r."attempt" + 1`,
          `"started_at" = coalesce(r."started_at", now())`,
          `"lease_expires_at" = now() + interval '${RUN_LEASE_MS} milliseconds'`,
          `"outcome_counts" = ${runOutcomeCountsSql('r')}`,
        ],
        from: `${batchRows('$1', '"id" uuid, "worker_id" text')} AS c`,
        where: `r."id" = c."id"`,
        statusCondition: 'by-id',
        returning: `r.*, r."outcome_counts" <> '{}'::jsonb AS "has_results",
                  ${STORED_ZERO_SAMPLE_MODE_SQL} AS "dq_zero_sample_mode",
                  ${connectionForUseSql(`r."target" ->> 'connection_id'`)} AS "dq_connection"`,
      }),
      [JSON.stringify(claims.map((c) => ({ id: c.runId, worker_id: c.workerId })))],
    );
    const byId = new Map(rows.map((row) => [String(row['id']), row]));
    return claims.map(({ runId }) => {
      const row = byId.get(runId);
      if (row === undefined) return undefined;
      return Object.assign(entityOfRow(this.dataSource, RunEntity, row), {
        hasResults: row.has_results,
        storedZeroSampleMode: row.dq_zero_sample_mode,
        connection: storedConnectionOf(row.dq_connection),
      });
    });
  }

  /**
   * The results go in and each run's progress and outcome counts move in the same statement: they
   * never disagree. Only a result actually inserted is counted (a duplicate is ignored). The claim
   * started the counts; a run without them (claimed before the column existed) starts from its
   * results recorded before, which the other rows of the statement see without the new one.
   */
  private async recordAll(results: RecordedResult[]): Promise<void[]> {
    await preparedQuery(
      this.dataSource,
      'dq_run_record_results_batch',
      `WITH "input" AS (
         SELECT * FROM ${batchRows(
           '$1',
           '"run_id" uuid, "check_id" uuid, "outcome" text, "metric_value" float8, "detail" jsonb, "started_at" timestamptz, "completed" int',
         )} AS i),
       "recorded" AS (
         INSERT INTO "run_results" ("run_id", "check_id", "outcome", "metric_value", "detail", "started_at", "finished_at")
         SELECT "run_id", "check_id", "outcome", "metric_value", "detail", "started_at", now() FROM "input"
         ON CONFLICT ("run_id", "check_id") DO NOTHING
         RETURNING "run_id", "outcome")
       UPDATE "runs" SET "completed_checks" = "input"."completed",
              "outcome_counts" = CASE WHEN "recorded"."outcome" IS NULL THEN "runs"."outcome_counts" ELSE (
                SELECT b."counts" || jsonb_build_object("recorded"."outcome", coalesce((b."counts" ->> "recorded"."outcome")::int, 0) + 1)
                  FROM (SELECT ${runOutcomeCountsSql('"runs"')} AS "counts") b) END
         FROM "input" LEFT JOIN "recorded" ON "recorded"."run_id" = "input"."run_id"
        WHERE "runs"."id" = "input"."run_id"`,
      [
        JSON.stringify(
          results.map((r) => ({
            run_id: r.runId,
            check_id: r.checkId,
            outcome: r.outcome,
            // As text, so a non-finite metric (NaN, Infinity) survives JSON: float8 reads both.
            metric_value: r.metricValue === null ? null : String(r.metricValue),
            // The one way into `run_results`: a detail holding what jsonb refuses (a lone
            // surrogate or NUL from the data, NaN) is made storable here, whoever wrote it.
            detail: storableRecord(r.detail),
            started_at: r.startedAt.toISOString(),
            completed: r.completed,
          })),
        ),
      ],
    );
    return results.map(() => undefined);
  }

  private async finishAll(ends: FinishRequest[]): Promise<(FinishedRun | undefined)[]> {
    const rows = await preparedQuery<Row & { completion_facts: CompletionFacts }>(
      this.dataSource,
      'dq_run_finish_batch',
      `WITH "ended" AS (
         ${runTransitionSql({
           events: RUN_END_EVENTS,
           alias: 'r',
           status: 'f."status"',
           set: [`"finished_at" = now()`, `"reason" = coalesce(f."reason", r."reason")`],
           from: `${batchRows('$1', '"id" uuid, "status" text, "reason" text')} AS f`,
           where: `r."id" = f."id"`,
           statusCondition: 'by-id',
           returning: 'r.*',
         })})
       SELECT e.*, (SELECT row_to_json(facts) FROM (SELECT ${completionFactsColumns({
         runId: 'e."id"',
         suiteId: 'e."suite_id"',
         createdAt: 'e."created_at"',
         checkIds: `jsonb_array_elements(e."plan") ->> 'check_id'`,
       })}) facts) AS "completion_facts"
         FROM "ended" e`,
      [JSON.stringify(ends.map((f) => ({ id: f.runId, status: runStatusAfter(f.event), reason: f.reason })))],
    );
    const byId = new Map(rows.map((row) => [String(row['id']), row]));
    return ends.map(({ runId }) => {
      const row = byId.get(runId);
      if (row === undefined) return undefined;
      const run = entityOfRow(this.dataSource, RunEntity, row);
      countRunFinished(run.status, run.reason, run.startedAt, run.finishedAt);
      return { run, facts: row.completion_facts };
    });
  }
}
