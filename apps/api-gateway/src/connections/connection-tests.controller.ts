import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  AppError,
  type ConnectionResponse,
  type ConnectionTestResult,
  DatasourceErrorClass,
  type DatasourceTestRequest,
  DraftConnectionTestRequest,
  ErrorCode,
  ReauthConnectionRequest,
  Requests,
  ServiceName,
} from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability } from '@dq/auth';
import { CONNECTION_TEST_TIMEOUT_MS, ConnectionsService } from '@dq/connections';
import { RpcClient } from '@dq/messaging';
import { actorOf } from './connection-actor';

/** The runner's own deadline plus room for the round trip: past it, no runner answered (503). */
const RUNNER_ANSWER_TIMEOUT_MS = CONNECTION_TEST_TIMEOUT_MS + 5_000;

/**
 * Connection tests and credential rotation. The gateway never touches a datasource nor opens a
 * credential: it asks the runner over NATS, a draft's credential sealed for the one test.
 */
@Controller('connections')
export class ConnectionTestsController {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly rpc: RpcClient,
  ) {}

  @Post('test')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.TestDraftConnection)
  async testDraft(
    @CurrentPrincipal() principal: Principal,
    @Body() body: DraftConnectionTestRequest,
  ): Promise<ConnectionTestResult> {
    const request = await this.connections.draftTestRequest(body);
    const result = await this.askRunner(request);
    await this.connections.recordDraftTest(body.kind, result, actorOf(principal));
    return answered(result);
  }

  @Post(':id/test')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.TestSavedConnection)
  async testSaved(@Param('id') id: string): Promise<ConnectionTestResult> {
    return answered(await this.askRunner(await this.connections.savedTestRequest(id)));
  }

  @Post(':id/reauth')
  @HttpCode(200)
  @RequireCapability(WorkspaceCapability.ManageConnections)
  reauth(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ReauthConnectionRequest,
  ): Promise<ConnectionResponse> {
    return this.connections.reauthenticate(id, body, actorOf(principal), (request) =>
      this.askRunner(request),
    );
  }

  private askRunner(request: DatasourceTestRequest): Promise<ConnectionTestResult> {
    return this.rpc.request(Requests.DatasourceTest, ServiceName.Runner, request, {
      timeoutMs: RUNNER_ANSWER_TIMEOUT_MS,
    });
  }
}

/** Spec: an unreachable datasource answers 502; every other failure is a 200 with `ok: false`. */
function answered(result: ConnectionTestResult): ConnectionTestResult {
  if (result.error?.class === DatasourceErrorClass.Unreachable) {
    throw new AppError(ErrorCode.DatasourceUnreachable, result.error.message, { test: result });
  }
  return result;
}
