import { Injectable } from '@nestjs/common';
import {
  CheckHistoryQuery,
  CheckListQuery,
  CreateCheckRequest,
  ListPageQuery,
  SNOOZE_MAX_HOURS,
  SNOOZE_MIN_HOURS,
  UpdateCheckRequest,
} from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { ChecksService, SuiteDataService, SuiteRunnerClient } from '@dq/suites';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import {
  DESTROYS,
  McpToolset,
  READS,
  READS_LIVE_DATA,
  WRITES,
  WRITES_IDEMPOTENT,
  defineTool,
} from '../catalogue/mcp-tool';
import { withCheckBodySchemas } from '../catalogue/check-body-schema';
import { idArg, idListArg, intArg, optional, toolInput } from '../catalogue/tool-input';

const suiteId = idArg('The suite id (from list_suites).');
const checkId = idArg('The check id (from list_checks).');

/** Most checks one list_checks call names; a suite rarely has more, and the list has them all. */
const CHECK_IDS_MAX = 100;

const CHECK_BODY_HELP =
  '`kind` is one of expectation, custom_sql, freshness, volume, anomaly, schema_drift, comparison, ' +
  "profile. `config` is the kind's own: for an expectation `{expectation_type, kwargs}` with Great " +
  'Expectations names (e.g. `{"expectation_type": "expect_column_values_to_not_be_null", "kwargs": ' +
  '{"column": "email"}}`); for custom_sql `{sql}` (one read-only statement whose rows are failures); ' +
  'for freshness `{column?, warn_after_hours?, fail_after_hours?, critical_after_hours?}`. `thresholds` ' +
  'set the unexpected-percentage tiers (`warn`, `fail`, `critical`); `dimension` defaults from the kind. ' +
  'describe_check_kind gives every parameter of a kind and a valid example.';

/** Checks of a suite: authoring, versions, snooze, history, baselines and the dry run. */
@Injectable()
export class CheckTools implements McpToolGroup {
  constructor(
    private readonly checks: ChecksService,
    private readonly data: SuiteDataService,
    private readonly runner: SuiteRunnerClient,
  ) {}

