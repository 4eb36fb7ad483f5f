import { checkBodySchemas } from '@dq/check-engine';
import { type JsonSchema, type ToolInput } from './tool-input';

const NULL: JsonSchema = { type: 'null' };

function orNull(schema: JsonSchema): JsonSchema {
  const { description, ...rest } = schema;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, NULL] };
}

/**
 * A check tool's input with the engine catalogue's schemas in place of the DTO's bare strings and
 * objects: `kind` and `engine` as enums, `config` one branch per kind (per expectation type),
 * `thresholds` per unit. Only what a client sees changes: calls are still validated by the DTO and
 * then the check engine, as REST's are. `nullable` names the fields the body may set to null.
 */
export function withCheckBodySchemas<Args>(
  input: ToolInput<Args>,
  nullable: readonly ('engine' | 'thresholds')[] = [],
): ToolInput<Args> {
  const schemas = checkBodySchemas();
  const properties = { ...(input.jsonSchema['properties'] as Record<string, JsonSchema>) };
  for (const field of ['kind', 'engine', 'config', 'thresholds'] as const) {
    if (!(field in properties)) throw new Error(`the tool input has no ${field} field`);
    const schema = schemas[field];
    properties[field] = (nullable as readonly string[]).includes(field) ? orNull(schema) : schema;
  }
  const $defs = {
    ...(input.jsonSchema['$defs'] as Record<string, JsonSchema> | undefined),
    ...schemas.$defs,
  };
  return { ...input, jsonSchema: { ...input.jsonSchema, properties, $defs } };
}

/**
 * A suite document's schema (`import_suite`) with its checks' `kind` and `engine` as enums; `config`
 * stays open there, since a document names connections by `{name, kind}` where a check body holds
 * their ids.
 */
export function withSuiteDocumentCheckSchemas<Args>(input: ToolInput<Args>): ToolInput<Args> {
  const schemas = checkBodySchemas();
  const properties = { ...(input.jsonSchema['properties'] as Record<string, JsonSchema>) };
  const document = properties['document'];
  if (document === undefined) throw new Error('the tool input has no document field');
  properties['document'] = {
    ...document,
    properties: {
      ...(document['properties'] ?? {}),
      checks: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            kind: schemas.kind,
            engine: orNull(schemas.engine),
            config: {
              type: 'object',
              description:
                "the kind's config as describe_check_kind shows it, each <x>_connection_id written as <x>_connection: {name, kind}",
            },
            thresholds: orNull(schemas.thresholds),
          },
          required: ['name', 'kind', 'config'],
        },
      },
    },
  };
  return { ...input, jsonSchema: { ...input.jsonSchema, properties } };
}
