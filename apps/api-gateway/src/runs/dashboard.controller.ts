import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DashboardSummaryQuery, DashboardSummaryView } from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { DashboardSummaryService } from '@dq/runs';

/** The dashboard: KPIs, run trend and per-suite performance over the suites the caller can see. */
@ApiTags('dashboard')
@Controller('dashboard')
@RequireCapability(WorkspaceCapability.UseSharedSuites)
export class DashboardController {
  constructor(private readonly dashboard: DashboardSummaryService) {}

  @Get('summary')
  @ApiOkResponse({ type: DashboardSummaryView })
  @ApiOperation({ operationId: 'get_dashboard_summary' })
  summary(
    @CurrentPrincipal() principal: Principal,
    @Query() query: DashboardSummaryQuery,
  ): Promise<DashboardSummaryView> {
    return this.dashboard.summary(actorOf(principal), query);
  }
}
