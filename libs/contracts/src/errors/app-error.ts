import { ERROR_STATUS, type ErrorBody, type ErrorCode } from './error-code';

/**
 * The one error type domain code throws for an expected failure. Both gateways map it to the
 * spec's envelope with the status fixed for its code; anything else is an unexpected 500.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, detail: this.detail };
  }
}
