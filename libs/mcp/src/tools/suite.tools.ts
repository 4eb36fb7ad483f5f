import { Injectable } from '@nestjs/common';
import {
  AppError,
  CreateShareRequest,
  CreateSuiteRequest,
  ErrorCode,
  ImportSuiteRequest,
  ListPageQuery,
  ProfileRequest,
  PutColumnPolicyRequest,
  SuiteListQuery,
  UpdateSuiteRequest,
  UserSearchQuery,
} from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { UsersService } from '@dq/identity';
import { RunReadsService } from '@dq/runs';
import {
  ColumnPolicyService,
  SharesService,
  SuiteDataService,
  SuiteRunnerClient,
  SuiteTransferService,
  SuitesService,
} from '@dq/suites';
import { withSuiteDocumentCheckSchemas } from '../catalogue/check-body-schema';
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
import { idArg, toolInput } from '../catalogue/tool-input';

const suiteId = idArg('The suite id (from list_suites).');

/** Suites, their shares and column policies, and the live-data reads of a suite's target. */
@Injectable()
export class SuiteTools implements McpToolGroup {
  constructor(
    private readonly suites: SuitesService,
    private readonly transfer: SuiteTransferService,
    private readonly shares: SharesService,
    private readonly policies: ColumnPolicyService,
    private readonly data: SuiteDataService,
    private readonly runner: SuiteRunnerClient,
    private readonly runs: RunReadsService,
    private readonly users: UsersService,
  ) {}

