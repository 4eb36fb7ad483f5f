import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Requests, ServiceName } from '@dq/contracts';
import { CheckDryRun, SuiteRunTargetEvaluator, TargetProfiler, TargetReader } from '@dq/check-execution';
import { RpcServer } from '@dq/messaging';
import { runWithLogContext } from '@dq/platform';

/** Answers the gateway's interactive work on a suite's target (columns, files, profile, dry-run). */
@Injectable()
export class TargetWorkResponder implements OnModuleInit {
  constructor(
    private readonly server: RpcServer,
    @Inject(TargetReader) private readonly reader: TargetReader,
    @Inject(TargetProfiler) private readonly profiler: TargetProfiler,
    @Inject(CheckDryRun) private readonly dryRun: CheckDryRun,
    // Injected so the run target evaluator is registered before the runs worker starts.
    @Inject(SuiteRunTargetEvaluator) _runEvaluator: SuiteRunTargetEvaluator,
  ) {}

  onModuleInit(): void {
    this.server.handle(Requests.TargetColumns, ServiceName.Runner, (request) =>
      runWithLogContext({ connection_id: request.connection_id }, () => this.reader.columns(request)),
    );
    this.server.handle(Requests.TargetFiles, ServiceName.Runner, (request) =>
      runWithLogContext({ connection_id: request.connection_id }, () => this.reader.files(request)),
    );
    this.server.handle(Requests.TargetProfile, ServiceName.Runner, (request) =>
      runWithLogContext({ connection_id: request.connection_id }, () => this.profiler.profile(request)),
    );
    this.server.handle(Requests.CheckDryRun, ServiceName.Runner, (request) =>
      runWithLogContext({ connection_id: request.connection_id, suite_id: request.suite_id }, () =>
        this.dryRun.run(request),
      ),
    );
  }
}
