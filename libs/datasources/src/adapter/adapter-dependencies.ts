import { type EgressGuard } from '@dq/security';

/** What the runner hands every adapter: the one egress guard for user-supplied hosts and URLs. */
export interface AdapterDependencies {
  egress: EgressGuard;
  /** Directory for spooled remote files (streamed to disk, never held in memory); OS temp if unset. */
  spoolDir?: string;
}
