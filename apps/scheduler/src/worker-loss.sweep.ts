import { Injectable } from '@nestjs/common';
import { WORKER_LOSS_SWEEP_MS, WorkerLossService } from '@dq/runs';
import { PeriodicSweep } from './periodic-sweep';

/** Ends the runs of dead runners (lapsed leases) every few seconds, so none stays `running` for good. */
@Injectable()
export class WorkerLossSweep extends PeriodicSweep {
  protected readonly intervalMs = WORKER_LOSS_SWEEP_MS;

  constructor(private readonly workerLoss: WorkerLossService) {
    super();
  }

  protected async sweepOnce(): Promise<void> {
    await this.workerLoss.failLost();
  }
}
