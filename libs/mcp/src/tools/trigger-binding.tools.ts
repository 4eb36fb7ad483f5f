import { Injectable } from '@nestjs/common';
import {
  CreateTriggerBindingRequest,
  ListPageQuery,
  TriggerBindingListQuery,
  UpdateTriggerBindingRequest,
} from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { NearMissesService, TriggerBindingsService } from '@dq/orchestration';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { DESTROYS, McpToolset, READS, WRITES, WRITES_IDEMPOTENT, defineTool } from '../catalogue/mcp-tool';
import { idArg, toolInput } from '../catalogue/tool-input';

const bindingId = idArg('The trigger binding id (from list_trigger_bindings).');

/** Pipeline triggers: bindings of an orchestrator pipeline to a suite, and the near-misses. */
@Injectable()
export class TriggerBindingTools implements McpToolGroup {
  constructor(
    private readonly bindings: TriggerBindingsService,
    private readonly nearMisses: NearMissesService,
  ) {}

  tools() {
    return [
      defineTool({
        name: 'list_trigger_bindings',
        title: 'List trigger bindings',
        description:
          'Pipeline-to-suite bindings of the suites the caller can see (provider, pipeline_id, env, suite_id, ' +
          "enabled), oldest first; filter by `suite_id` or `provider`. Page with `limit` and `cursor` (the previous answer's `next_cursor`).",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: TriggerBindingListQuery }),
        rest: 'GET /trigger-bindings',
        call: ({ principal }, { body }) => this.bindings.list(actorOf(principal), body),
      }),
      defineTool({
        name: 'get_trigger_binding',
        title: 'Get a trigger binding',
        description: 'One pipeline-to-suite binding, with whether its suite still exists.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { binding_id: bindingId } }),
        rest: 'GET /trigger-bindings/{id}',
        call: ({ principal }, { binding_id }) => this.bindings.get(actorOf(principal), binding_id),
      }),
      defineTool({
        name: 'create_trigger_binding',
        title: 'Create a trigger binding',
        description:
          'Binds an orchestrator pipeline (provider `factory`, `scheduler` or `builder`; pipeline_id and env exactly ' +
          'as the orchestrator reports them, case and spaces count) to a suite: each SUCCEEDED run of it queues the ' +
          'suite once; a failed run never does. Needs `edit` on the suite.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES,
        input: toolInput({ body: CreateTriggerBindingRequest }),
        rest: 'POST /trigger-bindings',
        call: ({ principal }, { body }) => this.bindings.create(actorOf(principal), body),
      }),
      defineTool({
        name: 'update_trigger_binding',
        title: 'Update a trigger binding',
        description:
          'Changes a binding: `enabled` turns it on or off; provider, pipeline_id, env or suite_id move it. Needs ' +
          '`edit` on the suite (on both when it moves).',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES_IDEMPOTENT,
        input: toolInput({ args: { binding_id: bindingId }, body: UpdateTriggerBindingRequest }),
        rest: 'PATCH /trigger-bindings/{id}',
        call: ({ principal }, { binding_id, body }) =>
          this.bindings.update(actorOf(principal), binding_id, body),
      }),
      defineTool({
        name: 'delete_trigger_binding',
        title: 'Delete a trigger binding',
        description: 'Removes a binding: its pipeline no longer queues the suite. Needs `edit` on the suite.',
        toolset: McpToolset.Authoring,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: DESTROYS,
        input: toolInput({ args: { binding_id: bindingId } }),
        rest: 'DELETE /trigger-bindings/{id}',
        call: async ({ principal }, { binding_id }) => {
          await this.bindings.delete(actorOf(principal), binding_id);
          return { deleted: true, binding_id };
        },
      }),
      defineTool({
        name: 'list_near_misses',
        title: 'List near-misses',
        description:
          'Succeeded pipeline runs that queued no suite, newest first, each with the closest binding and why it did ' +
          'not match: `disabled`, `suite_deleted`, `id_differs_by_case_or_whitespace`, `other_environment`, or ' +
          '`none`. The binding is shown only when the caller can see its suite.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: ListPageQuery }),
        rest: 'GET /orchestration/near-misses',
        call: ({ principal }, { body }) => this.nearMisses.list(actorOf(principal), body),
      }),
    ];
  }
}
