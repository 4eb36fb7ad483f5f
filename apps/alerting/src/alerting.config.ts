import { BaseServiceConfig } from '@dq/platform';

/** Environment of the alerting service; validated at boot. */
export class AlertingConfig extends BaseServiceConfig {
  override PORT = 8087;
}
