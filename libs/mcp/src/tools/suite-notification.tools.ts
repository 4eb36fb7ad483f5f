import { Injectable } from '@nestjs/common';
import { SetSuiteNotificationsRequest, SuiteNotificationChannelListQuery } from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { SuiteNotificationsService } from '@dq/alerting';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { McpToolset, READS, WRITES_IDEMPOTENT, defineTool } from '../catalogue/mcp-tool';
import { idArg, toolInput } from '../catalogue/tool-input';

const suiteId = idArg('The suite id (from list_suites).');

/** How the rules decide (docs/decisions/0046), for every tool that shows or sets the config. */
const RULES =
  'A check alerts on its first failure meeting `alert_on` (`fail_only`, `warn_and_above` (default) or `always`) and ' +
  'again only when its severity rises; a passing run resets it. Critical checks also reach the escalation channels. ' +
  'A snoozed check is silent. One alert per run and channel lists its checks.';

/** A suite's alert config and linked channels: read with `view` on the suite, set with `edit`. */
@Injectable()
export class SuiteNotificationTools implements McpToolGroup {
  constructor(private readonly notifications: SuiteNotificationsService) {}

  tools() {
    return [
      defineTool({
        name: 'get_suite_notifications',
        title: 'Get suite alert settings',
        description:
          "A suite's effective alert config: `channel_ids`, `escalation_channel_ids`, `alert_on`, `enabled`, " +
          '`auto_resolve` (resolve the incident on a clean run), and `effective_channel_ids` (the links, or the ' +
          `workspace default channel when it links none). A suite that stores nothing shows the defaults. ${RULES}`,
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId } }),
        rest: 'GET /suites/{id}/notifications',
        call: ({ principal }, { suite_id }) => this.notifications.get(actorOf(principal), suite_id),
      }),
      defineTool({
        name: 'list_suite_notification_channels',
        title: 'List suite alert channels',
        description:
          'The notification channels linked to a suite, oldest link first, with their role (`alert` or `escalation`). ' +
          "Filter by `role`; page with `limit` and `cursor` set to the previous answer's `next_cursor`.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId }, body: SuiteNotificationChannelListQuery }),
        rest: 'GET /suites/{id}/notification-channels',
        call: ({ principal }, { suite_id, body }) =>
          this.notifications.listChannels(actorOf(principal), suite_id, body),
      }),
      defineTool({
        name: 'set_suite_notifications',
        title: 'Set suite alert settings',
        description:
          "Replaces a suite's alert config (needs `edit` on it): `channel_ids` (channel ids from " +
          'list_notification_channels; empty uses the workspace default channel unless `use_workspace_default` is ' +
          'false), optional `escalation_channel_ids` (left as they are when omitted), `alert_on`, `enabled`, ' +
          `\`auto_resolve\`; omitted settings take their defaults. ${RULES}`,
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES_IDEMPOTENT,
        input: toolInput({ args: { suite_id: suiteId }, body: SetSuiteNotificationsRequest }),
        rest: 'PUT /suites/{id}/notifications',
        call: ({ principal }, { suite_id, body }) =>
          this.notifications.set(actorOf(principal), suite_id, body),
      }),
    ];
  }
}
