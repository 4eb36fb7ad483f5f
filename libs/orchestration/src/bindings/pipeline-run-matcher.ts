import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Consumers, type PipelineRunObservedEvent, PipelineRunStatus, RunTrigger } from '@dq/contracts';
import { InboxService, entityOfRow } from '@dq/db';
import { SystemRunTrigger, type SystemRunOutcome } from '@dq/runs';
import { suiteNameSql } from '@dq/suites';
import { PipelineRunEntity, TriggerBindingEntity } from '../entities';
import { type CandidateBinding, judgePipelineRun } from './near-miss';

/** What one observation did. */
export interface PipelineRunConsumed {
  /** False when the inbox had already consumed this event id: nothing was done again. */
  consumed: boolean;
  pipelineRunId: string | null;
  /** The runs this observation queued (or joined), one per binding that fired now. */
  runIds: string[];
}

interface Recorded {
  pipelineRunId: string;
  outcomes: SystemRunOutcome[];
}

const TERMINAL = [PipelineRunStatus.Succeeded, PipelineRunStatus.Failed, PipelineRunStatus.Cancelled];

/**
 * Consumes `events.pipeline_run.observed`: records the pipeline run once, keyed by provider,
 * pipeline, env and the orchestrator's run id, and when it SUCCEEDED judges it once against the
 * bindings. Each enabled binding with the same pipeline id and env whose suite exists fires: its
 * firing row (binding, pipeline run) is inserted with ON CONFLICT DO NOTHING in the transaction
 * that creates the suite's run with trigger `pipeline`, and only an inserted row creates one. So a
 * redelivered event, the same run seen by webhook and by poll, or two scheduler processes racing on
 * it queue the suite once. The runs' jobs are queued after the commit (a job lost then is queued
 * again by the scheduler's reconciler). A failed run never queues anything.
 */
@Injectable()
export class PipelineRunMatcher {
  private readonly logger = new Logger(PipelineRunMatcher.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(InboxService) private readonly inbox: InboxService,
    @Inject(SystemRunTrigger) private readonly systemRuns: SystemRunTrigger,
  ) {}

  async consume(
    event: PipelineRunObservedEvent,
    consumer: string = Consumers.SchedulerPipelineRunObserved.durable,
  ): Promise<PipelineRunConsumed> {
    let recorded: Recorded | null = null;
    const consumed = await this.inbox.consumeOnce(consumer, event.event_id, async (manager) => {
      recorded = await this.record(event, manager);
    });
    const done = recorded as Recorded | null;
    if (done === null) return { consumed, pipelineRunId: null, runIds: [] };
    await this.systemRuns.enqueue(done.outcomes);
    return {
      consumed,
      pipelineRunId: done.pipelineRunId,
      runIds: done.outcomes.flatMap((outcome) => (outcome.status === 'triggered' ? [outcome.runId] : [])),
    };
  }

