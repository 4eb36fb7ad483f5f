// The llm-worker service: LLM-assisted authoring invocations from the `llm` queue.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { LlmWorkerConfig } from './llm-worker.config';
import { LlmWorkerModule } from './llm-worker.module';

const config = loadConfigOrExit(LlmWorkerConfig, ServiceName.LlmWorker);
startServiceOrExit({ service: ServiceName.LlmWorker, config, module: LlmWorkerModule.forRoot(config) });
