import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Jobs, ServiceName } from '@dq/contracts';
import { type WorkerHandle, WorkerHost } from '@dq/messaging';
import { CONFIG, ShutdownCoordinator, instanceId, runWithLogContext } from '@dq/platform';
import { RunExecutionService } from '@dq/runs';
import { RunnerConfig } from './runner.config';

/** BullMQ adapter: takes `execute-run` jobs from the `runs` queue and hands each to the runs domain. */
@Injectable()
export class RunsWorker implements OnApplicationBootstrap {
  private worker?: WorkerHandle;

  constructor(
    private readonly workers: WorkerHost,
    private readonly execution: RunExecutionService,
    private readonly shutdown: ShutdownCoordinator,
    @Inject(CONFIG) private readonly config: RunnerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const workerId = `${ServiceName.Runner}:${instanceId()}`;
    this.worker = await this.workers.start(
      Jobs.ExecuteRun,
      (job, context) =>
        runWithLogContext({ job_id: context.jobId, run_id: job.run_id }, () =>
          this.execution.execute(job.run_id, {
            workerId,
            signal: context.signal,
            handBack: () => context.handBack(),
            retryLater: (delayMs) => context.retryLater(delayMs),
          }),
        ),
      {
        concurrency: this.config.RUNS_CONCURRENCY,
        lockDurationMs: this.config.RUNS_LOCK_DURATION_MS,
        stalledIntervalMs: this.config.RUNS_STALLED_INTERVAL_MS,
      },
    );
    // Stop taking runs first; runs in flight are handed back to the queue for another runner.
    this.shutdown.onShutdown('runs-worker', () => this.worker?.close() ?? Promise.resolve(), 10);
  }
}
