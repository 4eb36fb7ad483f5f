import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Consumers } from '@dq/contracts';
import { RunCompletedAlerts } from '@dq/alerting';
import { IdempotentConsumers } from '@dq/service-runtime';

/**
 * JetStream adapter: the durable `AlertingRunCompleted` consumer applies the alert rules to each
 * finished run inside the inbox transaction, so a redelivered event changes nothing twice.
 */
@Injectable()
export class RunCompletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RunCompletedListener.name);

  constructor(
    private readonly consumers: IdempotentConsumers,
    private readonly alerts: RunCompletedAlerts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start(Consumers.AlertingRunCompleted, async (event, manager) => {
      const applied = await this.alerts.apply(manager, event);
      this.logger.log({
        msg: 'run completion applied',
        run_id: event.run_id,
        status: event.status,
        alerted_checks: applied.decision.alerted.length,
        deliveries: applied.delivery_ids.length,
      });
    });
  }
}