  tools() {
    return [
      defineTool({
        name: 'list_suites',
        title: 'List suites',
        description:
          'The suites you can see by name, each with its datasource (connection id and kind), target, check ' +
          'count, your own grant and its last run (status, outcome counts, health score). Filter by part of ' +
          'the `name`, `connection_id` and `owner` (a user id or `me`); page with `limit` (default 50) and ' +
          "`cursor` set to the previous answer's `next_cursor`.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: SuiteListQuery }),
        rest: 'GET /suites, with GET /runs?suite_id=…&limit=1 per suite',
        call: async ({ principal }, { body }) => {
          const actor = actorOf(principal);
          const page = await this.suites.list(actor, body);
          const lastRuns = await this.runs.latestOf(
            actor,
            page.items.map((suite) => suite.id),
          );
          return {
            items: page.items.map((suite) => ({ ...suite, last_run: lastRuns.get(suite.id) ?? null })),
            next_cursor: page.next_cursor,
          };
        },
      }),
      defineTool({
        name: 'get_suite',
        title: 'Get a suite',
        description:
          'One suite: name, description, connection, target, time zone, owner, your grant, check count.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId } }),
        rest: 'GET /suites/{id}',
        call: ({ principal }, { suite_id }) => this.suites.get(actorOf(principal), suite_id),
      }),
      defineTool({
        name: 'create_suite',
        title: 'Create a suite',
        description:
          'Creates a suite on a connection (see list_connections) and a target: a table (`schema.table` on SQL ' +
          'datasources), `namespace.table` on Iceberg, or a file path or `<prefix>_*.csv` batch pattern on file ' +
          'stores (`file_encoding`: utf-8 by default, utf-16 or latin-1 for CSV files in another encoding; file ' +
          'stores only). You become its owner. Admins and Members only.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.CreateSuites,
        annotations: WRITES,
        input: toolInput({ body: CreateSuiteRequest }),
        rest: 'POST /suites',
        call: ({ principal }, { body }) => this.suites.create(actorOf(principal), body),
      }),
      defineTool({
        name: 'update_suite',
        title: 'Update a suite',
        description:
          "Changes any of a suite's name, description, connection, target, time zone or file encoding (needs " +
          '`edit`; `file_encoding` null goes back to utf-8). Moving the ' +
          'target keeps the checks; they are validated again against the new target.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES_IDEMPOTENT,
        input: toolInput({ args: { suite_id: suiteId }, body: UpdateSuiteRequest }),
        rest: 'PATCH /suites/{id}',
        call: ({ principal }, { suite_id, body }) => this.suites.update(actorOf(principal), suite_id, body),
      }),
      defineTool({
        name: 'delete_suite',
        title: 'Delete a suite',
        description:
          'Deletes a suite with its checks, runs and results (owner or admin grant). This cannot be undone.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: DESTROYS,
        input: toolInput({ args: { suite_id: suiteId } }),
        rest: 'DELETE /suites/{id}',
        call: async ({ principal }, { suite_id }) => {
          await this.suites.delete(actorOf(principal), suite_id);
          return { deleted: true, suite_id };
        },
      }),
      defineTool({
        name: 'export_suite',
        title: 'Export a suite',
        description:
          'The portable document of a suite (its checks and settings, connections by name, no secrets), for ' +
          'review or to import into another environment with import_suite.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId } }),
        rest: 'GET /suites/{id}/export',
        call: ({ principal }, { suite_id }) => this.transfer.export(actorOf(principal), suite_id),
      }),
      defineTool({
        name: 'import_suite',
        title: 'Import a suite',
        description:
          'Imports a document made by export_suite (pass its answer unchanged as `document`): creates the suite, ' +
          'or updates the suite of the same name you can edit. Suite names are unique in the workspace: a name ' +
          "held by a suite you cannot edit is refused (`suite_name_taken`). `connection_map` maps the document's " +
          'connection names to connection ids or names here. ' +
          'Through MCP the document is limited to the 1 MiB request size.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.CreateSuites,
        annotations: WRITES_IDEMPOTENT,
        input: withSuiteDocumentCheckSchemas(toolInput({ body: ImportSuiteRequest })),
        rest: 'POST /suites/import',
        call: ({ principal }, { body }) => this.transfer.import(actorOf(principal), body),
      }),
      defineTool({
        name: 'list_suite_columns',
        title: "List the target's columns",
        description: "Column names and types of the suite's target, read live from the datasource.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS_LIVE_DATA,
        input: toolInput({ args: { suite_id: suiteId } }),
        rest: 'GET /suites/{id}/columns',
        call: async ({ principal }, { suite_id }) => ({
          columns: await this.data.columns(actorOf(principal), suite_id, this.runner),
        }),
      }),
      defineTool({
        name: 'preview_suite_batch',
        title: 'Preview a batch pattern',
        description:
          'For a file-store suite whose target is a `<prefix>_*.ext` batch pattern: the files it matches now, ' +
          'with their arrival times, and which one a run would read.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS_LIVE_DATA,
        input: toolInput({ args: { suite_id: suiteId } }),
        rest: 'GET /suites/{id}/batch-preview',
        call: ({ principal }, { suite_id }) =>
          this.data.batchPreview(actorOf(principal), suite_id, this.runner),
      }),
      defineTool({
        name: 'profile_column',
        title: 'Profile columns',
        description:
          "Live statistics of the target's columns: nulls, distinct values, min, max and the most frequent " +
          'values (`top_values`, 0 to 20, default 5). Leave `columns` out to profile every column. Nothing is ' +
          "stored; the read is recorded in the audit log. Values of columns the suite's policy masks are redacted.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS_LIVE_DATA,
        input: toolInput({ args: { suite_id: suiteId }, body: ProfileRequest }),
        rest: 'POST /suites/{id}/profile',
        call: ({ principal }, { suite_id, body }) =>
          this.data.profile(actorOf(principal), suite_id, body, this.runner),
      }),
      defineTool({
        name: 'suggest_column_policy',
        title: 'Suggest a column policy',
        description:
          'Heuristic suggestions of which columns hold personal data (emails, phones, card numbers, ids...) ' +
          'from a live profile, to apply with set_column_policy. Nothing is changed.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS_LIVE_DATA,
        input: toolInput({ args: { suite_id: suiteId }, body: ProfileRequest }),
        rest: 'POST /suites/{id}/column-policy/suggest',
        call: ({ principal }, { suite_id, body }) =>
          this.data.suggestColumnPolicy(actorOf(principal), suite_id, body, this.runner),
      }),
      defineTool({
        name: 'get_column_policy',
        title: 'Get the column policy',
        description:
          'How failing-row samples of this suite are redacted, per column (`allow`, `mask` or `redact`), and ' +
          'the default for columns not listed. Under a `mask` default a sample still shows the column its ' +
          'check is about (personal values in it stay masked).',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId } }),
        rest: 'GET /suites/{id}/column-policy',
        call: ({ principal }, { suite_id }) => this.policies.get(actorOf(principal), suite_id),
      }),
      defineTool({
        name: 'set_column_policy',
        title: 'Set the column policy',
        description:
          "Replaces the suite's column policy (owner or admin grant): `columns` maps a column name to its " +
          'treatment; `default` applies to the others (under `mask`, a sample still shows the column its check ' +
          'is about unless it is listed). Applies to samples recorded from now on.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: { ...WRITES_IDEMPOTENT, destructiveHint: true },
        input: toolInput({ args: { suite_id: suiteId }, body: PutColumnPolicyRequest }),
        rest: 'PUT /suites/{id}/column-policy',
        call: ({ principal }, { suite_id, body }) => this.policies.put(actorOf(principal), suite_id, body),
      }),
      defineTool({
        name: 'list_suite_shares',
        title: "List a suite's shares",
        description:
          'Who the suite is shared with and with which grant (`view` or `edit`), oldest share first. Page ' +
          "with `limit` (default 50) and `cursor` set to the previous answer's `next_cursor`.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_id: suiteId }, body: ListPageQuery }),
        rest: 'GET /suites/{id}/shares',
        call: ({ principal }, { suite_id, body }) => this.shares.list(actorOf(principal), suite_id, body),
      }),
      defineTool({
        name: 'set_suite_share',
        title: 'Share a suite',
        description:
          'Gives a user (id from search_users) `view` or `edit` on the suite, or changes the grant they already ' +
          'have (owner or admin grant needed). A Viewer can only receive `view`.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES_IDEMPOTENT,
        input: toolInput({ args: { suite_id: suiteId }, body: CreateShareRequest }),
        rest: 'POST /suites/{id}/shares, or PATCH /suites/{id}/shares/{user_id} when a share exists',
        call: async ({ principal }, { suite_id, body }) => {
          const actor = actorOf(principal);
          try {
            return await this.shares.grant(actor, suite_id, body);
          } catch (error) {
            const existingShare =
              error instanceof AppError && error.code === ErrorCode.Conflict && 'grant' in error.detail;
            if (!existingShare) throw error;
            return this.shares.change(actor, suite_id, body.user_id, { grant: body.grant });
          }
        },
      }),
      defineTool({
        name: 'revoke_suite_share',
        title: 'Revoke a share',
        description: "Takes a user's share on the suite away (owner or admin grant needed).",
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: DESTROYS,
        input: toolInput({ args: { suite_id: suiteId, user_id: idArg('The user whose share ends.') } }),
        rest: 'DELETE /suites/{id}/shares/{user_id}',
        call: async ({ principal }, { suite_id, user_id }) => {
          await this.shares.revoke(actorOf(principal), suite_id, user_id);
          return { revoked: true, suite_id, user_id };
        },
      }),
      defineTool({
        name: 'search_users',
        title: 'Find users',
        description:
          'Users whose name or email contains `q`, to share a suite with; `max_share` says the highest grant ' +
          "each can receive. 20 a page unless `limit` says otherwise; `cursor` is the previous answer's " +
          '`next_cursor`.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: UserSearchQuery }),
        rest: 'GET /users/search?q=…',
        call: ({ principal }, { body }) => this.users.search(body, { callerRole: principal.user.role }),
      }),
    ];
  }
}
