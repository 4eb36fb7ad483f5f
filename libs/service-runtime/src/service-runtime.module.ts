import { type DynamicModule, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { type ServiceName } from '@dq/contracts';
import { DbModule, InboxService, PostgresReadinessProbe } from '@dq/db';
import {
  DownstreamServicesProbe,
  MessagingModule,
  NatsReadinessProbe,
  RedisReadinessProbe,
} from '@dq/messaging';
import { IdempotentConsumers } from './idempotent-consumers';
import { type BaseServiceConfig, ConfigModule, HealthModule, ReadinessRegistry, instanceId } from '@dq/platform';

export interface ServiceRuntimeOptions {
  service: ServiceName;
  config: BaseServiceConfig;
  /** Services this one must reach over NATS before it calls itself ready (the api-gateway's). */
  downstream?: readonly ServiceName[];
}

const RUNTIME_OPTIONS = Symbol('RUNTIME_OPTIONS');

/**
 * What every backend service stands on: its validated config, health endpoints, PostgreSQL,
 * NATS and Redis, and readiness that reflects each of them. One composition, so the nine apps
 * cannot drift apart in how they connect or report readiness.
 */
@Module({})
export class ServiceRuntimeModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly postgres: PostgresReadinessProbe,
    private readonly redis: RedisReadinessProbe,
    private readonly nats: NatsReadinessProbe,
    private readonly downstream: DownstreamServicesProbe,
    @Inject(RUNTIME_OPTIONS) private readonly options: ServiceRuntimeOptions,
  ) {}

  static forRoot(options: ServiceRuntimeOptions): DynamicModule {
    const { config, service } = options;
    return {
      module: ServiceRuntimeModule,
      global: true,
      imports: [
        ConfigModule.forRoot(config),
        HealthModule,
        DbModule.forRoot({ url: config.DATABASE_URL, applicationName: service }),
        MessagingModule.forRoot({
          natsUrl: config.NATS_URL,
          redisUrl: config.REDIS_URL,
          namespace: config.MESSAGING_NAMESPACE,
          serviceName: service,
          instanceId: instanceId(),
        }),
      ],
      providers: [
        { provide: RUNTIME_OPTIONS, useValue: options },
        InboxService,
        IdempotentConsumers,
        {
          provide: DownstreamServicesProbe,
          useFactory: (rpc: ConstructorParameters<typeof DownstreamServicesProbe>[0]) =>
            new DownstreamServicesProbe(rpc, options.downstream ?? []),
          inject: [DownstreamServicesProbe.rpcClientToken],
        },
      ],
      exports: [InboxService, IdempotentConsumers],
    };
  }

  onModuleInit(): void {
    this.readiness.register(this.postgres);
    this.readiness.register(this.redis);
    this.readiness.register(this.nats);
    if ((this.options.downstream ?? []).length > 0) this.readiness.register(this.downstream);
  }
}
