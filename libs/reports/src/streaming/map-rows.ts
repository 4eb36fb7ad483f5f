import type { ReportRow } from '../report-writer';
import { openIterator, pullNext, stopSource } from './open-iterator';

/**
 * `source` mapped to report rows, lazily. Unlike an async generator wrapping a `for await`, its
 * `return()` reaches the source even when the mapping was never started (and destroys a stream
 * source), so closing the report closes the upstream read in every case.
 */
export function mapRows<T>(
  source: AsyncIterable<T> | Iterable<T>,
  map: (item: T) => ReportRow,
): AsyncIterable<ReportRow> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<ReportRow> {
      let inner: AsyncIterator<T> | Iterator<T> | undefined;
      const open = () => (inner ??= openIterator(source));
      return {
        async next(): Promise<IteratorResult<ReportRow>> {
          const result = await pullNext(open());
          return result.done === true
            ? { done: true, value: undefined }
            : { done: false, value: map(result.value) };
        },
        async return(): Promise<IteratorResult<ReportRow>> {
          await stopSource(source, inner);
          return { done: true, value: undefined };
        },
      };
    },
  };
}
