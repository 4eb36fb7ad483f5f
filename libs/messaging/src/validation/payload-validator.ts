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

/**
 * The payload as an instance of its contract, to be judged. An outgoing payload of a flat
 * contract is judged as its own fields on the contract's prototype: validation reads it exactly as
 * it reads `plainToInstance`'s deep copy, which cost a publishing runner more than the validation
 * itself. An incoming one is always transformed: the instance is what its handler gets.
 */
function instanceOf<T>(contract: PayloadClass<T>, plain: object, outgoing: boolean): T {
  if (!outgoing || needsTransform(contract)) return plainToInstance(contract, plain);
  return Object.assign(Object.create(contract.prototype as object) as object, plain) as T;
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
