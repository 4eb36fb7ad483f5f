import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ErrorCode,
  IncidentListQuery,
  IncidentPage,
  IncidentResponse,
  ResolveIncidentRequest,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { IncidentLifecycle, IncidentReads, toIncidentResponse } from '@dq/alerting';

/**
 * `/incidents`: read by whoever views the suite (a hidden suite's incident is a 404); acknowledged
 * and resolved with `edit` on it. A transition from a state that does not allow it is a 409
 * (docs/decisions/0047).
 */
@ApiTags('incidents')
@Controller('incidents')
export class IncidentsController {
  constructor(
    private readonly reads: IncidentReads,
    private readonly lifecycle: IncidentLifecycle,
  ) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: IncidentPage })
  @ApiOperation({ operationId: 'list_incidents' })
  @ApiErrors(ErrorCode.NotFound)
  list(@CurrentPrincipal() principal: Principal, @Query() query: IncidentListQuery): Promise<IncidentPage> {
    return this.reads.list(actorOf(principal), query);
  }

  @Get(':id')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: IncidentResponse })
  @ApiOperation({ operationId: 'get_incident' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentResponse> {
    return this.reads.get(actorOf(principal), id);
  }

  @Post(':id/ack')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: IncidentResponse })
  @ApiOperation({ operationId: 'ack_incident' })
  @ApiErrors(ErrorCode.Conflict)
  async ack(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentResponse> {
    return toIncidentResponse(await this.lifecycle.acknowledge(actorOf(principal), id));
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiBody({ type: ResolveIncidentRequest, required: false })
  @ApiOkResponse({ type: IncidentResponse })
  @ApiOperation({ operationId: 'resolve_incident' })
  @ApiErrors(ErrorCode.Conflict)
  async resolve(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ResolveIncidentRequest,
  ): Promise<IncidentResponse> {
    return toIncidentResponse(await this.lifecycle.resolve(actorOf(principal), id, body ?? {}));
  }
}
