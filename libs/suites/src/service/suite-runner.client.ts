import { Injectable } from '@nestjs/common';
import {
  type CheckDryRunReply,
  type CheckDryRunRequest,
  type FileEncoding,
  Requests,
  ServiceName,
  type TargetColumn,
  type TargetFilesReply,
  type TargetProfileReply,
  type TargetProfileRequest,
  type TargetRequest,
} from '@dq/contracts';
import { RpcClient } from '@dq/messaging';

/** Interactive datasource work is bounded in the runner; this leaves room for the round trip. */
const RUNNER_ANSWER_TIMEOUT_MS = 125_000;

/** What the runner needs of a suite to read its target. */
export interface SuiteTargetRef {
  connectionId: string;
  target: string;
  fileEncoding?: FileEncoding | null;
}

function targetRequestOf(suite: SuiteTargetRef): TargetRequest {
  return {
    connection_id: suite.connectionId,
    target: suite.target,
    ...(suite.fileEncoding ? { file_encoding: suite.fileEncoding } : {}),
  };
}

/** The gateway's one way to the datasources: the runner, over NATS, for a suite's target. */
@Injectable()
export class SuiteRunnerClient {
  constructor(private readonly rpc: RpcClient) {}

  async columns(suite: SuiteTargetRef): Promise<TargetColumn[]> {
    const reply = await this.rpc.request(Requests.TargetColumns, ServiceName.Runner, targetRequestOf(suite), {
      timeoutMs: RUNNER_ANSWER_TIMEOUT_MS,
    });
    return reply.columns;
  }

  files(suite: SuiteTargetRef): Promise<TargetFilesReply> {
    return this.rpc.request(Requests.TargetFiles, ServiceName.Runner, targetRequestOf(suite), {
      timeoutMs: RUNNER_ANSWER_TIMEOUT_MS,
    });
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
