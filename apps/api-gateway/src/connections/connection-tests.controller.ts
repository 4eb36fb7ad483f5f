import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import {
  ConnectionResponse,
  ConnectionTestResult,
  DraftConnectionTestRequest,
  ReauthConnectionRequest,
} from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { ConnectionTestsClient } from '@dq/connections';

/** Connection tests and credential rotation, through the runner (see ConnectionTestsClient). */
@Controller('connections')
export class ConnectionTestsController {
  constructor(private readonly tests: ConnectionTestsClient) {}

  @Post('test')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.TestDraftConnection)
  @ApiOkResponse({ type: ConnectionTestResult })
  testDraft(
    @CurrentPrincipal() principal: Principal,
    @Body() body: DraftConnectionTestRequest,
  ): Promise<ConnectionTestResult> {
    return this.tests.testDraft(body, actorOf(principal));
  }

  @Post(':id/test')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.TestSavedConnection)
  @ApiOkResponse({ type: ConnectionTestResult })
  testSaved(@Param('id') id: string): Promise<ConnectionTestResult> {
    return this.tests.testSaved(id);
  }

  @Post(':id/reauth')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.ManageConnections)
  @ApiOkResponse({ type: ConnectionResponse })
  reauth(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ReauthConnectionRequest,
  ): Promise<ConnectionResponse> {
    return this.tests.reauth(id, body, actorOf(principal));
  }
}
