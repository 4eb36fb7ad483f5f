import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Consumers } from '@dq/contracts';
import { RunCompletedAlerts } from '@dq/alerting';
import { IdempotentConsumers } from '@dq/service-runtime';

/**
 * Events handed over per batch at most: one inbox transaction applies them with set-based
 * statements, so a burst costs a few statements per batch rather than per event.
 */
const RUN_COMPLETED_BATCH_SIZE = 100;

/**
 * JetStream adapter: the durable `AlertingRunCompleted` consumer applies the alert rules to the
 * finished runs buffered so far, in batches, inside one inbox transaction per batch, so a
 * redelivered event changes nothing twice. A batch holds at most one run per suite, and runs of
 * one suite are applied in stream order (a check's alert state moves run by run)
 * (docs/decisions/0048).
 */
@Injectable()
export class RunCompletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RunCompletedListener.name);

  constructor(
    private readonly consumers: IdempotentConsumers,
    private readonly alerts: RunCompletedAlerts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.startBatch(
      Consumers.AlertingRunCompleted,
      async (events, manager) => {
        const applied = await this.alerts.applyMany(manager, events);
        for (const [i, event] of events.entries()) {
          this.logger.log({
            msg: 'run completion applied',
            run_id: event.run_id,
            status: event.status,
            alerted_checks: applied[i].decision.alerted.length,
            deliveries: applied[i].delivery_ids.length,
            batch_size: events.length,
          });
        }
      },
      { batch: { maxSize: RUN_COMPLETED_BATCH_SIZE, maxWaitMs: 0 }, orderingKey: (event) => event.suite_id },
    );
  }
}
