import { type JsonSchema } from './dto-json-schemas';

const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMAS = ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else'] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;

/** Adds null to what a schema accepts, as JSON Schema 2020-12 writes it. */
export function withNull(schema: JsonSchema): JsonSchema {
  const type = schema['type'];
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? (type as string[]) : undefined;
  const simple = types && !('allOf' in schema || 'anyOf' in schema || 'oneOf' in schema);
  if (simple) {
    const next: JsonSchema = { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
    if (Array.isArray(schema['enum']) && !schema['enum'].includes(null))
      next['enum'] = [...(schema['enum'] as unknown[]), null];
    return next;
  }
  const { description, ...rest } = schema;
  // Swagger writes a nullable class as `{type: 'object', allOf: [{$ref}]}`: the `$ref` says it all.
  const inner =
    Array.isArray(rest['allOf']) &&
    rest['allOf'].length === 1 &&
    Object.keys(rest).every((key) => ['allOf', 'type'].includes(key))
      ? (rest['allOf'][0] as JsonSchema)
      : rest;
  return { ...(description === undefined ? {} : { description }), anyOf: [inner, { type: 'null' }] };
}

/**
 * An OpenAPI 3.0 schema (as @nestjs/swagger writes it) as OpenAPI 3.1 / JSON Schema 2020-12:
 * `nullable` becomes a `null` type, boolean exclusive bounds become numbers, `example` becomes
 * `examples`. Subschemas are converted too; the input is not changed.
 */
export function schemaTo31(input: JsonSchema): JsonSchema {
  let schema: JsonSchema = { ...input };
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list))
      schema[key] = (list as unknown[]).map((item) => (isRecord(item) ? schemaTo31(item) : item));
  }
  for (const key of SUBSCHEMAS) {
    const sub = schema[key];
    if (isRecord(sub)) schema[key] = schemaTo31(sub);
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (isRecord(map))
      schema[key] = Object.fromEntries(
        Object.entries(map).map(([name, sub]) => [name, isRecord(sub) ? schemaTo31(sub) : sub]),
      );
  }
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof schema[exclusive] === 'boolean') {
      if (schema[exclusive] === true) schema[exclusive] = schema[bound];
      else delete schema[exclusive];
      if (schema[exclusive] !== undefined) delete schema[bound];
    }
  }
  if ('example' in schema) {
    const { example, ...rest } = schema;
    schema = { ...rest, examples: [example] };
  }
  if (schema['nullable'] === true) {
    const { nullable: _drop, ...rest } = schema;
    schema = withNull(rest);
  } else delete schema['nullable'];
  return schema;
}
