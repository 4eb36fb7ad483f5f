import { type MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { IS_OPTIONAL, ValidationTypes } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

/** A JSON Schema object, as class-validator-jsonschema and OpenAPI write them. */
export type JsonSchema = Record<string, unknown>;

// class-transformer ships its metadata store without a declaration for the CommonJS path; the
// schema generator needs it to follow `@Type(() => Nested)` into nested DTOs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: MetadataStorage;
};

const memo = new Map<string, Record<string, JsonSchema>>();

/** `@IsOptional()` lets null through as well as a missing value; `@ValidateIf` does not. */
const optionalTakesNullConverter = {
  [ValidationTypes.CONDITIONAL_VALIDATION]: (meta: { name?: string }): JsonSchema =>
    meta.name === IS_OPTIONAL ? { nullable: true } : {},
};

/**
 * JSON Schemas of every validated DTO class, keyed by class name, from the same class-validator
 * decorators the validation pipe enforces; nested DTOs are `$ref`s under `refPointerPrefix`.
 * With `optionalNullable`, a field marked `@IsOptional()` carries OpenAPI 3.0's `nullable: true`.
 * Read once per form: every DTO module is loaded by the time an app or a tool catalogue asks.
 */
export function dtoJsonSchemas(
  refPointerPrefix: string,
  options: { optionalNullable?: boolean } = {},
): Readonly<Record<string, JsonSchema>> {
  const key = `${refPointerPrefix} ${options.optionalNullable === true}`;
  let schemas = memo.get(key);
  if (!schemas) {
    schemas = validationMetadatasToSchemas({
      refPointerPrefix,
      classTransformerMetadataStorage: defaultMetadataStorage,
      ...(options.optionalNullable ? { additionalConverters: optionalTakesNullConverter } : {}),
    }) as Record<string, JsonSchema>;
    memo.set(key, schemas);
  }
  return schemas;
}
