import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type CheckOutcome, Events, type RunCompletedCheck, TERMINAL_RUN_STATUSES } from '@dq/contracts';
import { BatchedStatement, preparedQuery } from '@dq/db';
import { type RunEntity } from '../entities';
import { EventPublisher } from '@dq/messaging';
import { checkSummariesJsonSql, suiteNameSql } from '@dq/suites';
import { runStatusIn } from '../lifecycle/run-status-sql';

/**
 * Publishes a run's completion on JetStream, once: the run id is the message id, so a retry that
 * publishes again (a redelivered job, a cancel racing a runner) stores nothing new.
 */
@Injectable()
export class RunCompletionPublisher {
  /** Runs finishing together read their facts in one statement. */
  private readonly facts = new BatchedStatement<RunEntity, CompletionFacts>({
    run: (runs) => this.factsOfAll(runs),
    keyOf: (run) => run.id,
  });

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Everything alerting and lineage need without reading our tables: the suite, what it read, and
   * per check its outcome, severity and the outcome of the suite's previous finished run.
   */
  async publish(run: RunEntity, known?: CompletionFacts): Promise<void> {
    const facts = known ?? (await this.facts.submit(run));
    const outcomeCounts: Partial<Record<CheckOutcome, number>> = {};
    for (const result of facts.results)
      outcomeCounts[result.outcome] = (outcomeCounts[result.outcome] ?? 0) + 1;
    const previous = {
      runId: facts.previous_run_id,
      outcomes: new Map(facts.previous_results.map((row) => [row.check_id, row.outcome])),
    };
    const checkById = new Map(facts.checks.map((check) => [check.id, check]));
    const resultById = new Map(facts.results.map((result) => [result.check_id, result]));
    const perCheck: RunCompletedCheck[] = run.plan.map((planned) => {
      const result = resultById.get(planned.check_id);
      const check = checkById.get(planned.check_id);
      const outcome = result?.outcome ?? null;
      const unexpected = result?.unexpected_percent;
      return {
        check_id: planned.check_id,
        check_name: check?.name ?? null,
        kind: planned.kind,
        check_version: planned.version,
        outcome,
        severity: outcome === 'warn' || outcome === 'fail' || outcome === 'critical' ? outcome : null,
        metric_value: result?.metric_value ?? null,
        unexpected_percent: typeof unexpected === 'number' ? unexpected : null,
        previous_outcome: previous.outcomes.get(planned.check_id) ?? null,
        snoozed_until: check?.snoozed_until ? new Date(check.snoozed_until).toISOString() : null,
      };
    });

    await this.events.publish(
      Events.RunCompleted,
      {
        event_id: run.id,
        run_id: run.id,
        suite_id: run.suiteId,
        suite_name: facts.suite_name,
        status: run.status,
        reason: run.reason ?? null,
        trigger: run.trigger,
        target:
          run.target === null ? null : { connection_id: run.target.connection_id, target: run.target.target },
        outcome_counts: outcomeCounts,
        total_checks: run.totalChecks,
        checks: perCheck,
        previous_run_id: previous.runId,
        started_at: run.startedAt?.toISOString() ?? null,
        finished_at: (run.finishedAt ?? new Date()).toISOString(),
      },
      { messageId: `run-completed.${run.id}` },
    );
  }

  /**
   * In one read for the runs finishing together: each run's results, its checks as they are now,
   * the suite's name, and the suite's previous finished run (created before this one) with each
   * check's outcome there.
   */
  private async factsOfAll(runs: RunEntity[]): Promise<CompletionFacts[]> {
    const rows = await preparedQuery<CompletionFacts & { run_id: string }>(
      this.dataSource,
      'dq_run_completion_facts_batch',
      `SELECT q."run_id", ${completionFactsColumns({
        runId: 'q."run_id"',
        suiteId: 'q."suite_id"',
        createdAt: 'q."created_at"',
        checkIds: 'jsonb_array_elements_text(q."check_ids")',
      })}
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::jsonb[])
              AS q("run_id", "suite_id", "created_at", "check_ids")`,
      [
        runs.map((run) => run.id),
        runs.map((run) => run.suiteId),
        runs.map((run) => run.createdAt),
        runs.map((run) => JSON.stringify(run.plan.map((check) => check.check_id))),
      ],
    );
    const byRun = new Map(rows.map((row) => [row.run_id, row]));
    return runs.map((run) => {
      const facts = byRun.get(run.id);
      if (!facts) throw new Error('the completion facts query returned no row for a run');
      return facts;
    });
  }
}

/**
 * The select list of a run's completion facts, for the run whose id, suite and creation time are
 * the given SQL expressions and whose planned check ids the given set-returning expression yields:
 * the suite's name, this run's results, the checks as they are now, and the suite's previous
 * finished run (created before this one, newest first: one entry of the partial index of finished
 * runs) with each check's outcome there.
 */
export function completionFactsColumns(run: {
  runId: string;
  suiteId: string;
  createdAt: string;
  checkIds: string;
}): string {
  const previous = `(SELECT p."id" FROM "runs" p
      WHERE p."suite_id" = ${run.suiteId} AND p."id" <> ${run.runId}
        AND ${runStatusIn('p."status"', TERMINAL_RUN_STATUSES)} AND p."created_at" < ${run.createdAt}
      ORDER BY p."created_at" DESC, p."id" DESC
      LIMIT 1)`;
  return `${suiteNameSql(run.suiteId)} AS "suite_name",
      ${previous} AS "previous_run_id",
      coalesce((SELECT json_agg(json_build_object(
          'check_id', "check_id", 'outcome', "outcome", 'metric_value', "metric_value",
          'unexpected_percent', "detail" -> 'unexpected_percent'))
        FROM "run_results" WHERE "run_id" = ${run.runId}), '[]') AS "results",
      coalesce((SELECT json_agg(json_build_object('check_id', "check_id", 'outcome', "outcome"))
        FROM "run_results" WHERE "run_id" = ${previous}), '[]') AS "previous_results",
      ${checkSummariesJsonSql(run.checkIds)} AS "checks"`;
}

export interface CompletionFacts {
  suite_name: string | null;
  previous_run_id: string | null;
  results: {
    check_id: string;
    outcome: CheckOutcome;
    metric_value: number | null;
    unexpected_percent: unknown;
  }[];
  previous_results: { check_id: string; outcome: CheckOutcome }[];
  checks: { id: string; name: string; snoozed_until: string | null }[];
}
