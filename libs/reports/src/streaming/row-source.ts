import type { ReportRow } from '../report-writer';
import type { DestinationGuard } from './destination-guard';
import { openIterator, pullNext, stopSource } from './open-iterator';

/**
 * The rows of one section, pulled one at a time. `close()` calls the source's `return()` (opening it
 * first if it was never started) and destroys it if it is a stream, which is how a gone client stops
 * the upstream read.
 */
export class RowSource {
  private iterator: AsyncIterator<ReportRow> | Iterator<ReportRow> | undefined;
  private pending: Promise<unknown> | undefined;
  private done = false;

  constructor(private readonly rows: AsyncIterable<ReportRow> | Iterable<ReportRow>) {}

  /** The next row, or `undefined` once the source is exhausted. */
  async next(guard: DestinationGuard): Promise<ReportRow | undefined> {
    if (this.done) return undefined;
    guard.check();
    const iterator = (this.iterator ??= openIterator(this.rows));
    const pulled = pullNext(iterator);
    this.pending = pulled;
    const clear = () => {
      if (this.pending === pulled) this.pending = undefined;
    };
    pulled.then(clear, clear);
    let result: IteratorResult<ReportRow>;
    try {
      result = await guard.race(pulled);
    } catch (error) {
      // The source threw: it is finished and has nothing left to close.
      if (guard.aborted === null) this.done = true;
      throw error;
    }
    if (result.done === true) {
      this.done = true;
      return undefined;
    }
    return result.value;
  }

  /**
   * Stops the source. Waits for its `return()` unless a `next()` is still unsettled there (a source
   * stuck upstream must not hold the writer: its `return()` runs once that read settles).
   */
  async close(): Promise<void> {
    if (this.done) return;
    this.done = true;
    const closing = stopSource(this.rows, this.iterator);
    if (this.pending === undefined) await closing;
  }
}
