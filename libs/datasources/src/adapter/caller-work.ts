import { DatasourceError } from './datasource-adapter';

/**
 * A failure of the caller's own code inside an adapter's session (storing a result, reading a
 * metric's history from our database): not the datasource's, so no adapter classifies it as one.
 */
class CallerWorkFailure extends Error {
  constructor(readonly callerError: unknown) {
    super('The caller failed inside a datasource session');
  }
}

/**
 * The caller's `work` as a session runs it: a failure of the caller's own code is marked so the
 * session's error handling passes it on as it was ({@link rethrowCallerFailure}); a datasource
 * error from the session's own statements stays what it is.
 */
export function asCallerWork<S, T>(work: (session: S) => Promise<T>): (session: S) => Promise<T> {
  return async (session) => {
    try {
      return await work(session);
    } catch (error) {
      if (error instanceof DatasourceError) throw error;
      throw new CallerWorkFailure(error);
    }
  };
}

/** First thing in an inner layer's catch: the caller's failure goes on, still marked. */
export function passCallerFailure(error: unknown): void {
  if (error instanceof CallerWorkFailure) throw error;
}

/** First thing in an adapter call's outermost catch: the caller's failure, as it was thrown. */
export function rethrowCallerFailure(error: unknown): void {
  // Whatever the caller threw, unchanged: its own handling knows what it is.
  if (error instanceof CallerWorkFailure) throw error.callerError as Error;
}
