/** One statement for many callers: `run` answers the inputs of a batch, in their order. */
export interface BatchedStatementOptions<I, O> {
  run(inputs: I[]): Promise<O[]>;
  /**
   * Inputs with the same key never share a batch (the statement would see one row twice, as when
   * one run's claim is asked for twice); the later one waits for the next batch.
   */
  keyOf?(input: I): string;
  /** At most this many inputs in one statement. */
  maxBatch?: number;
}

interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/** A batch this size is large enough: more rows barely cut the statement's fixed cost further. */
const DEFAULT_MAX_BATCH = 64;

/**
 * Sends one statement for every caller that asks while the previous one is in flight ("smart
 * batching", as a database's group commit does): at low load a caller's statement leaves in the
 * same turn of the event loop, as alone as before; under load the callers of one round trip share
 * the next, so the round trips per caller fall as the load rises. On a sandboxed machine a socket
 * write costs more than the row work of a small statement, and each round trip is one write on
 * each side.
 *
 * A failed batch of several inputs is sent again one input at a time, so each caller gets its own
 * answer: one row's constraint violation (or a deadlock between two batches) never fails the
 * others. Each input must therefore be safe to send twice when its first batch failed, which a
 * statement is when the failure rolled all of it back (one statement, one transaction).
 */
export class BatchedStatement<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private inFlight = false;
  private scheduled = false;
  private readonly maxBatch: number;

  constructor(private readonly options: BatchedStatementOptions<I, O>) {
    this.maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  }

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.inFlight || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // The callers of this turn of the event loop go together.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight) return;
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    this.inFlight = true;
    try {
      await this.send(batch);
    } finally {
      this.inFlight = false;
      this.schedule();
    }
  }

  private takeBatch(): Waiting<I, O>[] {
    const keyOf = this.options.keyOf?.bind(this.options);
    const batch: Waiting<I, O>[] = [];
    const later: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (const waiting of this.waiting) {
      const key = keyOf?.(waiting.input);
      if (batch.length >= this.maxBatch || (key !== undefined && keys.has(key))) {
        later.push(waiting);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(waiting);
    }
    this.waiting = later;
    return batch;
  }

  private async send(batch: Waiting<I, O>[]): Promise<void> {
    let outputs: O[];
    try {
      outputs = await this.runChecked(batch.map((waiting) => waiting.input));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) {
        try {
          const [output] = await this.runChecked([waiting.input]);
          waiting.resolve(output);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(outputs[index]));
  }

  private async runChecked(inputs: I[]): Promise<O[]> {
    const outputs = await this.options.run(inputs);
    if (outputs.length !== inputs.length)
      throw new Error(`a batched statement answered ${outputs.length} of ${inputs.length} inputs`);
    return outputs;
  }
}