  tools() {
    return [
      defineTool({
        name: 'list_checks',
        title: 'List checks',
        description:
          'The checks of a suite, oldest first, with their full definitions, thresholds, snooze and current ' +
          'version. Filter by `kind`, part of the `name`, `dimension` and `enabled`; page with `limit` ' +
          "(default 50) and `cursor` set to the previous answer's `next_cursor`. Give `check_ids` to get " +
          'only those (a batch get, not paged).',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({
          args: { suite_id: suiteId, check_ids: optional(idListArg('Only these checks.', CHECK_IDS_MAX)) },
          body: CheckListQuery,
        }),
        rest: 'GET /suites/{id}/checks (GET /suites/{id}/checks/{cid} for each of check_ids)',
        call: async ({ principal }, { suite_id, check_ids, body }) => {
          const actor = actorOf(principal);
          if (check_ids === undefined) return this.checks.list(actor, suite_id, body);
          const items = await Promise.all(check_ids.map((id) => this.checks.get(actor, suite_id, id)));
          return { items, next_cursor: null };
        },
      }),
      defineTool({
        name: 'create_check',
        title: 'Create a check',
        description: `Adds a check to a suite you can edit; it runs from the next run on. ${CHECK_BODY_HELP} Use dry_run_check first to see what it would find.`,
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES,
        input: withCheckBodySchemas(toolInput({ args: { suite_id: suiteId }, body: CreateCheckRequest })),
        rest: 'POST /suites/{id}/checks',
        call: ({ principal }, { suite_id, body }) => this.checks.create(actorOf(principal), suite_id, body),
      }),
      defineTool({
        name: 'update_check',
        title: 'Update a check',
        description:
          'Changes any part of a check except its kind (needs `edit`); each change mints a new version, a ' +
          'change that changes nothing mints none. `description` or `engine` null clears them.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES_IDEMPOTENT,
        input: withCheckBodySchemas(
          toolInput({ args: { suite_id: suiteId, check_id: checkId }, body: UpdateCheckRequest }),
          ['engine', 'thresholds'],
        ),
        rest: 'PATCH /suites/{id}/checks/{cid}',
        call: ({ principal }, { suite_id, check_id, body }) =>
          this.checks.update(actorOf(principal), suite_id, check_id, body),
      }),
      defineTool({
        name: 'delete_check',
        title: 'Delete a check',
        description: 'Deletes a check (needs `edit`); its past results stay in the runs that recorded them.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: DESTROYS,
        input: toolInput({ args: { suite_id: suiteId, check_id: checkId } }),
        rest: 'DELETE /suites/{id}/checks/{cid}',
        call: async ({ principal }, { suite_id, check_id }) => {
          await this.checks.delete(actorOf(principal), suite_id, check_id);
          return { deleted: true, check_id };
        },
      }),
      defineTool({
        name: 'set_check_snooze',
        title: 'Snooze or unsnooze a check',
        description: `Silences a check's alerts for \`hours\` (${SNOOZE_MIN_HOURS} to ${SNOOZE_MAX_HOURS}); leave \`hours\` out to end a snooze. The check still runs and records results.`,
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES_IDEMPOTENT,
        input: toolInput({
          args: {
            suite_id: suiteId,
            check_id: checkId,
            hours: optional(
              intArg({ description: 'How long to snooze.', min: SNOOZE_MIN_HOURS, max: SNOOZE_MAX_HOURS }),
            ),
          },
        }),
        rest: 'POST /suites/{id}/checks/{cid}/snooze, or DELETE …/snooze without hours',
        call: async ({ principal }, { suite_id, check_id, hours }) => {
          const actor = actorOf(principal);
          if (hours !== undefined) return this.checks.snooze(actor, suite_id, check_id, hours);
          await this.checks.unsnooze(actor, suite_id, check_id);
          return this.checks.get(actor, suite_id, check_id);
        },
      }),
      defineTool({
        name: 'list_check_versions',
        title: "List a check's versions",
        description:
          'The versions of a check, newest first, each with its whole definition and what changed. Page ' +
          "with `limit` (default 50) and `cursor` set to the previous answer's `next_cursor`.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId, check_id: checkId }, body: ListPageQuery }),
        rest: 'GET /suites/{id}/checks/{cid}/versions',
        call: ({ principal }, { suite_id, check_id, body }) =>
          this.checks.versions(actorOf(principal), suite_id, check_id, body),
      }),
      defineTool({
        name: 'restore_check_version',
        title: 'Restore a check version',
        description:
          'Makes version `version` of a check current again, validated against the suite as it is today; ' +
          'this mints a new version (needs `edit`).',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES,
        input: toolInput({
          args: {
            suite_id: suiteId,
            check_id: checkId,
            // Any integer, as REST's path takes any: a version that does not exist is not found (404).
            version: intArg({
              description: 'The version to restore (from list_check_versions).',
              min: Number.MIN_SAFE_INTEGER,
              max: Number.MAX_SAFE_INTEGER,
            }),
          },
        }),
        rest: 'POST /suites/{id}/checks/{cid}/versions/{n}/restore',
        call: ({ principal }, { suite_id, check_id, version }) =>
          this.checks.restore(actorOf(principal), suite_id, check_id, version),
      }),
      defineTool({
        name: 'get_check_history',
        title: "Get a check's history",
        description:
          "A page of the check's results over past runs, newest first: outcome, `metric_value` and the " +
          'version that ran, and `next_cursor`. `from` and `to` (ISO 8601) bound the time; `limit` 1 to ' +
          '200 (default 100).',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId, check_id: checkId }, body: CheckHistoryQuery }),
        rest: 'GET /suites/{id}/checks/{cid}/history',
        call: async ({ principal }, { suite_id, check_id, body }) => {
          const { items, next_cursor } = await this.checks.history(
            actorOf(principal),
            suite_id,
            check_id,
            body,
          );
          return { items, next_cursor };
        },
      }),
      defineTool({
        name: 'get_schema_baseline',
        title: 'Get a monitor baseline',
        description:
          'The baseline a schema-drift check compares against (the stored columns and types), or an anomaly ' +
          "check's learned statistics. Other kinds have none (422).",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId, check_id: checkId } }),
        rest: 'GET /suites/{id}/checks/{cid}/baseline',
        call: ({ principal }, { suite_id, check_id }) =>
          this.checks.baseline(actorOf(principal), suite_id, check_id),
      }),
      defineTool({
        name: 'rebaseline_check',
        title: 'Recapture a baseline',
        description:
          'Accepts the present as normal: a schema-drift check stores the live columns as its new baseline; ' +
          'an anomaly check forgets the history before now. Needs `edit`.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: { ...WRITES, destructiveHint: true, openWorldHint: true },
        input: toolInput({ args: { suite_id: suiteId, check_id: checkId } }),
        rest: 'POST /suites/{id}/checks/{cid}/rebaseline',
        call: ({ principal }, { suite_id, check_id }) =>
          this.checks.rebaseline(actorOf(principal), suite_id, check_id, (suite) =>
            this.runner.columns(suite),
          ),
      }),
      defineTool({
        name: 'dry_run_check',
        title: 'Dry-run a check',
        description: `Evaluates a check body against live data as a run would and returns the outcome, metric and redacted failing samples; nothing is stored. Takes the same body as create_check. ${CHECK_BODY_HELP}`,
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS_LIVE_DATA,
        input: withCheckBodySchemas(toolInput({ args: { suite_id: suiteId }, body: CreateCheckRequest })),
        rest: 'POST /suites/{id}/checks/dryrun',
        call: ({ principal }, { suite_id, body }) =>
          this.data.dryRun(actorOf(principal), suite_id, body, this.runner),
      }),
    ];
  }
}
