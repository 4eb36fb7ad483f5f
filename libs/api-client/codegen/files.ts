/** The REST API's OpenAPI document, written from the code by `npm run openapi:write`. */
export const API_DOCUMENT_FILE = 'docs/openapi.json';
/** The client's types, generated from that document (committed; a spec checks they are current). */
export const API_TYPES_FILE = 'libs/api-client/src/generated/openapi.d.ts';
