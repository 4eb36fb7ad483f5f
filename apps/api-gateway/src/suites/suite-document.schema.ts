import { type SchemaObject, getSchemaPath } from '@nestjs/swagger';
import { SuiteDocument } from '@dq/contracts';

/** What `importRequestOf` accepts: `{document, connection_map?}`, or the bare document. */
export const SUITE_IMPORT_SCHEMA: SchemaObject = {
  oneOf: [
    {
      type: 'object',
      required: ['document'],
      additionalProperties: false,
      properties: {
        document: { $ref: getSchemaPath(SuiteDocument) },
        connection_map: {
          type: 'object',
          description: "The document's connection names mapped to connection ids or names here",
          additionalProperties: { type: 'string' },
        },
      },
    },
    { $ref: getSchemaPath(SuiteDocument) },
  ],
};
