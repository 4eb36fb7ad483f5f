/** The JSON Schema (2020-12) subset the catalogue describes parameters and configs in. */
export type JsonSchema = Record<string, unknown>;

/** The JSON type a schema names, for the catalogue's flat parameter lists. */
export function jsonTypeOf(schema: JsonSchema): string {
  if (typeof schema['type'] === 'string') return schema['type'];
  if (Array.isArray(schema['type'])) return (schema['type'] as string[]).join(' | ');
  const branches = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (branches) return [...new Set(branches.map(jsonTypeOf))].join(' | ');
  return 'any';
}
