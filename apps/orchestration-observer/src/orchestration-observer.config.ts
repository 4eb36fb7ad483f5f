import { BaseServiceConfig } from '@dq/platform';

/** Environment of the orchestration-observer service; validated at boot. */
export class OrchestrationObserverConfig extends BaseServiceConfig {
  override PORT = 8085;
}
