import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Consumers } from '@dq/contracts';
import { IdempotentConsumers } from '@dq/service-runtime';

/** JetStream adapter: the durable `LineageRunCompleted` consumer. */
@Injectable()
export class RunCompletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RunCompletedListener.name);

  constructor(private readonly consumers: IdempotentConsumers) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start(Consumers.LineageRunCompleted, async (event) => {
      // The inbox records the event; run stamping of assets arrives with the assets context.
      this.logger.log({ msg: 'run completion received', run_id: event.run_id, status: event.status });
    });
  }
}
