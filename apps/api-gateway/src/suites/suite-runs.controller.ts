import { Body, Controller, Param, Post, Res } from '@nestjs/common';
import { type Response } from 'express';
import { RunTrigger, TriggerRunRequest, type TriggeredRunView } from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability } from '@dq/auth';
import { RunDispatchService } from '@dq/runs';
import { SuiteRunPlanner, suiteActorOf } from '@dq/suites';

/**
 * `POST /suites/{id}/run`: freezes the suite's enabled checks and target and queues the run for the
 * runner pool; the response carries the run id in `id`. Needs `edit` on the suite. While the suite
 * has a queued run, a trigger returns that run (200, `deduplicated`) instead of queuing another,
 * unless the body asks `allow_concurrent`.
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
    @Body() body: TriggerRunRequest,
    @Res({ passthrough: true }) reply: Response,
  ): Promise<TriggeredRunView> {
    const frozen = await this.planner.planFor(suiteActorOf(principal), id);
    const { run, deduplicated } = await this.runs.trigger({
      suiteId: frozen.suiteId,
      trigger: RunTrigger.Api,
      plan: frozen.plan,
      target: frozen.target,
      allowConcurrent: body?.allow_concurrent === true,
    });
    reply.status(deduplicated ? 200 : 201);
    return { id: run.id, status: run.status, total_checks: run.totalChecks, deduplicated };
  }
}
