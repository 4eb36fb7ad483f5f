import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import {
  DeploymentView,
  PrivacySettingsRequest,
  PrivacySettingsView,
  ScoringSettingsView,
  ScoringWeightsRequest,
} from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { WorkspaceSettingsService } from '@dq/workspace-settings';

/** `/admin/scoring`, `/admin/privacy`, `/admin/deployment`: workspace settings, Admins only. */
@Controller('admin')
@RequireCapability(WorkspaceCapability.AdminArea)
export class WorkspaceSettingsController {
  constructor(private readonly settings: WorkspaceSettingsService) {}

  @Get('scoring')
  @ApiOkResponse({ type: ScoringSettingsView })
  scoring(): Promise<ScoringSettingsView> {
    return this.settings.scoring();
  }

  @Put('scoring')
  @ApiOkResponse({ type: ScoringSettingsView })
  setScoring(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ScoringWeightsRequest,
  ): Promise<ScoringSettingsView> {
    return this.settings.setScoring(actorOf(principal), body);
  }

  @Delete('scoring')
  @ApiOkResponse({ type: ScoringSettingsView })
  resetScoring(@CurrentPrincipal() principal: Principal): Promise<ScoringSettingsView> {
    return this.settings.resetScoring(actorOf(principal));
  }

  @Get('privacy')
  @ApiOkResponse({ type: PrivacySettingsView })
  privacy(): Promise<PrivacySettingsView> {
    return this.settings.privacy();
  }

  @Put('privacy')
  @ApiOkResponse({ type: PrivacySettingsView })
  setPrivacy(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PrivacySettingsRequest,
  ): Promise<PrivacySettingsView> {
    return this.settings.setPrivacy(actorOf(principal), body);
  }

  @Get('deployment')
  @ApiOkResponse({ type: DeploymentView })
  deployment(): Promise<DeploymentView> {
    return this.settings.deployment();
  }
}
