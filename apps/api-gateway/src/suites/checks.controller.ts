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
  Req,
  Res,
} from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import {
  CheckBaselineResponse,
  CheckHistoryPoint,
  CheckHistoryQuery,
  CheckListQuery,
  CheckPage,
  CheckResponse,
  CheckVersionPage,
  CreateCheckRequest,
  ListPageQuery,
  SnoozeCheckRequest,
  UpdateCheckRequest,
  ErrorCode,
} from '@dq/contracts';
import { ApiErrors, setPageHeaders } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { ChecksService } from '@dq/suites';
import { SuiteRunnerClient } from '@dq/suites';
import { CHECK_EXAMPLES } from '../openapi/request-examples';

/** `/suites/{id}/checks`: reads need `view` on the suite, changes `edit` (the service decides). */
@ApiTags('checks')
@Controller('suites/:id/checks')
export class ChecksController {
  constructor(
    private readonly checks: ChecksService,
    private readonly runner: SuiteRunnerClient,
  ) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckPage })
  @ApiOperation({ operationId: 'list_checks' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: CheckListQuery,
  ): Promise<CheckPage> {
    return this.checks.list(actorOf(principal), id, query);
  }

  @Post()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiCreatedResponse({ type: CheckResponse })
  @ApiOperation({ operationId: 'create_check' })
  @ApiBody({ type: CreateCheckRequest, examples: CHECK_EXAMPLES })
  @ApiErrors(ErrorCode.Conflict, ErrorCode.ConnectionPrivileged)
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
  @ApiOperation({ operationId: 'get_check' })
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
  @ApiOperation({ operationId: 'update_check' })
  @ApiErrors(ErrorCode.Conflict, ErrorCode.ConnectionPrivileged)
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
  @ApiOperation({ operationId: 'delete_check' })
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
  @ApiOperation({ operationId: 'snooze_check' })
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
  @ApiOperation({ operationId: 'unsnooze_check' })
  async unsnooze(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<void> {
    await this.checks.unsnooze(actorOf(principal), id, cid);
  }

  @Get(':cid/versions')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckVersionPage })
  @ApiOperation({ operationId: 'list_check_versions' })
  versions(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Query() query: ListPageQuery,
  ): Promise<CheckVersionPage> {
    return this.checks.versions(actorOf(principal), id, cid, query);
  }

  @Post(':cid/versions/:n/restore')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckResponse })
  @ApiOperation({ operationId: 'restore_check_version' })
  @ApiErrors(ErrorCode.Conflict, ErrorCode.ConnectionPrivileged)
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
  @ApiOkResponse({
    type: [CheckHistoryPoint],
    description: "One page of the check's results, newest first",
    headers: {
      'X-Total-Count': { description: 'Results within the bounds in all', schema: { type: 'integer' } },
      Link: { description: '`<...>; rel="next"` when another page follows', schema: { type: 'string' } },
    },
  })
  @ApiOperation({ operationId: 'get_check_history' })
  async history(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Query() query: CheckHistoryQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CheckHistoryPoint[]> {
    const page = await this.checks.history(actorOf(principal), id, cid, query);
    setPageHeaders(request, response, page);
    return page.items;
  }

  @Get(':cid/baseline')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: CheckBaselineResponse })
  @ApiOperation({ operationId: 'get_check_baseline' })
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
  @ApiOperation({ operationId: 'rebaseline_check' })
  @ApiErrors(
    ErrorCode.DatasourceUnreachable,
    ErrorCode.DatasourceFailed,
    ErrorCode.DatasourceTimeout,
    ErrorCode.ServiceUnavailable,
  )
  rebaseline(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('cid') cid: string,
  ): Promise<CheckBaselineResponse> {
    return this.checks.rebaseline(actorOf(principal), id, cid, (suite) => this.runner.columns(suite));
  }
}
