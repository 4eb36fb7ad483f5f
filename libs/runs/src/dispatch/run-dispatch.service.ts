import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, ErrorCode, Jobs, RunFailureReason, RunStatus, type RunTrigger } from '@dq/contracts';
import { RunEntity, type RunTarget } from '@dq/db';
import { JobProducer } from '@dq/messaging';
import { type PlannedCheck } from '../plan/planned-check';

export interface DispatchRunCommand {
  suiteId: string;
  trigger: RunTrigger;
  plan: PlannedCheck[];
  /** What the run reads (a suite's connection and target), frozen now. */
  target?: RunTarget | null;
}

/**
 * Creates a run and queues it for the runner pool. The BullMQ job id is the run id, so however
 * often a run is (re)queued, the pool holds at most one job for it.
 */
@Injectable()
export class RunDispatchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobProducer,
  ) {}

  async dispatch(command: DispatchRunCommand): Promise<RunEntity> {
    const runs = this.dataSource.getRepository(RunEntity);
    const run = await runs.save(
      runs.create({
        suiteId: command.suiteId,
        trigger: command.trigger,
        status: RunStatus.Queued,
        plan: command.plan,
        target: command.target ?? null,
        totalChecks: command.plan.length,
      }),
    );
    try {
      await this.enqueue(run.id);
    } catch (error) {
      // A run that no queue holds would stay `queued` forever: end it now and say so.
      await runs.update(
        { id: run.id, status: RunStatus.Queued },
        { status: RunStatus.Failed, reason: RunFailureReason.InternalError, finishedAt: new Date() },
      );
      throw new AppError(ErrorCode.ServiceUnavailable, 'The run could not be queued; try again', {
        run_id: run.id,
        cause: error instanceof AppError ? error.code : 'queue_unavailable',
      });
    }
    return run;
  }

  /** Queues an existing run again (recovery); harmless when its job is still queued. */
  async enqueue(runId: string): Promise<void> {
    await this.jobs.enqueue(Jobs.ExecuteRun, { run_id: runId }, { jobId: runId });
  }
}
