import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Requests, ServiceName } from '@dq/contracts';
import {
  AlertSender,
  type ChannelOpener,
  ChannelTester,
  DeliveryWorker,
  StoredDeliveryChannels,
} from '@dq/alerting';
import { RpcServer } from '@dq/messaging';
import { EgressGuard } from '@dq/security';
import type { AlertingConfig } from '../alerting.config';

export const ALERT_DELIVERY_OPTIONS = Symbol('ALERT_DELIVERY_OPTIONS');

interface AlertDeliveryOptions {
  config: AlertingConfig;
  opener: ChannelOpener;
}

/**
 * The alert outbox worker and the send-test responder of this process. `nudge()` after a commit
 * that queued deliveries sends them at once instead of at the next poll.
 */
@Injectable()
export class AlertDeliveries implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AlertDeliveries.name);
  readonly guard: EgressGuard;
  readonly sender: AlertSender;
  readonly worker: DeliveryWorker;
  readonly tester: ChannelTester;

  constructor(
    @Inject(ALERT_DELIVERY_OPTIONS) options: AlertDeliveryOptions,
    @Inject(DataSource) dataSource: DataSource,
    private readonly rpc: RpcServer,
  ) {
    const { config } = options;
    this.guard = new EgressGuard({
      allowLoopbackForTests: config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS,
      nodeEnv: config.NODE_ENV,
      allowCidrs: config.EGRESS_ALLOW_CIDRS,
      allowHosts: config.EGRESS_ALLOW_HOSTS,
      ...(config.EGRESS_TLS_CA_FOR_TESTS === '' ? {} : { tlsCaForTests: config.EGRESS_TLS_CA_FOR_TESTS }),
    });
    this.sender = new AlertSender({
      guard: this.guard,
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      timeoutMs: config.ALERT_SEND_TIMEOUT_MS,
    });
    const channels = new StoredDeliveryChannels(dataSource, options.opener);
    const publicBaseUrl = config.PUBLIC_BASE_URL ?? null;
    this.worker = new DeliveryWorker({
      dataSource,
      channels,
      sender: this.sender,
      pollMs: config.ALERT_DELIVERY_POLL_MS,
      listen: true,
      leaseMs: Math.max(60_000, config.ALERT_SEND_TIMEOUT_MS * 3),
      logger: {
        log: (entry) => this.logger.log(entry),
        warn: (entry) => this.logger.warn(entry),
      },
    });
    this.tester = new ChannelTester(channels, this.sender, publicBaseUrl);
  }

  /** Sends what was just queued now rather than at the next poll. */
  nudge(): void {
    this.worker.nudge();
  }

  onModuleInit(): void {
    this.rpc.handle(Requests.NotificationChannelTest, ServiceName.Alerting, (request) =>
      this.tester.test(request.channel_id),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.worker.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.stop();
    this.sender.close();
    this.guard.destroy();
  }
}

@Module({})
export class AlertDeliveryModule {
  static forRoot(config: AlertingConfig, opener: ChannelOpener): DynamicModule {
    return {
      module: AlertDeliveryModule,
      providers: [{ provide: ALERT_DELIVERY_OPTIONS, useValue: { config, opener } }, AlertDeliveries],
      exports: [AlertDeliveries],
    };
  }
}
