import { AppError, ErrorCode } from '@dq/contracts';
import { isUniqueViolation } from '@dq/db';

/** The unique index on suite names (one suite per name in the workspace). */
const SUITE_NAME_INDEX = 'suites_name_key';

/** 409 `suite_name_taken`: names are unique in the workspace, whoever owns the other suite. */
export function suiteNameTaken(field: string): AppError {
  return new AppError(
    ErrorCode.SuiteNameTaken,
    'A suite with this name already exists; suite names are unique in the workspace',
    { field },
  );
}

/**
 * A rejection handler for a write that sets a suite's name: the name index's refusal becomes
 * 409 `suite_name_taken` on `field`; anything else is rethrown as it is.
 */
export function suiteNameTakenAs(field: string): (error: unknown) => never {
  return (error: unknown): never => {
    if (isUniqueViolation(error, SUITE_NAME_INDEX)) throw suiteNameTaken(field);
    throw error;
  };
}

/** Method decorator: the method's name-index refusal answers 409 `suite_name_taken` on `field`. */
export function MapsSuiteNameTaken(field: string): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    descriptor.value = function (this: unknown, ...args: unknown[]): Promise<unknown> {
      return method.apply(this, args).catch(suiteNameTakenAs(field));
    };
    return descriptor;
  };
}
