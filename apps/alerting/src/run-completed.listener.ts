import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Consumers } from '@dq/contracts';
import { IdempotentConsumers } from '@dq/service-runtime';

/** JetStream adapter: the durable `AlertingRunCompleted` consumer. */
@Injectable()
export class RunCompletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RunCompletedListener.name);

  constructor(private readonly consumers: IdempotentConsumers) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start(Consumers.AlertingRunCompleted, async (event) => {
      // The inbox records the event; no alerting rule is evaluated here yet: channels and notification config arrive with the alerting context.
      this.logger.log({ msg: 'run completion received', run_id: event.run_id, status: event.status });
    });
  }
}
