import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { INTERACTIVE_DEADLINE_DEFAULT_MS, INTERACTIVE_DEADLINE_MAX_MS } from '@dq/contracts';
import { BaseServiceConfig, Secret } from '@dq/platform';

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

  /**
   * The private keys that open connection credentials: `kid:<base64 DER X25519 private
   * key>[,kid2:…]` (`npm run secrets:keygen`). The runner is the only process that holds them.
   */
  @Secret()
  @IsString()
  @Matches(/^[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+(,[a-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]+)*$/, {
    message: 'must be kid:<base64 private key>[,kid:<base64 private key>…]',
  })
  SECRETS_PRIVATE_KEY_RING!: string;

  /** The key id of the ring's active key (the ring is parsed and checked at boot). */
  @Matches(/^[a-z0-9_-]{1,32}$/)
  SECRETS_ACTIVE_KEY_ID!: string;

  /** Tests only: lets user-supplied URLs reach loopback peers. Refused with NODE_ENV=production. */
  @IsBoolean()
  EGRESS_ALLOW_LOOPBACK_FOR_TESTS = false;

  /**
   * Private ranges user-supplied hosts and URLs may reach, comma-separated (`10.20.0.0/16,fd12::/48`).
   * Loopback, link-local and cloud metadata addresses stay refused whatever is listed; an invalid
   * entry refuses boot. Every service that reaches datasources must list the same.
   */
  @IsString()
  EGRESS_ALLOW_CIDRS = '';

  /** Host names (`db.corp.example`) or `*.suffix` that may resolve to private addresses, comma-separated. */
  @IsString()
  EGRESS_ALLOW_HOSTS = '';

  /**
   * Tests only: the warehouse connector's access URL (a Snowflake-protocol peer on loopback) instead
   * of `https://<account>.snowflakecomputing.com`. Empty: off. Refused with NODE_ENV=production.
   */
  @IsString()
  WAREHOUSE_ACCESS_URL_FOR_TESTS = '';

  /** Where remote files are spooled for in-process scans (streamed to disk); the OS temp dir if empty. */
  @IsString()
  DATASOURCE_SPOOL_DIR = '';

  /**
   * Interactive datasource work (target columns, files, profile, check dry run) is cancelled at the
   * datasource past this and answered 504 `datasource_timeout`; the web proxy must outlast it.
   */
  @Type(() => Number)
  @IsInt()
  @Min(500)
  @Max(INTERACTIVE_DEADLINE_MAX_MS)
  INTERACTIVE_DEADLINE_MS = INTERACTIVE_DEADLINE_DEFAULT_MS;
}
