import { Controller, Param, Post } from '@nestjs/common';
import { RunTrigger } from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability } from '@dq/auth';
import { RunDispatchService } from '@dq/runs';
import { SuiteRunPlanner, suiteActorOf } from '@dq/suites';

/**
 * `POST /suites/{id}/run`: freezes the suite's enabled checks and target and queues the run for the
 * runner pool; the response carries the run id in `id`. Needs `edit` on the suite.
 */
@Controller('suites/:id/run')
export class SuiteRunsController {
  constructor(
    private readonly planner: SuiteRunPlanner,
    private readonly runs: RunDispatchService,
  ) {}

  @Post()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  async trigger(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<{ id: string; status: string; total_checks: number }> {
    const frozen = await this.planner.planFor(suiteActorOf(principal), id);
    const run = await this.runs.dispatch({
      suiteId: frozen.suiteId,
      trigger: RunTrigger.Api,
      plan: frozen.plan,
      target: frozen.target,
    });
    return { id: run.id, status: run.status, total_checks: run.totalChecks };
  }
}
