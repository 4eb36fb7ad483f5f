import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Consumers } from '@dq/contracts';
import { PollFailureAlerts } from '@dq/alerting';
import { IdempotentConsumers } from '@dq/service-runtime';

/**
 * JetStream adapter: the durable `AlertingPollFailed` consumer queues one poll-failure alert per
 * connection and failure streak inside the inbox transaction (docs/alerting.md).
 */
@Injectable()
export class PollFailedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(PollFailedListener.name);

  constructor(
    private readonly consumers: IdempotentConsumers,
    private readonly alerts: PollFailureAlerts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start(Consumers.AlertingPollFailed, async (event, manager) => {
      const applied = await this.alerts.apply(manager, event);
      this.logger.log({
        msg: 'poll failure applied',
        event: 'orchestration_poll_failed',
        connection_id: event.connection_id,
        provider: event.provider,
        consecutive_failures: event.consecutive_failures,
        last_error_class: event.last_error_class,
        deliveries: applied.delivery_ids.length,
      });
    });
  }
}
