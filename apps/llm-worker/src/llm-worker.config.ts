import { BaseServiceConfig } from '@dq/platform';

/** Environment of the llm-worker service; validated at boot. */
export class LlmWorkerConfig extends BaseServiceConfig {
  override PORT = 8088;
}
