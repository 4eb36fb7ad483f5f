import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WORKER_LOSS_SWEEP_MS, WorkerLossService } from '@dq/runs';

/** Ends the runs of dead runners (lapsed leases) every few seconds, so none stays `running` for good. */
@Injectable()
export class WorkerLossSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerLossSweep.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(private readonly workerLoss: WorkerLossService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.sweep(), WORKER_LOSS_SWEEP_MS);
    this.timer.unref();
    this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  private sweep(): void {
    if (this.sweeping) return;
    this.sweeping = this.workerLoss
      .failLost()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ msg: 'worker-loss sweep failed', err: error }))
      .finally(() => {
        this.sweeping = undefined;
      });
  }
}
