import { BaseServiceConfig } from '@dq/platform';

/** Environment of the scheduler service; validated at boot. */
export class SchedulerConfig extends BaseServiceConfig {
  override PORT = 8084;
}
