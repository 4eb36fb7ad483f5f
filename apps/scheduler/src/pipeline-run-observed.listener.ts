import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Consumers } from '@dq/contracts';
import { DurableConsumerRunner } from '@dq/messaging';
import { PipelineRunMatcher } from '@dq/orchestration';
import { ShutdownCoordinator, runWithLogContext } from '@dq/platform';

/**
 * JetStream adapter: the durable `SchedulerPipelineRunObserved` consumer hands each observed
 * pipeline run to the matcher, which records it through the inbox and queues the bound suites.
 * (Not `IdempotentConsumers`: the runs' jobs are queued after the inbox transaction commits.)
 */
@Injectable()
export class PipelineRunObservedListener implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: DurableConsumerRunner,
    private readonly matcher: PipelineRunMatcher,
    private readonly shutdown: ShutdownCoordinator,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const definition = Consumers.SchedulerPipelineRunObserved;
    const handle = await this.consumers.start(definition, (event, meta) =>
      runWithLogContext({ event_id: event.event_id, message_id: meta.messageId }, async () => {
        await this.matcher.consume(event, definition.durable);
      }),
    );
    this.shutdown.onShutdown(`consumer:${definition.durable}`, () => handle.stop(), 10);
  }
}
