import { Injectable } from '@nestjs/common';
import { IncidentListQuery, ResolveIncidentRequest } from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { IncidentLifecycle, IncidentReads, toIncidentResponse } from '@dq/alerting';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { McpToolset, READS, WRITES, defineTool } from '../catalogue/mcp-tool';
import { idArg, toolInput } from '../catalogue/tool-input';

const incidentId = idArg('The incident id (from list_incidents).');

/** Incidents: list, read with the evidence card, acknowledge, resolve (docs/decisions/0047). */
@Injectable()
export class IncidentTools implements McpToolGroup {
  constructor(
    private readonly reads: IncidentReads,
    private readonly lifecycle: IncidentLifecycle,
  ) {}

  tools() {
    return [
      defineTool({
        name: 'list_incidents',
        title: 'List incidents',
        description:
          'Incidents of the suites the caller can see (one per failing check until resolved), newest first; filter ' +
          "by `state` (open, acknowledged, resolved), `suite_id` or `severity` (warn, fail, critical). Page with `limit` and `cursor` (the previous answer's `next_cursor`).",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: IncidentListQuery }),
        rest: 'GET /incidents',
        call: ({ principal }, { body }) => this.reads.list(actorOf(principal), body),
      }),
      defineTool({
        name: 'get_incident',
        title: 'Get an incident',
        description:
          'One incident with its evidence card: the check (now and the version that failed), the latest failing ' +
          "result's metric against its thresholds and its redacted failing-row samples, and the check's last 10 runs.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { incident_id: incidentId } }),
        rest: 'GET /incidents/{id}',
        call: ({ principal }, { incident_id }) => this.reads.get(actorOf(principal), incident_id),
      }),
      defineTool({
        name: 'ack_incident',
        title: 'Acknowledge an incident',
        description:
          'Moves an open incident to acknowledged (someone is on it). Any other state is a conflict. Needs `edit` on the suite.',
        toolset: McpToolset.Operate,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES,
        input: toolInput({ args: { incident_id: incidentId } }),
        rest: 'POST /incidents/{id}/ack',
        call: async ({ principal }, { incident_id }) =>
          toIncidentResponse(await this.lifecycle.acknowledge(actorOf(principal), incident_id)),
      }),
      defineTool({
        name: 'resolve_incident',
        title: 'Resolve an incident',
        description:
          'Resolves an open or acknowledged incident, optionally with a `reason` (fixed, expected, false_positive, ' +
          'no_action_needed) and a `comment`. A false_positive leaves its runs out of anomaly baselines. The next ' +
          'failure opens a new incident. Needs `edit` on the suite.',
        toolset: McpToolset.Operate,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: WRITES,
        input: toolInput({ args: { incident_id: incidentId }, body: ResolveIncidentRequest }),
        rest: 'POST /incidents/{id}/resolve',
        call: async ({ principal }, { incident_id, body }) =>
          toIncidentResponse(await this.lifecycle.resolve(actorOf(principal), incident_id, body)),
      }),
    ];
  }
}
