/** An iterator over an async or a sync iterable (a generator, a Readable, an array). */
export function openIterator<T>(source: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  if (typeof (source as AsyncIterable<T>)[Symbol.asyncIterator] === 'function') {
    return (source as AsyncIterable<T>)[Symbol.asyncIterator]();
  }
  return (source as Iterable<T>)[Symbol.iterator]();
}

/** Calls `iterator.next()`, turning a synchronous throw into a rejection. */
export function pullNext<T>(iterator: AsyncIterator<T> | Iterator<T>): Promise<IteratorResult<T>> {
  try {
    return Promise.resolve(iterator.next());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

interface Destroyable {
  destroy(): unknown;
  destroyed?: boolean;
}

/**
 * Stops a source: calls its iterator's `return()` (opening one if it was never started), and
 * destroys it when it is a stream: the `return()` of a stream's iterator that was never started
 * does not reach the stream. Resolves when `return()` has; never rejects.
 */
export function stopSource<T>(
  source: AsyncIterable<T> | Iterable<T>,
  iterator: AsyncIterator<T> | Iterator<T> | undefined,
): Promise<void> {
  const stream = source as Partial<Destroyable>;
  const isStream = typeof stream.destroy === 'function';
  let returned: Promise<unknown> = Promise.resolve();
  try {
    const opened = iterator ?? (isStream ? undefined : openIterator(source));
    if (opened !== undefined && typeof opened.return === 'function')
      returned = Promise.resolve(opened.return());
  } catch (error) {
    returned = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  if (isStream && stream.destroyed !== true) (stream as Destroyable).destroy();
  return returned.then(
    () => undefined,
    () => undefined,
  );
}
