import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type JetStreamClient, type JetStreamManager, type NatsConnection, Events, connect } from 'nats';

export interface NatsClientOptions {
  readonly url: string;
  /** Shown in the server's connection list, e.g. `runner:7f3a`. */
  readonly name: string;
}

/**
 * The process's one NATS connection. It reconnects forever (`maxReconnectAttempts: -1`): subscriptions
 * and pull consumers made on it resume by themselves once the server is back. Closed (drained) at
 * application shutdown, after the consumers and RPC handlers have stopped in `onModuleDestroy`.
 */
export class NatsClient implements OnApplicationShutdown {
  private readonly logger = new Logger(NatsClient.name);
  private manager?: Promise<JetStreamManager>;

  constructor(readonly connection: NatsConnection) {
    void this.logStatus();
  }

  static async connect(options: NatsClientOptions): Promise<NatsClient> {
    const connection = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
      // Without it every request (each JetStream publish, each RPC) captures two stack traces up
      // front, in case it times out: about 4 % of a runner's own JavaScript per run. A timeout is
      // still reported, with the client's stack instead of the caller's.
      noAsyncTraces: true,
    });
    return new NatsClient(connection);
  }

  jetstream(): JetStreamClient {
    return this.connection.jetstream();
  }

  jetstreamManager(): Promise<JetStreamManager> {
    this.manager ??= this.connection.jetstreamManager().catch((err: unknown) => {
      this.manager = undefined;
      throw err;
    });
    return this.manager;
  }

  isClosed(): boolean {
    return this.connection.isClosed();
  }

  async close(): Promise<void> {
    if (this.connection.isClosed()) return;
    try {
      // Drain flushes pending publishes and acks before closing.
      await this.connection.drain();
    } catch (err) {
      this.logger.warn(`NATS drain failed, closing: ${String(err)}`);
      await this.connection.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  private async logStatus(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === Events.Disconnect || status.type === Events.Error) {
        this.logger.warn(`NATS ${status.type}: ${JSON.stringify(status.data)}`);
      } else if (status.type === Events.Reconnect) {
        this.logger.log(`NATS reconnected to ${JSON.stringify(status.data)}`);
      }
    }
  }
}
