import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';

/**
 * Interactive datasource work (columns, files, profile, dry run) ends at this deadline in the
 * runner by default (`INTERACTIVE_DEADLINE_MS`), inside the web proxy's timeout, so the caller
 * gets the 504 envelope instead of a dropped socket.
 */
export const INTERACTIVE_DEADLINE_DEFAULT_MS = 60_000;

/** The most a deployment may set it to; the web host refuses a proxy timeout that is not longer. */
export const INTERACTIVE_DEADLINE_MAX_MS = 300_000;

/** What the gateway waits beyond the deadline for the runner's answer: the round trip and the cancel. */
export const INTERACTIVE_ANSWER_MARGIN_MS = 10_000;

/** How long the gateway waits for the runner's answer to interactive work. */
export function interactiveAnswerWaitMs(deadlineMs: number): number {
  return deadlineMs + INTERACTIVE_ANSWER_MARGIN_MS;
}

/** The envelope of interactive work that ran past its deadline: 504 `datasource_timeout`. */
export function datasourceTimeoutError(deadlineMs: number): AppError {
  const seconds = deadlineMs / 1000;
  return new AppError(
    ErrorCode.DatasourceTimeout,
    `The datasource did not answer within ${seconds} s; the statement was cancelled`,
    { deadline_seconds: seconds },
  );
}
