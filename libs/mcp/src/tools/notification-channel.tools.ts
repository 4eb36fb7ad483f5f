import { Injectable } from '@nestjs/common';
import { NotificationChannelListQuery } from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { NotificationChannelsService } from '@dq/alerting';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { McpToolset, READS, defineTool } from '../catalogue/mcp-tool';
import { idArg, toolInput } from '../catalogue/tool-input';

const channelId = idArg('The notification channel id (from list_notification_channels).');

/**
 * Notification channels, read-only: an assistant sees which channels exist (never a URL or a
 * credential) so it can link one to a suite; creating and changing channels stays REST-only.
 */
@Injectable()
export class NotificationChannelTools implements McpToolGroup {
  constructor(private readonly channels: NotificationChannelsService) {}

  tools() {
    return [
      defineTool({
        name: 'list_notification_channels',
        title: 'List notification channels',
        description:
          'The workspace notification channels by name (id, name, type slack|teams|email|webhook, has_webhook, ' +
          'email_to, is_workspace_default, is_escalation, flagged_at); no URL or credential is ever shown, the ' +
          "payload template to Admins only. Filter by `type`; page with `limit` and `cursor` (the previous answer's `next_cursor`).",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: NotificationChannelListQuery }),
        rest: 'GET /notification-channels',
        call: ({ principal }, { body }) => this.channels.list(actorOf(principal), body),
      }),
      defineTool({
        name: 'get_notification_channel',
        title: 'Get a notification channel',
        description:
          'One notification channel as list_notification_channels shows it, with whether a delivery flag is set.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { channel_id: channelId } }),
        rest: 'GET /notification-channels/{id}',
        call: ({ principal }, { channel_id }) => this.channels.get(actorOf(principal), channel_id),
      }),
    ];
  }
}
