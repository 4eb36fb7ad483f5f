import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type OrchestrationPollFailedEvent } from '@dq/contracts';
import { workspaceDefaultChannelId } from '../channels/channel-delivery';
import { buildPollFailurePayload } from '../delivery/alert-payload.builder';
import { enqueueDeliveries } from '../delivery/outbox';

/** What one poll-failure event did. */
export interface AppliedPollFailure {
  /** The workspace default channel, or null when none is set (nothing is queued). */
  channel_id: string | null;
  /** The delivery inserted now; empty when the streak was alerted already or no channel is set. */
  delivery_ids: string[];
}

/** One alert per connection and failure streak, whatever redelivers or republishes the event. */
export function pollFailureDedupKey(connectionId: string, firstFailedAt: string): string {
  return `poll:${connectionId}:${new Date(firstFailedAt).toISOString()}`;
}

/**
 * The alerting process's reaction to an orchestrator connection whose polls keep failing: one
 * `poll_failure` delivery to the workspace default channel, queued inside the inbox transaction
 * with a per-streak dedup key, so a redelivery or a second alerting process sends it once.
 */
@Injectable()
export class PollFailureAlerts {
  private readonly logger = new Logger(PollFailureAlerts.name);

  async apply(
    manager: EntityManager,
    event: OrchestrationPollFailedEvent,
    now: Date = new Date(),
  ): Promise<AppliedPollFailure> {
    const channelId = await workspaceDefaultChannelId(manager);
    if (channelId === null) {
      this.logger.warn({
        msg: 'poll failure not alerted: no workspace default channel',
        event: 'orchestration_poll_failed',
        connection_id: event.connection_id,
        provider: event.provider,
        consecutive_failures: event.consecutive_failures,
      });
      return { channel_id: null, delivery_ids: [] };
    }
    const deliveryIds = await enqueueDeliveries(manager, [
      {
        channel_id: channelId,
        run_id: null,
        suite_id: null,
        kind: 'poll_failure',
        dedup_key: pollFailureDedupKey(event.connection_id, event.first_failed_at),
        payload: buildPollFailurePayload(event, now),
      },
    ]);
    return { channel_id: channelId, delivery_ids: deliveryIds };
  }
}