  /** Records the run and fires its bindings in `manager`'s transaction; the caller queues the jobs after commit. */
  async record(event: PipelineRunObservedEvent, manager: EntityManager): Promise<Recorded> {
    // The upsert locks the row: a second process with the same run waits here until the first commits.
    const [row] = await manager.query<Record<string, unknown>[]>(
      `INSERT INTO "pipeline_runs" ("provider", "pipeline_id", "env", "external_run_id", "status", "finished_at", "observed_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("provider", "pipeline_id", "env", "external_run_id") DO UPDATE SET
         "status" = CASE WHEN "pipeline_runs"."status" = ANY($8::text[]) THEN "pipeline_runs"."status" ELSE EXCLUDED."status" END,
         "finished_at" = coalesce("pipeline_runs"."finished_at", EXCLUDED."finished_at")
       RETURNING *`,
      [
        event.provider,
        event.pipeline_id,
        event.env,
        event.run_id,
        event.status,
        event.finished_at ?? null,
        event.observed_at,
        TERMINAL,
      ],
    );
    if (row === undefined) throw new Error('the pipeline run upsert returned no row');
    const run = entityOfRow(this.dataSource, PipelineRunEntity, row);
    // Judged once: the first time it is seen succeeded. Failed, cancelled or unfinished runs queue nothing.
    if (run.status !== PipelineRunStatus.Succeeded || run.matchedBindings !== null) {
      return { pipelineRunId: run.id, outcomes: [] };
    }
    const judgement = judgePipelineRun(run, await this.candidates(manager, run));
    const fired = await this.fire(
      manager,
      run.id,
      judgement.matched.map((binding) => binding.id),
    );
    const bySuite = new Map(judgement.matched.map((binding) => [binding.id, binding.suiteId]));
    const outcomes = await this.systemRuns.createMany(
      fired.map((bindingId) => ({ suiteId: bySuite.get(bindingId)!, trigger: RunTrigger.Pipeline })),
      manager,
    );
    const queued = fired.flatMap((bindingId, index) => {
      const outcome = outcomes[index];
      return outcome?.status === 'triggered' ? [{ bindingId, runId: outcome.runId }] : [];
    });
    if (queued.length > 0) {
      await manager.query(
        `UPDATE "trigger_binding_firings" f SET "run_id" = u.run_id
           FROM unnest($1::uuid[], $2::uuid[]) AS u(binding_id, run_id)
          WHERE f."binding_id" = u.binding_id AND f."pipeline_run_id" = $3`,
        [queued.map((entry) => entry.bindingId), queued.map((entry) => entry.runId), run.id],
      );
    }
    await manager.query(
      `UPDATE "pipeline_runs" SET "matched_bindings" = $2, "near_miss_reason" = $3, "near_miss_binding_id" = $4
        WHERE "id" = $1`,
      [
        run.id,
        judgement.matched.length,
        judgement.nearMiss?.reason ?? null,
        judgement.nearMiss?.bindingId ?? null,
      ],
    );
    this.logger.log({
      msg:
        judgement.nearMiss === null ? 'pipeline run fired its bindings' : 'pipeline run matched no binding',
      pipeline_run_id: run.id,
      provider: run.provider,
      fired: fired.length,
      runs: queued.map((entry) => entry.runId),
      near_miss_reason: judgement.nearMiss?.reason,
    });
    return { pipelineRunId: run.id, outcomes };
  }

  /** The provider's bindings whose pipeline id equals the run's ignoring case and surrounding spaces. */
  private async candidates(
    manager: EntityManager,
    run: PipelineRunEntity,
  ): Promise<(CandidateBinding & { suiteId: string })[]> {
    const fold = (sql: string) => `lower(regexp_replace(${sql}, '^\\s+|\\s+$', '', 'g'))`;
    const rows = await manager.query<(Record<string, unknown> & { dq_suite_exists: boolean })[]>(
      `SELECT b.*, ${suiteNameSql('b."suite_id"')} IS NOT NULL AS "dq_suite_exists"
         FROM "trigger_bindings" b
        WHERE b."provider" = $1 AND ${fold('b."pipeline_id"')} = ${fold('$2')}`,
      [run.provider, run.pipelineId],
    );
    return rows.map((row) => {
      const binding = entityOfRow(this.dataSource, TriggerBindingEntity, row);
      return {
        id: binding.id,
        pipelineId: binding.pipelineId,
        env: binding.env,
        enabled: binding.enabled,
        suiteExists: row.dq_suite_exists,
        suiteId: binding.suiteId,
        createdAt: binding.createdAt,
      };
    });
  }

  /** Inserts the firing rows; answers the bindings whose row is new (in the order asked). */
  private async fire(manager: EntityManager, pipelineRunId: string, bindingIds: string[]): Promise<string[]> {
    if (bindingIds.length === 0) return [];
    const rows = await manager.query<{ binding_id: string }[]>(
      `INSERT INTO "trigger_binding_firings" ("binding_id", "pipeline_run_id")
       SELECT unnest($1::uuid[]), $2
       ON CONFLICT ("binding_id", "pipeline_run_id") DO NOTHING RETURNING "binding_id"`,
      [bindingIds, pipelineRunId],
    );
    const inserted = new Set(rows.map((inserted) => inserted.binding_id));
    return bindingIds.filter((id) => inserted.has(id));
  }
}
