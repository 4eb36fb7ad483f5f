/** The deployable services. Their names appear in NATS subjects, logs and readiness reports. */
export const ServiceName = {
  ApiGateway: 'api-gateway',
  McpGateway: 'mcp-gateway',
  Runner: 'runner',
  Scheduler: 'scheduler',
  OrchestrationObserver: 'orchestration-observer',
  Lineage: 'lineage',
  Alerting: 'alerting',
  LlmWorker: 'llm-worker',
  Web: 'web',
} as const;

export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];

/** Services the api-gateway asks over NATS before it calls itself ready. */
export const GATEWAY_DOWNSTREAM_SERVICES: readonly ServiceName[] = [
  ServiceName.Runner,
  ServiceName.Scheduler,
  ServiceName.OrchestrationObserver,
  ServiceName.Lineage,
  ServiceName.Alerting,
  ServiceName.LlmWorker,
];
