import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ConnectionResponse,
  ConnectionTestResult,
  DraftConnectionTestRequest,
  ReauthConnectionRequest,
  ErrorCode,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { ConnectionTestsClient } from '@dq/connections';

/** Connection tests and credential rotation, through the runner (see ConnectionTestsClient). */
@ApiTags('connections')
@Controller('connections')
export class ConnectionTestsController {
  constructor(private readonly tests: ConnectionTestsClient) {}

  @Post('test')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.TestDraftConnection)
  @ApiOkResponse({ type: ConnectionTestResult })
  @ApiOperation({ operationId: 'test_draft_connection' })
  @ApiErrors(
    ErrorCode.UrlForbidden,
    ErrorCode.DatasourceUnreachable,
    ErrorCode.DatasourceTimeout,
    ErrorCode.ServiceUnavailable,
  )
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
  @ApiOperation({ operationId: 'test_connection' })
  @ApiErrors(ErrorCode.DatasourceUnreachable, ErrorCode.DatasourceTimeout, ErrorCode.ServiceUnavailable)
  testSaved(@Param('id') id: string): Promise<ConnectionTestResult> {
    return this.tests.testSaved(id);
  }

  @Post(':id/reauth')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.ManageConnections)
  @ApiOkResponse({ type: ConnectionResponse })
  @ApiOperation({ operationId: 'reauth_connection' })
  @ApiErrors(
    ErrorCode.Conflict,
    ErrorCode.UrlForbidden,
    ErrorCode.DatasourceUnreachable,
    ErrorCode.DatasourceTimeout,
    ErrorCode.ServiceUnavailable,
  )
  reauth(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ReauthConnectionRequest,
  ): Promise<ConnectionResponse> {
    return this.tests.reauth(id, body, actorOf(principal));
  }
}
