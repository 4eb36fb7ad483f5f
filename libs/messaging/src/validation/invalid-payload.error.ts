import { type FieldViolation } from '@dq/contracts';

/**
 * A message payload broke its contract class. Not an `AppError`: a producer sending an invalid
 * payload is a bug (500), and a consumer receiving one logs and drops it. The RPC server turns it
 * into a `validation_failed` reply, since there the payload came from another service's caller.
 */
export class InvalidPayloadError extends Error {
  constructor(
    readonly contract: string,
    readonly violations: FieldViolation[],
  ) {
    super(
      `Invalid ${contract} payload: ${violations.map((v) => `${v.field}: ${v.problems.join('; ')}`).join(', ')}`,
    );
    this.name = 'InvalidPayloadError';
  }
}
