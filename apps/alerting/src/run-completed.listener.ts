import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Consumers } from '@dq/contracts';
import { RunCompletedAlerts } from '@dq/alerting';
import { IdempotentConsumers } from '@dq/service-runtime';

/**
 * Events of different suites applied at once; each holds a pooled connection for its transaction,
 * so this stays below the pool size and leaves room for the delivery worker.
 */
const RUN_COMPLETED_CONCURRENCY = 8;

/**
 * JetStream adapter: the durable `AlertingRunCompleted` consumer applies the alert rules to each
 * finished run inside the inbox transaction, so a redelivered event changes nothing twice. Runs of
 * one suite are applied in stream order (a check's alert state moves run by run); different suites
 * overlap (docs/decisions/0048).
 */
@Injectable()
export class RunCompletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RunCompletedListener.name);

  constructor(
    private readonly consumers: IdempotentConsumers,
    private readonly alerts: RunCompletedAlerts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start(
      Consumers.AlertingRunCompleted,
      async (event, manager) => {
        const applied = await this.alerts.apply(manager, event);
        this.logger.log({
          msg: 'run completion applied',
          run_id: event.run_id,
          status: event.status,
          alerted_checks: applied.decision.alerted.length,
          deliveries: applied.delivery_ids.length,
        });
      },
      { concurrency: RUN_COMPLETED_CONCURRENCY, orderingKey: (event) => event.suite_id },
    );
  }
}
