import { type SchemaObject } from '@nestjs/swagger';
import { SUITE_DOCUMENT_FORMAT, SUITE_DOCUMENT_VERSION } from '@dq/suites';

/** `SuiteDocument` (`GET /suites/{id}/export`) as JSON Schema, for the OpenAPI document. */
export const SUITE_DOCUMENT_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['format', 'format_version', 'exported_at', 'suite', 'checks'],
  properties: {
    format: { type: 'string', enum: [SUITE_DOCUMENT_FORMAT] },
    format_version: { type: 'integer', enum: [SUITE_DOCUMENT_VERSION] },
    exported_at: { type: 'string', format: 'date-time' },
    suite: {
      type: 'object',
      required: ['name', 'target', 'time_zone', 'column_policy', 'connection'],
      properties: {
        name: { type: 'string' },
        description: { type: 'string', nullable: true },
        target: { type: 'string' },
        time_zone: { type: 'string' },
        column_policy: { type: 'object', additionalProperties: true },
        file_encoding: { type: 'string' },
        connection: {
          type: 'object',
          required: ['name', 'kind'],
          properties: { name: { type: 'string' }, kind: { type: 'string' } },
        },
      },
    },
    checks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'kind', 'dimension', 'config', 'enabled'],
        properties: {
          name: { type: 'string' },
          description: { type: 'string', nullable: true },
          kind: { type: 'string' },
          engine: { type: 'string', nullable: true },
          dimension: { type: 'string' },
          thresholds: { type: 'object', additionalProperties: true, nullable: true },
          config: { type: 'object', additionalProperties: true },
          enabled: { type: 'boolean' },
        },
      },
    },
  },
};

/** What `importRequestOf` accepts: `{document, connection_map?}`, or the bare document. */
export const SUITE_IMPORT_SCHEMA: SchemaObject = {
  oneOf: [
    {
      type: 'object',
      required: ['document'],
      additionalProperties: false,
      properties: {
        document: SUITE_DOCUMENT_SCHEMA,
        connection_map: {
          type: 'object',
          description: "The document's connection names mapped to connection ids or names here",
          additionalProperties: { type: 'string' },
        },
      },
    },
    SUITE_DOCUMENT_SCHEMA,
  ],
};
