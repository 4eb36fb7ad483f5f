import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { type CheckOutcome, Events, type RunCompletedCheck } from '@dq/contracts';
import { CheckEntity, type RunEntity, RunResultEntity, SuiteEntity } from '@dq/db';
import { EventPublisher } from '@dq/messaging';

/**
 * Publishes a run's completion on JetStream, once: the run id is the message id, so a retry that
 * publishes again (a redelivered job, a cancel racing a runner) stores nothing new.
 */
@Injectable()
export class RunCompletionPublisher {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Everything alerting and lineage need without reading our tables: the suite, what it read, and
   * per check its outcome, severity and the outcome of the suite's previous finished run.
   */
  async publish(run: RunEntity): Promise<void> {
    const results = await this.dataSource.getRepository(RunResultEntity).find({
      select: { checkId: true, outcome: true, metricValue: true, detail: true },
      where: { runId: run.id },
    });
    const outcomeCounts: Partial<Record<CheckOutcome, number>> = {};
    for (const result of results) outcomeCounts[result.outcome] = (outcomeCounts[result.outcome] ?? 0) + 1;
    const previous = await this.previousOutcomes(run);
    const checkIds = run.plan.map((check) => check.check_id);
    const checks =
      checkIds.length === 0
        ? []
        : await this.dataSource.getRepository(CheckEntity).find({
            select: { id: true, name: true, snoozedUntil: true },
            where: { id: In(checkIds) },
          });
    const checkById = new Map(checks.map((check) => [check.id, check]));
    const resultById = new Map(results.map((result) => [result.checkId, result]));
    const suite = await this.dataSource
      .getRepository(SuiteEntity)
      .findOne({ select: { id: true, name: true }, where: { id: run.suiteId } });
    const perCheck: RunCompletedCheck[] = run.plan.map((planned) => {
      const result = resultById.get(planned.check_id);
      const check = checkById.get(planned.check_id);
      const outcome = result?.outcome ?? null;
      const unexpected = result?.detail['unexpected_percent'];
      return {
        check_id: planned.check_id,
        check_name: check?.name ?? null,
        kind: planned.kind,
        check_version: planned.version,
        outcome,
        severity: outcome === 'warn' || outcome === 'fail' || outcome === 'critical' ? outcome : null,
        metric_value: result?.metricValue ?? null,
        unexpected_percent: typeof unexpected === 'number' ? unexpected : null,
        previous_outcome: previous.outcomes.get(planned.check_id) ?? null,
        snoozed_until: check?.snoozedUntil?.toISOString() ?? null,
      };
    });

    await this.events.publish(
      Events.RunCompleted,
      {
        event_id: run.id,
        run_id: run.id,
        suite_id: run.suiteId,
        suite_name: suite?.name ?? null,
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

  /** Each check's outcome in the suite's previous finished run (before this one was created). */
  private async previousOutcomes(
    run: RunEntity,
  ): Promise<{ runId: string | null; outcomes: Map<string, CheckOutcome> }> {
    const [previous] = await this.dataSource.query<{ id: string }[]>(
      `SELECT "id" FROM "runs"
        WHERE "suite_id" = $1 AND "id" <> $2 AND "status" IN ('succeeded', 'failed', 'cancelled')
          AND "created_at" < $3
        ORDER BY "created_at" DESC, "id" DESC
        LIMIT 1`,
      [run.suiteId, run.id, run.createdAt],
    );
    const outcomes = new Map<string, CheckOutcome>();
    if (!previous) return { runId: null, outcomes };
    const rows = await this.dataSource
      .getRepository(RunResultEntity)
      .find({ select: { checkId: true, outcome: true }, where: { runId: previous.id } });
    for (const row of rows) outcomes.set(row.checkId, row.outcome);
    return { runId: previous.id, outcomes };
  }
}
