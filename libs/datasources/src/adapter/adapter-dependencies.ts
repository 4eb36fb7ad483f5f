import { type EgressGuard } from '@dq/security';

/** What the runner hands every adapter: the one egress guard for user-supplied hosts and URLs. */
export interface AdapterDependencies {
  egress: EgressGuard;
  /** Directory for spooled remote files (streamed to disk, never held in memory); OS temp if unset. */
  spoolDir?: string;
  /**
   * Tests only: the warehouse connector's access URL instead of `https://<account>.snowflakecomputing.com`
   * (a Snowflake-protocol peer on loopback). The runner refuses it at boot in production.
   */
  warehouseAccessUrlForTests?: string;
}
