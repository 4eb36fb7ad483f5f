import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CONFIG } from '@dq/platform';
import { SamplePurgeService } from '@dq/runs';
import { type SchedulerConfig } from './scheduler.config';

/** Runs the sample retention sweep at boot and then every `SAMPLE_PURGE_INTERVAL_MS`. */
@Injectable()
export class SamplePurgeSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SamplePurgeSweep.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly purge: SamplePurgeService,
    @Inject(CONFIG) private readonly config: SchedulerConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.sweep(), this.config.SAMPLE_PURGE_INTERVAL_MS);
    this.timer.unref();
    this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  private sweep(): void {
    if (this.sweeping) return;
    this.sweeping = this.purge
      .purgeDue(this.config.SAMPLE_RETENTION_DAYS)
      .then((report) => {
        if (report.purged > 0) this.logger.log({ msg: 'failing-row samples purged', ...report });
      })
      .catch((error: unknown) => this.logger.warn({ msg: 'sample purge sweep failed', err: error }))
      .finally(() => {
        this.sweeping = undefined;
      });
  }
}
