import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ErrorCode,
  SetSuiteNotificationsRequest,
  SuiteChannelLinkQuery,
  SuiteNotificationChannelListQuery,
  SuiteNotificationChannelPage,
  SuiteNotificationChannelResponse,
  SuiteNotificationsResponse,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { SuiteNotificationsService } from '@dq/alerting';

/**
 * `/suites/{id}/notifications` and `/suites/{id}/notification-channels`: a suite's alert config
 * and linked channels, read with `view` on the suite and written with `edit` (docs/decisions/0046).
 */
@ApiTags('notifications')
@Controller('suites/:id')
@RequireCapability(WorkspaceCapability.UseSharedSuites)
export class SuiteNotificationsController {
  constructor(private readonly notifications: SuiteNotificationsService) {}

  @Get('notifications')
  @ApiOkResponse({ type: SuiteNotificationsResponse })
  @ApiOperation({ operationId: 'get_suite_notifications' })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<SuiteNotificationsResponse> {
    return this.notifications.get(actorOf(principal), id);
  }

  @Put('notifications')
  @ApiOkResponse({ type: SuiteNotificationsResponse })
  @ApiOperation({ operationId: 'set_suite_notifications' })
  set(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: SetSuiteNotificationsRequest,
  ): Promise<SuiteNotificationsResponse> {
    return this.notifications.set(actorOf(principal), id, body);
  }

  @Delete('notifications')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiOperation({ operationId: 'reset_suite_notifications' })
  async reset(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.notifications.reset(actorOf(principal), id);
  }

  @Get('notification-channels')
  @ApiOkResponse({ type: SuiteNotificationChannelPage })
  @ApiOperation({ operationId: 'list_suite_notification_channels' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: SuiteNotificationChannelListQuery,
  ): Promise<SuiteNotificationChannelPage> {
    return this.notifications.listChannels(actorOf(principal), id, query);
  }

  @Put('notification-channels/:channelId')
  @ApiOkResponse({ type: SuiteNotificationChannelResponse })
  @ApiOperation({ operationId: 'link_suite_notification_channel' })
  @ApiErrors(ErrorCode.NotFound)
  link(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('channelId') channelId: string,
    @Query() query: SuiteChannelLinkQuery,
  ): Promise<SuiteNotificationChannelResponse> {
    return this.notifications.link(actorOf(principal), id, channelId, query.role);
  }

  @Delete('notification-channels/:channelId')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiOperation({ operationId: 'unlink_suite_notification_channel' })
  async unlink(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('channelId') channelId: string,
    @Query() query: SuiteChannelLinkQuery,
  ): Promise<void> {
    await this.notifications.unlink(actorOf(principal), id, channelId, query.role);
  }
}
