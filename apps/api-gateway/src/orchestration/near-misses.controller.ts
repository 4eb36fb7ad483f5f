import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListPageQuery, NearMissPage } from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { NearMissesService } from '@dq/orchestration';

/**
 * `/orchestration/near-misses`: succeeded pipeline runs that matched no enabled binding, newest
 * first, each with the closest binding and why it did not match. Who sees which: docs/orchestration.md.
 */
@ApiTags('orchestration')
@Controller('orchestration/near-misses')
export class NearMissesController {
  constructor(private readonly nearMisses: NearMissesService) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: NearMissPage })
  @ApiOperation({ operationId: 'list_near_misses' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListPageQuery): Promise<NearMissPage> {
    return this.nearMisses.list(actorOf(principal), query);
  }
}
