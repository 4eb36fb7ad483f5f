import { type DynamicModule, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { type ServiceName } from '@dq/contracts';
import { DbModule, InboxService, PostgresReadinessProbe } from '@dq/db';
import {
  DownstreamServicesProbe,
  DownstreamServicesUnavailableError,
  MessagingModule,
  NatsReadinessProbe,
  RedisReadinessProbe,
  RpcClient,
} from '@dq/messaging';
import {
  type BaseServiceConfig,
  type ReadinessProbe,
  ReadinessProbeError,
  ReadinessRegistry,
  instanceId,
} from '@dq/platform';
import { IdempotentConsumers } from './idempotent-consumers';

export interface ServiceRuntimeOptions {
  service: ServiceName;
  config: BaseServiceConfig;
  /** Services this one must reach over NATS before it calls itself ready (the api-gateway's). */
  downstream?: readonly ServiceName[];
}

const RUNTIME_OPTIONS = Symbol('RUNTIME_OPTIONS');

/** Readiness names the services that did not answer; nothing else about them. */
function downstreamReadiness(probe: DownstreamServicesProbe): ReadinessProbe {
  return {
    name: probe.name,
    async check() {
      try {
        await probe.check();
      } catch (error) {
        if (error instanceof DownstreamServicesUnavailableError) {
          throw new ReadinessProbeError(`not answering: ${error.down.join(', ')}`);
        }
        throw error;
      }
    },
  };
}

/**
 * What every backend service stands on, below the platform modules that bootstrapService adds
 * (config, logging, lifecycle, health): PostgreSQL, NATS and Redis, readiness that reflects each
 * of them, and idempotent event consumption. One composition, so the apps cannot drift apart in
 * how they connect or report readiness.
 */
@Module({})
export class ServiceRuntimeModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly postgres: PostgresReadinessProbe,
    private readonly redis: RedisReadinessProbe,
    private readonly nats: NatsReadinessProbe,
    private readonly rpc: RpcClient,
    @Inject(RUNTIME_OPTIONS) private readonly options: ServiceRuntimeOptions,
  ) {}

  static forRoot(options: ServiceRuntimeOptions): DynamicModule {
    const { config, service } = options;
    return {
      module: ServiceRuntimeModule,
      global: true,
      imports: [
        DbModule.forRoot({ url: config.DATABASE_URL, applicationName: service }),
        MessagingModule.forRoot({
          natsUrl: config.NATS_URL,
          redisUrl: config.REDIS_URL,
          namespace: config.MESSAGING_NAMESPACE,
          serviceName: service,
          instanceId: instanceId(),
        }),
      ],
      providers: [{ provide: RUNTIME_OPTIONS, useValue: options }, InboxService, IdempotentConsumers],
      exports: [InboxService, IdempotentConsumers],
    };
  }

  onModuleInit(): void {
    this.readiness.register(this.postgres);
    this.readiness.register(this.redis);
    this.readiness.register(this.nats);
    const downstream = this.options.downstream ?? [];
    if (downstream.length > 0) {
      const probe = new DownstreamServicesProbe(this.rpc, downstream, this.options.service);
      this.readiness.register(downstreamReadiness(probe));
    }
  }
}
