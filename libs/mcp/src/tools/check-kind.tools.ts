import { Injectable } from '@nestjs/common';
import { CheckKindListQuery } from '@dq/contracts';
import { WorkspaceCapability } from '@dq/auth';
import { CHECK_KINDS, describeCheckKind, listCheckKinds } from '@dq/check-engine';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { McpToolset, READS, defineTool } from '../catalogue/mcp-tool';
import { type ArgSpec, stringArg, toolInput } from '../catalogue/tool-input';

/**
 * A check kind by name. The schema lists the kinds; any name is accepted, so an unknown one is
 * REST's 404 `not_found`, not a different refusal.
 */
const checkKind: ArgSpec<string> = {
  ...stringArg({ description: 'The check kind.', maxLength: 64 }),
  schema: { type: 'string', enum: [...CHECK_KINDS], description: 'The check kind.' },
};

/** The engine's catalogue of check kinds and expectation types, as `GET /check-kinds` serves it. */
@Injectable()
export class CheckKindTools implements McpToolGroup {
  tools() {
    return [
      defineTool({
        name: 'list_check_kinds',
        title: 'List check kinds',
        description:
          'The check kinds this service evaluates, each with its config parameters (JSON type, required, ' +
          'default, allowed values, bounds), the datasource kinds it runs on, its thresholds and a valid ' +
          'example body for create_check; expectations list every expectation type the same way. Give ' +
          '`datasource_kind` (a connection kind) to see only what runs there. Paged with `limit` and `cursor`.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: CheckKindListQuery }),
        rest: 'GET /check-kinds',
        call: async (_context, { body }) => listCheckKinds(body),
      }),
      defineTool({
        name: 'describe_check_kind',
        title: 'Describe a check kind',
        description:
          'One check kind: its config parameters, the rules across them, the datasource kinds each variant ' +
          'runs on, its thresholds, the JSON Schema of its config and a valid example body; for `expectation` ' +
          'every expectation type with its kwargs and an example.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { kind: checkKind } }),
        rest: 'GET /check-kinds/{kind}',
        call: async (_context, { kind }) => describeCheckKind(kind),
      }),
    ];
  }
}
