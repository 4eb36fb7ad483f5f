import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BaseServiceConfig } from '@dq/platform';

/** Environment of the scheduler service; validated at boot. */
export class SchedulerConfig extends BaseServiceConfig {
  override PORT = 8084;

  /** Days failing-row samples are kept (docs/decisions/0019: 30); metric history is kept regardless. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  SAMPLE_RETENTION_DAYS = 30;

  /**
   * How often the scheduler looks for daily sweeps not yet run today (UTC); each sweep runs once per
   * day across replicas (docs/decisions/0042).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(6 * 60 * 60 * 1000)
  DAILY_SWEEP_CHECK_INTERVAL_MS = 15 * 60 * 1000;

  /**
   * The runner's public keys (`kid:<base64 DER X25519 public key>[,…]`): the secret sweep reports
   * credentials sealed under a key id not listed here; without them it records `skipped`. Public
   * keys only (docs/decisions/0014).
   */
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+(,[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+)*$/, {
    message: 'must be kid:<base64 public key>[,kid:<base64 public key>…]',
  })
  SECRETS_PUBLIC_KEYS?: string;

  /** The active key id of that ring (required with it). */
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,32}$/)
  SECRETS_ACTIVE_KEY_ID?: string;

  /** How often queued runs are checked for a job Redis lost (a restart without persistence). */
  @Type(() => Number)
  @IsInt()
  @Min(500)
  @Max(60 * 60 * 1000)
  RUN_REQUEUE_INTERVAL_MS = 15_000;

  /** A run queued for less than this is left alone: its trigger may still be enqueuing it. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(60 * 60 * 1000)
  RUN_REQUEUE_AFTER_MS = 30_000;

  /**
   * How often the scheduler fires due cron schedules; a tick is at most this late (whole seconds
   * are plenty: cron ticks are minutes apart).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(60_000)
  SCHEDULE_TICK_INTERVAL_MS = 5_000;

  /**
   * How late a schedule's first due tick may still fire; a tick later than this fell due while no
   * scheduler ran and is missed, never run late (docs/decisions/0043).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(60 * 60 * 1000)
  SCHEDULE_GRACE_MS = 60_000;

  /** Due schedules claimed and fired per transaction. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5000)
  SCHEDULE_TICK_BATCH = 500;
}
