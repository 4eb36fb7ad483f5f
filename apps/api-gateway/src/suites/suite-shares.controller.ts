import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateShareRequest,
  ErrorCode,
  ListPageQuery,
  SharePage,
  ShareResponse,
  UpdateShareRequest,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { SharesService } from '@dq/suites';

/** `/suites/{id}/shares`: listed to whoever sees the suite; granted by its owner or an admin. */
@ApiTags('shares')
@Controller('suites/:id/shares')
export class SuiteSharesController {
  constructor(private readonly shares: SharesService) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: SharePage })
  @ApiOperation({ operationId: 'list_shares' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: ListPageQuery,
  ): Promise<SharePage> {
    return this.shares.list(actorOf(principal), id, query);
  }

  @Post()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiCreatedResponse({ type: ShareResponse })
  @ApiOperation({ operationId: 'create_share' })
  @ApiErrors(ErrorCode.Conflict)
  grant(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CreateShareRequest,
  ): Promise<ShareResponse> {
    return this.shares.grant(actorOf(principal), id, body);
  }

  @Patch(':userId')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: ShareResponse })
  @ApiOperation({ operationId: 'update_share' })
  change(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: UpdateShareRequest,
  ): Promise<ShareResponse> {
    return this.shares.change(actorOf(principal), id, userId, body);
  }

  @Delete(':userId')
  @HttpCode(204)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'delete_share' })
  async revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    await this.shares.revoke(actorOf(principal), id, userId);
  }
}
