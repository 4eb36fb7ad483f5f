import { Injectable } from '@nestjs/common';
import { ScoringWeightsRequest } from '@dq/contracts';
import { WorkspaceCapability, actorOf } from '@dq/auth';
import { SecretSweepService } from '@dq/orchestration';
import { WorkspaceSettingsService } from '@dq/workspace-settings';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { DESTROYS, McpToolset, READS, WRITES, WRITES_IDEMPOTENT, defineTool } from '../catalogue/mcp-tool';
import { toolInput } from '../catalogue/tool-input';

/**
 * Workspace settings an assistant may manage for an Admin: the health-score weights, and the
 * orphan-secret sweep (report-only). Privacy (zero-sample mode) stays REST-only on purpose:
 * turning samples back on is not a decision to hand to an assistant.
 */
@Injectable()
export class AdminTools implements McpToolGroup {
  constructor(
    private readonly settings: WorkspaceSettingsService,
    private readonly secretSweep: SecretSweepService,
  ) {}

  tools() {
    return [
      defineTool({
        name: 'get_scoring_weights',
        title: 'Get scoring weights',
        description:
          'The severity weights the health score uses (`warn`, `fail`, `critical`), whether they are the ' +
          'defaults, and the defaults. Admins only.',
        toolset: McpToolset.Admin,
        capability: WorkspaceCapability.AdminArea,
        annotations: READS,
        input: toolInput({}),
        rest: 'GET /admin/scoring',
        call: () => this.settings.scoring(),
      }),
      defineTool({
        name: 'set_scoring_weights',
        title: 'Set scoring weights',
        description:
          'Sets the health-score severity weights; they must satisfy 0 <= warn <= fail <= critical and ' +
          'critical > 0. Applies to every score from now on. Audited. Admins only.',
        toolset: McpToolset.Admin,
        capability: WorkspaceCapability.AdminArea,
        annotations: { ...WRITES_IDEMPOTENT, destructiveHint: true },
        input: toolInput({ body: ScoringWeightsRequest }),
        rest: 'PUT /admin/scoring',
        call: ({ principal }, { body }) => this.settings.setScoring(actorOf(principal), body),
      }),
      defineTool({
        name: 'reset_scoring_weights',
        title: 'Reset scoring weights',
        description: 'Puts the health-score weights back to the defaults. Audited. Admins only.',
        toolset: McpToolset.Admin,
        capability: WorkspaceCapability.AdminArea,
        annotations: DESTROYS,
        input: toolInput({}),
        rest: 'DELETE /admin/scoring',
        call: ({ principal }) => this.settings.resetScoring(actorOf(principal)),
      }),
      defineTool({
        name: 'get_secret_sweep',
        title: 'Get secret sweep report',
        description:
          'The last orphan-secret sweep (daily or on demand): `never_run` until one is recorded, else ' +
          'its counts and the connection ids whose sealed credential nobody can use or nothing ' +
          'references, with the reason. Never secret material. Admins only.',
        toolset: McpToolset.Admin,
        capability: WorkspaceCapability.AdminArea,
        annotations: READS,
        input: toolInput({}),
        rest: 'GET /admin/secret-sweep',
        call: () => this.secretSweep.lastReport(),
      }),
      defineTool({
        name: 'run_secret_sweep',
        title: 'Run secret sweep',
        description:
          'Runs the orphan-secret sweep now and answers its report. Report-only: nothing is deleted ' +
          'or changed. Audited. Admins only.',
        toolset: McpToolset.Admin,
        capability: WorkspaceCapability.AdminArea,
        annotations: WRITES,
        input: toolInput({}),
        rest: 'POST /admin/secret-sweep/run',
        call: ({ principal }) => this.secretSweep.runNow(actorOf(principal)),
      }),
    ];
  }
}
