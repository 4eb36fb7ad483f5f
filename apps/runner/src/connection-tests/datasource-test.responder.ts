import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Requests, ServiceName } from '@dq/contracts';
import { ConnectionTestRunner } from '@dq/connections';
import { RpcServer } from '@dq/messaging';
import { runWithLogContext } from '@dq/platform';

/** Answers `Requests.DatasourceTest` for the gateway; the work is the connections domain's. */
@Injectable()
export class DatasourceTestResponder implements OnModuleInit {
  constructor(
    private readonly server: RpcServer,
    @Inject(ConnectionTestRunner) private readonly tests: ConnectionTestRunner,
  ) {}

  onModuleInit(): void {
    this.server.handle(Requests.DatasourceTest, ServiceName.Runner, (request) =>
      runWithLogContext({ connection_id: request.connection_id ?? 'draft' }, () => this.tests.run(request)),
    );
  }
}
