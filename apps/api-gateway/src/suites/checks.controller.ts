import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import {
  CheckBaselineResponse,
  CheckHistoryPoint,
  CheckHistoryQuery,
  CheckResponse,
  CheckVersionResponse,
  CreateCheckRequest,
  SnoozeCheckRequest,
  UpdateCheckRequest,
} from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { ChecksService, HISTORY_MAX_LIMIT } from '@dq/suites';
import { SuiteRunnerClient } from '@dq/suites';

/** `/suites/{id}/checks`: reads need `view` on the suite, changes `edit` (the service decides). */
@Controller('suites/:id/checks')
export class ChecksController {
  constructor(
    private readonly checks: ChecksService,
    private readonly runner: SuiteRunnerClient,
  ) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: [CheckResponse] })
  list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<CheckResponse[]> {
    return this.checks.list(actorOf(principal), id);
  }

  @Post()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiCreatedResponse({ type: CheckResponse })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CreateCheckRequest,
  ): Promise<CheckResponse> {
    return this.checks.create(actorOf(principal), id, body);
  }

  @Get(':cid')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckResponse })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<CheckResponse> {
    return this.checks.get(actorOf(principal), id, cid);
  }

  @Patch(':cid')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckResponse })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Body() body: UpdateCheckRequest,
  ): Promise<CheckResponse> {
    return this.checks.update(actorOf(principal), id, cid, body);
  }

  @Delete(':cid')
  @HttpCode(204)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<void> {
    await this.checks.delete(actorOf(principal), id, cid);
  }

  @Post(':cid/snooze')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckResponse })
  snooze(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Body() body: SnoozeCheckRequest,
  ): Promise<CheckResponse> {
    return this.checks.snooze(actorOf(principal), id, cid, body.hours);
  }

  @Delete(':cid/snooze')
  @HttpCode(204)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  async unsnooze(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<void> {
    await this.checks.unsnooze(actorOf(principal), id, cid);
  }

  @Get(':cid/versions')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: [CheckVersionResponse] })
  versions(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<CheckVersionResponse[]> {
    return this.checks.versions(actorOf(principal), id, cid);
  }

  @Post(':cid/versions/:n/restore')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckResponse })
  restore(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Param('n', new ParseIntPipe({ errorHttpStatusCode: 404 })) n: number,
  ): Promise<CheckResponse> {
    return this.checks.restore(actorOf(principal), id, cid, n);
  }

  @Get(':cid/history')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: [CheckHistoryPoint] })
  history(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Query() query: CheckHistoryQuery,
  ): Promise<CheckHistoryPoint[]> {
    return this.checks.history(
      actorOf(principal),
      id,
      cid,
      query.limit === undefined ? undefined : Math.min(query.limit, HISTORY_MAX_LIMIT),
    );
  }

  @Get(':cid/baseline')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckBaselineResponse })
  baseline(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<CheckBaselineResponse> {
    return this.checks.baseline(actorOf(principal), id, cid);
  }

  @Post(':cid/rebaseline')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckBaselineResponse })
  rebaseline(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<CheckBaselineResponse> {
    return this.checks.rebaseline(actorOf(principal), id, cid, (suite) => this.runner.columns(suite));
  }
}
