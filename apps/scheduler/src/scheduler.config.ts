import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { BaseServiceConfig } from '@dq/platform';

/** Environment of the scheduler service; validated at boot. */
export class SchedulerConfig extends BaseServiceConfig {
  override PORT = 8084;

  /** Days failing-row samples are kept (DECISIONS: 30); metric history is kept regardless. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  SAMPLE_RETENTION_DAYS = 30;

  /** How often the sample retention sweep runs. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(24 * 60 * 60 * 1000)
  SAMPLE_PURGE_INTERVAL_MS = 60 * 60 * 1000;
}
