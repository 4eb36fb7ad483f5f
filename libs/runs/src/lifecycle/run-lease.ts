/**
 * A running run's lease, renewed by its runner while it works; once lapsed, the worker-loss sweep
 * ends the run. It outlives BullMQ's stalled-job redelivery, so a live runner resumes a run first,
 * and with the sweep interval stays within record 0017's bound.
 */
export const RUN_LEASE_MS = 45_000;

/** How often a runner renews the lease of each run it works on. */
export const RUN_LEASE_RENEW_MS = 5_000;

/** How often the worker-loss sweep looks for lapsed leases. */
export const WORKER_LOSS_SWEEP_MS = 5_000;
