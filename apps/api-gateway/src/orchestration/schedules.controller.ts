import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateScheduleRequest,
  ErrorCode,
  ScheduleListQuery,
  SchedulePage,
  ScheduleResponse,
  UpdateScheduleRequest,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { SchedulesService } from '@dq/orchestration';

/**
 * `/schedules`: a suite's cron schedule, read by whoever sees the suite, written with `edit` on it.
 * A hidden suite's schedule is "not found"; fire times follow docs/decisions/0040.
 */
@ApiTags('schedules')
@Controller('schedules')
@RequireCapability(WorkspaceCapability.UseSharedSuites)
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get()
  @ApiOkResponse({ type: SchedulePage })
  @ApiOperation({ operationId: 'list_schedules' })
  // A `suite_id` the caller cannot see is not found, as on `GET /runs`.
  @ApiErrors(ErrorCode.NotFound)
  list(@CurrentPrincipal() principal: Principal, @Query() query: ScheduleListQuery): Promise<SchedulePage> {
    return this.schedules.list(actorOf(principal), query);
  }

  @Post()
  @ApiCreatedResponse({ type: ScheduleResponse })
  @ApiOperation({ operationId: 'create_schedule' })
  @ApiErrors(ErrorCode.NotFound, ErrorCode.Conflict)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateScheduleRequest,
  ): Promise<ScheduleResponse> {
    return this.schedules.create(actorOf(principal), body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ScheduleResponse })
  @ApiOperation({ operationId: 'get_schedule' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ScheduleResponse> {
    return this.schedules.get(actorOf(principal), id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: ScheduleResponse })
  @ApiOperation({ operationId: 'update_schedule' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateScheduleRequest,
  ): Promise<ScheduleResponse> {
    return this.schedules.update(actorOf(principal), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'delete_schedule' })
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.schedules.delete(actorOf(principal), id);
  }
}
