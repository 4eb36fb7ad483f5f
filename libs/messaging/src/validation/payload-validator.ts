import { type FieldViolation, type PayloadClass } from '@dq/contracts';
import { TransformationType, plainToInstance } from 'class-transformer';
import { type ValidationError, ValidationTypes, getMetadataStorage, validateSync } from 'class-validator';
import { InvalidPayloadError } from './invalid-payload.error';

/**
 * Strict on what we send: unknown fields are refused, so a producer cannot leak fields the
 * contract does not name.
 */
export function assertValidOutgoing<T>(contract: PayloadClass<T>, payload: T): void {
  check(contract, payload, true);
}

type TransformerRegistry = (typeof import('class-transformer/types/storage'))['defaultMetadataStorage'];
/**
 * class-transformer's registry of decorators, read where @nestjs/mapped-types reads it: the package
 * exports no other entry point, and ships its types apart from the module.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a module without its own types
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: TransformerRegistry;
};

/** Per contract class: whether `plainToInstance` does more than copy the payload's fields. */
const transformedContracts = new WeakMap<PayloadClass<unknown>, boolean>();

/**
 * Whether the contract has nested contracts to validate, fields class-transformer converts, or
 * fields with a default value (which only its constructor, called by `plainToInstance`, sets).
 * Every field a strict check accepts has a validator, so the validators' fields are all there are.
 */
function needsTransform(contract: PayloadClass<unknown>): boolean {
  let known = transformedContracts.get(contract);
  if (known === undefined) {
    const validations = getMetadataStorage().getTargetValidationMetadatas(contract, '', true, false);
    known =
      Object.values(new contract() as object).some((value) => value !== undefined) ||
      defaultMetadataStorage.getStrategy(contract) !== 'none' ||
      validations.some(
        ({ type, propertyName }) =>
          type === ValidationTypes.NESTED_VALIDATION ||
          defaultMetadataStorage.findTypeMetadata(contract, propertyName) !== undefined ||
          defaultMetadataStorage.findTransformMetadatas(
            contract,
            propertyName,
            TransformationType.PLAIN_TO_CLASS,
          ).length > 0 ||
          defaultMetadataStorage.findExposeMetadata(contract, propertyName) !== undefined ||
          defaultMetadataStorage.findExcludeMetadata(contract, propertyName) !== undefined,
      );
    transformedContracts.set(contract, known);
  }
  return known;
}

/** class-validator's words for a field the contract does not name, said of a `__proto__` key. */
const UNKNOWN_FIELD = 'property __proto__ should not exist';

/**
 * The payload as an instance of its contract, to be judged. A flat contract's instance is its
 * fields on the contract's prototype: validation reads it exactly as it reads `plainToInstance`'s
 * deep copy, which cost more than the validation itself. A contract with nested contracts,
 * transforms or defaults goes through `plainToInstance`. Either way the payload given is not
 * touched: an incoming one's unknown fields are stripped from the instance, the handler's copy.
 */
function instanceOf<T>(contract: PayloadClass<T>, plain: object, strict: boolean): T {
  if (needsTransform(contract)) return plainToInstance(contract, plain);
  const instance = Object.create(contract.prototype as object) as Record<string, unknown>;
  for (const [key, value] of Object.entries(plain)) {
    // A `__proto__` key (JSON.parse makes it an own field) is an unknown field, never the
    // instance's prototype; class-validator's whitelist does not see it, so it is judged here.
    if (key === '__proto__') {
      if (strict) throw new InvalidPayloadError(contract.name, [{ field: key, problems: [UNKNOWN_FIELD] }]);
      continue;
    }
    instance[key] = value;
  }
  return instance as T;
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

/** {@link parseIncoming} for a payload a client library already parsed from JSON (a job's data). */
export function checkIncoming<T>(contract: PayloadClass<T>, plain: unknown): T {
  return check(contract, plain, false);
}

function check<T>(contract: PayloadClass<T>, plain: unknown, strict: boolean): T {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) {
    throw new InvalidPayloadError(contract.name, [
      { field: '', problems: ['payload must be a JSON object'] },
    ]);
  }
  const instance = instanceOf(contract, plain, strict);
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
