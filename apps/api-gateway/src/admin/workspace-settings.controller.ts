import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DeploymentView,
  PrivacySettingsRequest,
  PrivacySettingsView,
  ScoringSettingsView,
  ScoringWeightsRequest,
  ErrorCode,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { WorkspaceSettingsService } from '@dq/workspace-settings';

/** `/admin/scoring`, `/admin/privacy`, `/admin/deployment`: workspace settings, Admins only. */
@ApiTags('admin')
@Controller('admin')
@RequireCapability(WorkspaceCapability.AdminArea)
export class WorkspaceSettingsController {
  constructor(private readonly settings: WorkspaceSettingsService) {}

  @Get('scoring')
  @ApiOkResponse({ type: ScoringSettingsView })
  @ApiOperation({ operationId: 'get_scoring_settings' })
  scoring(): Promise<ScoringSettingsView> {
    return this.settings.scoring();
  }

  @Put('scoring')
  @ApiOkResponse({ type: ScoringSettingsView })
  @ApiOperation({ operationId: 'update_scoring_settings' })
  setScoring(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ScoringWeightsRequest,
  ): Promise<ScoringSettingsView> {
    return this.settings.setScoring(actorOf(principal), body);
  }

  @Delete('scoring')
  @ApiOkResponse({ type: ScoringSettingsView })
  @ApiOperation({ operationId: 'reset_scoring_settings' })
  resetScoring(@CurrentPrincipal() principal: Principal): Promise<ScoringSettingsView> {
    return this.settings.resetScoring(actorOf(principal));
  }

  @Get('privacy')
  @ApiOkResponse({ type: PrivacySettingsView })
  @ApiOperation({ operationId: 'get_privacy_settings' })
  privacy(): Promise<PrivacySettingsView> {
    return this.settings.privacy();
  }

  @Put('privacy')
  @ApiOkResponse({ type: PrivacySettingsView })
  @ApiOperation({ operationId: 'update_privacy_settings' })
  @ApiErrors(ErrorCode.Conflict)
  setPrivacy(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PrivacySettingsRequest,
  ): Promise<PrivacySettingsView> {
    return this.settings.setPrivacy(actorOf(principal), body);
  }

  @Get('deployment')
  @ApiOkResponse({ type: DeploymentView })
  @ApiOperation({ operationId: 'get_deployment_settings' })
  deployment(): Promise<DeploymentView> {
    return this.settings.deployment();
  }
}
