import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AlertDeliveryListQuery,
  AlertDeliveryPage,
  ErrorCode,
  NotificationChannelTestResult,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { AlertDeliveryReads, NotificationChannelsService, NotificationChannelTestClient } from '@dq/alerting';

/**
 * A channel's delivery side, for admins: `POST /notification-channels/{id}/test` (the alerting
 * service sends an `alert.test` payload now and answers what the receiver did; 503 when no alerting
 * process answers) and `GET /notification-channels/{id}/deliveries` (its deliveries and dead letters).
 */
@ApiTags('notification-channels')
@Controller('notification-channels')
export class NotificationChannelTestController {
  constructor(
    private readonly channels: NotificationChannelsService,
    private readonly tests: NotificationChannelTestClient,
    private readonly deliveries: AlertDeliveryReads,
  ) {}

  @Post(':id/test')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.AdminArea)
  @ApiOkResponse({ type: NotificationChannelTestResult })
  @ApiOperation({ operationId: 'test_notification_channel' })
  @ApiErrors(ErrorCode.ServiceUnavailable)
  async test(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<NotificationChannelTestResult> {
    // An unknown channel is the channel's 404 before anything is asked of the alerting service.
    await this.channels.get(actorOf(principal), id);
    return this.tests.test(id);
  }

  @Get(':id/deliveries')
  @RequireCapability(WorkspaceCapability.AdminArea)
  @ApiOkResponse({ type: AlertDeliveryPage })
  @ApiOperation({ operationId: 'list_notification_channel_deliveries' })
  async listDeliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: AlertDeliveryListQuery,
  ): Promise<AlertDeliveryPage> {
    await this.channels.get(actorOf(principal), id);
    return this.deliveries.list(id, query);
  }
}
