import { Body, Controller, Param, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { TriggerRunRequest, TriggeredRunView, ErrorCode } from '@dq/contracts';
import { ApiCreates, ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { SuiteRunTriggerService } from '@dq/runs';

/**
 * `POST /suites/{id}/run`: queues a run for the runner pool (see SuiteRunTriggerService); 201 for a
 * new run, 200 with `deduplicated` when the suite's queued or running run is returned instead.
 */
@ApiTags('runs')
@Controller('suites/:id/run')
export class SuiteRunsController {
  constructor(private readonly triggers: SuiteRunTriggerService) {}

  @Post()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiResponse({
    status: 201,
    description: 'A new run, queued (`deduplicated: false`)',
    type: TriggeredRunView,
  })
  @ApiResponse({
    status: 200,
    description: "The suite's queued or running run, returned instead of a second one (`deduplicated: true`)",
    type: TriggeredRunView,
  })
  @ApiResponse({ status: 403, description: '`forbidden`: the caller may view the suite but not edit it' })
  @ApiResponse({ status: 404, description: '`not_found`: no such suite, or none the caller may see' })
  @ApiResponse({ status: 503, description: '`service_unavailable`: the run could not be queued' })
  @ApiOperation({ operationId: 'trigger_run' })
  // Every field is optional, so a trigger may send no body at all.
  @ApiBody({ type: TriggerRunRequest, required: false })
  @ApiErrors(ErrorCode.ServiceUnavailable)
  @ApiCreates('runs/:id')
  async trigger(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: TriggerRunRequest,
    @Res({ passthrough: true }) reply: Response,
  ): Promise<TriggeredRunView> {
    const { view, deduplicated } = await this.triggers.trigger(actorOf(principal), id, body);
    reply.status(deduplicated ? 200 : 201);
    return view;
  }
}
