import { type MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

/** A JSON Schema object, as class-validator-jsonschema and OpenAPI write them. */
export type JsonSchema = Record<string, unknown>;

// class-transformer ships its metadata store without a declaration for the CommonJS path; the
// schema generator needs it to follow `@Type(() => Nested)` into nested DTOs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: MetadataStorage;
};

const byPrefix = new Map<string, Record<string, JsonSchema>>();

/**
 * JSON Schemas of every validated DTO class, keyed by class name, from the same class-validator
 * decorators the validation pipe enforces; nested DTOs are `$ref`s under `refPointerPrefix`.
 * Read once per prefix: every DTO module is loaded by the time an app or a tool catalogue asks.
 */
export function dtoJsonSchemas(refPointerPrefix: string): Readonly<Record<string, JsonSchema>> {
  let schemas = byPrefix.get(refPointerPrefix);
  if (!schemas) {
    schemas = validationMetadatasToSchemas({
      refPointerPrefix,
      classTransformerMetadataStorage: defaultMetadataStorage,
    }) as Record<string, JsonSchema>;
    byPrefix.set(refPointerPrefix, schemas);
  }
  return schemas;
}
