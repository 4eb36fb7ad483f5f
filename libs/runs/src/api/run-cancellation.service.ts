import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError,
  Broadcasts,
  type CancelledRunView,
  ErrorCode,
  RunAuditAction,
  RunStatus,
  SuiteGrant,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { RunEntity } from '../entities';
import { ProgressBroadcaster } from '@dq/messaging';
import { RunDispatchService } from '../dispatch/run-dispatch.service';
import { RunCompletionPublisher } from '../execution/run-completion.publisher';
import { RunLifecycle } from '../lifecycle/run-lifecycle';
import { RunReadsService } from './run-reads.service';
import { type Actor } from '@dq/auth';

/**
 * `POST /runs/{id}/cancel`, for a queued or running run (suite `edit` or more):
 * - queued: it ends `cancelled` at once and its job leaves the queue (no runner starts it);
 * - running: the cancel is recorded on the run and broadcast to the runner holding it, which
 *   cancels the datasource statement in flight, keeps the results recorded so far and ends the
 *   run `cancelled` (the row is polled too, so a lost broadcast delays it by a second at most).
 * A run that already ended answers 409 with its status.
 */
@Injectable()
export class RunCancellationService {
  private readonly logger = new Logger(RunCancellationService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly reads: RunReadsService,
    private readonly lifecycle: RunLifecycle,
    private readonly dispatch: RunDispatchService,
    private readonly completion: RunCompletionPublisher,
    private readonly broadcaster: ProgressBroadcaster,
    private readonly audit: AuditLog,
  ) {}

  async cancel(actor: Actor, runId: string): Promise<CancelledRunView> {
    const { run } = await this.reads.require(actor, runId, SuiteGrant.Edit);
    const runs = this.dataSource.getRepository(RunEntity);

    const queuedCancelAt = await this.lifecycle.cancelQueued(run.id);
    if (queuedCancelAt !== undefined) {
      // A runner that fetched the job meanwhile finds the run ended and leaves it.
      await this.dispatch.withdraw(run.id).catch((error: unknown) => {
        this.logger.warn({ run_id: run.id, msg: 'cancelled run job not withdrawn', err: error });
      });
      await this.completion.publish(await runs.findOneByOrFail({ id: run.id }));
      return this.recorded(actor, run.id, RunStatus.Cancelled, queuedCancelAt, RunStatus.Queued);
    }

    const runningCancelAt = await this.lifecycle.requestCancel(run.id);
    if (runningCancelAt !== undefined) {
      try {
        this.broadcaster.publish(Broadcasts.runCancel(run.id), { run_id: run.id });
      } catch (error) {
        // The row is the record: the runner's poll sees it within a second.
        this.logger.warn({ run_id: run.id, msg: 'cancel broadcast failed', err: error });
      }
      return this.recorded(actor, run.id, RunStatus.Running, runningCancelAt, RunStatus.Running);
    }

    const ended = await runs.findOneByOrFail({ id: run.id });
    throw new AppError(
      ErrorCode.Conflict,
      `The run already ended (${ended.status}); only a queued or running run can be cancelled`,
      {
        status: ended.status,
      },
    );
  }

  private async recorded(
    actor: Actor,
    runId: string,
    status: RunStatus,
    requestedAt: Date,
    from: typeof RunStatus.Queued | typeof RunStatus.Running,
  ): Promise<CancelledRunView> {
    await this.audit.record({
      action: RunAuditAction.CancelRequested,
      actor_user_id: actor.user.id,
      actor_credential: actor.credential,
      target_type: 'run',
      target_id: runId,
      detail: { from },
    });
    return { id: runId, status, cancel_requested_at: new Date(requestedAt).toISOString() };
  }
}
