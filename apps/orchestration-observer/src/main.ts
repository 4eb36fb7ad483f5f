// The orchestration-observer service: pipeline runs observed from orchestrators: inbound webhooks and the polling fallback.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { OrchestrationObserverConfig } from './orchestration-observer.config';
import { OrchestrationObserverModule } from './orchestration-observer.module';

const config = loadConfigOrExit(OrchestrationObserverConfig, ServiceName.OrchestrationObserver);
startServiceOrExit({
  service: ServiceName.OrchestrationObserver,
  config,
  module: OrchestrationObserverModule.forRoot(config),
});
