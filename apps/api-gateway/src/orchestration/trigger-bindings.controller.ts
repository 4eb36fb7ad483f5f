import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateTriggerBindingRequest,
  ErrorCode,
  TriggerBindingListQuery,
  TriggerBindingPage,
  TriggerBindingResponse,
  UpdateTriggerBindingRequest,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { TriggerBindingsService } from '@dq/orchestration';

/**
 * `/trigger-bindings`: pipeline-to-suite bindings. Read by whoever sees the bound suite; created,
 * changed (incl. enable/disable) and deleted with `edit` on it.
 */
@ApiTags('trigger-bindings')
@Controller('trigger-bindings')
export class TriggerBindingsController {
  constructor(private readonly bindings: TriggerBindingsService) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: TriggerBindingPage })
  @ApiOperation({ operationId: 'list_trigger_bindings' })
  @ApiErrors(ErrorCode.NotFound)
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: TriggerBindingListQuery,
  ): Promise<TriggerBindingPage> {
    return this.bindings.list(actorOf(principal), query);
  }

  @Post()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiCreatedResponse({ type: TriggerBindingResponse })
  @ApiOperation({ operationId: 'create_trigger_binding' })
  @ApiErrors(ErrorCode.NotFound, ErrorCode.Conflict)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateTriggerBindingRequest,
  ): Promise<TriggerBindingResponse> {
    return this.bindings.create(actorOf(principal), body);
  }

  @Get(':id')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: TriggerBindingResponse })
  @ApiOperation({ operationId: 'get_trigger_binding' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TriggerBindingResponse> {
    return this.bindings.get(actorOf(principal), id);
  }

  @Patch(':id')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: TriggerBindingResponse })
  @ApiOperation({ operationId: 'update_trigger_binding' })
  @ApiErrors(ErrorCode.Conflict)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateTriggerBindingRequest,
  ): Promise<TriggerBindingResponse> {
    return this.bindings.update(actorOf(principal), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'delete_trigger_binding' })
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.bindings.delete(actorOf(principal), id);
  }
}
