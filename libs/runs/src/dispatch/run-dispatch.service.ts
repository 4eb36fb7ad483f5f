import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { AppError, ErrorCode, Jobs, RunFailureReason, RunStatus, type RunTrigger } from '@dq/contracts';
import { RunEntity, type RunTarget, entityOfRow, preparedQuery } from '@dq/db';
import { JobProducer } from '@dq/messaging';
import { type PlannedCheck } from '../plan/planned-check';

export interface DispatchRunCommand {
  suiteId: string;
  trigger: RunTrigger;
  plan: PlannedCheck[];
  /** What the run reads (a suite's connection and target), frozen now. */
  target?: RunTarget | null;
  /** Run even while another run of the suite runs, and never join a queued one. */
  allowConcurrent?: boolean;
}

export interface DispatchedRun {
  run: RunEntity;
  /** True when the suite already had a queued or running run and that run is returned instead of a new one. */
  deduplicated: boolean;
}

/**
 * Creates a run and queues it for the runner pool. The BullMQ job id is the run id, so however
 * often a run is (re)queued, the pool holds at most one job for it. One run per suite at a time
 * (unless a trigger asks to overlap): a trigger while one is queued or running returns that run.
 */
@Injectable()
export class RunDispatchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobProducer,
  ) {}

  async dispatch(command: DispatchRunCommand): Promise<RunEntity> {
    return (await this.trigger(command)).run;
  }

  async trigger(command: DispatchRunCommand): Promise<DispatchedRun> {
    const dispatched =
      command.allowConcurrent === true
        ? await this.insertOverlapping(command)
        : await this.insertOrJoinQueued(command);
    if (dispatched.deduplicated) return dispatched;
    const { run } = dispatched;
    try {
      await this.enqueue(run.id);
    } catch (error) {
      // A run that no queue holds would stay `queued` forever: end it now and say so.
      await this.dataSource
        .getRepository(RunEntity)
        .update(
          { id: run.id, status: RunStatus.Queued },
          { status: RunStatus.Failed, reason: RunFailureReason.InternalError, finishedAt: new Date() },
        );
      throw new AppError(ErrorCode.ServiceUnavailable, 'The run could not be queued; try again', {
        run_id: run.id,
        cause: error instanceof AppError ? error.code : 'queue_unavailable',
      });
    }
    return dispatched;
  }

  /**
   * A run that asked to overlap never joins a queued run, so nothing needs serialising: one
   * INSERT, without a transaction or the suite's lock.
   */
  private async insertOverlapping(command: DispatchRunCommand): Promise<DispatchedRun> {
    const [row] = await preparedQuery<Record<string, unknown>>(
      this.dataSource,
      'dq_run_insert_overlapping',
      `INSERT INTO "runs" ("suite_id", "trigger", "status", "plan", "target", "total_checks", "allow_concurrent")
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, true)
       RETURNING *`,
      [
        command.suiteId,
        command.trigger,
        RunStatus.Queued,
        JSON.stringify(command.plan),
        command.target ? JSON.stringify(command.target) : null,
        command.plan.length,
      ],
    );
    if (!row) throw new Error('INSERT ... RETURNING returned no row');
    return { run: entityOfRow(this.dataSource, RunEntity, row), deduplicated: false };
  }

  /**
   * Joins the suite's queued or running run (one that did not ask to overlap, and that no one asked
   * to cancel: a trigger after a cancel wants a run). A suite's triggers are serialised by its lock,
   * so two at once cannot both see "nothing in flight".
   */
  private async insertOrJoinQueued(command: DispatchRunCommand): Promise<DispatchedRun> {
    return this.dataSource.transaction(async (manager): Promise<DispatchedRun> => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `run-dispatch:${command.suiteId}`,
      ]);
      const runs = manager.getRepository(RunEntity);
      const inFlight = await runs.findOne({
        where: {
          suiteId: command.suiteId,
          status: In([RunStatus.Queued, RunStatus.Running]),
          allowConcurrent: false,
          cancelRequestedAt: IsNull(),
        },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      if (inFlight) return { run: inFlight, deduplicated: true };
      const run = await runs.save(
        runs.create({
          suiteId: command.suiteId,
          trigger: command.trigger,
          status: RunStatus.Queued,
          plan: command.plan,
          target: command.target ?? null,
          totalChecks: command.plan.length,
          allowConcurrent: false,
        }),
      );
      return { run, deduplicated: false };
    });
  }

  /** Queues an existing run again (recovery); harmless when its job is still queued. */
  async enqueue(runId: string): Promise<void> {
    await this.jobs.enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
  }

  /** Takes a queued run's job off the queue (a cancel); a job a runner already holds stays. */
  async withdraw(runId: string): Promise<void> {
    await this.jobs.withdraw(Jobs.ExecuteRun, runId);
  }
}
