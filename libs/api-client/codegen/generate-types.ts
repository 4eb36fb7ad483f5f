import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { API_DOCUMENT_FILE, API_TYPES_FILE } from './files';

export { API_DOCUMENT_FILE, API_TYPES_FILE };

// Generated code is not linted: its unions repeat what the document repeats.
const HEADER = `/* eslint-disable */
/**
 * The REST API's paths, operations and schemas, generated from ${API_DOCUMENT_FILE} by
 * openapi-typescript (\`npm run api-client:generate\`). Do not edit: regenerate.
 */
`;

/** The types file's text for the document under `root`, formatted as the repository formats it. */
export async function generateApiTypes(root: string): Promise<string> {
  const document = await readFile(path.join(root, API_DOCUMENT_FILE), 'utf8');
  // A schema `{ type: object }` without properties is any object in JSON Schema (a connection's
  // config, a check's settings), not an empty one; a property with a default may be left out of a
  // request, so it stays optional.
  const source =
    HEADER + astToString(await openapiTS(document, { emptyObjectsUnknown: true, defaultNonNullable: false }));
  const target = path.join(root, API_TYPES_FILE);
  return format(source, { ...((await resolveConfig(target)) ?? {}), filepath: target });
}
