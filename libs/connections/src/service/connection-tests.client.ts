import { Injectable } from '@nestjs/common';
import {
  AppError,
  type ConnectionResponse,
  type ConnectionTestResult,
  DatasourceErrorClass,
  type DatasourceTestRequest,
  type DraftConnectionTestRequest,
  ErrorCode,
  type ReauthConnectionRequest,
  Requests,
  ServiceName,
} from '@dq/contracts';
import { RpcClient } from '@dq/messaging';
import { CONNECTION_TEST_TIMEOUT_MS } from '../use/connection-test-runner';
import { ConnectionsService } from './connections.service';
import { type Actor } from '@dq/auth';

/** The runner's own deadline plus room for the round trip: past it, no runner answered (503). */
const RUNNER_ANSWER_TIMEOUT_MS = CONNECTION_TEST_TIMEOUT_MS + 5_000;

/**
 * Connection tests and credential rotation as every gateway runs them (REST and MCP). A gateway
 * never touches a datasource nor opens a credential: it asks the runner over NATS, a draft's
 * credential sealed for the one test.
 */
@Injectable()
export class ConnectionTestsClient {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly rpc: RpcClient,
  ) {}

  async testDraft(body: DraftConnectionTestRequest, actor: Actor): Promise<ConnectionTestResult> {
    const request = await this.connections.draftTestRequest(body);
    const result = await this.askRunner(request);
    await this.connections.recordDraftTest(body.kind, result, actor);
    return answered(result);
  }

  async testSaved(id: string): Promise<ConnectionTestResult> {
    return answered(await this.askRunner(await this.connections.savedTestRequest(id)));
  }

  reauth(id: string, body: ReauthConnectionRequest, actor: Actor): Promise<ConnectionResponse> {
    return this.connections.reauthenticate(id, body, actor, (request) => this.askRunner(request));
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
