/**
 * A running run's lease (docs/decisions/0017: a dead worker's run resumes or ends `failed` with
 * reason `worker_lost` within 60 s). The runner executing a run renews `lease_expires_at` while it works;
 * once the lease has lapsed, the worker-loss sweep ends the run. Redelivery of the job by BullMQ's
 * stalled check (lock 30 s, checked every 15 s) lets a live runner resume it first, at most 45 s
 * after the death; the lease outlives that, and lease plus sweep interval stays under 60 s.
 */
export const RUN_LEASE_MS = 45_000;

/** How often a runner renews the lease of each run it works on. */
export const RUN_LEASE_RENEW_MS = 5_000;

/** How often the worker-loss sweep looks for lapsed leases. */
export const WORKER_LOSS_SWEEP_MS = 5_000;
