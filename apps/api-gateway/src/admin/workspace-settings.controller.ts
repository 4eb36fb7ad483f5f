import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import {
  type DeploymentView,
  PrivacySettingsRequest,
  type PrivacySettingsView,
  type ScoringSettingsView,
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
  scoring(): Promise<ScoringSettingsView> {
    return this.settings.scoring();
  }

  @Put('scoring')
  setScoring(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ScoringWeightsRequest,
  ): Promise<ScoringSettingsView> {
    return this.settings.setScoring(actorOf(principal), body);
  }

  @Delete('scoring')
  resetScoring(@CurrentPrincipal() principal: Principal): Promise<ScoringSettingsView> {
    return this.settings.resetScoring(actorOf(principal));
  }

  @Get('privacy')
  privacy(): Promise<PrivacySettingsView> {
    return this.settings.privacy();
  }

  @Put('privacy')
  setPrivacy(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PrivacySettingsRequest,
  ): Promise<PrivacySettingsView> {
    return this.settings.setPrivacy(actorOf(principal), body);
  }

  @Get('deployment')
  deployment(): Promise<DeploymentView> {
    return this.settings.deployment();
  }
}
