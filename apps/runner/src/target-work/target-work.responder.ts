import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Requests, ServiceName } from '@dq/contracts';
import { TargetReader } from '@dq/check-execution';
import { RpcServer } from '@dq/messaging';
import { runWithLogContext } from '@dq/platform';

/** Answers the gateway's interactive reads of a suite's target; the work is check-execution's. */
@Injectable()
export class TargetWorkResponder implements OnModuleInit {
  constructor(
    private readonly server: RpcServer,
    @Inject(TargetReader) private readonly reader: TargetReader,
  ) {}

  onModuleInit(): void {
    this.server.handle(Requests.TargetColumns, ServiceName.Runner, (request) =>
      runWithLogContext({ connection_id: request.connection_id }, () => this.reader.columns(request)),
    );
    this.server.handle(Requests.TargetFiles, ServiceName.Runner, (request) =>
      runWithLogContext({ connection_id: request.connection_id }, () => this.reader.files(request)),
    );
  }
}
