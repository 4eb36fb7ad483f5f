import { Injectable } from '@nestjs/common';
import { CreateScheduleRequest, ScheduleListQuery, UpdateScheduleRequest } from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { SchedulesService } from '@dq/orchestration';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { DESTROYS, McpToolset, READS, WRITES, WRITES_IDEMPOTENT, defineTool } from '../catalogue/mcp-tool';
import { idArg, toolInput } from '../catalogue/tool-input';

const scheduleId = idArg('The schedule id (from list_schedules).');

/** How fire times behave around daylight-saving changes (docs/decisions/0040), for every tool that sets one. */
const DST_RULE =
  'A local time skipped by a spring-forward change fires once at the end of the gap (02:30 fires at 03:00); ' +
  'a local time repeated by a fall-back change fires once, at its first occurrence. Missed times are not backfilled.';

/** Cron schedules of suites: one per suite, read by whoever sees the suite, written with `edit`. */
@Injectable()
export class ScheduleTools implements McpToolGroup {
  constructor(private readonly schedules: SchedulesService) {}

  tools() {
    return [
      defineTool({
        name: 'list_schedules',
        title: 'List schedules',
        description:
          'The cron schedules of the suites you can see, newest first: cron, time zone, enabled, next and last ' +
          'fire time, the next five fire times with their offset, and the last run. Filter by `suite_id`; page ' +
          "with `limit` (default 50) and `cursor` set to the previous answer's `next_cursor`.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: ScheduleListQuery }),
        rest: 'GET /schedules',
        call: ({ principal }, { body }) => this.schedules.list(actorOf(principal), body),
      }),
      defineTool({
        name: 'get_schedule',
        title: 'Get a schedule',
        description:
          'One schedule with its next fire time and the five after it (ISO 8601 with the zone offset).',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { schedule_id: scheduleId } }),
        rest: 'GET /schedules/{id}',
        call: ({ principal }, { schedule_id }) => this.schedules.get(actorOf(principal), schedule_id),
      }),
      defineTool({
        name: 'create_schedule',
        title: 'Schedule a suite',
        description:
          'Runs a suite you can edit on a 5-field cron (minute hour day-of-month month day-of-week; no seconds, no ' +
          '@ nicknames) read in an IANA `timezone`, e.g. `0 6 * * 1-5` in `Europe/Berlin`. A suite has at most one ' +
          `schedule (a second is refused as a conflict; change it with update_schedule). ${DST_RULE}`,
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES,
        input: toolInput({ body: CreateScheduleRequest }),
        rest: 'POST /schedules',
        call: ({ principal }, { body }) => this.schedules.create(actorOf(principal), body),
      }),
      defineTool({
        name: 'update_schedule',
        title: 'Update a schedule',
        description:
          "Changes a schedule's `cron`, `timezone` or `enabled` (needs `edit` on its suite); the next fire time is " +
          `computed again from now, and a disabled schedule has none. ${DST_RULE}`,
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES_IDEMPOTENT,
        input: toolInput({ args: { schedule_id: scheduleId }, body: UpdateScheduleRequest }),
        rest: 'PATCH /schedules/{id}',
        call: ({ principal }, { schedule_id, body }) =>
          this.schedules.update(actorOf(principal), schedule_id, body),
      }),
      defineTool({
        name: 'delete_schedule',
        title: 'Delete a schedule',
        description:
          'Stops running a suite on its schedule and deletes the schedule (needs `edit` on the suite).',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: DESTROYS,
        input: toolInput({ args: { schedule_id: scheduleId } }),
        rest: 'DELETE /schedules/{id}',
        call: async ({ principal }, { schedule_id }) => {
          await this.schedules.delete(actorOf(principal), schedule_id);
          return { deleted: true, schedule_id };
        },
      }),
    ];
  }
}
