import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  type CancelledRunView,
  type RunDetailView,
  RunListQuery,
  type RunPage,
  type RunProgressView,
} from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability } from '@dq/auth';
import { RunCancellationService, RunReadsService } from '@dq/runs';
import { suiteActorOf } from '@dq/suites';

/**
 * Runs and their results. Every route answers a run of a suite the caller cannot see as "not
 * found"; cancelling needs `edit` on the suite. List and run reads are audited as data access.
 */
@Controller('runs')
@RequireCapability(WorkspaceCapability.UseSharedSuites)
export class RunsController {
  constructor(
    private readonly reads: RunReadsService,
    private readonly cancellation: RunCancellationService,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: RunListQuery): Promise<RunPage> {
    return this.reads.list(suiteActorOf(principal), query);
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<RunDetailView> {
    return this.reads.get(suiteActorOf(principal), id);
  }

  @Get(':id/progress')
  progress(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<RunProgressView> {
    return this.reads.progress(suiteActorOf(principal), id);
  }

  /** 202: a queued run is cancelled at once; a running one stops as soon as its runner hears. */
  @Post(':id/cancel')
  @HttpCode(202)
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<CancelledRunView> {
    return this.cancellation.cancel(suiteActorOf(principal), id);
  }
}
