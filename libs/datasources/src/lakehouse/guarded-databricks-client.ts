import { type Agent } from 'node:http';
import { DBSQLClient, connections } from '@databricks/sql';

type ConnectionProvider = Awaited<ReturnType<DBSQLClient['getConnectionProvider']>>;
type ClientContext = ConstructorParameters<typeof connections.HttpConnection>[1];

export interface GuardedEndpoint {
  protocol: 'http:' | 'https:';
  host: string;
  port: number;
  path: string;
  /** Bounds each HTTP round trip (node-fetch's request timeout). */
  socketTimeoutMs: number;
}

/** The driver's Thrift-over-HTTP connection, on a socket agent the caller supplies. */
class AgentBoundHttpConnection extends connections.HttpConnection {
  constructor(
    options: ConstructorParameters<typeof connections.HttpConnection>[0],
    context: ClientContext,
    private readonly boundAgent: Agent,
  ) {
    super(options, context);
  }

  override async getAgent(): Promise<Agent> {
    return this.boundAgent;
  }
}

const DISCARD_LOGS = { log: (): void => undefined };

/**
 * A DBSQLClient whose every HTTP request (Thrift calls, and any result download) goes through
 * one given agent: the egress guard's, whose lookup re-checks the address at connect time.
 * @databricks/sql 2.1 builds its own agent and always speaks https; it takes no agent and no
 * lookup option, but every request asks the client for its connection provider, so that is the
 * one hook: the provider returned here is the driver's own HttpConnection, bound to the agent.
 * Plain http is possible only where the guard's http agent allows it (loopback, in tests).
 */
export class GuardedDatabricksClient extends DBSQLClient {
  private readonly boundConnection: ConnectionProvider;

  constructor(endpoint: GuardedEndpoint, agent: Agent) {
    super({ logger: DISCARD_LOGS });
    this.boundConnection = new AgentBoundHttpConnection(
      {
        host: endpoint.host,
        port: endpoint.port,
        path: endpoint.path,
        https: endpoint.protocol === 'https:',
        socketTimeout: endpoint.socketTimeoutMs,
        headers: { 'User-Agent': 'dq-runner' },
      },
      this,
      agent,
    );
  }

  override async getConnectionProvider(): Promise<ConnectionProvider> {
    return this.boundConnection;
  }
}
