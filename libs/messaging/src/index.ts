// Public surface of the messaging library: other projects import only from here.
export * from './messaging.module';
export * from './messaging.options';
export * from './messaging-namespace';
export * from './connections/nats-client';
export * from './connections/redis-client';
export * from './validation/invalid-payload.error';
export * from './validation/payload-validator';
export * from './jetstream/jetstream-bootstrap';
export * from './jetstream/event-publisher';
export * from './jetstream/durable-consumer';
export * from './jetstream/retry-backoff';
export * from './rpc/rpc-envelope';
export * from './rpc/rpc-server';
export * from './rpc/rpc-client';
export * from './rpc/service-ping-responder';
export * from './broadcasts/progress-broadcaster';
export * from './queues/job-context';
export * from './queues/queue-registry';
export * from './queues/job-producer';
export * from './queues/worker-host';
export {
  DownstreamServicesProbe,
  DownstreamServicesUnavailableError,
} from './health/downstream-services.probe';
export * from './health/nats-readiness.probe';
export * from './health/redis-readiness.probe';
