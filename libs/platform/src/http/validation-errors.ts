import { type ArgumentMetadata, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
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

/**
 * A query string with no parameters (`GET /runs`) comes out of validation the same every time for
 * a given query class: the first one is validated as usual and, when it passes, later ones get a
 * copy of that outcome instead of class-transformer and class-validator running again. Anything
 * else, and an empty query its class refuses, goes the usual way.
 */
export class EmptyQueryMemoValidationPipe extends ValidationPipe {
  private readonly emptyQueryOutcomes = new WeakMap<object, object>();

  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (metadata.type !== 'query' || metatype === undefined || !isEmptyRecord(value)) {
      return super.transform(value, metadata);
    }
    const known = this.emptyQueryOutcomes.get(metatype);
    if (known !== undefined) return copyOf(known) ?? super.transform(value, metadata);
    const outcome: unknown = await super.transform(value, metadata);
    // Kept only as an object of its own: a copy must never alias what a handler was given.
    if (typeof outcome === 'object' && outcome !== null && outcome !== value) {
      const kept = copyOf(outcome);
      if (kept !== undefined) this.emptyQueryOutcomes.set(metatype, kept);
    }
    return outcome;
  }
}

function isEmptyRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}

/**
 * A deep copy with the same prototype, so each request gets an instance of its own; undefined for
 * an outcome holding what cannot be copied (a function), which is then never kept.
 */
function copyOf(outcome: object): object | undefined {
  let fields: object;
  try {
    fields = structuredClone({ ...outcome });
  } catch {
    return undefined;
  }
  return Object.assign(Object.create(Object.getPrototypeOf(outcome) as object | null) as object, fields);
}

/** The global pipe: unknown fields refused, payloads transformed, failures as 422 `validation_failed`. */
export function createValidationPipe(): ValidationPipe {
  return new EmptyQueryMemoValidationPipe({
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
