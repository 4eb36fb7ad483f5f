import { BaseServiceConfig } from '@dq/platform';

/** Environment of the lineage service; validated at boot. */
export class LineageConfig extends BaseServiceConfig {
  override PORT = 8086;
}
