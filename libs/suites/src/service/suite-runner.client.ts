import { Injectable } from '@nestjs/common';
import {
  type CheckDryRunReply,
  type CheckDryRunRequest,
  Requests,
  ServiceName,
  type TargetColumn,
  type TargetFilesReply,
  type TargetProfileReply,
  type TargetProfileRequest,
} from '@dq/contracts';
import { RpcClient } from '@dq/messaging';

/** Interactive datasource work is bounded in the runner; this leaves room for the round trip. */
const RUNNER_ANSWER_TIMEOUT_MS = 125_000;

/** The gateway's one way to the datasources: the runner, over NATS, for a suite's target. */
@Injectable()
export class SuiteRunnerClient {
  constructor(private readonly rpc: RpcClient) {}

  async columns(suite: { connectionId: string; target: string }): Promise<TargetColumn[]> {
    const reply = await this.rpc.request(
      Requests.TargetColumns,
      ServiceName.Runner,
      { connection_id: suite.connectionId, target: suite.target },
      { timeoutMs: RUNNER_ANSWER_TIMEOUT_MS },
    );
    return reply.columns;
  }

  files(suite: { connectionId: string; target: string }): Promise<TargetFilesReply> {
    return this.rpc.request(
      Requests.TargetFiles,
      ServiceName.Runner,
      { connection_id: suite.connectionId, target: suite.target },
      { timeoutMs: RUNNER_ANSWER_TIMEOUT_MS },
    );
  }

  profile(request: TargetProfileRequest): Promise<TargetProfileReply> {
    return this.rpc.request(Requests.TargetProfile, ServiceName.Runner, request, {
      timeoutMs: RUNNER_ANSWER_TIMEOUT_MS,
    });
  }

  dryRun(request: CheckDryRunRequest): Promise<CheckDryRunReply> {
    return this.rpc.request(Requests.CheckDryRun, ServiceName.Runner, request, {
      timeoutMs: RUNNER_ANSWER_TIMEOUT_MS,
    });
  }
}
