import { Body, Controller, Get, HttpCode, Param, Post, applyDecorators } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  CheckDryRunReply,
  ColumnPolicySuggestionReply,
  CreateCheckRequest,
  ProfileRequest,
  TargetColumn,
  TargetFilesReply,
  TargetProfileReply,
  ErrorCode,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { type ColumnPolicySuggestion, SuiteDataService } from '@dq/suites';
import { SuiteRunnerClient } from '@dq/suites';
import { CHECK_EXAMPLES } from '../openapi/request-examples';

/** How a read of live data fails, besides the usual 401, 403, 404 and 422. */
function LiveDataErrors(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiResponse({
      status: 502,
      description:
        '`datasource_unreachable` or `datasource_failed`: the datasource was not reached or refused us',
    }),
    ApiResponse({
      status: 503,
      description: '`service_unavailable`: no runner is there to do the work',
    }),
    ApiResponse({
      status: 504,
      description:
        '`datasource_timeout`: past INTERACTIVE_DEADLINE_MS the statement is cancelled (`detail.deadline_seconds`)',
    }),
  );
}

/** Suite endpoints that read live data, each through the runner. */
@LiveDataErrors()
@ApiTags('suites')
@ApiErrors(
  ErrorCode.DatasourceUnreachable,
  ErrorCode.DatasourceFailed,
  ErrorCode.DatasourceTimeout,
  ErrorCode.ServiceUnavailable,
)
@Controller('suites/:id')
export class SuiteDataController {
  constructor(
    private readonly data: SuiteDataService,
    private readonly runner: SuiteRunnerClient,
  ) {}

  @Get('columns')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'list_suite_columns' })
  @ApiOkResponse({ type: [TargetColumn] })
  columns(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TargetColumn[]> {
    return this.data.columns(actorOf(principal), id, this.runner);
  }

  @Get('batch-preview')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'preview_suite_batch' })
  @ApiOkResponse({ type: TargetFilesReply })
  batchPreview(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TargetFilesReply> {
    return this.data.batchPreview(actorOf(principal), id, this.runner);
  }

  @Post('profile')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'profile_suite' })
  @ApiBody({ type: ProfileRequest, required: false })
  @ApiOkResponse({ type: TargetProfileReply })
  profile(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ProfileRequest,
  ): Promise<TargetProfileReply> {
    return this.data.profile(actorOf(principal), id, body, this.runner);
  }

  @Post('column-policy/suggest')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'suggest_column_policy' })
  @ApiBody({ type: ProfileRequest, required: false })
  @ApiOkResponse({
    type: ColumnPolicySuggestionReply,
    description: 'Columns that look personal, and the policy with a treatment for each',
  })
  suggest(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ProfileRequest,
  ): Promise<ColumnPolicySuggestion> {
    return this.data.suggestColumnPolicy(actorOf(principal), id, body, this.runner);
  }

  /** Evaluates a check body against live data as a run would, persisting nothing. */
  @Post('checks/dryrun')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'dry_run_check' })
  @ApiBody({ type: CreateCheckRequest, examples: CHECK_EXAMPLES })
  @ApiOkResponse({ type: CheckDryRunReply })
  @ApiErrors(ErrorCode.ConnectionPrivileged)
  dryRun(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CreateCheckRequest,
  ): Promise<CheckDryRunReply> {
    return this.data.dryRun(actorOf(principal), id, body, this.runner);
  }
}
