/**
 * The report stopped before it was complete because its destination went away (closed, destroyed,
 * errored: typically the HTTP client disconnected) or the caller's signal aborted. Nothing can be
 * sent to the client any more; callers log it at most at debug level.
 */
export class ReportAbortedError extends Error {
  readonly code = 'report_aborted';

  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The report was not completed: ${reason}`, options);
    this.name = 'ReportAbortedError';
  }
}
