export interface JobContext {
  readonly jobId: string;
  /** Failed attempts before this one (0 on the first try); a hand-back does not count. */
  readonly attemptsMade: number;
  /** Fires when this worker is shutting down: hand the job back or finish quickly. */
  readonly signal: AbortSignal;
  /**
   * Returns the job to the waiting list without counting a failed attempt, so another worker takes
   * it. Never resolves: it throws the marker BullMQ needs, so call it as `return ctx.handBack()`
   * (or `await` it) and do not catch what it throws.
   */
  handBack(): Promise<never>;
  /**
   * Puts the job aside for `delayMs` without counting an attempt (the work is not possible yet, for
   * example another run of the same suite holds it). Never resolves, like {@link handBack}.
   */
  retryLater(delayMs: number): Promise<never>;
}

export type JobHandler<T> = (payload: T, job: JobContext) => Promise<void>;

export interface WorkerHandle {
  /**
   * Stops taking new jobs, aborts the signal of jobs in flight and waits for their handlers to
   * return (they hand back or finish).
   */
  close(): Promise<void>;
}

export interface WorkerStartOptions {
  readonly concurrency: number;
  /**
   * How long a job's lock lives without renewal. A worker that dies mid-job (SIGKILL) stops
   * renewing; after this long another worker's stalled check returns the job to waiting.
   */
  readonly lockDurationMs?: number;
  /** How often this worker looks for stalled jobs of dead workers. */
  readonly stalledIntervalMs?: number;
  /** Stalls (worker deaths) a job survives before it is failed for good. */
  readonly maxStalledCount?: number;
}
