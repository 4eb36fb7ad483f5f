import type { EventEmitter } from 'node:events';
import { finished, type Writable } from 'node:stream';
import { ReportAbortedError } from '../report-aborted.error';

/**
 * Watches the destination of one report while it is written: notices it going away (closed,
 * destroyed, errored, or the caller's signal aborting), waits for it to drain, and lets every wait
 * of the writer be cut short by that abort, so a gone client never leaves a write pending.
 */
export class DestinationGuard {
  private abortReason: ReportAbortedError | null = null;
  private failure: Error | null = null;
  /** The rejections of the waits in progress; settled waits leave the set (see `race`). */
  private readonly waiters = new Set<(error: Error) => void>();
  private readonly finishedPromise: Promise<void>;
  private readonly settledPromise: Promise<void>;
  private readonly cleanups: (() => void)[] = [];
  private stopWatching: () => void = () => undefined;
  private settled = false;
  private ending = false;

  constructor(
    readonly destination: Writable,
    signal?: AbortSignal,
  ) {
    let settle: () => void = () => undefined;
    this.settledPromise = new Promise<void>((resolve) => (settle = resolve));
    this.finishedPromise = new Promise<void>((resolve) => {
      this.stopWatching = finished(destination, { readable: false }, (error) => {
        this.settled = true;
        settle();
        if (error) this.abort(describeDestinationError(error), error);
        else if (!this.ending) this.abort('the destination was ended before the report was complete');
        else resolve();
      });
    });
    this.finishedPromise.catch(() => undefined);
    if (signal) {
      const onAbort = () => this.abort('the signal was aborted', signal.reason);
      if (signal.aborted) onAbort();
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        this.cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
    }
  }

  /** Why the report stopped early, once it has. */
  get aborted(): ReportAbortedError | null {
    if (this.abortReason === null && this.destination.destroyed && !this.destination.writableFinished) {
      this.abort('the destination was destroyed');
    }
    return this.abortReason;
  }

  abort(reason: string, cause?: unknown): void {
    if (this.abortReason !== null) return;
    this.abortReason = new ReportAbortedError(reason, cause === undefined ? undefined : { cause });
    this.rejectWaiters(this.abortReason);
  }

  /** Fails the report with `error` (e.g. the XLSX archive broke): every wait rejects with it. */
  interrupt(error: Error): void {
    if (this.failure !== null) return;
    this.failure = error;
    this.rejectWaiters(error);
  }

  /** Throws the `ReportAbortedError` once the destination has gone away, or the interruption. */
  check(): void {
    const reason = this.aborted ?? this.failure;
    if (reason !== null) throw reason;
  }

  /**
   * `promise`, or the `ReportAbortedError` (or interruption) as soon as there is one, whichever is
   * first. Not `Promise.race` against a long-lived promise: each race would stay attached to it,
   * and with it every row it resolved to (hundreds of MB over a large report).
   */
  race<T>(promise: PromiseLike<T>): Promise<T> {
    this.check();
    return new Promise<T>((resolve, reject) => {
      this.waiters.add(reject);
      promise.then(
        (value) => {
          this.waiters.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          this.waiters.delete(reject);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private rejectWaiters(error: Error): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const reject of waiters) reject(error);
  }

  /** Waits for `event` on `emitter` unless the destination goes away first. */
  async waitFor(emitter: EventEmitter, event: string): Promise<void> {
    let listener: () => void = () => undefined;
    const happened = new Promise<void>((resolve) => {
      listener = resolve;
      emitter.once(event, listener);
    });
    try {
      await this.race(happened);
    } finally {
      emitter.removeListener(event, listener);
    }
  }

  /** Writes and, when the destination asks for it, waits for it to drain. */
  async write(chunk: string | Buffer): Promise<void> {
    this.check();
    if (!this.destination.write(chunk)) await this.waitFor(this.destination, 'drain');
  }

  /** Waits for the destination to drain if it is over its high-water mark. */
  async drained(): Promise<void> {
    this.check();
    if (this.destination.writableNeedDrain) await this.waitFor(this.destination, 'drain');
  }

  /** From now on the destination finishing is the report completing, not an abort. */
  expectEnd(): void {
    this.ending = true;
  }

  /** Ends the destination and waits until it has finished. */
  async end(): Promise<void> {
    this.check();
    this.expectEnd();
    this.destination.end();
    await this.finished();
  }

  /** Resolves once the destination has finished after `expectEnd()`. */
  finished(): Promise<void> {
    return this.race(this.finishedPromise);
  }

  /**
   * Destroys the destination with `error` unless it is gone already (a source failed or the signal
   * aborted: the client must see a broken download, not a short file that looks complete) and waits
   * until it has settled.
   */
  async fail(error: Error): Promise<void> {
    this.expectEnd();
    if (this.destination.destroyed) return;
    this.destination.destroy(error);
    await this.settledPromise;
  }

  /**
   * Removes the listeners. The destination's own are kept while it has not settled (destroyed by
   * someone else, its 'error' may still be on its way): they then swallow that error instead of it
   * becoming an uncaught one.
   */
  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (this.settled) this.stopWatching();
  }
}

function describeDestinationError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return 'the destination closed before the report was complete';
  return `the destination failed (${code ?? error.name})`;
}
