import {
  AppError,
  DatasourceErrorClass,
  ErrorCode,
  INTERACTIVE_DEADLINE_DEFAULT_MS,
  datasourceTimeoutError,
} from '@dq/contracts';
import { DatasourceError } from '@dq/datasources';

/**
 * How an interactive call answers a classified datasource failure: a datasource we cannot reach
 * is 502 `datasource_unreachable`; one that did not answer within the deadline (`deadlineMs`) is
 * 504 `datasource_timeout`; one that refused us is 502 `datasource_failed`; a target or column that does not resolve, or work the datasource calls
 * invalid, is 422 on `target`. The message is the classified, safe one; `detail.class` says which,
 * and the error's own detail comes along (`reason: encoding` for a file not in the suite's encoding).
 */
export function interactiveFailure(error: unknown, deadlineMs = INTERACTIVE_DEADLINE_DEFAULT_MS): unknown {
  if (!(error instanceof DatasourceError)) return error;
  const detail = { class: error.errorClass, ...error.detail };
  switch (error.errorClass) {
    case DatasourceErrorClass.Unreachable:
      return new AppError(ErrorCode.DatasourceUnreachable, error.message, detail);
    case DatasourceErrorClass.Timeout: {
      const timeout = datasourceTimeoutError(deadlineMs);
      return new AppError(timeout.code, timeout.message, { ...detail, ...timeout.detail });
    }
    case DatasourceErrorClass.NotFound:
    case DatasourceErrorClass.Invalid:
      return new AppError(ErrorCode.ValidationFailed, error.message, {
        ...detail,
        fields: [{ field: 'target', problems: [error.message] }],
      });
    case DatasourceErrorClass.Cancelled:
      return new AppError(ErrorCode.ServiceUnavailable, error.message, detail);
    default:
      return new AppError(ErrorCode.DatasourceFailed, error.message, detail);
  }
}
