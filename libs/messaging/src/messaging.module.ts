import { type DynamicModule, Global, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { ProgressBroadcaster } from './broadcasts/progress-broadcaster';
import { NatsClient } from './connections/nats-client';
import { RedisClient } from './connections/redis-client';
import { NatsReadinessProbe } from './health/nats-readiness.probe';
import { RedisReadinessProbe } from './health/redis-readiness.probe';
import { DurableConsumerRunner } from './jetstream/durable-consumer';
import { EventPublisher } from './jetstream/event-publisher';
import { JetStreamBootstrap } from './jetstream/jetstream-bootstrap';
import { MessagingNamespace } from './messaging-namespace';
import { MESSAGING_OPTIONS, type MessagingModuleOptions } from './messaging.options';
import { JobProducer } from './queues/job-producer';
import { QueueRegistry } from './queues/queue-registry';
import { WorkerHost } from './queues/worker-host';
import { RpcClient } from './rpc/rpc-client';
import { RpcServer } from './rpc/rpc-server';
import { ServicePingResponder } from './rpc/service-ping-responder';

export interface MessagingModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  readonly useFactory: (...args: never[]) => MessagingModuleOptions | Promise<MessagingModuleOptions>;
  readonly inject?: NonNullable<Extract<Provider, { useFactory: unknown }>['inject']>;
}

const SERVICES = [
  JetStreamBootstrap,
  EventPublisher,
  DurableConsumerRunner,
  RpcServer,
  RpcClient,
  ServicePingResponder,
  ProgressBroadcaster,
  QueueRegistry,
  JobProducer,
  WorkerHost,
  RedisReadinessProbe,
  NatsReadinessProbe,
];

/**
 * NATS (JetStream, request/reply, broadcasts) and BullMQ for every app. Connections open while the
 * module is built; on shutdown consumers, workers and handlers stop in `onModuleDestroy`, then the
 * connections close in `onApplicationShutdown` (NATS drained, Redis quit).
 */
@Global()
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingModuleOptions): DynamicModule {
    return this.build([{ provide: MESSAGING_OPTIONS, useValue: options }]);
  }

  static forRootAsync(options: MessagingModuleAsyncOptions): DynamicModule {
    return this.build(
      [{ provide: MESSAGING_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] }],
      options.imports ?? [],
    );
  }

  private static build(optionsProviders: Provider[], imports: ModuleMetadata['imports'] = []): DynamicModule {
    const connections: Provider[] = [
      {
        provide: MessagingNamespace,
        useFactory: (o: MessagingModuleOptions) => new MessagingNamespace(o.namespace),
        inject: [MESSAGING_OPTIONS],
      },
      {
        provide: NatsClient,
        useFactory: (o: MessagingModuleOptions) =>
          NatsClient.connect({ url: o.natsUrl, name: `${o.serviceName}:${o.instanceId}` }),
        inject: [MESSAGING_OPTIONS],
      },
      {
        provide: RedisClient,
        useFactory: (o: MessagingModuleOptions) =>
          RedisClient.connect({ url: o.redisUrl, name: `${o.serviceName}:${o.instanceId}` }),
        inject: [MESSAGING_OPTIONS],
      },
    ];
    return {
      module: MessagingModule,
      global: true,
      imports,
      providers: [...optionsProviders, ...connections, ...SERVICES],
      exports: [MESSAGING_OPTIONS, MessagingNamespace, NatsClient, RedisClient, ...SERVICES],
    };
  }
}
