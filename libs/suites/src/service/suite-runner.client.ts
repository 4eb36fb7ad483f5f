import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  AppError,
  type CheckDryRunReply,
  type CheckDryRunRequest,
  ErrorCode,
  type FileEncoding,
  INTERACTIVE_DEADLINE_DEFAULT_MS,
  type RequestDefinition,
  Requests,
  ServiceName,
  type TargetColumn,
  type TargetFilesReply,
  type TargetProfileReply,
  type TargetProfileRequest,
  type TargetRequest,
  datasourceTimeoutError,
  interactiveAnswerWaitMs,
} from '@dq/contracts';
import { RpcClient } from '@dq/messaging';

/** The runner's interactive deadline (`INTERACTIVE_DEADLINE_MS`), as the app's config gives it. */
export const INTERACTIVE_DEADLINE = Symbol('INTERACTIVE_DEADLINE');

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

/**
 * The gateway's one way to the datasources: the runner, over NATS, for a suite's target. It waits
 * the runner's deadline plus a margin; a runner that took the work and never answered within it is
 * the same 504 `datasource_timeout` the runner answers itself.
 */
@Injectable()
export class SuiteRunnerClient {
  private readonly waitMs: number;

  constructor(
    private readonly rpc: RpcClient,
    @Optional()
    @Inject(INTERACTIVE_DEADLINE)
    private readonly deadlineMs: number = INTERACTIVE_DEADLINE_DEFAULT_MS,
  ) {
    this.waitMs = interactiveAnswerWaitMs(deadlineMs);
  }

  async columns(suite: SuiteTargetRef): Promise<TargetColumn[]> {
    const reply = await this.ask(Requests.TargetColumns, targetRequestOf(suite));
    return reply.columns;
  }

  files(suite: SuiteTargetRef): Promise<TargetFilesReply> {
    return this.ask(Requests.TargetFiles, targetRequestOf(suite));
  }

  profile(request: TargetProfileRequest): Promise<TargetProfileReply> {
    return this.ask(Requests.TargetProfile, request);
  }

  dryRun(request: CheckDryRunRequest): Promise<CheckDryRunReply> {
    return this.ask(Requests.CheckDryRun, request);
  }

  private async ask<Req, Res>(def: RequestDefinition<Req, Res>, request: Req): Promise<Res> {
    try {
      return await this.rpc.request(def, ServiceName.Runner, request, { timeoutMs: this.waitMs });
    } catch (error) {
      if (
        error instanceof AppError &&
        error.code === ErrorCode.ServiceUnavailable &&
        error.detail['timed_out'] === true
      )
        throw datasourceTimeoutError(this.deadlineMs);
      throw error;
    }
  }
}
