import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  type CheckDryRunReply,
  CreateCheckRequest,
  ProfileRequest,
  type TargetColumn,
  type TargetFilesReply,
  type TargetProfileReply,
} from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability } from '@dq/auth';
import { type ColumnPolicySuggestion, SuiteDataService, suiteActorOf } from '@dq/suites';
import { SuiteRunnerClient } from '@dq/suites';

/** Suite endpoints that read live data, each through the runner. */
@Controller('suites/:id')
export class SuiteDataController {
  constructor(
    private readonly data: SuiteDataService,
    private readonly runner: SuiteRunnerClient,
  ) {}

  @Get('columns')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  columns(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TargetColumn[]> {
    return this.data.columns(suiteActorOf(principal), id, this.runner);
  }

  @Get('batch-preview')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  batchPreview(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TargetFilesReply> {
    return this.data.batchPreview(suiteActorOf(principal), id, this.runner);
  }

  @Post('profile')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  profile(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ProfileRequest,
  ): Promise<TargetProfileReply> {
    return this.data.profile(suiteActorOf(principal), id, body, this.runner);
  }

  @Post('column-policy/suggest')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  suggest(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ProfileRequest,
  ): Promise<ColumnPolicySuggestion> {
    return this.data.suggestColumnPolicy(suiteActorOf(principal), id, body, this.runner);
  }

  /** Evaluates a check body against live data as a run would, persisting nothing. */
  @Post('checks/dryrun')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  dryRun(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CreateCheckRequest,
  ): Promise<CheckDryRunReply> {
    return this.data.dryRun(suiteActorOf(principal), id, body, this.runner);
  }
}
