import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';

/** A 422 `validation_failed` naming the offending field, as the HTTP pipe would. */
export function validationFailed(field: string, problem: string): AppError {
  const fields: FieldViolation[] = [{ field, problems: [problem] }];
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
}
