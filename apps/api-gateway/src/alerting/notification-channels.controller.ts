import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateNotificationChannelRequest,
  ErrorCode,
  NotificationChannelListQuery,
  NotificationChannelPage,
  NotificationChannelResponse,
  NotificationChannelWithKeyResponse,
  UpdateNotificationChannelRequest,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { NotificationChannelsService } from '@dq/alerting';

/**
 * `/notification-channels`: listed and read by any signed-in user (never the URL or a credential;
 * the payload template for admins only); created, changed and deleted by workspace admins. A
 * webhook channel's signing key is in the create answer and the rotate answer only.
 */
@ApiTags('notification-channels')
@Controller('notification-channels')
export class NotificationChannelsController {
  constructor(private readonly channels: NotificationChannelsService) {}

  // Every role holds this capability: channels are listed to any signed-in user.
  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: NotificationChannelPage })
  @ApiOperation({ operationId: 'list_notification_channels' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: NotificationChannelListQuery,
  ): Promise<NotificationChannelPage> {
    return this.channels.list(actorOf(principal), query);
  }

  @Post()
  @RequireCapability(WorkspaceCapability.AdminArea)
  @ApiCreatedResponse({ type: NotificationChannelWithKeyResponse })
  @ApiOperation({ operationId: 'create_notification_channel' })
  @ApiErrors(ErrorCode.Conflict, ErrorCode.UrlForbidden)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateNotificationChannelRequest,
  ): Promise<NotificationChannelWithKeyResponse> {
    return this.channels.create(actorOf(principal), body);
  }

  @Get(':id')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: NotificationChannelResponse })
  @ApiOperation({ operationId: 'get_notification_channel' })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<NotificationChannelResponse> {
    return this.channels.get(actorOf(principal), id);
  }

  @Patch(':id')
  @RequireCapability(WorkspaceCapability.AdminArea)
  @ApiOkResponse({ type: NotificationChannelWithKeyResponse })
  @ApiOperation({ operationId: 'update_notification_channel' })
  @ApiErrors(ErrorCode.Conflict, ErrorCode.UrlForbidden, ErrorCode.ChannelCredentialRedirect)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateNotificationChannelRequest,
  ): Promise<NotificationChannelWithKeyResponse> {
    return this.channels.update(actorOf(principal), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireCapability(WorkspaceCapability.AdminArea)
  @ApiOperation({ operationId: 'delete_notification_channel' })
  @ApiErrors(ErrorCode.ChannelInUse)
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.channels.delete(actorOf(principal), id);
  }
}
