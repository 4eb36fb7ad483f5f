import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * A sweep run at boot and then every `intervalMs`, never overlapping itself; a failed sweep is
 * logged and the next one tries again. Shutdown waits for the sweep in progress.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  protected abstract readonly intervalMs: number;

  /** One sweep. */
  protected abstract sweepOnce(): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.sweep(), this.intervalMs);
    this.timer.unref();
    this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  private sweep(): void {
    if (this.sweeping) return;
    this.sweeping = this.sweepOnce()
      .catch((error: unknown) => this.logger.warn({ msg: `${this.constructor.name} failed`, err: error }))
      .finally(() => {
        this.sweeping = undefined;
      });
  }
}
