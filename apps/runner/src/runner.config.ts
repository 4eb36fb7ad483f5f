import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { BaseServiceConfig } from '@dq/platform';

/** Environment of the runner service; validated at boot. */
export class RunnerConfig extends BaseServiceConfig {
  override PORT = 8083;

  /** Runs one runner process executes at once; scale the pool with more processes. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  RUNS_CONCURRENCY = 2;

  /** How long a run's job lock lives without renewal; a killed runner's run moves on after it. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  RUNS_LOCK_DURATION_MS = 30_000;

  /** How often the pool looks for runs whose runner stopped renewing its lock. */
  @Type(() => Number)
  @IsInt()
  @Min(500)
  @Max(600_000)
  RUNS_STALLED_INTERVAL_MS = 15_000;
}
