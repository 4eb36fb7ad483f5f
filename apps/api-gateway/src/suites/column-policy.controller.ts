import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ColumnPolicyView, PutColumnPolicyRequest } from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { type SamplePolicy as ColumnPolicy } from '@dq/check-engine';
import { ColumnPolicyService } from '@dq/suites';

/** `/suites/{id}/column-policy`: read by whoever sees the suite; set by its owner or an admin. */
@ApiTags('column-policy')
@Controller('suites/:id/column-policy')
export class ColumnPolicyController {
  constructor(private readonly policies: ColumnPolicyService) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'get_column_policy' })
  @ApiOkResponse({ type: ColumnPolicyView })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ColumnPolicy> {
    return this.policies.get(actorOf(principal), id);
  }

  @Put()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'replace_column_policy' })
  @ApiOkResponse({ type: ColumnPolicyView })
  put(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: PutColumnPolicyRequest,
  ): Promise<ColumnPolicy> {
    return this.policies.put(actorOf(principal), id, body);
  }
}
