import { type FieldViolation, type PayloadClass } from '@dq/contracts';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { InvalidPayloadError } from './invalid-payload.error';

/**
 * Strict on what we send: unknown fields are refused, so a producer cannot leak fields the
 * contract does not name.
 */
export function assertValidOutgoing<T>(contract: PayloadClass<T>, payload: T): void {
  check(contract, payload, true);
}

/**
 * Tolerant on what we receive: unknown fields are stripped, not refused, so a newer producer that
 * added an optional field does not poison older consumers. Returns an instance of the contract class.
 */
export function parseIncoming<T>(contract: PayloadClass<T>, data: Uint8Array | string): T {
  const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  let plain: unknown;
  try {
    plain = JSON.parse(text);
  } catch {
    throw new InvalidPayloadError(contract.name, [{ field: '', problems: ['body is not valid JSON'] }]);
  }
  return check(contract, plain, false);
}

function check<T>(contract: PayloadClass<T>, plain: unknown, strict: boolean): T {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) {
    throw new InvalidPayloadError(contract.name, [
      { field: '', problems: ['payload must be a JSON object'] },
    ]);
  }
  const instance = plainToInstance(contract, plain);
  const errors = validateSync(instance as object, {
    whitelist: true,
    forbidNonWhitelisted: strict,
    forbidUnknownValues: true,
  });
  if (errors.length > 0) {
    throw new InvalidPayloadError(contract.name, flatten(errors, ''));
  }
  return instance;
}

function flatten(errors: ValidationError[], parent: string): FieldViolation[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own: FieldViolation[] = error.constraints
      ? [{ field, problems: Object.values(error.constraints) }]
      : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}
