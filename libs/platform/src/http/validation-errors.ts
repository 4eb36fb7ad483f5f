import { ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';
import type { ValidationError } from 'class-validator';

/** Flattens class-validator's error tree into dotted field paths (`thresholds.warn`, `checks.0.name`). */
export function toFieldViolations(errors: readonly ValidationError[], prefix = ''): FieldViolation[] {
  return errors.flatMap((error) => {
    const field = `${prefix}${error.property}`;
    const own: FieldViolation[] = error.constraints
      ? [{ field, problems: Object.values(error.constraints) }]
      : [];
    return [...own, ...toFieldViolations(error.children ?? [], `${field}.`)];
  });
}

/** The global pipe: unknown fields refused, payloads transformed, failures as 422 `validation_failed`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Never echo submitted values back (they may be secrets).
    validationError: { target: false, value: false },
    exceptionFactory: (errors: ValidationError[]) =>
      new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
        fields: toFieldViolations(errors),
      }),
  });
}
